import { useState } from 'react';
import { Button, Card, Group, SegmentedControl, Select, Stack, Text, TextInput, Textarea, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  ACCOUNT_MESSAGES,
  BUSINESS_ADDRESS_MAX,
  DATE_FORMATS,
  FIRST_DAY_LABELS,
  INVOICE_TEXT_MAX,
  TAX_ID_MAX,
  businessDetailsSchema,
  formatDateAs,
  initials,
  validateWith,
  type BusinessDetails,
  type BusinessDetailsInput,
} from '@ledgerleaf/domain';
import {
  splitServerErrors,
  useGetBusinessDetailsQuery,
  useUpdateBusinessDetailsMutation,
  loadErrorMessage,
} from '@ledgerleaf/api';
import { CardSkeleton, useToast, LoadError, FormAlert } from '@ledgerleaf/ui';
import { ImageUpload } from '../shared/image-upload';

type Editable = Pick<
  BusinessDetails,
  'address' | 'tax_id' | 'default_invoice_notes' | 'default_invoice_terms' | 'date_format' | 'first_day_of_week'
>;
type FieldKey = keyof Editable;

function editable(details: BusinessDetails): Editable {
  const { address, tax_id, default_invoice_notes, default_invoice_terms, date_format, first_day_of_week } = details;
  return { address, tax_id, default_invoice_notes, default_invoice_terms, date_format, first_day_of_week };
}

/** Loads the business details and renders `children` with them, or the loading and error states. */
function WithBusinessDetails({ children }: { children: (details: BusinessDetails) => React.ReactNode }) {
  const query = useGetBusinessDetailsQuery();
  if (query.isLoading) return <CardSkeleton lines={4} />;
  if (query.isError || !query.data)
    return (
      <LoadError
        title="Business details could not be loaded"
        message={loadErrorMessage(query.error)}
        onRetry={() => void query.refetch()}
      />
    );
  return <>{children(query.data)}</>;
}

type Values = Record<string, string | number>;

/**
 * A form over some fields of the business details: validated with the domain schema (the server's
 * rules and messages), saved with the other fields as they are.
 */
function useBusinessForm(details: BusinessDetails, fields: readonly FieldKey[], saved: string) {
  const toast = useToast();
  const [save, state] = useUpdateBusinessDetailsMutation();
  const [formError, setFormError] = useState<string | null>(null);
  const initial = Object.fromEntries(fields.map((field) => [field, details[field] ?? ''])) as Values;
  const request = (values: Values): BusinessDetailsInput =>
    ({ ...editable(details), ...values }) as BusinessDetailsInput;
  const form = useForm<Values>({
    initialValues: initial,
    validate: (values) => {
      const { errors } = validateWith(businessDetailsSchema, request(values));
      return Object.fromEntries(Object.entries(errors).filter(([key]) => (fields as readonly string[]).includes(key)));
    },
  });
  const submit = async (values: Values) => {
    setFormError(null);
    const result = await save(request(values));
    if ('error' in result) {
      const { fields: errors, message } = splitServerErrors(
        result.error,
        (key) => key in values,
        'The settings could not be saved.',
      );
      form.setErrors(errors);
      setFormError(message);
      return;
    }
    form.resetDirty(values);
    toast.show({ severity: 'success', summary: saved });
  };
  return { form, submit: form.onSubmit(submit), saving: state.isLoading, formError };
}

function SaveButton({
  saving,
  dirty,
  readOnly,
  label = 'Save',
}: {
  saving: boolean;
  dirty: boolean;
  readOnly: boolean;
  label?: string;
}) {
  if (readOnly) return null;
  return (
    <Group>
      <Button type="submit" loading={saving} disabled={!dirty}>
        {label}
      </Button>
    </Group>
  );
}

function BusinessDetailsForm({ details, readOnly }: { details: BusinessDetails; readOnly: boolean }) {
  const { form, submit, saving, formError } = useBusinessForm(
    details,
    ['address', 'tax_id'],
    ACCOUNT_MESSAGES.businessSaved,
  );
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        {formError && <FormAlert>{formError}</FormAlert>}
        <TextInput
          label="Business name"
          value={details.name}
          readOnly
          variant="filled"
          description="Set at registration; it cannot change."
        />
        <Textarea
          label="Address"
          description="Printed under the business name on invoices, line by line."
          autosize
          minRows={3}
          maxLength={BUSINESS_ADDRESS_MAX}
          readOnly={readOnly}
          {...form.getInputProps('address')}
        />
        <TextInput
          label="Tax ID"
          description="VAT number, EIN or similar; printed on invoices."
          maxLength={TAX_ID_MAX}
          readOnly={readOnly}
          {...form.getInputProps('tax_id')}
        />
        <SaveButton saving={saving} dirty={form.isDirty()} readOnly={readOnly} label="Save business details" />
      </Stack>
    </form>
  );
}

