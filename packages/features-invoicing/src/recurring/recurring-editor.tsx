import { useState } from 'react';
import { Card, Checkbox, Group, NumberInput, Select, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import {
  LAST_DAY_OF_MONTH,
  RECURRING_FREQUENCY_LABELS,
  describeSchedule,
  recurringScheduleSchema,
  upcomingRunDates,
  utcCalendarDate,
  validateWith,
  type RecurringInvoice,
  type RecurringSchedule,
} from '@ledgerleaf/domain';
import {
  useCreateRecurringInvoiceMutation,
  useGetRecurringConfigQuery,
  useUpdateRecurringInvoiceMutation,
  type RecurringBody,
  paths,
  useDateFormat,
} from '@ledgerleaf/api';
import { DateField, PageHeader, useToast } from '@ledgerleaf/ui';
import { DocumentEditorLoader, type EditorAdapter } from '../invoices/document-editor';
import { emptyInvoiceValues, invoiceToValues } from '../invoices/invoice-form';

export interface ScheduleValues {
  frequency: RecurringSchedule['frequency'];
  interval: number | string;
  /** '' for the start date's day, '1'..'31', or 'last'. */
  day_of_month: string;
  start_date: string;
  end_type: RecurringSchedule['end_type'];
  end_date: string;
  end_count: number | string;
  payment_terms_days: number | string;
  auto_send: boolean;
}

const SCHEDULE_FIELDS = new Set([
  'frequency',
  'interval',
  'day_of_month',
  'start_date',
  'end_type',
  'end_date',
  'end_count',
  'payment_terms_days',
  'auto_send',
]);

export function scheduleRequest(values: ScheduleValues) {
  const number = (value: number | string) => (value === '' ? null : typeof value === 'number' ? value : Number.NaN);
  return {
    frequency: values.frequency,
    interval: number(values.interval),
    day_of_month:
      values.day_of_month === ''
        ? null
        : values.day_of_month === LAST_DAY_OF_MONTH
          ? LAST_DAY_OF_MONTH
          : Number(values.day_of_month),
    start_date: values.start_date,
    end_type: values.end_type,
    end_date: values.end_type === 'on_date' ? values.end_date || null : null,
    end_count: values.end_type === 'after_count' ? number(values.end_count) : null,
  };
}

/** The next five run dates of what is typed, from the same arithmetic the scheduler uses; null while invalid. */
export function previewDates(values: ScheduleValues): string[] | null {
  const parsed = recurringScheduleSchema.safeParse(scheduleRequest(values));
  return parsed.success ? upcomingRunDates(parsed.data, { count: 5 }) : null;
}

const DAY_OPTIONS = [
  { value: '', label: 'Same day as the start date' },
  ...Array.from({ length: 31 }, (_, index) => ({ value: String(index + 1), label: String(index + 1) })),
  { value: LAST_DAY_OF_MONTH, label: 'Last day of the month' },
];

function ScheduleCard({
  values,
  errors,
  onChange,
}: {
  values: ScheduleValues;
  errors: Record<string, string>;
  onChange: (next: Partial<ScheduleValues>) => void;
}) {
  const { formatDate, inputFormat } = useDateFormat();
  const dates = previewDates(values);
  const parsed = recurringScheduleSchema.safeParse(scheduleRequest(values));
  return (
    <Card withBorder padding="lg">
      <Stack gap="md">
        <Title order={2} size="h4">
          Schedule
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
          <NumberInput
            label="Every"
            required
            min={1}
            max={365}
            allowDecimal={false}
            value={values.interval}
            onChange={(value) => onChange({ interval: value })}
            error={errors.interval}
          />
          <Select
            label="Unit"
            required
            allowDeselect={false}
            data={Object.entries(RECURRING_FREQUENCY_LABELS).map(([value, label]) => ({ value, label }))}
            value={values.frequency}
            onChange={(value) => value && onChange({ frequency: value as ScheduleValues['frequency'] })}
            error={errors.frequency}
          />
          {(values.frequency === 'monthly' || values.frequency === 'yearly') && (
            <Select
              label="On day"
              data={DAY_OPTIONS}
              value={values.day_of_month}
              onChange={(value) => onChange({ day_of_month: value ?? '' })}
              error={errors.day_of_month}
              description="The 29th to 31st fall on the last day of shorter months"
            />
          )}
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
          <DateField
            label="Start date"
            required
            valueFormat={inputFormat}
            value={values.start_date}
            onChange={(value) => onChange({ start_date: value })}
            error={errors.start_date}
          />
          <Select
            label="Ends"
            allowDeselect={false}
            data={[
              { value: 'never', label: 'Never' },
              { value: 'on_date', label: 'On a date' },
              { value: 'after_count', label: 'After a number of invoices' },
            ]}
            value={values.end_type}
            onChange={(value) => value && onChange({ end_type: value as ScheduleValues['end_type'] })}
            error={errors.end_type}
          />
          {values.end_type === 'on_date' && (
            <DateField
              label="End date"
              required
              valueFormat={inputFormat}
              value={values.end_date}
              onChange={(value) => onChange({ end_date: value })}
              error={errors.end_date}
            />
          )}
          {values.end_type === 'after_count' && (
            <NumberInput
              label="Number of invoices"
              required
              min={1}
              max={1000}
              allowDecimal={false}
              value={values.end_count}
              onChange={(value) => onChange({ end_count: value })}
              error={errors.end_count}
            />
          )}
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
          <NumberInput
            label="Payment terms (days)"
            min={0}
            max={3650}
            allowDecimal={false}
            value={values.payment_terms_days}
            onChange={(value) => onChange({ payment_terms_days: value })}
            error={errors.payment_terms_days}
          />
          <Checkbox
            mt={{ sm: 'xl' }}
            label="Email each invoice to the client automatically"
            checked={values.auto_send}
            onChange={(event) => onChange({ auto_send: event.currentTarget.checked })}
          />
        </SimpleGrid>
        <Stack gap={4} aria-live="polite" role="group" aria-label="Next run dates">
          <Text size="sm" fw={600}>
            {parsed.success ? describeSchedule(parsed.data) : 'Next runs'}
          </Text>
          {dates === null ? (
            <Text size="sm" c="dimmed">
              Complete the schedule to see the next dates.
            </Text>
          ) : dates.length === 0 ? (
            <Text size="sm" c="dimmed">
              No run: the schedule ends before its first date.
            </Text>
          ) : (
            <Group gap="xs" data-testid="next-dates">
              {dates.map((date) => (
                <Text
                  key={date}
                  size="sm"
                  px="xs"
                  py={2}
                  bg="var(--mantine-color-default-hover)"
                  style={{ borderRadius: 4 }}
                >
                  {formatDate(date)}
                </Text>
              ))}
            </Group>
          )}
        </Stack>
      </Stack>
    </Card>
  );
}

function scheduleValuesOf(recurring: RecurringInvoice | undefined, defaults: { auto_send: boolean }): ScheduleValues {
  if (!recurring) {
    return {
      frequency: 'monthly',
      interval: 1,
      day_of_month: '',
      start_date: utcCalendarDate(new Date()),
      end_type: 'never',
      end_date: '',
      end_count: '',
      payment_terms_days: 30,
      auto_send: defaults.auto_send,
    };
  }
  return {
    frequency: recurring.frequency,
    interval: recurring.interval,
    day_of_month: recurring.day_of_month === null ? '' : String(recurring.day_of_month),
    start_date: recurring.start_date,
    end_type: recurring.end_type,
    end_date: recurring.end_date ?? '',
    end_count: recurring.end_count ?? '',
    payment_terms_days: recurring.payment_terms_days,
    auto_send: recurring.auto_send,
  };
}

/** The invoice editor for the template (no dates: they come from each period) plus the schedule and its next five dates. */
export function RecurringEditor({
  recurring,
  defaultAutoSend,
}: {
  recurring?: RecurringInvoice;
  defaultAutoSend: boolean;
}) {
  const { formatDate } = useDateFormat();
  const toast = useToast();
  const [create] = useCreateRecurringInvoiceMutation();
  const [update] = useUpdateRecurringInvoiceMutation();
  const [schedule, setSchedule] = useState<ScheduleValues>(() =>
    scheduleValuesOf(recurring, { auto_send: defaultAutoSend }),
  );
  const [errors, setErrors] = useState<Record<string, string>>({});
  const today = utcCalendarDate(new Date());
  const initialValues = recurring
    ? invoiceToValues({ ...recurring, issue_date: today, due_date: today })
    : { ...emptyInvoiceValues(today), due_date: today };
  const change = (next: Partial<ScheduleValues>) => {
    setSchedule((current) => ({ ...current, ...next }));
    setErrors((current) => Object.fromEntries(Object.entries(current).filter(([key]) => !(key in next))));
  };
  const adapter: EditorAdapter<RecurringInvoice> = {
    hideDates: true,
    notesHint: 'Shown on each invoice it issues, e.g. a thank-you.',
    cancelTo: recurring ? paths.recurringInvoices.detail(recurring.id) : paths.recurringInvoices.list,
    draftLabel: recurring ? 'Save changes' : 'Create recurring invoice',
    sendLabel: null,
    fallbackError: 'The recurring invoice could not be saved.',
    beforeSave: () => {
      const found = validateWith(recurringScheduleSchema, scheduleRequest(schedule)).errors;
      setErrors(found);
      return Object.keys(found).length === 0;
    },
    children: <ScheduleCard values={schedule} errors={errors} onChange={change} />,
    async save(body) {
      const { issue_date: _issue, due_date: _due, goal_id: _goal, ...template } = body;
      const request = {
        ...template,
        ...scheduleRequest(schedule),
        payment_terms_days: schedule.payment_terms_days === '' ? null : Number(schedule.payment_terms_days),
        auto_send: schedule.auto_send,
      } as RecurringBody;
      const result = recurring ? await update({ id: recurring.id, body: request }) : await create(request);
      if ('error' in result) {
        // The schedule's own fields get the server's messages in the schedule card.
        const fieldErrors = (result.error as { data?: { errors?: Record<string, string[]> } }).data?.errors ?? {};
        setErrors(
          Object.fromEntries(
            Object.entries(fieldErrors)
              .filter(([key]) => SCHEDULE_FIELDS.has(key))
              .map(([key, messages]) => [key, messages[0] ?? '']),
          ),
        );
        return { error: result.error };
      }
      return { saved: result.data };
    },
    async afterSave(saved) {
      toast.show({
        severity: 'success',
        summary: recurring ? 'Recurring invoice saved' : 'Recurring invoice created',
        detail: saved.next_run_date ? `Next invoice on ${formatDate(saved.next_run_date)}` : undefined,
      });
      return paths.recurringInvoices.detail(saved.id);
    },
  };
  return (
    <DocumentEditorLoader adapter={adapter} initialValues={initialValues} initialClientName={recurring?.client.name} />
  );
}

/** /recurring-invoices/create */
export function RecurringCreatePage() {
  const config = useGetRecurringConfigQuery();
  return (
    <>
      <PageHeader
        title="New recurring invoice"
        description="What to bill and how often: each run creates and numbers the invoice, and can email it."
      />
      {config.isLoading ? null : <RecurringEditor defaultAutoSend={config.data?.default_auto_send ?? false} />}
    </>
  );
}
