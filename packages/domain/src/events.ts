/*
 * Domain events: what happened to a business's records. The server writes each one to the activity
 * log in the transaction of the change (a rolled-back change leaves no event) and hands it to the
 * in-process subscribers (notifications, goals) in that same transaction; the web reads them back as
 * timelines. This map is the one list of them: an event's name, the type of record it is about, and
 * the small JSON facts it carries (names, amounts as decimals, changed fields; never secrets).
 * Publishing and subscribing are checked against it by the compiler, so a new event is added here
 * first, with its data.
 */

/** The record an event is about (`activity_log.subject_type`). */
export type DomainEventSubject =
  | 'business'
  | 'user'
  | 'invitation'
  | 'client'
  | 'product'
  | 'tax_rate'
  | 'invoice'
  | 'estimate'
  | 'recurring_invoice'
  | 'goal'
  | 'other_income';

/** How an issued invoice or estimate left: issued without email by a person or by a schedule, or emailed. */
export type DocumentSendChannel = 'manual' | 'email';

/** Facts an issue or a send may add (who it was emailed to, the recurring run that issued it). */
export interface DocumentSentExtras {
  to?: string[];
  /** A send again of an issued document. */
  again?: true;
  /** Sent by the scheduler (recurring auto-send). */
  scheduled?: true;
  recurring_invoice_id?: number;
  period?: string;
  auto_send?: boolean;
  /** Email was not set up when it was sent: the email was kept in the outbox, nobody received it. */
  kept_in_outbox?: true;
}

/** An email about a document that the mail server refused and that was given up after its tries. */
interface EmailFailure {
  email_id: number;
  /** `invoice`, `estimate`, `receipt`, or `reminder`... (the outbox category). */
  category: string;
  email_subject: string;
  to: string[];
  reason: string;
  attempts: number;
}

interface Named {
  name: string;
}

interface Counted {
  count: number;
}

interface PaymentFacts {
  payment_id: number;
  amount: number;
  invoice_number: string | null;
}

interface GoalStatusChange {
  title: string;
  from: string;
  to: string;
}

interface OtherIncomeFacts {
  amount: number;
  source: string | null;
  goals?: number;
}

/** Every domain event: the type of its subject and its data. */
export interface DomainEventMap {
  // ---------------------------------------------------------------- clients, products, tax rates
  'client.created': { subject: 'client'; data: Named };
  'client.updated': { subject: 'client'; data: Named };
  'client.archived': { subject: 'client'; data: Named };
  'client.restored': { subject: 'client'; data: Named };
  'client.deleted': { subject: 'client'; data: Named };
  'client.imported': { subject: 'client'; data: Counted };
  'product.created': { subject: 'product'; data: Named };
  'product.updated': { subject: 'product'; data: Named };
  'product.archived': { subject: 'product'; data: Named };
  'product.restored': { subject: 'product'; data: Named };
  'product.deleted': { subject: 'product'; data: Named };
  'product.imported': { subject: 'product'; data: Counted };
  'tax_rate.created': { subject: 'tax_rate'; data: Named & { rate: number } };
  'tax_rate.updated': { subject: 'tax_rate'; data: Named & { rate: number } };
  'tax_rate.archived': { subject: 'tax_rate'; data: Named };
  'tax_rate.restored': { subject: 'tax_rate'; data: Named };
  'tax_rate.deleted': { subject: 'tax_rate'; data: Named };

  // ---------------------------------------------------------------- invoices and payments
  'invoice.created': {
    subject: 'invoice';
    data: {
      total: number;
      lines: number;
      /** Converted from an estimate. */
      estimate_id?: number;
      estimate_number?: string | null;
      /** Issued by a recurring invoice's run for `period`. */
      recurring_invoice_id?: number;
      period?: string;
    };
  };
  'invoice.updated': { subject: 'invoice'; data: { invoice_number: string | null; total: number } };
  'invoice.deleted': { subject: 'invoice'; data: { total: number } };
  'invoice.sent': {
    subject: 'invoice';
    data: { invoice_number: string | null; via: DocumentSendChannel } & DocumentSentExtras;
  };
  'invoice.viewed': { subject: 'invoice'; data: { invoice_number: string | null } };
  'invoice.voided': { subject: 'invoice'; data: { invoice_number: string | null; reason: string | null } };
  'invoice.overdue': {
    subject: 'invoice';
    data: { invoice_number: string | null; due_date: string; balance_due: number };
  };
  'invoice.reminder_sent': {
    subject: 'invoice';
    data: { invoice_number: string | null; offset_days: number; to: string[]; kept_in_outbox?: true };
  };
  'invoice.email_failed': { subject: 'invoice'; data: EmailFailure };
  'payment.recorded': { subject: 'invoice'; data: PaymentFacts & { method: string; status: string } };
  'payment.deleted': { subject: 'invoice'; data: PaymentFacts & { status: string } };
  'payment.receipt_sent': {
    subject: 'invoice';
    data: PaymentFacts & { to: string[]; email_id: number | null; kept_in_outbox?: true };
  };
  'payment.receipt_failed': { subject: 'invoice'; data: PaymentFacts & { to: string[]; reason: string } };
  'payment.allocated': { subject: 'invoice'; data: PaymentFacts & { goals: number[] } };

