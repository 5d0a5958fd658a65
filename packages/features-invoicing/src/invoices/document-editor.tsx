import { useMemo, useRef, useState, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { Button, Card, Grid, Group, SimpleGrid, Skeleton, Stack, Text, Textarea, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconEye, IconPlus } from '@tabler/icons-react';
import {
  ACCOUNT_MESSAGES,
  calculateInvoiceDraft,
  fromCents,
  invoiceTotals,
  type InvoiceCalculation,
  type InvoiceInput,
  type TaxRate,
} from '@ledgerleaf/domain';
import {
  loadErrorMessage,
  splitServerErrors,
  useCanWrite,
  useDateFormat,
  useGetBusinessDetailsQuery,
  useGetInvoicingSettingsQuery,
  useListTaxRatesQuery,
  type RequestError,
} from '@ledgerleaf/api';
import { CardSkeleton, DateField, EmptyState, FormAlert, LoadError } from '@ledgerleaf/ui';
import { useUnsavedChangesWarning } from '@ledgerleaf/ui/routing';
import { summaryRows } from './invoice-document';
import {
  draftValues,
  dueFromTerms,
  emptyInvoiceValues,
  emptyLine,
  invoiceValuesToRequest,
  isInvoiceField,
  validateInvoice,
  type InvoiceFormValues,
  type InvoiceTextDefaults,
} from './invoice-form';
import { DiscountField } from './discount-field';
import { InvoiceLine, TABULAR } from './invoice-line';
import { ClientPicker, GoalPicker } from './pickers';

/** Live totals: the engine's figures for what is typed, in the PDF's order and wording. */
export function LiveTotals({ calculation, values }: { calculation: InvoiceCalculation; values: InvoiceFormValues }) {
  const rows = summaryRows({
    ...invoiceTotals(calculation),
    invoice_number: null,
    issue_date: '',
    due_date: '',
    lines: [],
    discount_type: values.discount_type,
    discount_value: typeof values.discount_value === 'number' ? values.discount_value : null,
    notes: null,
    terms: null,
  }).filter((row) => row.label !== 'Amount paid' && row.label !== 'Balance due' && row.label !== 'Credit');
  return (
    <Stack gap={6} role="group" aria-label="Invoice totals" aria-live="polite">
      {rows.map((row) => (
        <Group key={row.label} justify="space-between" gap="md" wrap="nowrap">
          <Text size="sm" fw={row.strong ? 700 : undefined} c={row.strong ? undefined : 'dimmed'}>
            {row.label}
          </Text>
          <Text
            size={row.strong ? 'lg' : 'sm'}
            fw={row.strong ? 700 : undefined}
            style={TABULAR}
            data-testid={row.strong ? 'live-total' : undefined}
          >
            {row.value}
          </Text>
        </Group>
      ))}
    </Stack>
  );
}

/**
 * What a document brings to the one editor of invoices, estimates and recurring-invoice templates:
 * its labels, where Cancel goes, and its own save. The lines, pickers, live totals and validation
 * are the editor's. `Saved` is what the server answered for the saved document.
 */
export interface EditorAdapter<Saved> {
  /** `Invoice date` when omitted (`Estimate date`). */
  dateLabel?: string;
  /** `Due date` when omitted (`Expiry date`). */
  dueLabel?: string;
  /** The notes' hint: `Shown on the invoice, e.g. a thank-you.` when omitted (an estimate's names the estimate). */
  notesHint?: string;
  /** Recurring templates: the dates come from the schedule, so only the client is asked. */
  hideDates?: boolean;
  /** Invoices only: the goal the document counts towards. */
  withGoal?: boolean;
  /** A new document starts with the business's default notes and terms (new invoices). */
  withDefaultTexts?: boolean;
  cancelTo: string;
  /** The submit button: `Save draft`, `Save changes`... */
  draftLabel: string;
  /** The second button, which saves and sends; null for none. */
  sendLabel: string | null;
  /** Extra checks before saving (the recurring schedule); false keeps the form open. */
  beforeSave?: () => boolean;
  /** Stores the document: the server's error, or what it saved. */
  save(body: InvoiceInput): Promise<{ error: RequestError } | { saved: Saved }>;
  /**
   * After a save: sends it when asked (a failed send is a toast, the document stays saved), says
   * so, and answers the page to open.
   */
  afterSave(saved: Saved, andSend: boolean): Promise<string>;
  /** The server's key of a field as the form names it (`expiry_date` -> `due_date`). */
  formKey?: (serverKey: string) => string;
  /** The form's message when the server gave none. */
  fallbackError: string;
  /** Shown after the client and dates (the schedule of a recurring invoice). */
  children?: ReactNode;
}

export interface DocumentEditorProps<Saved> {
  adapter: EditorAdapter<Saved>;
  taxRates: TaxRate[];
  pricesIncludeTax: boolean;
  defaultTermsDays: number;
  /** The values to start from (a document being edited); a new document's otherwise. */
  initialValues?: InvoiceFormValues;
  /** The client's name for the picker when starting from `initialValues`. */
  initialClientName?: string;
  /** A new document starts with the business's default notes and terms. */
  textDefaults?: InvoiceTextDefaults;
  /**
   * A new document's due date chosen before the editor opened (the calendar's empty day, a valid
   * `yyyy-MM-dd`): kept whatever client or date is picked; the invoice date goes back to it when
   * it is earlier than today.
   */
  initialDueDate?: string;
}

/** A new document's values due on `dueDate` (issued that day when it is earlier than the usual invoice date). */
function withDueDate(values: InvoiceFormValues, dueDate: string | undefined): InvoiceFormValues {
  if (!dueDate) return values;
  return { ...values, due_date: dueDate, issue_date: dueDate < values.issue_date ? dueDate : values.issue_date };
}

/**
 * The document editor: client and product pickers on the server, lines that can be added, removed
 * and moved, live totals from the one engine (`calculateInvoiceDraft`), the domain's messages under
 * fields (the server's 422 as well, `lines.3.quantity` included), a warning before leaving unsaved
 * (also for `?edit=1` dropped from the address: the editor lives at its record's path).
 */
export function DocumentEditor<Saved>({
  adapter,
  taxRates,
  pricesIncludeTax,
  defaultTermsDays,
  initialValues,
  initialClientName,
  textDefaults,
  initialDueDate,
}: DocumentEditorProps<Saved>) {
  const { inputFormat } = useDateFormat();
  const navigate = useNavigate();
  const [formError, setFormError] = useState<string | null>(null);
  const [clientLabel, setClientLabel] = useState<string | null>(initialClientName ?? null);
  const [termsDays, setTermsDays] = useState<number | null>(null);
  const [saving, setSaving] = useState<'draft' | 'send' | null>(null);
  const leaving = useRef(false);
  const dueTouched = useRef(Boolean(initialValues ?? initialDueDate));
  const form = useForm<InvoiceFormValues>({
    initialValues:
      initialValues ?? withDueDate(emptyInvoiceValues(undefined, defaultTermsDays, textDefaults), initialDueDate),
    validate: validateInvoice,
  });
  const values = form.getValues();
  useUnsavedChangesWarning(() => !leaving.current && form.isDirty(), { watchQuery: true });

  const context = useMemo(
    () => ({
      taxRates: taxRates.map((rate) => ({
        id: rate.id,
        name: rate.name,
        rate: rate.rate,
        is_compound: rate.is_compound,
      })),
      prices_include_tax: pricesIncludeTax,
    }),
    [taxRates, pricesIncludeTax],
  );
  const calculation = calculateInvoiceDraft(draftValues(values), context);

  const save = async (valid: InvoiceFormValues, andSend: boolean) => {
    setFormError(null);
    if (adapter.beforeSave && !adapter.beforeSave()) {
      invalid();
      return;
    }
    setSaving(andSend ? 'send' : 'draft');
    const result = await adapter.save(invoiceValuesToRequest(valid));
    if ('error' in result) {
      setSaving(null);
      const toForm = adapter.formKey ?? ((key: string) => key);
      const { fields, message } = splitServerErrors(
        result.error,
        (key) => isInvoiceField(toForm(key)),
        adapter.fallbackError,
      );
      form.setErrors(Object.fromEntries(Object.entries(fields).map(([key, value]) => [toForm(key), value])));
      setFormError(message);
      return;
    }
    // Saved: leaving no longer loses anything (the send that may follow changes no field).
    leaving.current = true;
    const next = await adapter.afterSave(result.saved, andSend);
    setSaving(null);
    navigate(next);
  };

  const onIssueDate = (next: string) => {
    form.setFieldValue('issue_date', next);
    if (!dueTouched.current && termsDays !== null)
      form.setFieldValue('due_date', dueFromTerms(next, termsDays, values.due_date));
    else if (!dueTouched.current) form.setFieldValue('due_date', dueFromTerms(next, defaultTermsDays, values.due_date));
  };

  const moveLine = (from: number, to: number) => {
    form.reorderListItem('lines', { from, to });
    // Errors are keyed by position: clear the line errors rather than show them on the wrong line.
    form.clearErrors();
  };

  const removeLine = (index: number) => {
    form.removeListItem('lines', index);
    form.clearErrors();
  };

  const invalid = () => {
    setFormError('Please correct the highlighted fields.');
    // Take the owner to the first field with a message.
    requestAnimationFrame(() => document.querySelector<HTMLElement>('form [aria-invalid="true"]')?.focus());
  };

  return (
    <form onSubmit={form.onSubmit((valid) => void save(valid, false), invalid)} noValidate>
      <Stack gap="lg">
        {formError && <FormAlert>{formError}</FormAlert>}
        <Card withBorder padding="lg">
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
            <ClientPicker
              value={values.client_id}
              label={clientLabel}
              error={form.errors.client_id as string | undefined}
              onChange={(client) => {
                if (!client) return;
                form.setFieldValue('client_id', String(client.id));
                form.clearFieldError('client_id');
                setClientLabel(client.name);
                setTermsDays(client.payment_terms_days);
                if (!dueTouched.current)
                  form.setFieldValue(
                    'due_date',
                    dueFromTerms(values.issue_date, client.payment_terms_days, values.due_date),
                  );
              }}
            />
            {!adapter.hideDates && (
              <DateField
                label={adapter.dateLabel ?? 'Invoice date'}
                required
                valueFormat={inputFormat}
                {...form.getInputProps('issue_date')}
                onChange={(value) => onIssueDate(value)}
              />
            )}
            {!adapter.hideDates && (
              <DateField
                label={adapter.dueLabel ?? 'Due date'}
                required
                valueFormat={inputFormat}
                description={termsDays !== null ? `Net ${termsDays} from the client's terms` : undefined}
                {...form.getInputProps('due_date')}
                onChange={(value) => {
                  dueTouched.current = true;
                  form.setFieldValue('due_date', value);
                }}
              />
            )}
          </SimpleGrid>
        </Card>
        {adapter.children}

        <Card withBorder padding="lg">
          <Stack gap="md">
            <Title order={2} size="h4">
              Lines
            </Title>
            {typeof form.errors.lines === 'string' && (
              <Text size="sm" c="var(--mantine-color-error)" role="alert">
                {form.errors.lines}
              </Text>
            )}
            {values.lines.map((line, index) => (
              <InvoiceLine
                key={line.key}
                form={form}
                line={line}
                index={index}
                count={values.lines.length}
                taxRates={taxRates}
                amount={calculation.lines[index] ? fromCents(calculation.lines[index].subtotal_cents) : 0}
                onMove={moveLine}
                onRemove={removeLine}
              />
            ))}
            <Group>
              <Button
                variant="light"
                leftSection={<IconPlus size={16} aria-hidden />}
                onClick={() => {
                  form.insertListItem('lines', emptyLine());
                }}
              >
                Add line
              </Button>
            </Group>
          </Stack>
        </Card>

        <Grid gap="lg">
          <Grid.Col span={{ base: 12, md: 7 }}>
            <Card withBorder padding="lg" h="100%">
              <Stack gap="md">
                {adapter.withGoal && (
                  <GoalPicker
                    value={values.goal_id}
                    error={form.errors.goal_id as string | undefined}
                    onChange={(goalId) => {
                      form.setFieldValue('goal_id', goalId);
                      form.clearFieldError('goal_id');
                    }}
                  />
                )}
                <Textarea
                  label="Notes"
                  description={adapter.notesHint ?? 'Shown on the invoice, e.g. a thank-you.'}
                  autosize
                  minRows={2}
                  maxRows={8}
                  {...form.getInputProps('notes')}
                />
                <Textarea
                  label="Terms"
                  description="Payment instructions, late fees..."
                  autosize
                  minRows={2}
                  maxRows={8}
                  {...form.getInputProps('terms')}
                />
              </Stack>
            </Card>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 5 }}>
            <Card withBorder padding="lg">
              <Stack gap="md">
                <DiscountField
                  label="Invoice discount"
                  typeLabel="Invoice discount type"
                  valueProps={form.getInputProps('discount_value')}
                  typeProps={form.getInputProps('discount_type')}
                />
                <LiveTotals calculation={calculation} values={values} />
              </Stack>
            </Card>
          </Grid.Col>
        </Grid>

        <Group justify="flex-end" gap="sm">
          <Button variant="default" component={Link} to={adapter.cancelTo}>
            Cancel
          </Button>
          <Button
            type="submit"
            variant={adapter.sendLabel === null ? 'filled' : 'default'}
            loading={saving === 'draft'}
            disabled={saving !== null && saving !== 'draft'}
          >
            {adapter.draftLabel}
          </Button>
          {adapter.sendLabel !== null && (
            <Button
              loading={saving === 'send'}
              disabled={saving !== null && saving !== 'send'}
              onClick={() => form.onSubmit((valid) => void save(valid, true), invalid)()}
            >
              {adapter.sendLabel}
            </Button>
          )}
        </Group>
      </Stack>
    </form>
  );
}

