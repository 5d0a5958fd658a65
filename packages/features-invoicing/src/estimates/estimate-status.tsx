import type { MantineSize } from '@mantine/core';
import {
  ESTIMATE_STATUS_LABELS,
  RECURRING_STATUS_LABELS,
  documentLabel,
  type EstimateStatus,
  type RecurringStatus,
} from '@ledgerleaf/domain';
import { StatusDot } from '../invoices/status-badge';

/** One colour per estimate status, on the list, the detail page and the public page. */
export const ESTIMATE_STATUS_COLORS: Record<EstimateStatus, string> = {
  draft: 'gray',
  sent: 'blue',
  viewed: 'indigo',
  accepted: 'green',
  declined: 'red',
  expired: 'orange',
  converted: 'teal',
};

export function EstimateStatusBadge({ status, size = 'md' }: { status: EstimateStatus; size?: MantineSize }) {
  return (
    <StatusDot
      status={status}
      label={ESTIMATE_STATUS_LABELS[status]}
      color={ESTIMATE_STATUS_COLORS[status]}
      size={size}
    />
  );
}

const RECURRING_STATUS_COLORS: Record<RecurringStatus, string> = {
  active: 'green',
  paused: 'yellow',
  finished: 'gray',
};

export function RecurringStatusBadge({ status, size = 'md' }: { status: RecurringStatus; size?: MantineSize }) {
  return (
    <StatusDot
      status={status}
      label={RECURRING_STATUS_LABELS[status]}
      color={RECURRING_STATUS_COLORS[status]}
      size={size}
    />
  );
}

/** The estimate's name: its number, or for a draft its client and date, never its internal id (`documentLabel`). */
export function estimateLabel(
  estimate: { estimate_number: string | null; client: { name: string }; issue_date: string },
  formatDate: (isoDate: string) => string,
): string {
  return documentLabel(estimate.estimate_number, {
    clientName: estimate.client.name,
    date: formatDate(estimate.issue_date),
  });
}

/** In a list, where the client and the date have their own columns: the number, or "Draft". */
export function estimateListLabel(estimate: { estimate_number: string | null }): string {
  return estimate.estimate_number ?? 'Draft';
}
