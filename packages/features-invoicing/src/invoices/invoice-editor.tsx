import { useMemo, useRef, useState, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import {
  ActionIcon,
  Button,
  Card,
  Grid,
  Group,
  MultiSelect,
  NumberInput,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconArrowDown, IconArrowUp, IconEye, IconPlus, IconTrash } from '@tabler/icons-react';
import {
  ACCOUNT_MESSAGES,
  lineDescriptionFromProduct,
  LINE_UNIT_MAX_LENGTH,
  MAX_AMOUNT,
  MAX_LINE_TAXES,
  calculateInvoiceDraft,
  formatCurrency,
  fromCents,
  invoiceTotals,
  type Invoice,
  type InvoiceCalculation,
  type InvoiceInput,
  type TaxRate,
} from '@ledgerleaf/domain';
import {
  useCreateInvoiceMutation,
  useGetBusinessDetailsQuery,
  useGetInvoicingSettingsQuery,
  useListTaxRatesQuery,
  useSendInvoiceMutation,
  useUpdateInvoiceMutation,
  errorMessage,
  type RequestError,
  useDateFormat,
  useCanWrite,
  loadErrorMessage,
  splitServerErrors,
} from '@ledgerleaf/api';
import { CardSkeleton, DateField, EmptyState, PageHeader, useToast, LoadError, FormAlert } from '@ledgerleaf/ui';
import { formatPercent } from '../shared/format';
import { summaryRows } from './invoice-document';
import {
  draftValues,
  dueFromTerms,
  emptyInvoiceValues,
  emptyLine,
  invoiceToValues,
  invoiceValuesToRequest,
  isInvoiceField,
  validateInvoice,
  type InvoiceFormValues,
  type InvoiceTextDefaults,
} from './invoice-form';
import { ClientPicker, GoalPicker, ProductPicker } from './pickers';
import { useUnsavedInvoiceWarning } from './unsaved-invoice';

const DISCOUNT_OPTIONS = [
  { value: 'percent', label: '%' },
  { value: 'amount', label: '$' },
];
const num = { fontVariantNumeric: 'tabular-nums' } as const;

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
            style={num}
            data-testid={row.strong ? 'live-total' : undefined}
          >
            {row.value}
          </Text>
        </Group>
      ))}
    </Stack>
  );
}

function taxOptions(taxRates: TaxRate[], chosen: string[]) {
  return taxRates
    .filter((rate) => rate.status === 'active' || chosen.includes(String(rate.id)))
    .map((rate) => ({
      value: String(rate.id),
      label: `${rate.name} (${formatPercent(rate.rate)}${rate.is_compound ? ', compound' : ''}${rate.status === 'active' ? '' : ', archived'})`,
    }));
}

/**
 * How another document reuses this editor (estimates, recurring-invoice templates): its labels,
 * where Cancel goes, and its own save. The lines, pickers, live totals and validation stay the
 * invoice editor's.
 */
export interface EditorAdapter {
  /** `Estimate date`; the invoice's `Invoice date` otherwise. */
  dateLabel?: string;
  /** `Expiry date`; `Due date` otherwise. */
  dueLabel?: string;
  /** Recurring templates: the dates come from the schedule, so only the client is asked. */
  hideDates?: boolean;
  cancelTo: string;
  draftLabel: string;
  /** Null: no second button. */
  sendLabel: string | null;
  /** Extra checks before saving (the recurring schedule); false keeps the form open. */
  beforeSave?: () => boolean;
  /** Saves; answers the error to show, or nothing when done (the adapter navigates and toasts). */
  save(body: InvoiceInput, andSend: boolean): Promise<{ error: RequestError } | undefined>;
  /** The server's key of a field as the form names it (`expiry_date` -> `due_date`). */
  formKey?: (serverKey: string) => string;
  fallbackError: string;
  /** Shown after the client and dates (the schedule of a recurring invoice). */
  children?: ReactNode;
}

export interface InvoiceEditorProps {
  /** The invoice being edited; none for a new one. */
  invoice?: Invoice;
  taxRates: TaxRate[];
  pricesIncludeTax: boolean;
  defaultTermsDays: number;
  /** Another document using the editor; an invoice when omitted. */
  adapter?: EditorAdapter;
  /** The values to start from (an estimate or template being edited). */
  initialValues?: InvoiceFormValues;
  /** The client's name for the picker when starting from `initialValues`. */
  initialClientName?: string;
  /** Issued: the buttons read "Save changes". */
  issued?: boolean;
  /** A new invoice starts with the business's default notes and terms. */
  textDefaults?: InvoiceTextDefaults;
}

