import { paths } from '@ledgerleaf/api';
import type { CalendarEvent } from '@ledgerleaf/domain';

/**
 * An event's colour: Mantine's palette through its CSS variables (they follow light and dark), in
 * shades dark enough for white text (AA: shade 9; Mantine's green and orange are too light even there). Invoice due dates by status; overdue stands out in red.
 */
export function eventColor(event: Pick<CalendarEvent, 'kind' | 'status' | 'overdue'>): string {
  const shade = (name: string) => `var(--mantine-color-${name}-9)`;
  switch (event.kind) {
    case 'invoice_due':
      if (event.overdue) return shade('red');
      if (event.status === 'paid') return shade('teal');
      if (event.status === 'draft') return 'var(--mantine-color-gray-7)';
      if (event.status === 'partial') return shade('pink');
      return shade('blue');
    case 'recurring_run':
      return shade('violet');
    case 'estimate_expiry':
      return event.overdue ? shade('red') : shade('grape');
    case 'activity':
      return event.status === 'done' ? 'var(--mantine-color-gray-7)' : event.overdue ? shade('red') : shade('cyan');
    case 'reminder':
      return 'var(--mantine-color-gray-7)';
    case 'goal_target':
      return shade('indigo');
    case 'payment':
      return shade('teal');
  }
}

/** The page an event opens. */
export function eventPath(event: Pick<CalendarEvent, 'record'>): string {
  const { type, id } = event.record;
  switch (type) {
    case 'invoice':
      return paths.invoices.detail(id);
    case 'recurring_invoice':
      return paths.recurringInvoices.detail(id);
    case 'estimate':
      return paths.estimates.detail(id);
    case 'goal':
      return paths.goals.detail(id);
    case 'lead':
      return paths.crm.leads.edit(id);
    case 'opportunity':
      return paths.crm.opportunities.edit(id);
    case 'client':
      return `${paths.crm.client360}?client=${id}`;
  }
}
