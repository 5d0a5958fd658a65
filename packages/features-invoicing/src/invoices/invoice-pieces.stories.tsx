import type { Meta, StoryObj } from '@storybook/react-vite';
import { Group, Paper, Stack } from '@mantine/core';
import { INVOICE_STATUSES } from '@ledgerleaf/domain';
import { useState } from 'react';
import { ActivityTimeline } from './activity-timeline';
import { DiscountField } from './discount-field';
import { InvoiceDocument } from './invoice-document';
import { InvoiceStatusBadge } from './status-badge';
import { invoiceDetail } from './test-fixtures';

const meta = {
  title: 'Invoicing/Invoice pieces',
  parameters: { layout: 'padded' },
} satisfies Meta;

export default meta;
type Story = StoryObj<typeof meta>;

/** Every status in its colour: the list, the detail page and the public page use the same badge. */
export const StatusBadges: Story = {
  render: () => (
    <Group gap="sm">
      {INVOICE_STATUSES.map((status) => (
        <InvoiceStatusBadge key={status} status={status} />
      ))}
    </Group>
  ),
};

export const Timeline: Story = {
  render: () => (
    <ActivityTimeline
      entries={[
        { id: 4, event: 'payment.recorded', data: { amount: 400 }, user_id: 1, created_at: '2026-11-20T15:04:00Z' },
        { id: 3, event: 'invoice.viewed', data: {}, user_id: null, created_at: '2026-11-03T09:12:00Z' },
        { id: 2, event: 'invoice.sent', data: { via: 'email' }, user_id: 1, created_at: '2026-11-01T10:30:00Z' },
        { id: 1, event: 'invoice.created', data: {}, user_id: 1, created_at: '2026-11-01T10:00:00Z' },
      ]}
    />
  ),
};

export const EmptyTimeline: Story = { render: () => <ActivityTimeline entries={[]} /> };

/** The HTML rendering of an invoice (detail and public pages), with a discount, taxes and a payment. */
export const Document: Story = {
  render: () => {
    const invoice = invoiceDetail({
      discount_type: 'percent',
      discount_value: 5,
      totals: {
        subtotal: 1000,
        line_discounts: 0,
        invoice_discount: 50,
        taxable: 950,
        taxes: [{ tax_rate_id: 7, name: 'Sales tax', rate: 8.875, is_compound: false, taxable: 950, amount: 84.31 }],
        tax: 84.31,
        total: 1034.31,
        prices_include_tax: false,
      },
      amount_paid: 400,
      balance_due: 634.31,
    });
    return (
      <Stack maw={860}>
        <Paper withBorder p="lg">
          <InvoiceDocument
            invoice={invoice}
            from={{ name: 'Olive Bakery', lines: ['hello@olive.test', '(415) 555-0142'] }}
            billTo={{ name: 'Acme Corp', lines: ['billing@acme.test'] }}
          />
        </Paper>
      </Stack>
    );
  },
};

function DiscountDemo({ initialType }: { initialType: 'percent' | 'amount' }) {
  const [value, setValue] = useState<unknown>(10);
  const [type, setType] = useState<unknown>(initialType);
  return (
    <Stack w={260}>
      <DiscountField
        label="Discount"
        ariaLabel="Line 1 discount"
        typeLabel="Line 1 discount type"
        valueProps={{ value, onChange: setValue }}
        typeProps={{ value: type, onChange: setType }}
      />
    </Stack>
  );
}

/** A discount is one field with its type (% or $) inside: readable at every text size (issue 11). */
export const Discount: Story = { render: () => <DiscountDemo initialType="percent" /> };

export const DiscountAmount: Story = { render: () => <DiscountDemo initialType="amount" /> };