/**
 * The invoice editor: client and product pickers on the server, lines that can be added, removed
 * and moved, live totals from the one engine (`calculateInvoiceDraft`), the domain's messages under
 * fields (the server's 422 as well, `lines.3.quantity` included), a warning before leaving unsaved.
 */
export function InvoiceEditor({
  invoice,
  taxRates,
  pricesIncludeTax,
  defaultTermsDays,
  adapter,
  initialValues,
  initialClientName,
  issued: issuedProp,
  textDefaults,
}: InvoiceEditorProps) {
  const { inputFormat } = useDateFormat();
  const navigate = useNavigate();
  const toast = useToast();
  const [createInvoice, createState] = useCreateInvoiceMutation();
  const [updateInvoice, updateState] = useUpdateInvoiceMutation();
  const [sendInvoice, sendState] = useSendInvoiceMutation();
  const [formError, setFormError] = useState<string | null>(null);
  const [clientLabel, setClientLabel] = useState<string | null>(invoice?.client.name ?? initialClientName ?? null);
  const [termsDays, setTermsDays] = useState<number | null>(null);
  const [saving, setSaving] = useState<'draft' | 'send' | null>(null);
  const leaving = useRef(false);
  const dueTouched = useRef(Boolean(invoice ?? initialValues));
  const form = useForm<InvoiceFormValues>({
    initialValues:
      initialValues ??
      (invoice ? invoiceToValues(invoice) : emptyInvoiceValues(undefined, defaultTermsDays, textDefaults)),
    validate: validateInvoice,
  });
  const values = form.getValues();
  useUnsavedInvoiceWarning(() => !leaving.current && form.isDirty());

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
  const issued = issuedProp ?? (invoice !== undefined && invoice.status !== 'draft');

  const save = async (valid: InvoiceFormValues, andSend: boolean) => {
    setFormError(null);
    if (adapter?.beforeSave && !adapter.beforeSave()) {
      invalid();
      return;
    }
    setSaving(andSend ? 'send' : 'draft');
    const body = invoiceValuesToRequest(valid);
    if (adapter) {
      leaving.current = true;
      const outcome = await adapter.save(body, andSend);
      setSaving(null);
      if (!outcome) return;
      leaving.current = false;
      const toForm = adapter.formKey ?? ((key: string) => key);
      const { fields, message } = splitServerErrors(
        outcome.error,
        (key) => isInvoiceField(toForm(key)),
        adapter.fallbackError,
      );
      form.setErrors(Object.fromEntries(Object.entries(fields).map(([key, value]) => [toForm(key), value])));
      setFormError(message);
      return;
    }
    const result = invoice ? await updateInvoice({ id: invoice.id, body }) : await createInvoice(body);
    if ('error' in result) {
      setSaving(null);
      const { fields, message } = splitServerErrors(result.error, isInvoiceField, 'The invoice could not be saved.');
      form.setErrors(fields);
      setFormError(message);
      return;
    }
    leaving.current = true;
    const saved = result.data;
    if (andSend) {
      const sent = await sendInvoice({ id: saved.id });
      if ('error' in sent) {
        toast.show({
          severity: 'error',
          summary: 'Saved, but not sent',
          detail: errorMessage(sent.error, 'The invoice could not be sent.'),
        });
      } else {
        toast.show({
          severity: 'success',
          summary: 'Invoice sent',
          detail: `${sent.data.data.invoice_number ?? ''} to ${sent.data.email.to.join(', ')}`,
        });
      }
    } else {
      toast.show({
        severity: 'success',
        summary: invoice ? 'Invoice saved' : 'Draft saved',
        detail: saved.invoice_number ?? saved.client.name,
      });
    }
    setSaving(null);
    navigate(`/invoices/${saved.id}`);
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

  const invalid = () => {
    setFormError('Please correct the highlighted fields.');
    // Take the owner to the first field with a message.
    requestAnimationFrame(() => document.querySelector<HTMLElement>('form [aria-invalid="true"]')?.focus());
  };

  const busy = createState.isLoading || updateState.isLoading || sendState.isLoading;

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
            {!adapter?.hideDates && (
              <DateField
                label={adapter?.dateLabel ?? 'Invoice date'}
                required
                valueFormat={inputFormat}
                {...form.getInputProps('issue_date')}
                onChange={(value) => onIssueDate(value)}
              />
            )}
            {!adapter?.hideDates && (
              <DateField
                label={adapter?.dueLabel ?? 'Due date'}
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
        {adapter?.children}

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
            {values.lines.map((line, index) => {
              const n = index + 1;
              const amount = calculation.lines[index] ? fromCents(calculation.lines[index].subtotal_cents) : 0;
              return (
                <Card
                  key={line.key}
                  withBorder
                  padding="md"
                  radius="sm"
                  role="group"
                  aria-label={`Line ${n}`}
                  data-testid="invoice-line"
                >
                  <Stack gap="sm">
                    <Group justify="space-between" gap="xs">
                      <Text fw={600} size="sm">
                        Line {n}
                      </Text>
                      <Group gap={4}>
                        <Tooltip label="Move up">
                          <ActionIcon
                            variant="subtle"
                            color="gray"
                            aria-label={`Move line ${n} up`}
                            disabled={index === 0}
                            onClick={() => moveLine(index, index - 1)}
                          >
                            <IconArrowUp size={16} aria-hidden />
                          </ActionIcon>
                        </Tooltip>
                        <Tooltip label="Move down">
                          <ActionIcon
                            variant="subtle"
                            color="gray"
                            aria-label={`Move line ${n} down`}
                            disabled={index === values.lines.length - 1}
                            onClick={() => moveLine(index, index + 1)}
                          >
                            <IconArrowDown size={16} aria-hidden />
                          </ActionIcon>
                        </Tooltip>
                        <Tooltip label="Remove line">
                          <ActionIcon
                            variant="subtle"
                            color="red"
                            aria-label={`Remove line ${n}`}
                            disabled={values.lines.length === 1}
                            onClick={() => {
                              form.removeListItem('lines', index);
                              form.clearErrors();
                            }}
                          >
                            <IconTrash size={16} aria-hidden />
                          </ActionIcon>
                        </Tooltip>
                      </Group>
                    </Group>
                    <Grid gap="sm">
                      <Grid.Col span={{ base: 12, md: 4 }}>
                        <ProductPicker
                          lineNumber={n}
                          onPick={(product) => {
                            form.setFieldValue(`lines.${index}.product_id`, product.id);
                            form.setFieldValue(`lines.${index}.description`, lineDescriptionFromProduct(product));
                            form.setFieldValue(`lines.${index}.unit`, product.unit);
                            form.setFieldValue(`lines.${index}.unit_price`, product.unit_price);
                            form.setFieldValue(
                              `lines.${index}.tax_rate_ids`,
                              product.default_tax_rate ? [String(product.default_tax_rate.id)] : [],
                            );
                          }}
                        />
                      </Grid.Col>
                      <Grid.Col span={{ base: 12, md: 8 }}>
                        <Textarea
                          label="Description"
                          aria-label={`Line ${n} description`}
                          required
                          autosize
                          minRows={1}
                          maxRows={6}
                          {...form.getInputProps(`lines.${index}.description`)}
                        />
                      </Grid.Col>
                    </Grid>
                    <Grid gap="sm" align="flex-start">
                      <Grid.Col span={{ base: 6, sm: 4, md: 1.5 }}>
                        <NumberInput
                          label="Quantity"
                          aria-label={`Line ${n} quantity`}
                          decimalScale={3}
                          hideControls
                          inputMode="decimal"
                          {...form.getInputProps(`lines.${index}.quantity`)}
                        />
                      </Grid.Col>
                      <Grid.Col span={{ base: 6, sm: 4, md: 1.5 }}>
                        <TextInput
                          label="Unit"
                          aria-label={`Line ${n} unit`}
                          maxLength={LINE_UNIT_MAX_LENGTH}
                          {...form.getInputProps(`lines.${index}.unit`)}
                        />
                      </Grid.Col>
                      <Grid.Col span={{ base: 12, sm: 4, md: 2 }}>
                        <NumberInput
                          label="Unit price"
                          aria-label={`Line ${n} unit price`}
                          prefix="$"
                          thousandSeparator=","
                          decimalScale={2}
                          max={MAX_AMOUNT}
                          hideControls
                          inputMode="decimal"
                          {...form.getInputProps(`lines.${index}.unit_price`)}
                        />
                      </Grid.Col>
                      <Grid.Col span={{ base: 12, sm: 6, md: 2.5 }}>
                        <Group gap={4} wrap="nowrap" align="flex-start">
                          <NumberInput
                            label="Discount"
                            aria-label={`Line ${n} discount`}
                            decimalScale={line.discount_type === 'percent' ? 3 : 2}
                            allowNegative={false}
                            hideControls
                            inputMode="decimal"
                            style={{ flex: 1 }}
                            {...form.getInputProps(`lines.${index}.discount_value`)}
                          />
                          <Select
                            label="Type"
                            aria-label={`Line ${n} discount type`}
                            data={DISCOUNT_OPTIONS}
                            allowDeselect={false}
                            w={64}
                            {...form.getInputProps(`lines.${index}.discount_type`)}
                          />
                        </Group>
                      </Grid.Col>
                      <Grid.Col span={{ base: 12, sm: 6, md: 3 }}>
                        <MultiSelect
                          label="Taxes"
                          aria-label={`Line ${n} taxes`}
                          data={taxOptions(taxRates, line.tax_rate_ids)}
                          maxValues={MAX_LINE_TAXES}
                          placeholder={line.tax_rate_ids.length === 0 ? 'No tax' : undefined}
                          {...form.getInputProps(`lines.${index}.tax_rate_ids`)}
                        />
                      </Grid.Col>
                      <Grid.Col span={{ base: 12, md: 1.5 }}>
                        <Stack gap={4} align="flex-end">
                          <Text size="sm" fw={500}>
                            Amount
                          </Text>
                          <Text fw={600} style={num} aria-label={`Line ${n} amount`} mt={6}>
                            {formatCurrency(amount)}
                          </Text>
                        </Stack>
                      </Grid.Col>
                    </Grid>
                  </Stack>
                </Card>
              );
            })}
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
                {!adapter && (
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
                  description="Shown on the invoice, e.g. a thank-you."
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
                <Group gap={4} wrap="nowrap" align="flex-start">
                  <NumberInput
                    label="Invoice discount"
                    decimalScale={values.discount_type === 'percent' ? 3 : 2}
                    allowNegative={false}
                    hideControls
                    inputMode="decimal"
                    style={{ flex: 1 }}
                    {...form.getInputProps('discount_value')}
                  />
                  <Select
                    label="Type"
                    aria-label="Invoice discount type"
                    data={DISCOUNT_OPTIONS}
                    allowDeselect={false}
                    w={64}
                    {...form.getInputProps('discount_type')}
                  />
                </Group>
                <LiveTotals calculation={calculation} values={values} />
              </Stack>
            </Card>
          </Grid.Col>
        </Grid>

        <Group justify="flex-end" gap="sm">
          <Button
            variant="default"
            component={Link}
            to={adapter?.cancelTo ?? (invoice ? `/invoices/${invoice.id}` : '/invoices/all')}
          >
            Cancel
          </Button>
          <Button
            type="submit"
            variant={adapter?.sendLabel === null ? 'filled' : 'default'}
            loading={saving === 'draft'}
            disabled={(busy || saving !== null) && saving !== 'draft'}
          >
            {adapter?.draftLabel ?? (issued ? 'Save changes' : 'Save draft')}
          </Button>
          {adapter?.sendLabel !== null && (
            <Button
              loading={saving === 'send'}
              disabled={(busy || saving !== null) && saving !== 'send'}
              onClick={() => form.onSubmit((valid) => void save(valid, true), invalid)()}
            >
              {adapter?.sendLabel ?? (issued ? 'Save and send again' : 'Save and send')}
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
 * Loads what the editor needs (tax rates, the business's settings) and shows it. A new invoice also
 * waits for the business's default notes and terms; without them (they could not be loaded) it
 * starts empty rather than not at all.
 */
export function InvoiceEditorLoader({
  invoice,
  ...reuse
}: { invoice?: Invoice } & Pick<InvoiceEditorProps, 'adapter' | 'initialValues' | 'initialClientName' | 'issued'>) {
  // The read-only role gets no editor (the server would refuse every save with 403), and loads nothing for it.
  const canWrite = useCanWrite();
  const taxRates = useListTaxRatesQuery({ status: 'all' }, { skip: !canWrite });
  const settings = useGetInvoicingSettingsQuery(undefined, { skip: !canWrite });
  const newInvoice = !invoice && !reuse.adapter && !reuse.initialValues;
  const business = useGetBusinessDetailsQuery(undefined, { skip: !newInvoice || !canWrite });
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
    <InvoiceEditor
      key={invoice?.id ?? 'new'}
      invoice={invoice}
      taxRates={taxRates.data}
      pricesIncludeTax={settings.data.prices_include_tax}
      defaultTermsDays={settings.data.default_payment_terms_days}
      textDefaults={textDefaults}
      {...reuse}
    />
  );
}

/** /invoices/create-new */
export function InvoiceCreatePage() {
  return (
    <>
      <PageHeader
        title="New invoice"
        description="Pick a client, add what you are charging for; totals follow as you type."
      />
      <InvoiceEditorLoader />
    </>
  );
}
