import { sql } from 'kysely';
import { toDbTime } from '../../dialect';
import type { CrmLeadRow } from '../../schema-crm';
import { containsLower, searchText, type PageParams, type SortDirection } from '../shared/list-helpers';
import { chunks, inTransaction, num } from '../shared/sql';
import { leadNameSql } from './crm-shared';
import type { Db } from '../shared/types';

/*
 * Queries of leads (issue 14): create, edit, read, the list (server-side search, filters, sort,
 * pages, count), bulk actions, CSV import helpers, client matches and conversion. Every query is
 * scoped by `businessId`. Money in cents.
 */

export interface LeadFields {
  person_name: string | null;
  company_name: string | null;
  /** Lowercased (the contract does it); unique per business. */
  email: string | null;
  phone: string | null;
  source_id: number | null;
  /** new | contacted | qualified | unqualified (converted only through `markLeadConverted`). */
  status: string;
  owner_user_id: number | null;
  estimated_value_cents: number | null;
  notes: string | null;
}

/** A lead with the names it refers to and what it was converted into (all null before conversion). */
export type LeadView = CrmLeadRow & {
  source_name: string | null;
  owner_name: string | null;
  conversion_converted_at: string | null;
  conversion_user_id: number | null;
  conversion_client_id: number | null;
  conversion_client_name: string | null;
  conversion_opportunity_id: number | null;
  conversion_opportunity_title: string | null;
};

function derived(fields: LeadFields) {
  return {
    sort_name: (fields.person_name ?? fields.company_name ?? '').toLowerCase(),
    sort_company: (fields.company_name ?? '').toLowerCase(),
    search_text: searchText([fields.person_name, fields.company_name, fields.email, fields.phone]),
  };
}

function leadViewQuery(db: Db, businessId: number) {
  return db
    .selectFrom('crm_leads')
    .leftJoin('crm_lead_sources', 'crm_lead_sources.id', 'crm_leads.source_id')
    .leftJoin('users', 'users.id', 'crm_leads.owner_user_id')
    .leftJoin('crm_lead_conversions', 'crm_lead_conversions.lead_id', 'crm_leads.id')
    .leftJoin('clients', 'clients.id', 'crm_lead_conversions.client_id')
    .leftJoin('crm_opportunities', 'crm_opportunities.id', 'crm_lead_conversions.opportunity_id')
    .selectAll('crm_leads')
    .select([
      'crm_lead_sources.name as source_name',
      'users.name as owner_name',
      'crm_lead_conversions.converted_at as conversion_converted_at',
      'crm_lead_conversions.converted_by_user_id as conversion_user_id',
      'crm_lead_conversions.client_id as conversion_client_id',
      'clients.name as conversion_client_name',
      'crm_lead_conversions.opportunity_id as conversion_opportunity_id',
      'crm_opportunities.title as conversion_opportunity_title',
    ])
    .where('crm_leads.business_id', '=', businessId);
}

/** Inserts a lead (`createdAt` lets imports and the demo seed date it). A duplicate email is a unique violation. */
export async function insertLead(
  db: Db,
  params: { businessId: number; fields: LeadFields; userId: number | null; now: Date; createdAt?: Date },
): Promise<{ id: number }> {
  const now = toDbTime(params.now);
  const created = params.createdAt ? toDbTime(params.createdAt) : now;
  return db
    .insertInto('crm_leads')
    .values({
      business_id: params.businessId,
      ...params.fields,
      ...derived(params.fields),
      created_by_user_id: params.userId,
      converted_at: null,
      created_at: created,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
}

/**
 * Inserts many leads in one go (a CSV import: run it in the import's transaction, so that a
 * failure leaves nothing half-imported). Answers the ids in the order of `rows`.
 */
export async function insertLeads(
  db: Db,
  params: { businessId: number; rows: readonly LeadFields[]; userId: number | null; now: Date },
): Promise<number[]> {
  const now = toDbTime(params.now);
  const ids: number[] = [];
  for (const part of chunks(params.rows, 200)) {
    const inserted = await db
      .insertInto('crm_leads')
      .values(
        part.map((fields) => ({
          business_id: params.businessId,
          ...fields,
          ...derived(fields),
          created_by_user_id: params.userId,
          converted_at: null,
          created_at: now,
          updated_at: now,
        })),
      )
      .returning('id')
      .execute();
    // Multi-row inserts answer their rows in order on both databases; ids ascend.
    ids.push(...inserted.map((row) => row.id).sort((a, b) => a - b));
  }
  return ids;
}

/**
 * Replaces a lead's fields. A converted lead is read-only: answers `read_only` and changes nothing
 * (also when it was converted a moment ago by someone else); `not_found` for another business's id.
 */
export async function updateLead(
  db: Db,
  params: { businessId: number; leadId: number; fields: LeadFields; now: Date },
): Promise<'updated' | 'not_found' | 'read_only'> {
  const result = await db
    .updateTable('crm_leads')
    .set({ ...params.fields, ...derived(params.fields), updated_at: toDbTime(params.now) })
    .where('business_id', '=', params.businessId)
    .where('id', '=', params.leadId)
    .where('status', '!=', 'converted')
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) > 0) return 'updated';
  return (await findLeadRow(db, params)) ? 'read_only' : 'not_found';
}

