import { ActionIcon, Tooltip } from '@mantine/core';
import { IconReceipt } from '@tabler/icons-react';
import { formatCurrency, type Payment, recipientsOf } from '@ledgerleaf/domain';
import { errorMessage, useSendPaymentReceiptMutation } from '@ledgerleaf/api';
import { useToast } from '@ledgerleaf/ui';

export interface SendReceiptButtonProps {
  invoice: { id: number; client: { email: string | null; recipients?: string[] } };
  payment: Pick<Payment, 'id' | 'amount'>;
}

/**
 * "Send receipt" on a payment row: emails the payment's receipt (the business's template, the
 * invoice PDF attached) to the client's contacts, and toasts how it went. Disabled, saying why,
 * when the client has no email address.
 */
export function SendReceiptButton({ invoice, payment }: SendReceiptButtonProps) {
  const toast = useToast();
  const [sendReceipt, state] = useSendPaymentReceiptMutation();
  const canEmail = recipientsOf(invoice.client).length > 0;
  const label = canEmail
    ? `Send receipt for the payment of ${formatCurrency(payment.amount)}`
    : 'Send receipt: the client has no email address';

  const onSend = async () => {
    const result = await sendReceipt({ invoiceId: invoice.id, paymentId: payment.id });
    if ('error' in result)
      toast.show({
        severity: 'error',
        summary: 'Receipt not sent',
        detail: errorMessage(result.error, 'Please try again.'),
      });
    else if (result.data.data.delivery === 'outbox')
      toast.show({
        severity: 'warn',
        summary: 'Receipt kept in the outbox',
        detail: result.data.message,
        timeout: false,
      });
    else if (result.data.data.delivery === 'sending')
      toast.show({ severity: 'info', summary: 'Receipt sending', detail: result.data.message });
    else
      toast.show({ severity: 'success', summary: 'Receipt emailed', detail: `To ${result.data.data.to.join(', ')}` });
  };

  return (
    <Tooltip label={canEmail ? 'Send receipt' : 'The client has no email address'} withinPortal>
      <ActionIcon
        variant="subtle"
        aria-label={label}
        disabled={!canEmail}
        loading={state.isLoading}
        onClick={() => void onSend()}
      >
        <IconReceipt size={16} aria-hidden />
      </ActionIcon>
    </Tooltip>
  );
}
