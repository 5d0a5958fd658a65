import { ActionIcon, Box, Button, Card, Group, Stack, Table, Text, Title, Tooltip } from '@mantine/core';
import { IconTrash, IconTarget } from '@tabler/icons-react';
import { INVOICE_MESSAGES, PAYMENT_METHOD_LABELS, acceptsPayment, formatCurrency } from '@ledgerleaf/domain';
import { errorMessage, useDeletePaymentMutation, type InvoiceDetail, useDateFormat } from '@ledgerleaf/api';
import { useToast, useAsk } from '@ledgerleaf/ui';
import { useAllocatePaymentHandler } from './payment-hooks';
import { SendReceiptButton } from './send-receipt-button';

function Payments({ invoice, canWrite }: { invoice: InvoiceDetail; canWrite: boolean }) {
  const { formatDate } = useDateFormat();
  const ask = useAsk();
  const toast = useToast();
  const [deletePayment] = useDeletePaymentMutation();
  const allocate = useAllocatePaymentHandler();
  if (invoice.payments.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        No payments yet.
      </Text>
    );
  }
  const onDelete = async (payment: InvoiceDetail['payments'][number]) => {
    const sure = await ask({
      title: 'Delete payment?',
      message: `The payment of ${formatCurrency(payment.amount)} from ${formatDate(payment.payment_date)} will be removed and the balance recomputed.`,
      confirmText: 'Delete payment',
      type: 'danger',
    });
    if (!sure) return;
    const result = await deletePayment({ invoiceId: invoice.id, paymentId: payment.id });
    if ('error' in result)
      toast.show({
        severity: 'error',
        summary: 'Could not delete the payment',
        detail: errorMessage(result.error, 'Please try again.'),
      });
    else
      toast.show({
        severity: 'success',
        summary: INVOICE_MESSAGES.paymentDeleted,
        detail: formatCurrency(payment.amount),
      });
  };
  // A narrow card (a phone, larger text) scrolls the table sideways, as the list tables do, so the
  // actions column stays within reach instead of being cut off at the card's edge.
  return (
    <Table.ScrollContainer minWidth={canWrite ? 320 : 220}>
      <Table aria-label="Payments" verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Date</Table.Th>
            <Table.Th>Method</Table.Th>
            <Table.Th ta="right">Amount</Table.Th>
            {canWrite && (
              <Table.Th w={104}>
                <Box
                  component="span"
                  style={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' }}
                >
                  Actions
                </Box>
              </Table.Th>
            )}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {invoice.payments.map((payment) => (
            <Table.Tr key={payment.id}>
              <Table.Td>
                <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                  {formatDate(payment.payment_date)}
                </Text>
                {(payment.reference || payment.note) && (
                  <Text size="xs" c="dimmed">
                    {[payment.reference, payment.note].filter(Boolean).join(' · ')}
                  </Text>
                )}
              </Table.Td>
              <Table.Td>{PAYMENT_METHOD_LABELS[payment.method]}</Table.Td>
              <Table.Td ta="right" style={{ fontVariantNumeric: 'tabular-nums' }}>
                {formatCurrency(payment.amount)}
              </Table.Td>
              {canWrite && (
                <Table.Td>
                  <Group gap={4} wrap="nowrap">
                    {invoice.status !== 'void' && <SendReceiptButton invoice={invoice} payment={payment} />}
                    {allocate && invoice.status !== 'void' && (
                      <Tooltip label="Allocate to goals">
                        <ActionIcon
                          variant="subtle"
                          color="leaf"
                          aria-label={`Allocate payment of ${formatCurrency(payment.amount)} to goals`}
                          onClick={() =>
                            allocate({
                              invoice_id: invoice.id,
                              invoice_number: invoice.invoice_number,
                              payment_id: payment.payment_id,
                              payment_amount: payment.amount,
                            })
                          }
                        >
                          <IconTarget size={16} aria-hidden />
                        </ActionIcon>
                      </Tooltip>
                    )}
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label={`Delete payment of ${formatCurrency(payment.amount)}`}
                      onClick={() => void onDelete(payment)}
                    >
                      <IconTrash size={16} aria-hidden />
                    </ActionIcon>
                  </Group>
                </Table.Td>
              )}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** The payments card: its table and, where the invoice accepts payment, the Add button. */
export function InvoicePaymentsCard({
  invoice,
  canWrite,
  onAdd,
}: {
  invoice: InvoiceDetail;
  canWrite: boolean;
  onAdd: () => void;
}) {
  return (
    <Card withBorder padding="md">
      <Stack gap="xs">
        <Group justify="space-between">
          <Title order={2} size="h5">
            Payments
          </Title>
          {canWrite && acceptsPayment(invoice.status) && (
            <Button size="xs" variant="light" onClick={onAdd}>
              Add
            </Button>
          )}
        </Group>
        <Payments invoice={invoice} canWrite={canWrite} />
      </Stack>
    </Card>
  );
}
