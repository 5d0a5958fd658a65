import { sql } from 'kysely';
import {
  DEFAULT_ACTIVITY_TYPES,
  DEFAULT_CRM_SETTINGS,
  DEFAULT_LEAD_SOURCES,
  DEFAULT_LOST_REASONS,
  DEFAULT_PIPELINE,
} from '@ledgerleaf/domain';
import { toDbTime } from '../../dialect';
import type { Database } from '../../schema';
import { bool, inTransaction } from '../shared/sql';
import type { Db } from '../shared/types';

/*
 * Queries of the CRM's configuration (issue 14): settings, the defaults of a new business, and the
 * check that referenced ids are the business's. The configuration lists have their own files:
 * `stages.ts`, `sources-and-reasons.ts`, `activity-types.ts`. Every query is scoped by `businessId`:
 * another business's id finds nothing.
 */

// ---------------------------------------------------------------- settings

export interface CrmSettingsValues {
  rate_window_days: number;
  reminder_in_app: boolean;
  reminder_email: boolean;
  default_owner_user_id: number | null;
  updated_at: string | null;
}

/** The business's CRM settings; the defaults (`DEFAULT_CRM_SETTINGS`) when it has no row yet. */
export async function findCrmSettings(db: Db, params: { businessId: number }): Promise<CrmSettingsValues> {
  const row = await db
    .selectFrom('crm_settings')
    .selectAll()
    .where('business_id', '=', params.businessId)
    .executeTakeFirst();
  if (!row) return { ...DEFAULT_CRM_SETTINGS, updated_at: null };
  return {
    rate_window_days: row.rate_window_days,
    reminder_in_app: bool(row.reminder_in_app),
    reminder_email: bool(row.reminder_email),
    default_owner_user_id: row.default_owner_user_id,
    updated_at: row.updated_at,
  };
}

export async function saveCrmSettings(
  db: Db,
  params: {
    businessId: number;
    settings: Omit<CrmSettingsValues, 'updated_at'>;
    now: Date;
  },
): Promise<void> {
  const now = toDbTime(params.now);
  await db
    .insertInto('crm_settings')
    .values({ business_id: params.businessId, ...params.settings, created_at: now, updated_at: now })
    .onConflict((oc) => oc.column('business_id').doUpdateSet({ ...params.settings, updated_at: now }))
    .execute();
}

// ---------------------------------------------------------------- defaults

/**
 * Gives a business its CRM defaults once: the settings row, the default pipeline (New, Qualified,
 * Proposal, Negotiation, Won, Lost), lead sources, lost reasons and activity types (with their
 * "next" suggestions). Idempotent and safe under concurrency: the settings row is inserted first
 * with ON CONFLICT DO NOTHING, and only the call that inserted it writes the rest, in the same
 * transaction (a new one unless `db` is one). Answers whether this call seeded. A business that
 * already has its settings (seeded, or saved by a person) is left alone, so defaults deleted on
 * purpose never come back. Call it when a business is created and before its first CRM read.
 */
