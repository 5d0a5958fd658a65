import { Box, Divider, Group, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import {
  PAYMENT_METHOD_LABELS,
  formatCurrency,
  formatTaxLabel,
  type DiscountType,
  type DocumentParties,
  type PaymentMethod,
} from '@ledgerleaf/domain';
import { useDateFormat, type DateFormatter } from '@ledgerleaf/api';

/** What both the owner's invoice (`Invoice`) and the public view (`PublicInvoice`) carry. */
export interface InvoiceDocumentData {
  invoice_number: string | null;
  /** A draft owes nothing yet: its document shows the total, not a balance (like the PDF). */
  status?: string;
  issue_date: string;
  due_date: string;
  lines: Array<{
    description: string;
    quantity: number;
    unit: string | null;
    unit_price: number;
    discount_type: DiscountType | null;
    discount_value: number | null;
    subtotal: number;
    discount: number;
    taxes: Array<{ name: string; rate: number; is_compound: boolean }>;
  }>;
  discount_type: DiscountType | null;
  discount_value: number | null;
  totals: {
    subtotal: number;
    line_discounts: number;
    invoice_discount: number;
    taxes: Array<{ name: string; rate: number; is_compound: boolean; amount: number }>;
    total: number;
    prices_include_tax: boolean;
  };
  amount_paid: number;
  balance_due: number;
  credit: number;
  payments?: Array<{ payment_date: string; method: PaymentMethod; amount: number }>;
  notes: string | null;
  terms: string | null;
}

const quantityFormat = new Intl.NumberFormat('en-US', { maximumFractionDigits: 3 });
const percentFormat = new Intl.NumberFormat('en-US', { maximumFractionDigits: 3 });
const num = { fontVariantNumeric: 'tabular-nums' } as const;

function discountText(line: InvoiceDocumentData['lines'][number]): string {
  if (line.discount <= 0) return '';
  const amount = formatCurrency(-line.discount);
  return line.discount_type === 'percent' && line.discount_value !== null
    ? `${percentFormat.format(line.discount_value)}% (${amount})`
    : amount;
}

/** The summary rows, in the PDF's order and wording (apps/server/src/lib/pdf/render-invoice.ts). */
export function summaryRows(
  invoice: InvoiceDocumentData,
  options: { hideBalance?: boolean } = {},
): Array<{ label: string; value: string; strong?: boolean }> {
  const { totals } = invoice;
  const rows: Array<{ label: string; value: string; strong?: boolean }> = [
    {
      label: totals.prices_include_tax ? 'Subtotal (tax included)' : 'Subtotal',
      value: formatCurrency(totals.subtotal),
    },
  ];
  if (totals.line_discounts > 0) rows.push({ label: 'Line discounts', value: formatCurrency(-totals.line_discounts) });
  if (totals.invoice_discount > 0) {
    const percent =
      invoice.discount_type === 'percent' && invoice.discount_value !== null
        ? ` (${percentFormat.format(invoice.discount_value)}%)`
        : '';
    rows.push({ label: `Discount${percent}`, value: formatCurrency(-totals.invoice_discount) });
  }
  for (const tax of totals.taxes) {
    const label = formatTaxLabel(tax);
    rows.push({ label: totals.prices_include_tax ? `Includes ${label}` : label, value: formatCurrency(tax.amount) });
  }
  rows.push({ label: 'Total', value: formatCurrency(totals.total), strong: true });
  if (options.hideBalance ?? invoice.status === 'draft') return rows;
  rows.push({ label: 'Amount paid', value: formatCurrency(invoice.amount_paid) });
  rows.push({ label: 'Balance due', value: formatCurrency(invoice.balance_due), strong: true });
  if (invoice.credit > 0) rows.push({ label: 'Credit', value: formatCurrency(invoice.credit) });
  return rows;
}

/**
 * A faithful HTML rendering of the invoice: the API's computed amounts, laid out like the PDF
 * (lines with quantity, unit price, discount, taxes and amount; the summary; notes and terms).
 * Computes nothing.
 */
/** How another document (an estimate) titles itself in the same layout. */
export interface DocumentLabels {
  /** `Estimate` */
  title: string;
  /** `Expires` */
  due: string;
  /** Leaves out amount paid and balance due. */
  hideBalance: boolean;
}

/**
 * The invoice (or estimate) as a document. Dates are in the signed-in business's format, or in
 * `formatDate`'s: the public pages pass the business's format from their payload (nobody is signed in).
 */
export function InvoiceDocument({
  invoice,
  parties,
  from: givenFrom,
  billTo: givenBillTo,
  labels,
  formatDate: givenFormat,
}: {
  invoice: InvoiceDocumentData;
  /**
   * The From and Bill to blocks as the PDF prints them (the server's `documentParties`): the
   * owner's page and the public page pass them, so all three show the same details.
   */
  parties?: DocumentParties | undefined;
  from?: { name: string; lines?: string[] };
  billTo: { name: string; lines?: string[] };
  labels?: DocumentLabels;
  formatDate?: DateFormatter;
}) {
  const from = parties?.from ?? givenFrom;
  const billTo = parties?.bill_to ?? givenBillTo;
  const fromPreferences = useDateFormat().formatDate;
  const formatDate = givenFormat ?? fromPreferences;
  return (
    <Paper
      withBorder
      p={{ base: 'md', sm: 'xl' }}
      radius="md"
      aria-label={`${labels?.title ?? 'Invoice'} document`}
      component="article"
    >
      <Stack gap="lg">
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="md">
          <Stack gap={2}>
            {from && (
              <>
                <Text fw={700} size="lg">
                  {from.name}
                </Text>
                {from.lines?.map((line) => (
                  <Text key={line} size="sm" c="dimmed">
                    {line}
                  </Text>
                ))}
              </>
            )}
          </Stack>
          <Stack gap={2} align="flex-end" ml="auto">
            <Title order={2} size="h3">
              {labels?.title ?? 'Invoice'}
            </Title>
            <Text fw={600}>{invoice.invoice_number ?? 'Draft'}</Text>
          </Stack>
        </Group>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
          <Stack gap={2}>
            <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
              Bill to
            </Text>
            <Text fw={600}>{billTo.name}</Text>
            {billTo.lines?.map((line) => (
              <Text key={line} size="sm">
                {line}
              </Text>
            ))}
          </Stack>
          <Stack gap={4} align="flex-start">
            <Group gap="xs">
              <Text size="sm" c="dimmed" w={90}>
                Issued
              </Text>
              <Text size="sm">{formatDate(invoice.issue_date)}</Text>
            </Group>
            <Group gap="xs">
              <Text size="sm" c="dimmed" w={90}>
                {labels?.due ?? 'Due'}
              </Text>
              <Text size="sm">{formatDate(invoice.due_date)}</Text>
            </Group>
          </Stack>
        </SimpleGrid>

        <Box style={{ overflowX: 'auto' }}>
          <Table aria-label={`${labels?.title ?? 'Invoice'} lines`} verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Description</Table.Th>
                <Table.Th ta="right">Qty</Table.Th>
                <Table.Th visibleFrom="sm">Unit</Table.Th>
                <Table.Th ta="right">Unit price</Table.Th>
                <Table.Th ta="right" visibleFrom="sm">
                  Discount
                </Table.Th>
                <Table.Th visibleFrom="sm">Tax</Table.Th>
                <Table.Th ta="right">Amount</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {invoice.lines.map((line, index) => (
                <Table.Tr key={index}>
                  <Table.Td style={{ whiteSpace: 'pre-line' }}>
                    {line.description}
                    {/* Narrow screens: the unit, discount and taxes under the description. */}
                    <Text size="xs" c="dimmed" hiddenFrom="sm">
                      {[
                        line.unit,
                        discountText(line) && `Discount ${discountText(line)}`,
                        ...line.taxes.map((tax) => formatTaxLabel(tax)),
                      ]
                        .filter(Boolean)
                        .join(' · ')}
                    </Text>
                  </Table.Td>
                  <Table.Td ta="right" style={num}>
                    {quantityFormat.format(line.quantity)}
                  </Table.Td>
                  <Table.Td visibleFrom="sm">{line.unit ?? ''}</Table.Td>
                  <Table.Td ta="right" style={num}>
                    {formatCurrency(line.unit_price)}
                  </Table.Td>
                  <Table.Td ta="right" style={num} visibleFrom="sm">
                    {discountText(line)}
                  </Table.Td>
                  <Table.Td visibleFrom="sm">
                    {line.taxes.map((tax) => (
                      <Text key={formatTaxLabel(tax)} size="xs">
                        {formatTaxLabel(tax)}
                      </Text>
                    ))}
                  </Table.Td>
                  <Table.Td ta="right" style={num}>
                    {formatCurrency(line.subtotal)}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Box>

        <Group justify="flex-end">
          <Stack gap={6} w={{ base: '100%', xs: 340 }} aria-label={`${labels?.title ?? 'Invoice'} totals`} role="group">
            {summaryRows(invoice, { hideBalance: labels?.hideBalance }).map((row) => (
              <Group key={row.label} justify="space-between" gap="md" wrap="nowrap">
                <Text size="sm" fw={row.strong ? 700 : undefined} c={row.strong ? undefined : 'dimmed'}>
                  {row.label}
                </Text>
                <Text size="sm" fw={row.strong ? 700 : undefined} style={num}>
                  {row.value}
                </Text>
              </Group>
            ))}
          </Stack>
        </Group>

        {invoice.payments && invoice.payments.length > 0 && (
          <Stack gap={4}>
            <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
              Payments
            </Text>
            {invoice.payments.map((payment, index) => (
              <Group key={index} justify="space-between" gap="md">
                <Text size="sm">
                  {formatDate(payment.payment_date)} · {PAYMENT_METHOD_LABELS[payment.method]}
                </Text>
                <Text size="sm" style={num}>
                  {formatCurrency(payment.amount)}
                </Text>
              </Group>
            ))}
          </Stack>
        )}

        {(invoice.notes || invoice.terms) && <Divider />}
        {invoice.notes && (
          <Stack gap={2}>
            <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
              Notes
            </Text>
            <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
              {invoice.notes}
            </Text>
          </Stack>
        )}
        {invoice.terms && (
          <Stack gap={2}>
            <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
              Terms
            </Text>
            <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
              {invoice.terms}
            </Text>
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
