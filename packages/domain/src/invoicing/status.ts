/**
 * Invoice statuses and the transitions the server enforces. The status is never typed in by
 * anybody: the server recomputes it from facts with `deriveStatus` after every change (issue, view,
 * payment recorded or deleted, void, due date edited) and the scheduler does the same for overdue;
 * `canTransition` guards that the move is one of the allowed ones.
 */
export const INVOICE_STATUSES = ['draft', 'sent', 'viewed', 'partial', 'paid', 'overdue', 'void'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];

/**
 * The invoice list's filters and sort fields (its query schema is in contracts.ts). Here, beside the
 * statuses, because the list screen needs them at runtime and contracts.ts builds ~70 zod schemas
 * when it loads: importing the constants from there evaluated every invoice schema on a phone before
 * the list could draw.
 */
export const INVOICE_SORT_FIELDS = [
  'issue_date',
  'due_date',
  'invoice_number',
  'client_name',
  'total',
  'balance_due',
  'status',
  'created_at',
] as const;
/** `all`, a status, or `unpaid` (sent, viewed, partial, overdue). */
export const INVOICE_STATUS_FILTERS = ['all', 'unpaid', ...INVOICE_STATUSES] as const;
export type InvoiceStatusFilter = (typeof INVOICE_STATUS_FILTERS)[number];

/** What a small-business owner reads on the status badge. */
export const INVOICE_STATUS_LABELS: Record<InvoiceStatus, string> = {
  draft: 'Draft',
  sent: 'Sent',
  viewed: 'Viewed',
  partial: 'Partially paid',
  paid: 'Paid',
  overdue: 'Overdue',
  void: 'Void',
};

/**
 * How a document (invoice, estimate) is named: its number once it has one; before that, as a draft,
 * by its client and date ("Draft for Acme Corp, 11/24/26"), never by an internal id (which would
 * confuse and tell how many documents the whole system holds). `date` is already formatted.
 */
export function documentLabel(number: string | null, draft: { clientName: string; date: string }): string {
  return number ?? `Draft for ${draft.clientName}, ${draft.date}`;
}

/**
 * An invoice's status in the client's words (issue 11), on what the client reads (the public page,
 * the PDF): sent and viewed are steps of the business's own, to the client the invoice is due.
 */
export const CLIENT_INVOICE_STATUS_LABELS: Record<InvoiceStatus, string> = {
  draft: 'Draft',
  sent: 'Due',
  viewed: 'Due',
  partial: 'Partially paid',
  paid: 'Paid',
  overdue: 'Overdue',
  void: 'Void',
};

/**
 * Allowed moves, from -> to:
 * - draft -> sent: "mark as issued" (`/issue`) or "send" (email) (the number is assigned then). A draft is deleted, never voided.
 * - sent -> viewed: the client opened the public link.
 * - sent | viewed | overdue -> partial: a payment that leaves a balance.
 * - sent | viewed | partial | overdue -> paid: a payment covering the balance.
 * - paid | partial -> partial | sent | viewed: a payment is deleted (recomputed from the rest).
 * - paid -> overdue, overdue -> sent | viewed | partial: a payment is deleted after the due date, or
 *   the due date of an unpaid invoice is edited.
 * - sent | viewed | partial -> overdue: past the due date with a balance (scheduler).
 * - any issued status that is not paid -> void. Void is terminal.
 */
export const INVOICE_TRANSITIONS: Record<InvoiceStatus, readonly InvoiceStatus[]> = {
  draft: ['sent'],
  sent: ['viewed', 'partial', 'paid', 'overdue', 'void'],
  viewed: ['partial', 'paid', 'overdue', 'void'],
  partial: ['paid', 'sent', 'viewed', 'overdue', 'void'],
  paid: ['partial', 'sent', 'viewed', 'overdue'],
  overdue: ['partial', 'paid', 'sent', 'viewed', 'void'],
  void: [],
};

export function canTransition(from: InvoiceStatus, to: InvoiceStatus): boolean {
  return INVOICE_TRANSITIONS[from].includes(to);
}

/** Facts the status follows from. Dates are `yyyy-MM-dd`; amounts in cents. */
export interface InvoiceStatusFacts {
  /** Left draft (issued without email, or sent by email). */
  issued: boolean;
  voided: boolean;
  /** The client opened the public link at least once. */
  viewed: boolean;
  total_cents: number;
  paid_cents: number;
  due_date: string;
  today: string;
}

/**
 * The status that the facts imply. Order of precedence: void, draft, paid (nothing left to pay,
 * also a zero total), overdue (past the due date with a balance, even when partly paid), partial
 * (some payment), viewed, sent.
 */
export function deriveStatus(facts: InvoiceStatusFacts): InvoiceStatus {
  if (facts.voided) return 'void';
  if (!facts.issued) return 'draft';
  const balance = facts.total_cents - facts.paid_cents;
  if (balance <= 0) return 'paid';
  if (facts.due_date < facts.today) return 'overdue';
  if (facts.paid_cents > 0) return 'partial';
  return facts.viewed ? 'viewed' : 'sent';
}

/** Only drafts are deleted; issued invoices are voided so the numbering has no gap. */
export function isDeletable(status: InvoiceStatus): boolean {
  return status === 'draft';
}

/**
 * Lines, dates and amounts can change while nothing has been paid: draft, sent, viewed, overdue.
 * Once a payment is recorded (partial, paid) the amounts are settled; void is terminal.
 */
export function isEditable(status: InvoiceStatus): boolean {
  return status === 'draft' || status === 'sent' || status === 'viewed' || status === 'overdue';
}

export function canVoid(status: InvoiceStatus): boolean {
  return canTransition(status, 'void');
}

/** Issued and not void: it has a number and counts in the books. */
export function isIssued(status: InvoiceStatus): boolean {
  return status !== 'draft' && status !== 'void';
}

/** Waiting for money: a payment may be recorded. */
export function acceptsPayment(status: InvoiceStatus): boolean {
  return status === 'sent' || status === 'viewed' || status === 'partial' || status === 'overdue';
}

/** Statuses the list's "Unpaid" filter shows. */
export const UNPAID_STATUSES: readonly InvoiceStatus[] = ['sent', 'viewed', 'partial', 'overdue'];

/**
 * What an invoice owes now, in cents: its unpaid balance while it waits for money (sent, viewed,
 * partial, overdue), else nothing. A draft has not been sent and a void invoice is cancelled, so
 * neither owes anything, whatever its document total. Every balance figure (the invoice list, its
 * summary, client balances, exports, the invoice itself) means this.
 */
export function owedNowCents(status: InvoiceStatus, balanceCents: number): number {
  return acceptsPayment(status) ? balanceCents : 0;
}
