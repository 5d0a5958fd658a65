import {
  ActionIcon,
  Box,
  Card,
  Grid,
  Group,
  MultiSelect,
  NumberInput,
  Stack,
  Text,
  Textarea,
  TextInput,
  Tooltip,
} from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { IconArrowDown, IconArrowUp, IconTrash } from '@tabler/icons-react';
import {
  formatCurrency,
  lineDescriptionFromProduct,
  LINE_UNIT_MAX_LENGTH,
  MAX_AMOUNT,
  MAX_LINE_TAXES,
  type TaxRate,
} from '@ledgerleaf/domain';
import { formatPercent } from '../shared/format';
import type { InvoiceFormValues, LineFormValues } from './invoice-form';
import { DiscountField } from './discount-field';
import { ProductPicker } from './pickers';

export { DISCOUNT_OPTIONS } from './discount-field';

/** Figures line up in columns (tabular digits). */
export const TABULAR = { fontVariantNumeric: 'tabular-nums' } as const;

/** The taxes a line may use: the active ones, plus an archived one the line already has. */
function taxOptions(taxRates: TaxRate[], chosen: string[]) {
  return taxRates
    .filter((rate) => rate.status === 'active' || chosen.includes(String(rate.id)))
    .map((rate) => ({
      value: String(rate.id),
      label: `${rate.name} (${formatPercent(rate.rate)}${rate.is_compound ? ', compound' : ''}${rate.status === 'active' ? '' : ', archived'})`,
    }));
}

export interface InvoiceLineProps {
  form: UseFormReturnType<InvoiceFormValues>;
  line: LineFormValues;
  /** The line's position in the form (0-based); the screen numbers lines from 1. */
  index: number;
  /** How many lines the document has (the last one cannot move down, a single one cannot go). */
  count: number;
  taxRates: TaxRate[];
  /** The line's amount as the engine computes it (quantity x price less its discount, before taxes). */
  amount: number;
  onMove: (from: number, to: number) => void;
  onRemove: (index: number) => void;
}

/**
 * One line of a document's editor: moved up or down, removed, filled from a product (its
 * description, unit, price and default tax), or typed (description, quantity, unit, price,
 * discount, up to MAX_LINE_TAXES taxes); its amount follows what is typed.
 */
export function InvoiceLine({ form, line, index, count, taxRates, amount, onMove, onRemove }: InvoiceLineProps) {
  const n = index + 1;
  return (
    <Card withBorder padding="md" radius="sm" role="group" aria-label={`Line ${n}`} data-testid="invoice-line">
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
                onClick={() => onMove(index, index - 1)}
              >
                <IconArrowUp size={16} aria-hidden />
              </ActionIcon>
            </Tooltip>
            <Tooltip label="Move down">
              <ActionIcon
                variant="subtle"
                color="gray"
                aria-label={`Move line ${n} down`}
                disabled={index === count - 1}
                onClick={() => onMove(index, index + 1)}
              >
                <IconArrowDown size={16} aria-hidden />
              </ActionIcon>
            </Tooltip>
            <Tooltip label="Remove line">
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={`Remove line ${n}`}
                disabled={count === 1}
                onClick={() => onRemove(index)}
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
        {/* Fields wrap by their size in rem, so larger text gives each its room (a new row) rather
            than squeezing a field or running a label into its neighbour (issue 11). */}
        <Group gap="sm" align="flex-start" wrap="wrap">
          <Box style={{ flex: '1 0 6rem', maxWidth: '100%' }}>
            <NumberInput
              label="Quantity"
              aria-label={`Line ${n} quantity`}
              decimalScale={3}
              hideControls
              inputMode="decimal"
              {...form.getInputProps(`lines.${index}.quantity`)}
            />
          </Box>
          <Box style={{ flex: '1 0 6rem', maxWidth: '100%' }}>
            <TextInput
              label="Unit"
              aria-label={`Line ${n} unit`}
              maxLength={LINE_UNIT_MAX_LENGTH}
              {...form.getInputProps(`lines.${index}.unit`)}
            />
          </Box>
          <Box style={{ flex: '1 0 8rem', maxWidth: '100%' }}>
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
          </Box>
          <Box style={{ flex: '1 0 11rem', maxWidth: '100%' }}>
            <DiscountField
              label="Discount"
              ariaLabel={`Line ${n} discount`}
              typeLabel={`Line ${n} discount type`}
              valueProps={form.getInputProps(`lines.${index}.discount_value`)}
              typeProps={form.getInputProps(`lines.${index}.discount_type`)}
            />
          </Box>
          <Box style={{ flex: '2 0 12rem', maxWidth: '100%' }}>
            <MultiSelect
              label="Taxes"
              aria-label={`Line ${n} taxes`}
              data={taxOptions(taxRates, line.tax_rate_ids)}
              maxValues={MAX_LINE_TAXES}
              placeholder={line.tax_rate_ids.length === 0 ? 'No tax' : undefined}
              {...form.getInputProps(`lines.${index}.tax_rate_ids`)}
            />
          </Box>
          <Box style={{ flex: '1 0 auto', maxWidth: '100%' }}>
            <Stack gap={4} align="flex-end">
              <Text size="sm" fw={500}>
                Amount
              </Text>
              <Text fw={600} style={TABULAR} aria-label={`Line ${n} amount`} mt={6}>
                {formatCurrency(amount)}
              </Text>
            </Stack>
          </Box>
        </Group>
      </Stack>
    </Card>
  );
}
