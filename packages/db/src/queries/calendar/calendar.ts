import { sql } from 'kysely';
import type { Db } from '../shared/types';
import { leadNameSql } from '../crm/crm-shared';

/*
 * The calendar's reads (issue 17): each area's dates over a range, every query scoped by the
 * business and bounded by an index on (business_id, date). Dates are `yyyy-MM-dd` ([from, to), `to`
 * exclusive); instants are ISO UTC text ([fromAt, toAt)). Unordered: the calendar sorts the events of
 * every area together. The invoices' read (a month of a large business is over a thousand rows) is
 * answered from an index that holds every column it needs (migration 0017).
 */

export interface CalendarDateRange {
  businessId: number;
  from: string;
  to: string;
}

export interface CalendarInstantRange {
  businessId: number;
  fromAt: string;
  toAt: string;
  /** Only this assignee's activities. */
  assigneeUserId?: number | undefined;
}

/** Invoices due in the range (void ones have no due date that matters). */
export async function listCalendarInvoices(db: Db, params: CalendarDateRange) {
  return db
    .selectFrom('invoices')
    .innerJoin('clients', 'clients.id', 'invoices.client_id')
    .select([
      'invoices.id',
      'invoices.invoice_number',
      'invoices.status',
      'invoices.due_date',
      'invoices.total_cents',
      'invoices.balance_cents',
      'clients.name as client_name',
    ])
    .where('invoices.business_id', '=', params.businessId)
    .where('invoices.due_date', '>=', params.from)
    .where('invoices.due_date', '<', params.to)
    .where('invoices.status', '!=', 'void')
    .execute();
}

/** Estimates whose expiry date falls in the range and still matters (not accepted, declined or converted). */
export async function listCalendarEstimates(db: Db, params: CalendarDateRange) {
  return db
    .selectFrom('estimates')
    .innerJoin('clients', 'clients.id', 'estimates.client_id')
    .select([
      'estimates.id',
      'estimates.estimate_number',
      'estimates.status',
      'estimates.expiry_date',
      'estimates.total_cents',
      'clients.name as client_name',
    ])
    .where('estimates.business_id', '=', params.businessId)
    .where('estimates.expiry_date', '>=', params.from)
    .where('estimates.expiry_date', '<', params.to)
    .where('estimates.status', 'in', ['draft', 'sent', 'viewed', 'expired'])
    .execute();
}

/** Active recurring invoices whose next run comes before the range ends (the calendar projects their runs). */
export async function listCalendarRecurring(db: Db, params: { businessId: number; to: string }) {
  return db
    .selectFrom('recurring_invoices')
    .innerJoin('clients', 'clients.id', 'recurring_invoices.client_id')
    .select([
      'recurring_invoices.id',
      'recurring_invoices.frequency',
      'recurring_invoices.interval_count',
      'recurring_invoices.day_of_month',
      'recurring_invoices.start_date',
      'recurring_invoices.end_type',
      'recurring_invoices.end_date',
      'recurring_invoices.end_count',
      'recurring_invoices.next_index',
      'recurring_invoices.generated_count',
      'recurring_invoices.total_cents',
      'clients.name as client_name',
    ])
    .where('recurring_invoices.business_id', '=', params.businessId)
    .where('recurring_invoices.status', '=', 'active')
    .where('recurring_invoices.next_run_date', 'is not', null)
    .where('recurring_invoices.next_run_date', '<', params.to)
    .execute();
}

/** Activities due in the range (open and done), with their type, assignee and what they are about. */
export async function listCalendarActivities(db: Db, params: CalendarInstantRange) {
  let query = db
    .selectFrom('crm_activities')
    .innerJoin('crm_activity_types', 'crm_activity_types.id', 'crm_activities.type_id')
    .leftJoin('users', 'users.id', 'crm_activities.assignee_user_id')
    .leftJoin('crm_leads', 'crm_leads.id', 'crm_activities.lead_id')
    .leftJoin('crm_opportunities', 'crm_opportunities.id', 'crm_activities.opportunity_id')
    .leftJoin('clients', 'clients.id', 'crm_activities.client_id')
    .select([
      'crm_activities.id',
      'crm_activities.subject',
      'crm_activities.due_at',
      'crm_activities.done_at',
      'crm_activities.assignee_user_id',
      'crm_activities.lead_id',
      'crm_activities.opportunity_id',
      'crm_activities.client_id',
      'crm_activity_types.name as type_name',
      'users.name as assignee_name',
      sql<string | null>`coalesce(${leadNameSql()}, crm_opportunities.title, clients.name)`.as('about_name'),
    ])
    .where('crm_activities.business_id', '=', params.businessId)
    .where('crm_activities.due_at', '>=', params.fromAt)
    .where('crm_activities.due_at', '<', params.toAt);
  if (params.assigneeUserId !== undefined)
    query = query.where('crm_activities.assignee_user_id', '=', params.assigneeUserId);
  return query.execute();
}

