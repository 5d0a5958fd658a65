import { Badge, type MantineSize } from '@mantine/core';
import {
  CLIENT_INVOICE_STATUS_LABELS,
  INVOICE_STATUS_LABELS,
  documentLabel,
  type InvoiceStatus,
} from '@ledgerleaf/domain';

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

/**
 * The status badge: a dot for contrast in both colour schemes, the label of INVOICE_STATUS_LABELS;
 * for the client (`forClient`, the public page) in the client's words (CLIENT_INVOICE_STATUS_LABELS:
 * sent and viewed read 'Due').
 */
export function InvoiceStatusBadge({
  status,
  size = 'md',
  forClient = false,
}: {
  status: InvoiceStatus;
  size?: MantineSize;
  forClient?: boolean;
}) {
  return (
    <StatusDot
      status={status}
      label={(forClient ? CLIENT_INVOICE_STATUS_LABELS : INVOICE_STATUS_LABELS)[status]}
      color={forClient && status === 'viewed' ? INVOICE_STATUS_COLORS.sent : INVOICE_STATUS_COLORS[status]}
      size={size}
    />
  );
}

/** The badge itself, for any document's statuses (estimates and recurring invoices pass their own label and colour). */
export function StatusDot({
  status,
  label,
  color,
  size = 'md',
}: {
  status: string;
  label: string;
  color: string;
  size?: MantineSize;
}) {
  return (
    <Badge
      color={color}
      variant="dot"
      size={size}
      data-status={status}
      styles={{ root: { flexShrink: 0, overflow: 'visible' }, label: { overflow: 'visible' } }}
    >
      {label}
    </Badge>
  );
}

/**
 * The invoice's name: its number, or for a draft (no number yet) its client and date, never its
 * internal id (`documentLabel`). `formatDate` is the business's (`useDateFormat`).
 */
export function invoiceLabel(
  invoice: { invoice_number: string | null; client: { name: string }; issue_date: string },
  formatDate: (isoDate: string) => string,
): string {
  return documentLabel(invoice.invoice_number, {
    clientName: invoice.client.name,
    date: formatDate(invoice.issue_date),
  });
}

/** In a list, where the client and the date have their own columns: the number, or "Draft". */
export function invoiceListLabel(invoice: { invoice_number: string | null }): string {
  return invoice.invoice_number ?? 'Draft';
}
