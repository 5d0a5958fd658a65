import { Text } from '@mantine/core';
import { formatCurrency } from '@ledgerleaf/domain';

/** An amount in a table cell or a fact: the currency, digits lined up (tabular figures). */
export function MoneyText({ value }: { value: number }) {
  return (
    <Text size="sm" style={{ fontVariantNumeric: 'tabular-nums' }}>
      {formatCurrency(value)}
    </Text>
  );
}
