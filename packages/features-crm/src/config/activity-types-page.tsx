import { useEffect, useState } from 'react';
import {
  ActionIcon,
  Badge,
  Button,
  Card,
  Group,
  NumberInput,
  Select,
  SimpleGrid,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { IconArchive, IconArchiveOff, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import {
  ACTIVITY_ICONS,
  CRM_MESSAGES,
  OFFSET_UNITS,
  activityTypeInputSchema,
  describeReminder,
  formatOffset,
  minutesToOffset,
  offsetToMinutes,
  validateWith,
  type ActivityType,
  type OffsetUnit,
} from '@ledgerleaf/domain';
import { errorMessage, queryState, useAccess, type RequestError } from '@ledgerleaf/api';
import {
  useCreateActivityTypeMutation,
  useDeleteActivityTypeMutation,
  useListActivityTypesQuery,
  useSetActivityTypeArchivedMutation,
  useUpdateActivityTypeMutation,
} from '@ledgerleaf/api/crm';
import { CardSkeleton, EmptyState, LoadError, useAsk, useToast, ModalForm } from '@ledgerleaf/ui';
import { useModalSave } from '../shared/modal-save';
import { ActivityIcon } from '../shared/labels';
import { ConfigHeader } from './config-header';

const UNIT_OPTIONS = OFFSET_UNITS.map((unit) => ({ value: unit, label: unit }));

interface TypeValues {
  name: string;
  icon: string;
  due_value: number | string;
  due_unit: OffsetUnit;
  reminder: boolean;
  reminder_value: number | string;
  reminder_unit: OffsetUnit;
  next_type_id: string;
}

function valuesOf(type: ActivityType | null): TypeValues {
  const due = minutesToOffset(type?.default_due_offset_minutes ?? 1440);
  const reminder = minutesToOffset(type?.default_reminder_offset_minutes ?? 15);
  return {
    name: type?.name ?? '',
    icon: type?.icon ?? 'checkbox',
    due_value: due.value,
    due_unit: due.unit,
    reminder: type ? type.default_reminder_offset_minutes !== null : true,
    reminder_value: reminder.value,
    reminder_unit: reminder.unit,
    next_type_id: type?.next_type_id ? String(type.next_type_id) : '',
  };
}

function TypeModal({
  type,
  types,
  opened,
  onClose,
}: {
  type: ActivityType | null;
  types: ActivityType[];
  opened: boolean;
  onClose: () => void;
}) {
  const [create, createState] = useCreateActivityTypeMutation();
  const [update, updateState] = useUpdateActivityTypeMutation();
  const [values, setValues] = useState<TypeValues>(valuesOf(type));
  const { errors, alert, reset, save } = useModalSave({
    isField: () => true,
    fallback: 'The activity type was not saved.',
    onClose,
  });
  useEffect(() => {
    if (opened) {
      setValues(valuesOf(type));
      reset();
    }
  }, [opened, type, reset]);

  const submit = () => {
    const body = {
      name: values.name,
      icon: values.icon as ActivityType['icon'] as never,
      default_due_offset_minutes:
        values.due_value === '' ? Number.NaN : offsetToMinutes(Number(values.due_value), values.due_unit),
      default_reminder_offset_minutes:
        values.reminder && values.reminder_value !== ''
          ? offsetToMinutes(Number(values.reminder_value), values.reminder_unit)
          : null,
      next_type_id: values.next_type_id || null,
    };
    return save(
      validateWith(activityTypeInputSchema, body),
      (data) => (type ? update({ id: type.id, body: data }) : create(data)),
      CRM_MESSAGES.saved,
    );
  };

  return (
    <ModalForm
      opened={opened}
      onClose={onClose}
      title={type ? `Edit ${type.name}` : 'Add activity type'}
      submitLabel={type ? 'Save type' : 'Add type'}
      saving={createState.isLoading || updateState.isLoading}
      alert={alert}
      onSubmit={() => void submit()}
    >
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        <TextInput
          label="Name"
          required
          value={values.name}
          onChange={(event) => setValues({ ...values, name: event.currentTarget.value })}
          error={errors.name}
        />
        <Select
          label="Icon"
          data={ACTIVITY_ICONS.map((icon) => ({ value: icon, label: icon.replace('-', ' ') }))}
          allowDeselect={false}
          leftSection={<ActivityIcon name={values.icon} />}
          value={values.icon}
          onChange={(value) => setValues({ ...values, icon: value ?? 'checkbox' })}
          error={errors.icon}
        />
        <NumberInput
          label="Due after"
          min={0}
          allowDecimal={false}
          value={values.due_value}
          onChange={(value) => setValues({ ...values, due_value: value })}
          error={errors.default_due_offset_minutes}
        />
        <Select
          label="Due unit"
          data={UNIT_OPTIONS}
          allowDeselect={false}
          value={values.due_unit}
          onChange={(value) => setValues({ ...values, due_unit: (value ?? 'days') as OffsetUnit })}
        />
        <Select
          label="Default reminder"
          data={[
            { value: 'yes', label: 'Remind before the due time' },
            { value: 'no', label: 'No reminder' },
          ]}
          allowDeselect={false}
          value={values.reminder ? 'yes' : 'no'}
          onChange={(value) => setValues({ ...values, reminder: value === 'yes' })}
        />
        <Select
          label="Suggest next"
          placeholder="Nothing"
          clearable
          data={types
            .filter((candidate) => candidate.status === 'active' || String(candidate.id) === values.next_type_id)
            .map((candidate) => ({
              value: String(candidate.id),
              label: candidate.name,
            }))}
          value={values.next_type_id || null}
          onChange={(value) => setValues({ ...values, next_type_id: value ?? '' })}
          error={errors.next_type_id}
        />
        {values.reminder && (
          <>
            <NumberInput
              label="Reminder before"
              min={0}
              allowDecimal={false}
              value={values.reminder_value}
              onChange={(value) => setValues({ ...values, reminder_value: value })}
              error={errors.default_reminder_offset_minutes}
            />
            <Select
              label="Reminder unit"
              data={UNIT_OPTIONS}
              allowDeselect={false}
              value={values.reminder_unit}
              onChange={(value) => setValues({ ...values, reminder_unit: (value ?? 'minutes') as OffsetUnit })}
            />
          </>
        )}
      </SimpleGrid>
    </ModalForm>
  );
}

/**
 * /crm/activity-types: Call, Email, Meeting, Task, Follow-up and the business's own, each with an
 * icon, when a new one is due, its default reminder, and the activity suggested when one is done.
 */
export function ActivityTypesPage() {
  const toast = useToast();
  const ask = useAsk();
  const { isAdmin } = useAccess();
  const state = queryState(useListActivityTypesQuery({ include_archived: true }));
  const [remove] = useDeleteActivityTypeMutation();
  const [setArchived] = useSetActivityTypeArchivedMutation();
  const [editing, setEditing] = useState<ActivityType | null>(null);
  const [adding, setAdding] = useState(false);
  const types = state.data ?? [];
  const nameOf = (id: number | null) => types.find((type) => type.id === id)?.name ?? '—';

  const onDelete = async (type: ActivityType) => {
    const yes = await ask({
      title: 'Delete activity type?',
      message: `${type.name} will be deleted.`,
      confirmText: 'Delete',
      type: 'danger',
    });
    if (!yes) return;
    const result = await remove(type.id);
    if ('error' in result)
      toast.show({
        severity: 'error',
        summary: 'Not deleted',
        detail: errorMessage(result.error as RequestError, 'Please try again.'),
      });
    else toast.show({ severity: 'success', summary: result.data.message });
  };

  const toggleArchived = async (type: ActivityType) => {
    const archived = type.status === 'active';
    const result = await setArchived({ id: type.id, archived });
    if ('error' in result)
      toast.show({
        severity: 'error',
        summary: 'Not changed',
        detail: errorMessage(result.error as RequestError, 'Please try again.'),
      });
    else
      toast.show({
        severity: 'success',
        summary: result.data.message ?? (archived ? CRM_MESSAGES.archived : CRM_MESSAGES.restored),
      });
  };

  return (
    <>
      <ConfigHeader
        title="Activity types"
        description="The kinds of things you do with leads and clients, and their defaults."
        actions={
          isAdmin ? (
            <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setAdding(true)}>
              Add type
            </Button>
          ) : undefined
        }
      />
      <Card withBorder padding="md">
        {state.error !== null && !state.data ? (
          <LoadError title="Activity types could not be loaded" message={state.error} onRetry={state.retry} />
        ) : !state.data ? (
          <CardSkeleton lines={5} />
        ) : types.length === 0 ? (
          <EmptyState title="No activity types yet" message="Add the first one: a call, a meeting, a task." />
        ) : (
          <Table.ScrollContainer minWidth={520}>
            <Table aria-label="Activity types" verticalSpacing="xs">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Type</Table.Th>
                  <Table.Th>Due after</Table.Th>
                  <Table.Th>Reminder</Table.Th>
                  <Table.Th>Suggest next</Table.Th>
                  <Table.Th ta="right">Activities</Table.Th>
                  {isAdmin && (
                    <Table.Th>
                      <Text span style={{ position: 'absolute', left: -9999 }}>
                        Actions
                      </Text>
                    </Table.Th>
                  )}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {types.map((type) => (
                  <Table.Tr key={type.id}>
                    <Table.Td>
                      <Group gap="xs" wrap="nowrap">
                        <ActivityIcon name={type.icon} />
                        <Text fw={600}>{type.name}</Text>
                        {type.status === 'archived' && (
                          <Badge size="xs" variant="default">
                            Archived
                          </Badge>
                        )}
                      </Group>
                    </Table.Td>
                    <Table.Td>{formatOffset(type.default_due_offset_minutes)}</Table.Td>
                    <Table.Td>
                      {type.default_reminder_offset_minutes === null
                        ? 'None'
                        : describeReminder(type.default_reminder_offset_minutes)}
                    </Table.Td>
                    <Table.Td>{nameOf(type.next_type_id)}</Table.Td>
                    <Table.Td ta="right">{type.activity_count}</Table.Td>
                    {isAdmin && (
                      <Table.Td>
                        <Group gap={2} wrap="nowrap" justify="flex-end">
                          <ActionIcon
                            variant="subtle"
                            aria-label={`Edit ${type.name}`}
                            onClick={() => setEditing(type)}
                          >
                            <IconPencil size={16} aria-hidden />
                          </ActionIcon>
                          <ActionIcon
                            variant="subtle"
                            aria-label={`${type.status === 'active' ? 'Archive' : 'Restore'} ${type.name}`}
                            onClick={() => void toggleArchived(type)}
                          >
                            {type.status === 'active' ? (
                              <IconArchive size={16} aria-hidden />
                            ) : (
                              <IconArchiveOff size={16} aria-hidden />
                            )}
                          </ActionIcon>
                          <ActionIcon
                            variant="subtle"
                            color="red"
                            aria-label={`Delete ${type.name}`}
                            disabled={type.activity_count > 0}
                            onClick={() => void onDelete(type)}
                          >
                            <IconTrash size={16} aria-hidden />
                          </ActionIcon>
                        </Group>
                      </Table.Td>
                    )}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Card>
      <TypeModal
        type={editing}
        types={types}
        opened={adding || editing !== null}
        onClose={() => {
          setAdding(false);
          setEditing(null);
        }}
      />
    </>
  );
}
