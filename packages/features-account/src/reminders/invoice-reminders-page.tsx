import { useState } from 'react';
import { Link } from 'react-router';
import { ActionIcon, Alert, Anchor, Button, Card, Group, NumberInput, Stack, Switch, Text } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import {
  ACCOUNT_MESSAGES,
  REMINDER_OFFSET_MAX,
  REMINDER_OFFSET_MIN,
  REMINDER_STEPS_MAX,
  describeReminderOffset,
  reminderStepsRequestSchema,
  validateWith,
  type ReminderStep,
} from '@ledgerleaf/domain';
import {
  splitServerErrors,
  useAccess,
  useGetReminderStepsQuery,
  useSaveReminderStepsMutation,
  loadErrorMessage,
  paths,
} from '@ledgerleaf/api';
import { CardSkeleton, EmptyState, PageHeader, useToast, LoadError, FormAlert } from '@ledgerleaf/ui';

interface Row {
  offset_days: number | string;
  enabled: boolean;
}

function ScheduleForm({ steps, readOnly }: { steps: ReminderStep[]; readOnly: boolean }) {
  const toast = useToast();
  const [save, state] = useSaveReminderStepsMutation();
  const [rows, setRows] = useState<Row[]>(steps);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [dirty, setDirty] = useState(false);
  const request = () => ({
    steps: rows.map((row) => ({
      offset_days: row.offset_days === '' ? Number.NaN : Number(row.offset_days),
      enabled: row.enabled,
    })),
  });
  const update = (index: number, patch: Partial<Row>) => {
    setRows((current) => current.map((row, i) => (i === index ? { ...row, ...patch } : row)));
    setDirty(true);
  };
  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setFormError(null);
    const checked = validateWith(reminderStepsRequestSchema, request());
    setErrors(checked.errors);
    if (!checked.valid) return;
    const result = await save(checked.data.steps);
    if ('error' in result) {
      const { fields, message } = splitServerErrors(
        result.error,
        (key) => key.startsWith('steps.'),
        'The schedule could not be saved.',
      );
      setErrors(fields);
      setFormError(message);
      return;
    }
    setRows(result.data);
    setDirty(false);
    toast.show({ severity: 'success', summary: ACCOUNT_MESSAGES.remindersSaved });
  };
  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <Stack gap="md">
        {formError && <FormAlert>{formError}</FormAlert>}
        {errors.steps && <FormAlert>{errors.steps}</FormAlert>}
        {rows.length === 0 && (
          <EmptyState title="No reminders" message="Add a reminder to mail clients about unpaid invoices." />
        )}
        {rows.map((row, index) => {
          const days = Number(row.offset_days);
          return (
            <Group key={index} align="flex-start" gap="md" wrap="nowrap">
              <Switch
                mt={30}
                w={{ base: 130, sm: 230 }}
                checked={row.enabled}
                disabled={readOnly}
                onChange={(event) => update(index, { enabled: event.currentTarget.checked })}
                label={row.offset_days === '' || !Number.isFinite(days) ? 'New reminder' : describeReminderOffset(days)}
              />
              <NumberInput
                label="Days from the due date"
                value={row.offset_days}
                min={REMINDER_OFFSET_MIN}
                max={REMINDER_OFFSET_MAX}
                allowDecimal={false}
                readOnly={readOnly}
                onChange={(value) => update(index, { offset_days: value })}
                error={errors[`steps.${index}.offset_days`]}
                w={{ base: 120, sm: 200 }}
              />
              {!readOnly && (
                <ActionIcon
                  mt={30}
                  variant="subtle"
                  color="red"
                  aria-label={`Remove reminder ${index + 1}`}
                  onClick={() => {
                    setRows((current) => current.filter((_, i) => i !== index));
                    setDirty(true);
                  }}
                >
                  <IconTrash size={16} aria-hidden />
                </ActionIcon>
              )}
            </Group>
          );
        })}
        {!readOnly && (
          <Group>
            <Button
              variant="default"
              leftSection={<IconPlus size={16} aria-hidden />}
              disabled={rows.length >= REMINDER_STEPS_MAX}
              onClick={() => {
                setRows((current) => [...current, { offset_days: '', enabled: true }]);
                setDirty(true);
              }}
            >
              Add reminder
            </Button>
            <Button type="submit" loading={state.isLoading} disabled={!dirty}>
              Save schedule
            </Button>
          </Group>
        )}
      </Stack>
    </form>
  );
}

/** /settings/invoice-reminders: when unpaid invoices get a reminder email, each step on or off. */
export function InvoiceRemindersPage() {
  const query = useGetReminderStepsQuery();
  const access = useAccess();
  return (
    <>
      <PageHeader
        title="Invoice reminders"
        description="Emails to clients about unpaid invoices, relative to the due date. The text is the Payment reminder email template."
        actions={
          <Anchor component={Link} to={paths.settings.emailTemplates} size="sm">
            Edit the reminder email
          </Anchor>
        }
      />
      {!access.isAdmin && (
        <Alert variant="light" color="gray" mb="md">
          Only an owner or an admin can change the reminder schedule.
        </Alert>
      )}
      <Card withBorder padding="lg" maw={640}>
        {query.isLoading ? (
          <CardSkeleton lines={4} />
        ) : query.isError || !query.data ? (
          <LoadError
            title="The reminder schedule could not be loaded"
            message={loadErrorMessage(query.error)}
            onRetry={() => void query.refetch()}
          />
        ) : (
          <Stack gap="sm">
            <Text size="sm" c="dimmed">
              Reminders go only to invoices with a balance due and a client email address. Days: negative before the due
              date, 0 on the day, positive after.
            </Text>
            <ScheduleForm steps={query.data} readOnly={!access.isAdmin} />
          </Stack>
        )}
      </Card>
    </>
  );
}
