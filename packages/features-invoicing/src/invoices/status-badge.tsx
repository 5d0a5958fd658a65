import { Badge, type MantineSize } from '@mantine/core';
import { INVOICE_STATUS_LABELS, type InvoiceStatus } from '@ledgerleaf/domain';

/** One colour per status, the same on the list, the detail page and the public page. */
export const INVOICE_STATUS_COLORS: Record<InvoiceStatus, string> = {
  draft: 'gray',
  sent: 'blue',
  viewed: 'indigo',
  partial: 'yellow',
  paid: 'green',
  overdue: 'red',
  void: 'dark',
};

/** The status badge: a dot for contrast in both colour schemes, the label of INVOICE_STATUS_LABELS. */
export function InvoiceStatusBadge({ status, size = 'md' }: { status: InvoiceStatus; size?: MantineSize }) {
  return (
    <Badge color={INVOICE_STATUS_COLORS[status]} variant="dot" size={size} data-status={status} styles={{ root: { flexShrink: 0, overflow: 'visible' }, label: { overflow: 'visible' } }}>
      {INVOICE_STATUS_LABELS[status]}
    </Badge>
  );
}