function EditorSkeleton() {
  return (
    <Stack gap="lg" aria-busy="true">
      <CardSkeleton lines={2} />
      <CardSkeleton lines={5} />
      <Skeleton height={36} width={240} ml="auto" />
    </Stack>
  );
}

/**
 * Loads what the editor needs (tax rates, the business's invoicing settings) and shows it. A
 * document that starts from the business's default notes and terms also waits for them; without
 * them (they could not be loaded) it starts empty rather than not at all.
 */
export function DocumentEditorLoader<Saved>({
  adapter,
  ...rest
}: Pick<DocumentEditorProps<Saved>, 'adapter' | 'initialValues' | 'initialClientName' | 'initialDueDate'>) {
  // The read-only role gets no editor (the server would refuse every save with 403), and loads nothing for it.
  const canWrite = useCanWrite();
  const taxRates = useListTaxRatesQuery({ status: 'all' }, { skip: !canWrite });
  const settings = useGetInvoicingSettingsQuery(undefined, { skip: !canWrite });
  const business = useGetBusinessDetailsQuery(undefined, { skip: !adapter.withDefaultTexts || !canWrite });
  if (!canWrite) {
    return (
      <EmptyState
        icon={<IconEye size={28} stroke={1.5} aria-hidden />}
        title="Read-only access"
        message={ACCOUNT_MESSAGES.readOnlyRole}
      />
    );
  }
  if (taxRates.isLoading || settings.isLoading || business.isLoading) return <EditorSkeleton />;
  if (!taxRates.data || !settings.data) {
    return (
      <LoadError
        title="The editor could not be loaded"
        message={loadErrorMessage(taxRates.error ?? settings.error)}
        onRetry={() => {
          void taxRates.refetch();
          void settings.refetch();
        }}
      />
    );
  }
  const textDefaults = business.data
    ? { notes: business.data.default_invoice_notes, terms: business.data.default_invoice_terms }
    : undefined;
  return (
    <DocumentEditor
      adapter={adapter}
      taxRates={taxRates.data}
      pricesIncludeTax={settings.data.prices_include_tax}
      defaultTermsDays={settings.data.default_payment_terms_days}
      textDefaults={textDefaults}
      {...rest}
    />
  );
}
