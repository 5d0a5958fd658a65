import { Link } from 'react-router';
import { ActionIcon, Menu } from '@mantine/core';
import { IconArchive, IconArchiveOff, IconDots, IconEdit, IconTrash } from '@tabler/icons-react';
import { errorMessage, type RequestError } from '@ledgerleaf/api';
import { useAsk, useToast, type ConfirmationOptions } from '@ledgerleaf/ui';

/** One row action: the question asked first, the call, and what the toast says after it. */
export interface CatalogRowAction {
  /** The question's title and message; its button ('Archive', 'Restore', 'Delete') and tone are the action's. */
  question: Omit<ConfirmationOptions, 'confirmText' | 'type'>;
  run: () => Promise<{ error?: unknown }>;
  /** The success toast's title (the record's name is its detail). */
  done: string;
  /** The error toast's title (the server's message is its detail, this when there is none). */
  failed: string;
}

/**
 * The menu of a catalogue row (a client, a product): Edit; Archive, or Restore an archived one;
 * Delete, which `deleteBlocked` replaces by a disabled entry that says why (a client with
 * invoices). Each action asks first and says how it went.
 */
export function CatalogRowActions({
  name,
  editTo,
  archived,
  archive,
  restore,
  remove,
  deleteBlocked,
}: {
  name: string;
  editTo: string;
  archived: boolean;
  archive: CatalogRowAction;
  restore: CatalogRowAction;
  remove: CatalogRowAction;
  deleteBlocked?: { label: string; reason: string };
}) {
  const ask = useAsk();
  const toast = useToast();
  const perform = async (action: CatalogRowAction, button: Pick<ConfirmationOptions, 'confirmText' | 'type'>) => {
    if (!(await ask({ ...action.question, ...button }))) return;
    const result = await action.run();
    if (result.error)
      toast.show({
        severity: 'error',
        summary: action.failed,
        detail: errorMessage(result.error as RequestError, action.failed),
      });
    else toast.show({ severity: 'success', summary: action.done, detail: name });
  };
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray" aria-label={`Actions for ${name}`}>
          <IconDots size={18} aria-hidden />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item component={Link} to={editTo} leftSection={<IconEdit size={16} aria-hidden />}>
          Edit
        </Menu.Item>
        {archived ? (
          <Menu.Item
            leftSection={<IconArchiveOff size={16} aria-hidden />}
            onClick={() => void perform(restore, { confirmText: 'Restore', type: 'info' })}
          >
            Restore
          </Menu.Item>
        ) : (
          <Menu.Item
            leftSection={<IconArchive size={16} aria-hidden />}
            onClick={() => void perform(archive, { confirmText: 'Archive', type: 'warning' })}
          >
            Archive
          </Menu.Item>
        )}
        {deleteBlocked ? (
          <Menu.Item
            color="red"
            leftSection={<IconTrash size={16} aria-hidden />}
            disabled
            title={deleteBlocked.reason}
          >
            {deleteBlocked.label}
          </Menu.Item>
        ) : (
          <Menu.Item
            color="red"
            leftSection={<IconTrash size={16} aria-hidden />}
            onClick={() => void perform(remove, { confirmText: 'Delete', type: 'danger' })}
          >
            Delete
          </Menu.Item>
        )}
      </Menu.Dropdown>
    </Menu>
  );
}