export async function findLeadRow(
  db: Db,
  params: { businessId: number; leadId: number },
): Promise<CrmLeadRow | undefined> {
  return db
    .selectFrom('crm_leads')
    .selectAll()
    .where('business_id', '=', params.businessId)
    .where('id', '=', params.leadId)
    .executeTakeFirst();
}

export async function findLead(db: Db, params: { businessId: number; leadId: number }): Promise<LeadView | undefined> {
  return leadViewQuery(db, params.businessId).where('crm_leads.id', '=', params.leadId).executeTakeFirst();
}

/**
 * Reads a lead and takes its row lock for the rest of the transaction (PostgreSQL: the no-op update
 * locks the row; SQLite: any write takes the database's write lock). Conversion starts with it, so
 * two conversions of one lead are serialised and the second sees `converted`.
 */
export async function lockLead(
  db: Db,
  params: { businessId: number; leadId: number },
): Promise<CrmLeadRow | undefined> {
  return db
    .updateTable('crm_leads')
    .set((eb) => ({ updated_at: eb.ref('updated_at') }))
    .where('business_id', '=', params.businessId)
    .where('id', '=', params.leadId)
    .returningAll()
    .executeTakeFirst();
}

export type LeadSort = 'created_at' | 'updated_at' | 'name' | 'company_name' | 'status' | 'estimated_value';

export interface LeadListParams extends PageParams {
  businessId: number;
  search?: string | undefined;
  /** Null or undefined: every status. */
  statuses?: readonly string[] | null | undefined;
  /** An id, or `none` for leads without one. */
  sourceId?: number | 'none' | undefined;
  ownerId?: number | 'none' | undefined;
  /** Instants (the business's dates turned into its day bounds: domain `zonedDateRange`). */
  createdSince?: Date | undefined;
  createdBefore?: Date | undefined;
  sort: LeadSort;
  direction: SortDirection;
}

function filteredLeads(db: Db, params: Omit<LeadListParams, 'limit' | 'offset' | 'sort' | 'direction'>) {
  let query = db.selectFrom('crm_leads').where('crm_leads.business_id', '=', params.businessId);
  if (params.statuses) query = query.where('crm_leads.status', 'in', [...params.statuses]);
  if (params.sourceId === 'none') query = query.where('crm_leads.source_id', 'is', null);
  else if (params.sourceId !== undefined) query = query.where('crm_leads.source_id', '=', params.sourceId);
  if (params.ownerId === 'none') query = query.where('crm_leads.owner_user_id', 'is', null);
  else if (params.ownerId !== undefined) query = query.where('crm_leads.owner_user_id', '=', params.ownerId);
  if (params.createdSince) query = query.where('crm_leads.created_at', '>=', toDbTime(params.createdSince));
  if (params.createdBefore) query = query.where('crm_leads.created_at', '<', toDbTime(params.createdBefore));
  const search = params.search?.trim();
  if (search) query = query.where(({ ref }) => containsLower(ref('crm_leads.search_text'), search));
  return query;
}

/**
 * One page of leads and how many match; ties broken by id so pages never overlap. The filters and
 * the order run on `crm_leads` alone (its indexes), then the page's rows are read with their names.
 */
