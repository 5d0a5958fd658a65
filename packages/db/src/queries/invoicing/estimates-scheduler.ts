import { sql } from 'kysely';
import { toDbTime } from '../../dialect';
import type { ScheduledEmailRow } from '../../schema-estimates';
import type { Db } from '../shared/types';

/*
 * The scheduler's exactly-once email deliveries. A row per (kind, dedupe_key) is inserted in the
 * transaction that decided the email (a second insert is a no-op), then claimed with a lease,
 * handed to the mailer after the commit, and marked sent. A failed attempt goes back to pending;
 * a crashed sender's lease runs out and another tick picks the row up.
 */

export const SCHEDULED_EMAIL_MAX_ATTEMPTS = 5;

/** Inserts the delivery unless its key exists; answers whether this call created it. */
export async function enqueueScheduledEmail(
  db: Db,
  params: {
    businessId: number;
    kind: string;
    dedupeKey: string;
    invoiceId: number | null;
    data?: Record<string, unknown>;
    now: Date;
  },
): Promise<boolean> {
  const result = await db
    .insertInto('scheduled_emails')
    .values({
      business_id: params.businessId,
      kind: params.kind,
      dedupe_key: params.dedupeKey,
      invoice_id: params.invoiceId,
      status: 'pending',
      attempts: 0,
      data: params.data ? JSON.stringify(params.data) : null,
      created_at: toDbTime(params.now),
    })
    .onConflict((oc) => oc.columns(['kind', 'dedupe_key']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

/** Ids of deliveries that can be claimed now: pending, or sending with a lease that ran out (of one business when given). */
export async function listClaimableScheduledEmails(
  db: Db,
  params: { now: Date; limit: number; ids?: readonly number[]; businessId?: number },
): Promise<number[]> {
  const now = toDbTime(params.now);
  let query = db
    .selectFrom('scheduled_emails')
    .select('id')
    .where((eb) =>
      eb.or([eb('status', '=', 'pending'), eb.and([eb('status', '=', 'sending'), eb('claimed_until', '<', now)])]),
    )
    .where('attempts', '<', SCHEDULED_EMAIL_MAX_ATTEMPTS);
  if (params.businessId !== undefined) query = query.where('business_id', '=', params.businessId);
  if (params.ids) query = query.where('id', 'in', params.ids.length > 0 ? [...params.ids] : [0]);
  const rows = await query.orderBy('id').limit(params.limit).execute();
  return rows.map((row) => row.id);
}

/**
 * Claims one delivery atomically (a single conditional UPDATE: of two schedulers, one wins) for
 * `leaseMs`; answers the row, or undefined when someone else holds or finished it.
 */
export async function claimScheduledEmail(
  db: Db,
  params: { id: number; now: Date; leaseMs: number },
): Promise<ScheduledEmailRow | undefined> {
  const now = toDbTime(params.now);
  return db
    .updateTable('scheduled_emails')
    .set((eb) => ({
      status: 'sending',
      claimed_until: toDbTime(new Date(params.now.getTime() + params.leaseMs)),
      attempts: eb('attempts', '+', 1),
    }))
    .where('id', '=', params.id)
    .where((eb) =>
      eb.or([eb('status', '=', 'pending'), eb.and([eb('status', '=', 'sending'), eb('claimed_until', '<', now)])]),
    )
    .where('attempts', '<', SCHEDULED_EMAIL_MAX_ATTEMPTS)
    .returningAll()
    .executeTakeFirst();
}

export async function markScheduledEmailSent(
  db: Db,
  params: { id: number; outboxEmailId: number; now: Date },
): Promise<void> {
  await db
    .updateTable('scheduled_emails')
    .set({
      status: 'sent',
      outbox_email_id: params.outboxEmailId,
      sent_at: toDbTime(params.now),
      claimed_until: null,
      error: null,
    })
    .where('id', '=', params.id)
    .execute();
}

/** A failed attempt: back to pending (or `failed` after the last attempt) with the reason. */
export async function releaseScheduledEmail(db: Db, params: { id: number; error: string }): Promise<void> {
  await db
    .updateTable('scheduled_emails')
    .set((eb) => ({
      status: eb.case().when('attempts', '>=', SCHEDULED_EMAIL_MAX_ATTEMPTS).then('failed').else('pending').end(),
      claimed_until: null,
      error: params.error.slice(0, 2000),
    }))
    .where('id', '=', params.id)
    .execute();
}

export async function listScheduledEmails(
  db: Db,
  params: { businessId?: number; kind?: string; invoiceId?: number } = {},
): Promise<ScheduledEmailRow[]> {
  let query = db.selectFrom('scheduled_emails').selectAll();
  if (params.businessId !== undefined) query = query.where('business_id', '=', params.businessId);
  if (params.kind !== undefined) query = query.where('kind', '=', params.kind);
  if (params.invoiceId !== undefined) query = query.where('invoice_id', '=', params.invoiceId);
  return query.orderBy('id').execute();
}

/**
 * Issued invoices with a balance due before `before` whose stored status is not overdue yet, with
 * their business's time zone (recurring settings; null for the default) so the caller decides
 * with the business's own today. Every business, or one; in id order after `afterId`.
 */
export async function listInvoicesBecomingOverdue(
  db: Db,
  params: { before: string; businessId?: number; afterId?: number; limit: number },
): Promise<
  Array<{ id: number; business_id: number; invoice_number: string | null; due_date: string; time_zone: string | null }>
> {
  let query = db
    .selectFrom('invoices')
    .leftJoin('recurring_settings', 'recurring_settings.business_id', 'invoices.business_id')
    .select([
      'invoices.id',
      'invoices.business_id',
      'invoices.invoice_number',
      'invoices.due_date',
      'recurring_settings.time_zone',
    ])
    .where('invoices.status', 'in', ['sent', 'viewed', 'partial'])
    .where('invoices.due_date', '<', params.before)
    .where('invoices.balance_cents', '>', 0)
    .where('invoices.id', '>', params.afterId ?? 0);
  if (params.businessId !== undefined) query = query.where('invoices.business_id', '=', params.businessId);
  return query.orderBy('invoices.id').limit(params.limit).execute();
}

/**
 * Unpaid issued invoices of a business whose due date plus `offsetDays` falls in [from, to] and
 * that have no reminder for that step yet.
 */
export async function listInvoicesForReminder(
  db: Db,
  params: { businessId: number; dueFrom: string; dueTo: string; offsetDays: number; limit: number },
): Promise<Array<{ id: number; invoice_number: string | null; due_date: string }>> {
  return db
    .selectFrom('invoices')
    .select(['invoices.id', 'invoices.invoice_number', 'invoices.due_date'])
    .where('invoices.business_id', '=', params.businessId)
    .where('invoices.status', 'in', ['sent', 'viewed', 'partial', 'overdue'])
    .where('invoices.balance_cents', '>', 0)
    .where('invoices.due_date', '>=', params.dueFrom)
    .where('invoices.due_date', '<=', params.dueTo)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('scheduled_emails')
            .select('scheduled_emails.id')
            .where('scheduled_emails.kind', '=', 'reminder')
            .where(
              'scheduled_emails.dedupe_key',
              '=',
              sql<string>`cast(${eb.ref('invoices.id')} as varchar(20)) || ${`:${params.offsetDays}`}`,
            ),
        ),
      ),
    )
    .orderBy('invoices.id')
    .limit(params.limit)
    .execute();
}

/** Businesses that have unpaid issued invoices (the reminder pass walks them); only `businessId` when given. */
export async function listBusinessesWithUnpaidInvoices(
  db: Db,
  params: { businessId?: number } = {},
): Promise<number[]> {
  let query = db
    .selectFrom('invoices')
    .select('business_id')
    .distinct()
    .where('status', 'in', ['sent', 'viewed', 'partial', 'overdue'])
    .where('balance_cents', '>', 0);
  if (params.businessId !== undefined) query = query.where('business_id', '=', params.businessId);
  const rows = await query.execute();
  return rows.map((row) => row.business_id);
}
