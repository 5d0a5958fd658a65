import { Text, type TextProps } from '@mantine/core';
import { formatCurrency } from '@ledgerleaf/domain';

/** An amount in the business's currency, in tabular figures. */
export function Money({ value, ...props }: TextProps & { value: number | null | undefined }) {
  return (
    <Text component="span" inherit {...props} style={{ fontVariantNumeric: 'tabular-nums' }}>
      {value === null || value === undefined ? '—' : formatCurrency(value)}
    </Text>
  );
}