export async function seedCrmDefaults(db: Db, params: { businessId: number; now: Date }): Promise<boolean> {
  // A read first: the common case (already seeded) writes nothing, so it may run on every CRM read.
  const existing = await db
    .selectFrom('crm_settings')
    .select('business_id')
    .where('business_id', '=', params.businessId)
    .executeTakeFirst();
  if (existing) return false;
  return inTransaction(db, async (tx) => {
    const now = toDbTime(params.now);
    const inserted = await tx
      .insertInto('crm_settings')
      .values({
        business_id: params.businessId,
        rate_window_days: DEFAULT_CRM_SETTINGS.rate_window_days,
        reminder_in_app: DEFAULT_CRM_SETTINGS.reminder_in_app,
        reminder_email: DEFAULT_CRM_SETTINGS.reminder_email,
        default_owner_user_id: DEFAULT_CRM_SETTINGS.default_owner_user_id,
        created_at: now,
        updated_at: now,
      })
      .onConflict((oc) => oc.column('business_id').doNothing())
      .executeTakeFirst();
    if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0) return false;
    const base = { business_id: params.businessId, created_at: now, updated_at: now };
    await tx
      .insertInto('crm_pipeline_stages')
      .values(DEFAULT_PIPELINE.map((stage, position) => ({ ...base, ...stage, position })))
      .execute();
    await tx
      .insertInto('crm_lead_sources')
      .values(
        DEFAULT_LEAD_SOURCES.map((name, position) => ({ ...base, name, sort_name: name.toLowerCase(), position })),
      )
      .execute();
    await tx
      .insertInto('crm_lost_reasons')
      .values(
        DEFAULT_LOST_REASONS.map((name, position) => ({ ...base, name, sort_name: name.toLowerCase(), position })),
      )
      .execute();
    const types = await tx
      .insertInto('crm_activity_types')
      .values(
        DEFAULT_ACTIVITY_TYPES.map((type, position) => ({
          ...base,
          name: type.name,
          sort_name: type.name.toLowerCase(),
          icon: type.icon,
          default_due_offset_minutes: type.default_due_offset_minutes,
          default_reminder_offset_minutes: type.default_reminder_offset_minutes,
          next_type_id: null,
          position,
        })),
      )
      .returning(['id', 'name'])
      .execute();
    const idOf = new Map(types.map((type) => [type.name, type.id]));
    for (const type of DEFAULT_ACTIVITY_TYPES) {
      if (!type.next_type_name) continue;
      await tx
        .updateTable('crm_activity_types')
        .set({ next_type_id: idOf.get(type.next_type_name) ?? null })
        .where('business_id', '=', params.businessId)
        .where('id', '=', idOf.get(type.name) as number)
        .execute();
    }
    return true;
  });
}

// ---------------------------------------------------------------- references

/** The ids a CRM request may name, by the request's field name. */
export interface CrmReferences {
  stage_id?: number | null | undefined;
  move_to_stage_id?: number | null | undefined;
  source_id?: number | null | undefined;
  lost_reason_id?: number | null | undefined;
  type_id?: number | null | undefined;
  next_type_id?: number | null | undefined;
  owner_user_id?: number | null | undefined;
  assignee_user_id?: number | null | undefined;
  default_owner_user_id?: number | null | undefined;
  client_id?: number | null | undefined;
  lead_id?: number | null | undefined;
  opportunity_id?: number | null | undefined;
}

const REFERENCE_TABLES: Record<keyof CrmReferences, keyof Database> = {
  stage_id: 'crm_pipeline_stages',
  move_to_stage_id: 'crm_pipeline_stages',
  source_id: 'crm_lead_sources',
  lost_reason_id: 'crm_lost_reasons',
  type_id: 'crm_activity_types',
  next_type_id: 'crm_activity_types',
  owner_user_id: 'users',
  assignee_user_id: 'users',
  default_owner_user_id: 'users',
  client_id: 'clients',
  lead_id: 'crm_leads',
  opportunity_id: 'crm_opportunities',
};

/**
 * The fields of `refs` whose id is not one of the business's records (users: the business's team
 * members), for the API's 422 ("unknown stage, source, owner or type ids answer 422"). Null and
 * undefined ids are not checked. Archived sources, reasons and types count as known: the service
 * refuses them for NEW choices if it wants to (an existing record may keep an archived one).
 */
export async function unknownCrmReferences(
  db: Db,
  params: { businessId: number; refs: CrmReferences },
): Promise<Array<keyof CrmReferences>> {
  const unknown: Array<keyof CrmReferences> = [];
  for (const [field, id] of Object.entries(params.refs) as Array<[keyof CrmReferences, number | null | undefined]>) {
    if (id == null) continue;
    const table = REFERENCE_TABLES[field];
    const found = await sql<{
      id: number;
    }>`select id from ${sql.table(table)} where business_id = ${params.businessId} and id = ${id}`.execute(db);
    if (found.rows.length === 0) unknown.push(field);
  }
  return unknown;
}