export async function listLeads(db: Db, params: LeadListParams): Promise<{ rows: LeadView[]; total: number }> {
  const base = filteredLeads(db, params);
  const count = await base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
  const direction = params.direction;
  let query = base.select('crm_leads.id');
  switch (params.sort) {
    case 'created_at':
      query = query.orderBy('crm_leads.created_at', direction);
      break;
    case 'updated_at':
      query = query.orderBy('crm_leads.updated_at', direction);
      break;
    case 'name':
      query = query.orderBy('crm_leads.sort_name', direction);
      break;
    case 'company_name':
      query = query.orderBy('crm_leads.sort_company', direction).orderBy('crm_leads.sort_name', direction);
      break;
    case 'status':
      query = query.orderBy('crm_leads.status', direction).orderBy('crm_leads.created_at', 'desc');
      break;
    case 'estimated_value':
      // Leads without an estimate sort as the lowest value on both databases.
      query = query.orderBy(sql`coalesce(crm_leads.estimated_value_cents, -1)`, direction);
      break;
  }
  const ids = (await query.orderBy('crm_leads.id', direction).limit(params.limit).offset(params.offset).execute()).map(
    (row) => row.id,
  );
  if (ids.length === 0) return { rows: [], total: num(count.total) };
  const views = await leadViewQuery(db, params.businessId).where('crm_leads.id', 'in', ids).execute();
  const byId = new Map(views.map((view) => [view.id, view]));
  return { rows: ids.map((id) => byId.get(id)).filter((view) => view !== undefined), total: num(count.total) };
}

/** Every lead matching the filters, newest first (the CSV export). */
export async function listAllLeads(
  db: Db,
  params: Omit<LeadListParams, 'limit' | 'offset' | 'sort' | 'direction'>,
): Promise<LeadView[]> {
  return leadViewQuery(db, params.businessId)
    .where('crm_leads.id', 'in', filteredLeads(db, params).select('crm_leads.id'))
    .orderBy('crm_leads.created_at', 'desc')
    .orderBy('crm_leads.id', 'desc')
    .execute();
}

/**
 * Bulk "assign owner": sets the owner of the business's leads among `ids` that are not converted.
 * `affected` counts those changed, `skipped` the converted ones left alone; other ids count in neither.
 */
export async function bulkAssignLeadOwner(
  db: Db,
  params: { businessId: number; ids: readonly number[]; ownerUserId: number | null; now: Date },
): Promise<{ affected: number; skipped: number }> {
  return bulkUpdate(db, params, { owner_user_id: params.ownerUserId });
}

/** Bulk "change status" (not to converted: the contract refuses it), like `bulkAssignLeadOwner`. */
export async function bulkSetLeadStatus(
  db: Db,
  params: { businessId: number; ids: readonly number[]; status: string; now: Date },
): Promise<{ affected: number; skipped: number }> {
  if (params.status === 'converted') throw new RangeError('A lead becomes converted only by converting it');
  return bulkUpdate(db, params, { status: params.status });
}

async function bulkUpdate(
  db: Db,
  params: { businessId: number; ids: readonly number[]; now: Date },
  set: { owner_user_id?: number | null; status?: string },
): Promise<{ affected: number; skipped: number }> {
  let affected = 0;
  let skipped = 0;
  for (const part of chunks(params.ids, 500)) {
    const result = await db
      .updateTable('crm_leads')
      .set({ ...set, updated_at: toDbTime(params.now) })
      .where('business_id', '=', params.businessId)
      .where('id', 'in', part)
      .where('status', '!=', 'converted')
      .executeTakeFirst();
    affected += Number(result.numUpdatedRows);
    const converted = await db
      .selectFrom('crm_leads')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('business_id', '=', params.businessId)
      .where('id', 'in', part)
      .where('status', '=', 'converted')
      .executeTakeFirstOrThrow();
    skipped += num(converted.n);
  }
  return { affected, skipped };
}

/**
 * Deletes the business's leads among `ids` (converted ones too); their activities, notes and
 * conversion rows go with them, and opportunities made from them keep their client and lose the
 * lead link. Answers how many were deleted.
 */
export async function deleteLeads(db: Db, params: { businessId: number; ids: readonly number[] }): Promise<number> {
  let deleted = 0;
  for (const part of chunks(params.ids, 500)) {
    const result = await db
      .deleteFrom('crm_leads')
      .where('business_id', '=', params.businessId)
      .where('id', 'in', part)
      .executeTakeFirst();
    deleted += Number(result.numDeletedRows);
  }
  return deleted;
}

/** The business's leads having one of `emails` (the CSV import reports them as duplicates). */
export async function findLeadsByEmails(
  db: Db,
  params: { businessId: number; emails: readonly string[]; exceptLeadId?: number },
): Promise<Array<{ id: number; email: string }>> {
  const emails = [...new Set(params.emails.map((email) => email.trim().toLowerCase()).filter(Boolean))];
  const out: Array<{ id: number; email: string }> = [];
  for (const part of chunks(emails, 500)) {
    let query = db
      .selectFrom('crm_leads')
      .select(['id', 'email'])
      .where('business_id', '=', params.businessId)
      .where('email', 'in', part);
    if (params.exceptLeadId !== undefined) query = query.where('id', '!=', params.exceptLeadId);
    for (const row of await query.execute()) if (row.email) out.push({ id: row.id, email: row.email });
  }
  return out;
}