  // ---------------------------------------------------------------- estimates and recurring invoices
  'estimate.created': { subject: 'estimate'; data: { total: number; lines: number } };
  'estimate.updated': { subject: 'estimate'; data: { estimate_number: string | null; total: number } };
  'estimate.deleted': { subject: 'estimate'; data: { total: number } };
  'estimate.sent': {
    subject: 'estimate';
    data: { estimate_number: string | null; via: DocumentSendChannel } & DocumentSentExtras;
  };
  'estimate.email_failed': { subject: 'estimate'; data: EmailFailure };
  'estimate.viewed': { subject: 'estimate'; data: { estimate_number: string | null } };
  'estimate.accepted': { subject: 'estimate'; data: { estimate_number: string | null; name: string } };
  'estimate.declined': { subject: 'estimate'; data: { estimate_number: string | null; reason: string | null } };
  'estimate.expired': { subject: 'estimate'; data: { estimate_number: string | null; expiry_date: string } };
  'estimate.converted': { subject: 'estimate'; data: { estimate_number: string | null; invoice_id: number } };
  'recurring.created': { subject: 'recurring_invoice'; data: { next_run_date: string | null; total: number } };
  'recurring.updated': { subject: 'recurring_invoice'; data: { next_run_date: string | null } };
  'recurring.deleted': { subject: 'recurring_invoice'; data: { generated: number } };
  'recurring.paused': { subject: 'recurring_invoice'; data: Record<string, never> };
  'recurring.resumed': { subject: 'recurring_invoice'; data: { next_run_date: string | null } };
  /** Periods not run: `missed` (the missed-runs policy skipped them) or `skipped` (a person skipped the next run). */
  'recurring.skipped': { subject: 'recurring_invoice'; data: { periods: string[]; reason: 'missed' | 'skipped' } };
  'recurring.run': {
    subject: 'recurring_invoice';
    data: { period: string; invoice_id: number; invoice_number: string; auto_send: boolean; finished: boolean };
  };
  'recurring.failed': { subject: 'recurring_invoice'; data: { period: string; error: string } };

  // ---------------------------------------------------------------- goals and other income
  'goal.created': { subject: 'goal'; data: { title: string; goal_type: string } };
  'goal.updated': { subject: 'goal'; data: { title: string; status: string } };
  'goal.paused': { subject: 'goal'; data: GoalStatusChange };
  'goal.resumed': { subject: 'goal'; data: GoalStatusChange };
  'goal.marked_completed': { subject: 'goal'; data: GoalStatusChange };
  'goal.cancelled': { subject: 'goal'; data: GoalStatusChange };
  /** Reached its target (amounts as decimals, counts as numbers). */
  'goal.completed': { subject: 'goal'; data: { title: string; target: number; current: number } };
  'goal.deleted': { subject: 'goal'; data: { title: string } };
  'other_income.recorded': { subject: 'other_income'; data: OtherIncomeFacts };
  'other_income.updated': { subject: 'other_income'; data: OtherIncomeFacts };
  'other_income.deleted': { subject: 'other_income'; data: OtherIncomeFacts };

  // ---------------------------------------------------------------- account and settings
  'settings.invoicing_updated': { subject: 'business'; data: Record<string, unknown> };
  'settings.business_updated': { subject: 'business'; data: { fields: string[] } };
  'settings.numbering_updated': { subject: 'business'; data: Record<string, unknown> };
  'settings.recurring_updated': { subject: 'business'; data: Record<string, unknown> };
  'settings.reminders_updated': {
    subject: 'business';
    data: { steps: Array<{ offset_days: number; enabled: boolean }> };
  };
  'settings.email_template_updated': { subject: 'business'; data: { key: string } };
  'profile.updated': { subject: 'user'; data: { email_changed: boolean } };
  'profile.password_changed': { subject: 'user'; data: { revoked: number } };
  'account.exported': { subject: 'business'; data: { tables: number } };
  'team.invited': { subject: 'invitation'; data: { email: string; role: string } };
  'team.joined': { subject: 'user'; data: { role: string } };
  'team.role_changed': { subject: 'user'; data: { from: string; to: string } };
  'team.member_removed': { subject: 'user'; data: { email: string; role: string } };
  'team.member_left': { subject: 'user'; data: { email: string; role: string } };
}

export type DomainEventName = keyof DomainEventMap;

/** The data an event of this name carries. */
export type DomainEventData<N extends DomainEventName> = DomainEventMap[N]['data'];

/** The type of record an event of this name is about. */
export type DomainEventSubjectOf<N extends DomainEventName> = DomainEventMap[N]['subject'];

/**
 * One event as it is published and as subscribers receive it. Without a type argument it is the
 * union of every event, so `switch (event.type)` narrows `data` to that event's facts.
 */
export type DomainEvent<N extends DomainEventName = DomainEventName> = {
  [K in N]: {
    type: K;
    businessId: number;
    /** Who did it; null for the system (seed, scheduler, a client on a public page). */
    userId: number | null;
    subject: { type: DomainEventSubjectOf<K>; id: number | null };
    data: DomainEventData<K>;
    at: Date;
  };
}[N];