/** Address, tax id and logo: what invoices print about the business. */
export function BusinessDetailsPanel({ readOnly }: { readOnly: boolean }) {
  return (
    <WithBusinessDetails>
      {(details) => (
        <Stack gap="lg" maw={640}>
          <Card withBorder padding="lg">
            <BusinessDetailsForm details={details} readOnly={readOnly} />
          </Card>
          <Card withBorder padding="lg">
            <ImageUpload
              kind="logo"
              label="Company logo"
              path={details.company_logo}
              fallback={initials(details.name)}
              readOnly={readOnly}
            />
          </Card>
        </Stack>
      )}
    </WithBusinessDetails>
  );
}

function InvoiceTextsForm({ details, readOnly }: { details: BusinessDetails; readOnly: boolean }) {
  const { form, submit, saving, formError } = useBusinessForm(
    details,
    ['default_invoice_notes', 'default_invoice_terms'],
    ACCOUNT_MESSAGES.businessSaved,
  );
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <Title order={2} fz="h4">
          Notes and terms
        </Title>
        {formError && <FormAlert>{formError}</FormAlert>}
        <Textarea
          label="Default notes"
          description="Suggested for new invoices."
          autosize
          minRows={2}
          maxLength={INVOICE_TEXT_MAX}
          readOnly={readOnly}
          {...form.getInputProps('default_invoice_notes')}
        />
        <Textarea
          label="Default terms"
          description="Suggested for new invoices."
          autosize
          minRows={2}
          maxLength={INVOICE_TEXT_MAX}
          readOnly={readOnly}
          {...form.getInputProps('default_invoice_terms')}
        />
        <SaveButton saving={saving} dirty={form.isDirty()} readOnly={readOnly} label="Save notes and terms" />
      </Stack>
    </form>
  );
}

export function InvoiceTextsPanel({ readOnly }: { readOnly: boolean }) {
  return (
    <WithBusinessDetails>
      {(details) => (
        <Card withBorder padding="lg">
          <InvoiceTextsForm details={details} readOnly={readOnly} />
        </Card>
      )}
    </WithBusinessDetails>
  );
}

const SAMPLE_DATE = '2026-03-31';

function PreferencesForm({ details, readOnly }: { details: BusinessDetails; readOnly: boolean }) {
  const { form, submit, saving, formError } = useBusinessForm(
    details,
    ['date_format', 'first_day_of_week'],
    ACCOUNT_MESSAGES.businessSaved,
  );
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        {formError && <FormAlert>{formError}</FormAlert>}
        <Select
          label="Date format"
          data={DATE_FORMATS.map((format) => ({
            value: format,
            label: `${format} (${formatDateAs(SAMPLE_DATE, format)})`,
          }))}
          allowDeselect={false}
          readOnly={readOnly}
          {...form.getInputProps('date_format')}
        />
        <Stack gap={4}>
          <Text size="sm" fw={500} id="first-day-label">
            First day of the week
          </Text>
          <SegmentedControl
            aria-labelledby="first-day-label"
            data={Object.entries(FIRST_DAY_LABELS).map(([value, label]) => ({ value, label }))}
            value={String(form.values.first_day_of_week)}
            onChange={(value) => form.setFieldValue('first_day_of_week', Number(value))}
            disabled={readOnly}
            w="fit-content"
          />
        </Stack>
        <SaveButton saving={saving} dirty={form.isDirty()} readOnly={readOnly} label="Save preferences" />
      </Stack>
    </form>
  );
}

/** Date format and first day of the week (defaults mm/dd/yy and Sunday, SPEC.md section 9). */
export function PreferencesPanel({ readOnly }: { readOnly: boolean }) {
  return (
    <WithBusinessDetails>
      {(details) => (
        <Card withBorder padding="lg" maw={640}>
          <PreferencesForm details={details} readOnly={readOnly} />
        </Card>
      )}
    </WithBusinessDetails>
  );
}
