import { useState } from 'react';
import { Button, Card, Group, NumberInput, Stack, Switch, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  invoicingSettingsSchema,
  MAX_PAYMENT_TERMS_DAYS,
  validateWith,
  type InvoicingSettings,
} from '@ledgerleaf/domain';
import {
  splitServerErrors,
  useGetInvoicingSettingsQuery,
  useUpdateInvoicingSettingsMutation,
  loadErrorMessage,
} from '@ledgerleaf/api';
import { CardSkeleton, useToast, LoadError, FormAlert } from '@ledgerleaf/ui';

interface SettingsValues {
  default_payment_terms_days: number | string;
  prices_include_tax: boolean;
}

const toRequest = (values: SettingsValues): InvoicingSettings => ({
  default_payment_terms_days:
    values.default_payment_terms_days === ''
      ? (undefined as unknown as number)
      : Number(values.default_payment_terms_days),
  prices_include_tax: values.prices_include_tax,
});

function SettingsForm({ settings, readOnly }: { settings: InvoicingSettings; readOnly: boolean }) {
  const toast = useToast();
  const [save, state] = useUpdateInvoicingSettingsMutation();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<SettingsValues>({
    initialValues: { ...settings },
    validate: (values) => validateWith(invoicingSettingsSchema, toRequest(values)).errors,
  });

  const submit = async (values: SettingsValues) => {
    setFormError(null);
    const result = await save(toRequest(values));
    if ('error' in result) {
      const { fields, message } = splitServerErrors(
        result.error,
        (key) => key in values,
        'The settings could not be saved.',
      );
      form.setErrors(fields);
      setFormError(message);
      return;
    }
    form.resetDirty(result.data);
    toast.show({ severity: 'success', summary: 'Invoicing settings saved' });
  };

  return (
    <form onSubmit={form.onSubmit(submit)} noValidate>
      <Stack gap="md" maw={560}>
        {formError && <FormAlert>{formError}</FormAlert>}
        <NumberInput
          label="Default payment terms (net days)"
          description="New clients start with these terms; an invoice is due this many days after it is issued."
          min={0}
          max={MAX_PAYMENT_TERMS_DAYS}
          readOnly={readOnly}
          allowDecimal={false}
          allowNegative={false}
          {...form.getInputProps('default_payment_terms_days')}
        />
        <Switch
          label="Prices include tax"
          description="On: unit prices already contain tax, and invoices show the tax part of them. Off: tax is added on top of the prices."
          disabled={readOnly}
          {...form.getInputProps('prices_include_tax', { type: 'checkbox' })}
        />
        {!readOnly && (
          <Group>
            <Button type="submit" loading={state.isLoading} disabled={!form.isDirty()}>
              Save settings
            </Button>
          </Group>
        )}
      </Stack>
    </form>
  );
}

/** The business's invoicing defaults: payment terms and whether prices include tax. Owners and admins change them. */
export function InvoicingSettingsPanel({ readOnly = false }: { readOnly?: boolean }) {
  const query = useGetInvoicingSettingsQuery();
  if (query.isLoading) return <CardSkeleton lines={3} />;
  if (query.isError || !query.data)
    return (
      <LoadError
        title="Invoicing settings could not be loaded"
        message={loadErrorMessage(query.error)}
        onRetry={() => void query.refetch()}
      />
    );
  return (
    <Card withBorder padding="lg">
      <Text size="sm" c="dimmed" mb="md">
        These apply to the whole business.
      </Text>
      <SettingsForm settings={query.data} readOnly={readOnly} />
    </Card>
  );
}
