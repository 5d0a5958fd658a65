import { useState } from 'react';
import {
  Button,
  Card,
  Group,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  ACCOUNT_MESSAGES,
  NUMBER_SEPARATORS,
  numberingSettingsSchema,
  previewNextNumber,
  validateWith,
  type NumberingCounter,
  type NumberingSettings,
} from '@ledgerleaf/domain';
import { splitServerErrors, useGetNumberingQuery, useUpdateNumberingMutation, loadErrorMessage } from '@ledgerleaf/api';
import { CardSkeleton, useToast, LoadError, FormAlert } from '@ledgerleaf/ui';

const SEPARATOR_LABELS: Record<string, string> = {
  '-': 'Dash (-)',
  '/': 'Slash (/)',
  '.': 'Dot (.)',
  _: 'Underscore (_)',
  '': 'None',
};

interface Values {
  prefix: string;
  include_year: boolean;
  separator: string;
  padding: number | string;
  yearly_reset: boolean;
}

const toRequest = (values: Values) => ({
  ...values,
  padding: values.padding === '' ? Number.NaN : Number(values.padding),
});

/** The next number for the pattern being edited, or null while the pattern is invalid. */
export function livePreview(values: Values, counter: NumberingCounter, year: number): string | null {
  const parsed = numberingSettingsSchema.safeParse(toRequest(values));
  return parsed.success ? previewNextNumber(parsed.data, counter, year) : null;
}

function NumberingForm({
  settings,
  counter,
  readOnly,
}: {
  settings: NumberingSettings;
  counter: NumberingCounter;
  readOnly: boolean;
}) {
  const toast = useToast();
  const [save, state] = useUpdateNumberingMutation();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<Values>({
    initialValues: { ...settings },
    validate: (values) => validateWith(numberingSettingsSchema, toRequest(values)).errors,
  });
  const preview = livePreview(form.values, counter, new Date().getFullYear());
  const submit = async (values: Values) => {
    setFormError(null);
    const result = await save(toRequest(values) as NumberingSettings);
    if ('error' in result) {
      const { fields, message } = splitServerErrors(
        result.error,
        (key) => key in values,
        'The numbering could not be saved.',
      );
      form.setErrors(fields);
      setFormError(message);
      return;
    }
    form.resetDirty(values);
    toast.show({
      severity: 'success',
      summary: ACCOUNT_MESSAGES.numberingSaved,
      detail: `Next invoice: ${result.data.next_number}`,
    });
  };
  return (
    <form onSubmit={form.onSubmit(submit)} noValidate>
      <Stack gap="sm">
        <Title order={2} fz="h4">
          Invoice numbers
        </Title>
        {formError && <FormAlert>{formError}</FormAlert>}
        <SimpleGrid cols={{ base: 1, xs: 3 }}>
          <TextInput label="Prefix" maxLength={20} readOnly={readOnly} {...form.getInputProps('prefix')} />
          <Select
            label="Separator"
            data={NUMBER_SEPARATORS.map((value) => ({ value, label: SEPARATOR_LABELS[value] ?? value }))}
            allowDeselect={false}
            readOnly={readOnly}
            {...form.getInputProps('separator')}
          />
          <NumberInput
            label="Counter digits"
            min={1}
            max={10}
            allowDecimal={false}
            allowNegative={false}
            readOnly={readOnly}
            {...form.getInputProps('padding')}
          />
        </SimpleGrid>
        <Switch
          label="Include the year"
          disabled={readOnly}
          {...form.getInputProps('include_year', { type: 'checkbox' })}
        />
        <Switch
          label="Restart the count every year"
          disabled={readOnly}
          {...form.getInputProps('yearly_reset', { type: 'checkbox' })}
        />
        <Text size="sm" aria-live="polite" data-testid="next-number">
          Next invoice: <strong>{preview ?? '—'}</strong>
        </Text>
        {!readOnly && (
          <Group>
            <Button type="submit" loading={state.isLoading} disabled={!form.isDirty()}>
              Save numbering
            </Button>
          </Group>
        )}
      </Stack>
    </form>
  );
}

/** The invoice number pattern with a live preview of the next number. */
export function NumberingPanel({ readOnly }: { readOnly: boolean }) {
  const query = useGetNumberingQuery();
  if (query.isLoading) return <CardSkeleton lines={4} />;
  if (query.isError || !query.data)
    return (
      <LoadError
        title="Invoice numbering could not be loaded"
        message={loadErrorMessage(query.error)}
        onRetry={() => void query.refetch()}
      />
    );
  return (
    <Card withBorder padding="lg">
      <NumberingForm settings={query.data.data as NumberingSettings} counter={query.data.counter} readOnly={readOnly} />
    </Card>
  );
}
