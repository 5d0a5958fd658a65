import { useState } from 'react';
import { ActionIcon, Badge, Button, Group, Menu, Stack, Table, Text, TextInput } from '@mantine/core';
import { IconDots, IconPlus } from '@tabler/icons-react';
import { CRM_MESSAGES, crmNamedItemInputSchema, validateWith } from '@ledgerleaf/domain';
import { errorMessage, fieldErrors, type RequestError } from '@ledgerleaf/api';
import { CardSkeleton, EmptyState, LoadError, useAsk, useToast } from '@ledgerleaf/ui';

/** A lead source or a lost reason as this list shows it. */
export interface NamedItem {
  id: number;
  name: string;
  status: 'active' | 'archived';
  /** How many records use it (a used one can be archived, not deleted). */
  uses: number;
}

type Outcome = { data: unknown } | { error: unknown };

export interface NamedItemsProps {
  /** "Lead sources", the table's name. */
  label: string;
  /** "source", in messages. */
  noun: string;
  items: NamedItem[] | undefined;
  loading: boolean;
  error: string | null;
  retry: () => void;
  canManage: boolean;
  usesLabel: string;
  create: (name: string) => Promise<Outcome>;
  rename: (id: number, name: string) => Promise<Outcome>;
  setArchived: (id: number, archived: boolean) => Promise<Outcome>;
  remove: (id: number) => Promise<Outcome>;
}

/**
 * The calls of a named list from its four mutations (`useCreateLeadSourceMutation`, ...) and its
 * load state, as `NamedItems` takes them: `<NamedItems {...namedItemCalls(state, mutations)} ... />`.
 */
export function namedItemCalls(
  state: { loading: boolean; error: string | null; retry: () => void },
  mutations: {
    create: (body: { name: string }) => Promise<Outcome>;
    update: (arg: { id: number; body: { name: string } }) => Promise<Outcome>;
    setArchived: (arg: { id: number; archived: boolean }) => Promise<Outcome>;
    remove: (id: number) => Promise<Outcome>;
  },
): Pick<NamedItemsProps, 'loading' | 'error' | 'retry' | 'create' | 'rename' | 'setArchived' | 'remove'> {
  return {
    loading: state.loading,
    error: state.error,
    retry: state.retry,
    create: (name) => mutations.create({ name }),
    rename: (id, name) => mutations.update({ id, body: { name } }),
    setArchived: (id, archived) => mutations.setArchived({ id, archived }),
    remove: (id) => mutations.remove(id),
  };
}

function firstFieldError(error: unknown): string | null {
  const fields = fieldErrors(error as RequestError);
  return fields ? (Object.values(fields)[0]?.[0] ?? null) : null;
}

/**
 * A named list the business keeps (lead sources, lost reasons): add, rename, archive or restore,
 * delete. One in use is archived rather than deleted (the server refuses with 409 and says so;
 * deleting never touches a lead or opportunity).
 */