/**
 * Clients a lead may be converted into: those whose email (or a contact's email) is the lead's,
 * then those whose name is the lead's company name (case-insensitive); archived clients excluded.
 */
export async function findClientMatchesForLead(
  db: Db,
  params: { businessId: number; email: string | null; companyName: string | null; limit: number },
): Promise<Array<{ id: number; name: string; email: string | null; matched_on: 'email' | 'company_name' }>> {
  const out: Array<{ id: number; name: string; email: string | null; matched_on: 'email' | 'company_name' }> = [];
  const email = params.email?.trim().toLowerCase();
  if (email) {
    const rows = await db
      .selectFrom('clients')
      .select(['id', 'name', 'email'])
      .where('business_id', '=', params.businessId)
      .where('archived_at', 'is', null)
      .where((eb) =>
        eb.or([
          eb(eb.fn('lower', ['email']), '=', email),
          eb.exists(
            eb
              .selectFrom('client_contacts')
              .select('client_contacts.id')
              .whereRef('client_contacts.client_id', '=', 'clients.id')
              .where((inner) => inner(inner.fn('lower', ['client_contacts.email']), '=', email)),
          ),
        ]),
      )
      .orderBy('sort_name')
      .orderBy('id')
      .limit(params.limit)
      .execute();
    out.push(...rows.map((row) => ({ ...row, matched_on: 'email' as const })));
  }
  const company = params.companyName?.trim().toLowerCase();
  if (company && out.length < params.limit) {
    let query = db
      .selectFrom('clients')
      .select(['id', 'name', 'email'])
      .where('business_id', '=', params.businessId)
      .where('archived_at', 'is', null)
      .where('sort_name', '=', company);
    if (out.length > 0)
      query = query.where(
        'id',
        'not in',
        out.map((row) => row.id),
      );
    const rows = await query
      .orderBy('id')
      .limit(params.limit - out.length)
      .execute();
    out.push(...rows.map((row) => ({ ...row, matched_on: 'company_name' as const })));
  }
  return out;
}

/**
 * Records a conversion (inside the conversion's transaction, after the client and the opportunity
 * exist): the lead becomes `converted` with `converted_at`, and the conversion row links it to the
 * client and the opportunity. False, and nothing written, when the lead is not the business's or is
 * already converted (the unique lead_id of `crm_lead_conversions` refuses a second one as well).
 */
export async function markLeadConverted(
  db: Db,
  params: {
    businessId: number;
    leadId: number;
    clientId: number;
    opportunityId: number;
    userId: number | null;
    now: Date;
  },
): Promise<boolean> {
  return inTransaction(db, async (tx) => {
    const now = toDbTime(params.now);
    const result = await tx
      .updateTable('crm_leads')
      .set({ status: 'converted', converted_at: now, updated_at: now })
      .where('business_id', '=', params.businessId)
      .where('id', '=', params.leadId)
      .where('status', '!=', 'converted')
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) return false;
    await tx
      .insertInto('crm_lead_conversions')
      .values({
        business_id: params.businessId,
        lead_id: params.leadId,
        client_id: params.clientId,
        opportunity_id: params.opportunityId,
        converted_by_user_id: params.userId,
        converted_at: now,
      })
      .execute();
    return true;
  });
}

/** Leads converted into a client (client 360), newest conversion first. */
export async function listClientLeads(db: Db, params: { businessId: number; clientId: number }): Promise<LeadView[]> {
  return leadViewQuery(db, params.businessId)
    .where('crm_lead_conversions.client_id', '=', params.clientId)
    .orderBy('crm_lead_conversions.converted_at', 'desc')
    .orderBy('crm_leads.id', 'desc')
    .execute();
}

/** The business's leads by id (names for lists and timelines). */
export async function findLeadNames(
  db: Db,
  params: { businessId: number; ids: readonly number[] },
): Promise<Map<number, string>> {
  const names = new Map<number, string>();
  for (const part of chunks([...new Set(params.ids)], 500)) {
    const rows = await db
      .selectFrom('crm_leads')
      .select(['id', leadNameSql().as('name')])
      .where('business_id', '=', params.businessId)
      .where('id', 'in', part)
      .execute();
    for (const row of rows) names.set(row.id, row.name ?? '');
  }
  return names;
}
