import { useEffect, useState } from 'react';
import { Button, Card, Checkbox, Group, Select, Stack, Text, TextInput } from '@mantine/core';
import {
  ACCOUNT_MESSAGES,
  MISSED_RUN_POLICIES,
  RECURRING_MESSAGES,
  recurringConfigSchema,
  validateWith,
  type RecurringConfig,
} from '@ledgerleaf/domain';
import {
  useAccess,
  useGetRecurringConfigQuery,
  useSaveRecurringConfigMutation,
  loadErrorMessage,
  splitServerErrors,
} from '@ledgerleaf/api';
import { CardSkeleton, PageHeader, useToast, LoadError, FormAlert } from '@ledgerleaf/ui';
import { InvoicingAreaTabs } from '../invoices/area-tabs';

/** The zones the browser knows (`Intl.supportedValuesOf` leaves UTC out), UTC first. */
const TIME_ZONES: string[] = (() => {
  try {
    const zones = (Intl as unknown as { supportedValuesOf(key: string): string[] }).supportedValuesOf('timeZone');
    return ['UTC', ...zones.filter((zone) => zone !== 'UTC')];
  } catch {
    return ['UTC'];
  }
})();

/** The list, with the saved zone in it even when the browser names it otherwise (`Asia/Calcutta`, `Etc/UTC`). */
export function timeZoneOptions(current: string): string[] {
  return current === '' || TIME_ZONES.includes(current) ? TIME_ZONES : [current, ...TIME_ZONES];
}

function ConfigForm({ config }: { config: RecurringConfig }) {
  const toast = useToast();
  // PUT /recurring-invoices/config is for owners and admins (business settings: its time zone also
  // decides overdue, expiry and reminders); the other roles read the settings only.
  const readOnly = !useAccess().isAdmin;
  const [save, state] = useSaveRecurringConfigMutation();
  const [values, setValues] = useState<RecurringConfig>(config);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  useEffect(() => setValues(config), [config]);
  const submit = async () => {
    setFormError(null);
    const found = validateWith(recurringConfigSchema, values).errors;
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const result = await save(values);
    if ('error' in result) {
      const { fields, message } = splitServerErrors(
        result.error,
        (key) => key in values,
        'The settings could not be saved.',
      );
      setErrors(fields);
      setFormError(message);
      return;
    }
    toast.show({ severity: 'success', summary: RECURRING_MESSAGES.configUpdated });
  };
  return (
    <Card withBorder padding="lg" maw={640}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
        noValidate
      >
        <Stack gap="md">
          {readOnly && (
            <Text size="sm" c="dimmed">
              {ACCOUNT_MESSAGES.adminSettingsOnly}
            </Text>
          )}
          {formError && <FormAlert>{formError}</FormAlert>}
          <TextInput
            type="time"
            label="Send time"
            description="Invoices of the day are created from this time on"
            required
            readOnly={readOnly}
            value={values.send_time}
            onChange={(event) => setValues({ ...values, send_time: event.currentTarget.value })}
            error={errors.send_time}
          />
          <Select
            label="Time zone"
            searchable
            required
            disabled={readOnly}
            data={timeZoneOptions(values.time_zone)}
            value={values.time_zone}
            onChange={(value) => value && setValues({ ...values, time_zone: value })}
            error={errors.time_zone}
          />
          <Checkbox
            label="Email new recurring invoices automatically by default"
            disabled={readOnly}
            checked={values.default_auto_send}
            onChange={(event) => setValues({ ...values, default_auto_send: event.currentTarget.checked })}
          />
          <Select
            label="Runs missed while the server was down"
            allowDeselect={false}
            data={MISSED_RUN_POLICIES.map((value) => ({
              value,
              label:
                value === 'catch_up' ? 'Catch up: create every missed invoice' : 'Skip: create only the latest one',
            }))}
            value={values.missed_runs}
            onChange={(value) =>
              value && setValues({ ...values, missed_runs: value as RecurringConfig['missed_runs'] })
            }
            error={errors.missed_runs}
            disabled={readOnly}
          />
          {!readOnly && (
            <Group justify="flex-end">
              <Button type="submit" loading={state.isLoading}>
                Save settings
              </Button>
            </Group>
          )}
        </Stack>
      </form>
    </Card>
  );
}

/** /recurring-invoices/config: the business's defaults for recurring invoices. */
export function RecurringConfigPage() {
  const query = useGetRecurringConfigQuery();
  return (
    <>
      <PageHeader
        title="Recurring invoice settings"
        description="When runs happen, in which time zone, and what to do with runs missed while the server was down."
      />
      <InvoicingAreaTabs />
      {query.isLoading ? (
        <CardSkeleton lines={4} />
      ) : query.data ? (
        <ConfigForm config={query.data} />
      ) : (
        <LoadError
          title="The settings could not be loaded"
          message={loadErrorMessage(query.error)}
          onRetry={() => void query.refetch()}
        />
      )}
    </>
  );
}