export function NamedItems({
  label,
  noun,
  items,
  loading,
  error,
  retry,
  canManage,
  usesLabel,
  create,
  rename,
  setArchived,
  remove,
}: NamedItemsProps) {
  const toast = useToast();
  const ask = useAsk();
  const [name, setName] = useState('');
  const [nameError, setNameError] = useState<string | null>(null);
  const [editing, setEditing] = useState<{ id: number; name: string; error: string | null } | null>(null);

  const done = (outcome: Outcome, fallback: string, success: string): boolean => {
    if ('error' in outcome) {
      toast.show({
        severity: 'error',
        summary: fallback,
        detail: errorMessage(outcome.error as RequestError, 'Please try again.'),
      });
      return false;
    }
    const message = (outcome.data as { message?: string }).message;
    toast.show({ severity: 'success', summary: message ?? success });
    return true;
  };

  const add = async () => {
    const check = validateWith(crmNamedItemInputSchema, { name });
    if (!check.valid) {
      setNameError(check.errors.name ?? null);
      return;
    }
    const outcome = await create(check.data.name);
    if ('error' in outcome) {
      setNameError(firstFieldError(outcome.error) ?? errorMessage(outcome.error as RequestError, 'Not added.'));
      return;
    }
    setName('');
    setNameError(null);
    done(outcome, '', CRM_MESSAGES.saved);
  };

  const saveRename = async () => {
    if (!editing) return;
    const check = validateWith(crmNamedItemInputSchema, { name: editing.name });
    if (!check.valid) {
      setEditing({ ...editing, error: check.errors.name ?? null });
      return;
    }
    const outcome = await rename(editing.id, check.data.name);
    if ('error' in outcome) {
      setEditing({
        ...editing,
        error: firstFieldError(outcome.error) ?? errorMessage(outcome.error as RequestError, 'Not renamed.'),
      });
      return;
    }
    setEditing(null);
    done(outcome, '', CRM_MESSAGES.saved);
  };

  const onDelete = async (item: NamedItem) => {
    const yes = await ask({
      title: `Delete ${noun}?`,
      message: `${item.name} will be deleted. Nothing that used it changes.`,
      confirmText: 'Delete',
      type: 'danger',
    });
    if (yes) done(await remove(item.id), `The ${noun} was not deleted`, CRM_MESSAGES.deleted);
  };

  if (error !== null && !items)
    return <LoadError title={`${label} could not be loaded`} message={error} onRetry={retry} />;
  if (loading || !items) return <CardSkeleton lines={5} />;

  return (
    <Stack gap="md">
      {canManage && (
        <Group align="flex-start" gap="sm" wrap="nowrap">
          <TextInput
            label={`New ${noun}`}
            value={name}
            onChange={(event) => setName(event.currentTarget.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter') {
                event.preventDefault();
                void add();
              }
            }}
            error={nameError}
            style={{ flex: 1, maxWidth: 360 }}
          />
          <Button mt={25} leftSection={<IconPlus size={16} aria-hidden />} onClick={() => void add()}>
            Add
          </Button>
        </Group>
      )}
      {items.length === 0 ? (
        <EmptyState title={`No ${label.toLowerCase()} yet`} message={`Add the first ${noun} above.`} />
      ) : (
        <Table.ScrollContainer minWidth={320}>
          <Table aria-label={label} verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Name</Table.Th>
                <Table.Th ta="right">{usesLabel}</Table.Th>
                <Table.Th>Status</Table.Th>
                {canManage && (
                  <Table.Th>
                    <Text span size="sm" style={{ position: 'absolute', left: -9999 }}>
                      Actions
                    </Text>
                  </Table.Th>
                )}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {items.map((item) => (
                <Table.Tr key={item.id}>
                  <Table.Td>
                    {editing?.id === item.id ? (
                      <Group gap="xs" wrap="nowrap" align="flex-start">
                        <TextInput
                          aria-label={`Name of ${item.name}`}
                          value={editing.name}
                          onChange={(event) => setEditing({ ...editing, name: event.currentTarget.value, error: null })}
                          onKeyDown={(event) => {
                            if (event.key === 'Enter') void saveRename();
                            if (event.key === 'Escape') setEditing(null);
                          }}
                          error={editing.error}
                          size="xs"
                          autoFocus
                        />
                        <Button size="xs" onClick={() => void saveRename()}>
                          Save
                        </Button>
                        <Button size="xs" variant="default" onClick={() => setEditing(null)}>
                          Cancel
                        </Button>
                      </Group>
                    ) : (
                      item.name
                    )}
                  </Table.Td>
                  <Table.Td ta="right">{item.uses}</Table.Td>
                  <Table.Td>
                    <Badge variant="dot" color={item.status === 'active' ? 'green' : 'gray'}>
                      {item.status === 'active' ? 'Active' : 'Archived'}
                    </Badge>
                  </Table.Td>
                  {canManage && (
                    <Table.Td>
                      <Menu position="bottom-end">
                        <Menu.Target>
                          <ActionIcon variant="subtle" aria-label={`Actions for ${item.name}`}>
                            <IconDots size={16} aria-hidden />
                          </ActionIcon>
                        </Menu.Target>
                        <Menu.Dropdown>
                          <Menu.Item onClick={() => setEditing({ id: item.id, name: item.name, error: null })}>
                            Rename
                          </Menu.Item>
                          <Menu.Item
                            onClick={() =>
                              void setArchived(item.id, item.status === 'active').then((outcome) =>
                                done(
                                  outcome,
                                  `The ${noun} was not changed`,
                                  item.status === 'active' ? CRM_MESSAGES.archived : CRM_MESSAGES.restored,
                                ),
                              )
                            }
                          >
                            {item.status === 'active' ? 'Archive' : 'Restore'}
                          </Menu.Item>
                          <Menu.Item
                            color="red"
                            disabled={item.uses > 0}
                            title={item.uses > 0 ? 'In use: archive it instead' : undefined}
                            onClick={() => void onDelete(item)}
                          >
                            {item.uses > 0 ? 'Delete (in use: archive it)' : 'Delete'}
                          </Menu.Item>
                        </Menu.Dropdown>
                      </Menu>
                    </Table.Td>
                  )}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}
