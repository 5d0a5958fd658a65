import type { MantineSize } from '@mantine/core';
import {
  ESTIMATE_STATUS_LABELS,
  RECURRING_STATUS_LABELS,
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

/** A draft has no number yet. */
export function estimateLabel(estimate: { estimate_number: string | null; id: number }): string {
  return estimate.estimate_number ?? `Draft #${estimate.id}`;
}
