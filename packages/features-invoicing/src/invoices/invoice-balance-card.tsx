import { Group, Text } from '@mantine/core';
import { formatCurrency } from '@ledgerleaf/domain';
import type { InvoiceDetail } from '@ledgerleaf/api';
import { Fact, SideCard } from '../shared/document-page';

/** The invoice's total, paid amount and balance due (and its credit, when overpaid). */
export function InvoiceBalanceCard({ invoice }: { invoice: InvoiceDetail }) {
  return (
    <SideCard title="Balance">
      <Fact label="Total" numeric>
        {formatCurrency(invoice.totals.total)}
      </Fact>
      <Fact label="Paid" numeric>
        {formatCurrency(invoice.amount_paid)}
      </Fact>
      <Group justify="space-between" gap="sm">
        <Text fw={700}>Balance due</Text>
        <Text fw={700} size="lg" data-testid="balance-due" style={{ fontVariantNumeric: 'tabular-nums' }}>
          {formatCurrency(invoice.balance_due)}
        </Text>
      </Group>
      {(invoice.status === 'draft' || invoice.status === 'void') && (
        <Text size="xs" c="dimmed">
          {invoice.status === 'draft' ? 'A draft owes nothing until it is sent.' : 'A void invoice owes nothing.'}
        </Text>
      )}
      {invoice.credit > 0 && (
        <Fact label="Credit" numeric>
          {formatCurrency(invoice.credit)}
        </Fact>
      )}
    </SideCard>
  );
}