/** Reminders of open activities that fire in the range. */
export async function listCalendarReminders(db: Db, params: CalendarInstantRange) {
  let query = db
    .selectFrom('crm_activity_reminders')
    .innerJoin('crm_activities', 'crm_activities.id', 'crm_activity_reminders.activity_id')
    .leftJoin('users', 'users.id', 'crm_activities.assignee_user_id')
    .select([
      'crm_activity_reminders.id',
      'crm_activity_reminders.remind_at',
      'crm_activities.id as activity_id',
      'crm_activities.subject',
      'crm_activities.assignee_user_id',
      'crm_activities.lead_id',
      'crm_activities.opportunity_id',
      'crm_activities.client_id',
      'users.name as assignee_name',
    ])
    .where('crm_activity_reminders.business_id', '=', params.businessId)
    .where('crm_activities.business_id', '=', params.businessId)
    .where('crm_activity_reminders.remind_at', '>=', params.fromAt)
    .where('crm_activity_reminders.remind_at', '<', params.toAt)
    .where('crm_activities.done_at', 'is', null);
  if (params.assigneeUserId !== undefined)
    query = query.where('crm_activities.assignee_user_id', '=', params.assigneeUserId);
  return query.execute();
}

/** Goals whose target date falls in the range (cancelled ones left out). */
export async function listCalendarGoals(db: Db, params: CalendarDateRange) {
  return db
    .selectFrom('goals')
    .select(['id', 'title', 'type', 'status', 'target_date', 'target_cents', 'current_cents'])
    .where('business_id', '=', params.businessId)
    .where('target_date', '>=', params.from)
    .where('target_date', '<', params.to)
    .where('status', '!=', 'cancelled')
    .execute();
}

/** Payments received in the range, with their invoice's number and client. */
export async function listCalendarPayments(db: Db, params: CalendarDateRange) {
  return db
    .selectFrom('payments')
    .innerJoin('invoices', 'invoices.id', 'payments.invoice_id')
    .innerJoin('clients', 'clients.id', 'invoices.client_id')
    .select([
      'payments.id',
      'payments.invoice_id',
      'payments.amount_cents',
      'payments.payment_date',
      'invoices.invoice_number',
      'clients.name as client_name',
    ])
    .where('payments.business_id', '=', params.businessId)
    .where('payments.payment_date', '>=', params.from)
    .where('payments.payment_date', '<', params.to)
    .execute();
}

/** The people of a business (the calendar's person filter), by name. */
export async function listCalendarPeople(db: Db, params: { businessId: number }) {
  return db
    .selectFrom('users')
    .select(['id', 'name'])
    .where('business_id', '=', params.businessId)
    .orderBy('name')
    .orderBy('id')
    .execute();
}

export async function userInBusiness(db: Db, params: { businessId: number; userId: number }): Promise<boolean> {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where('business_id', '=', params.businessId)
    .where('id', '=', params.userId)
    .executeTakeFirst();
  return row !== undefined;
}

// ---------------------------------------------------------------- feeds

export async function findCalendarFeed(db: Db, params: { businessId: number; userId: number }) {
  return db
    .selectFrom('calendar_feeds')
    .selectAll()
    .where('business_id', '=', params.businessId)
    .where('user_id', '=', params.userId)
    .executeTakeFirst();
}

/** The feed of a token's hash, with its owner's role (a feed dies with its person). */
export async function findCalendarFeedByTokenHash(db: Db, params: { tokenHash: string }) {
  return db
    .selectFrom('calendar_feeds')
    .innerJoin('users', (join) =>
      join
        .onRef('users.id', '=', 'calendar_feeds.user_id')
        .onRef('users.business_id', '=', 'calendar_feeds.business_id'),
    )
    .select([
      'calendar_feeds.id',
      'calendar_feeds.business_id',
      'calendar_feeds.user_id',
      'calendar_feeds.kinds',
      'users.role',
      'users.name as user_name',
    ])
    .where('calendar_feeds.token_hash', '=', params.tokenHash)
    .executeTakeFirst();
}

/** Creates the person's feed with a token, or changes its kinds (and its token when `tokenHash` is given). */
export async function saveCalendarFeed(
  db: Db,
  params: { businessId: number; userId: number; kinds: string; tokenHash?: string | undefined; now: Date },
) {
  const now = params.now.toISOString();
  const existing = await findCalendarFeed(db, params);
  if (!existing) {
    if (!params.tokenHash) throw new Error('A new feed needs a token');
    await db
      .insertInto('calendar_feeds')
      .values({
        business_id: params.businessId,
        user_id: params.userId,
        token_hash: params.tokenHash,
        kinds: params.kinds,
        created_at: now,
        updated_at: now,
      })
      .execute();
  } else {
    await db
      .updateTable('calendar_feeds')
      .set({ kinds: params.kinds, updated_at: now, ...(params.tokenHash ? { token_hash: params.tokenHash } : {}) })
      .where('business_id', '=', params.businessId)
      .where('user_id', '=', params.userId)
      .execute();
  }
  return findCalendarFeed(db, params);
}

export async function deleteCalendarFeed(db: Db, params: { businessId: number; userId: number }): Promise<boolean> {
  const result = await db
    .deleteFrom('calendar_feeds')
    .where('business_id', '=', params.businessId)
    .where('user_id', '=', params.userId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
