import { sql } from 'kysely';
import { DEFAULT_REMINDER_STEPS, type ReminderStep } from '@ledgerleaf/domain';
import { dialectOf, toDbTime } from '../../dialect';
import type { EmailTemplateRow, TeamInvitationRow } from '../../schema-account';
import type { UserRow } from '../../schema';
import type { Db } from '../shared/types';
import { normalizeEmail } from '../auth/users';

/* ------------------------------------------------------------------ reminders */

/**
 * The business's invoice reminder schedule, ordered by offset: `[{ offset_days, enabled }]` with
 * negative offsets before the due date. A business that never saved one gets domain's
 * DEFAULT_REMINDER_STEPS (all off). The reminders scheduler sends only the enabled steps.
 */
export async function listReminderSteps(db: Db, params: { businessId: number }): Promise<ReminderStep[]> {
  const rows = await db
    .selectFrom('invoice_reminder_steps')
    .select(['offset_days', 'enabled'])
    .where('business_id', '=', params.businessId)
    .orderBy('offset_days')
    .execute();
  if (rows.length === 0) return DEFAULT_REMINDER_STEPS.map((step) => ({ ...step }));
  return rows.map((row) => ({ offset_days: Number(row.offset_days), enabled: Boolean(row.enabled) }));
}

/** Replaces the whole schedule (an empty list is stored as "no steps": the defaults apply again). */
export async function replaceReminderSteps(
  db: Db,
  params: { businessId: number; steps: readonly ReminderStep[]; now: Date },
): Promise<void> {
  const now = toDbTime(params.now);
  await db.deleteFrom('invoice_reminder_steps').where('business_id', '=', params.businessId).execute();
  if (params.steps.length === 0) return;
  await db
    .insertInto('invoice_reminder_steps')
    .values(
      params.steps.map((step) => ({
        business_id: params.businessId,
        offset_days: step.offset_days,
        enabled: step.enabled,
        created_at: now,
        updated_at: now,
      })),
    )
    .execute();
}

/* ------------------------------------------------------------------ business details */

export interface BusinessDetailsRow {
  name: string;
  email: string | null;
  phone: string | null;
  company_logo: string | null;
  address: string | null;
  tax_id: string | null;
  default_invoice_notes: string | null;
  default_invoice_terms: string | null;
  date_format: string;
  first_day_of_week: number;
}

export async function findBusinessDetails(
  db: Db,
  params: { businessId: number },
): Promise<BusinessDetailsRow | undefined> {
  const row = await db
    .selectFrom('businesses')
    .select([
      'name',
      'email',
      'phone',
      'company_logo',
      'address',
      'tax_id',
      'default_invoice_notes',
      'default_invoice_terms',
      'date_format',
      'first_day_of_week',
    ])
    .where('id', '=', params.businessId)
    .executeTakeFirst();
  return row ? { ...row, first_day_of_week: Number(row.first_day_of_week) } : undefined;
}

export type BusinessDetailsUpdate = Pick<
  BusinessDetailsRow,
  'address' | 'tax_id' | 'default_invoice_notes' | 'default_invoice_terms' | 'date_format' | 'first_day_of_week'
>;

export async function updateBusinessDetails(
  db: Db,
  params: { businessId: number; details: BusinessDetailsUpdate; now: Date },
): Promise<void> {
  await db
    .updateTable('businesses')
    .set({ ...params.details, updated_at: toDbTime(params.now) })
    .where('id', '=', params.businessId)
    .execute();
}

/** Sets (or clears) the company logo; answers the previous path so the caller can delete the file. */
export async function setBusinessLogo(
  db: Db,
  params: { businessId: number; path: string | null; now: Date },
): Promise<string | null> {
  const before = await db
    .selectFrom('businesses')
    .select('company_logo')
    .where('id', '=', params.businessId)
    .executeTakeFirst();
  await db
    .updateTable('businesses')
    .set({ company_logo: params.path, updated_at: toDbTime(params.now) })
    .where('id', '=', params.businessId)
    .execute();
  return before?.company_logo ?? null;
}

/* ------------------------------------------------------------------ profile */

export async function updateUserContact(
  db: Db,
  params: { businessId: number; userId: number; email: string; phone: string | null; now: Date },
): Promise<void> {
  await db
    .updateTable('users')
    .set({ email: normalizeEmail(params.email), phone: params.phone, updated_at: toDbTime(params.now) })
    .where('id', '=', params.userId)
    .where('business_id', '=', params.businessId)
    .execute();
}

/** Sets (or clears) the avatar; answers the previous path. */
export async function setUserAvatar(
  db: Db,
  params: { businessId: number; userId: number; path: string | null; now: Date },
): Promise<string | null> {
  const before = await db
    .selectFrom('users')
    .select('avatar_path')
    .where('id', '=', params.userId)
    .where('business_id', '=', params.businessId)
    .executeTakeFirst();
  await db
    .updateTable('users')
    .set({ avatar_path: params.path, updated_at: toDbTime(params.now) })
    .where('id', '=', params.userId)
    .where('business_id', '=', params.businessId)
    .execute();
  return before?.avatar_path ?? null;
}

export async function findUserRow(
  db: Db,
  params: { businessId: number; userId: number },
): Promise<UserRow | undefined> {
  return db
    .selectFrom('users')
    .selectAll()
    .where('id', '=', params.userId)
    .where('business_id', '=', params.businessId)
    .executeTakeFirst();
}

/** Revokes every live token of the user but one (ASVS 7.4.3: after a password change, "sign out other devices"). */
export async function revokeOtherAccessTokens(
  db: Db,
  params: { businessId: number; userId: number; exceptTokenId: number; now: Date },
): Promise<number> {
  const result = await db
    .updateTable('personal_access_tokens')
    .set({ revoked_at: toDbTime(params.now) })
    .where('user_id', '=', params.userId)
    .where('business_id', '=', params.businessId)
    .where('id', '!=', params.exceptTokenId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/* ------------------------------------------------------------------ team */

export interface TeamMemberRow {
  id: number;
  name: string;
  email: string;
  role: string;
  avatar_path: string | null;
  created_at: string;
}

export async function listTeamMembers(db: Db, params: { businessId: number }): Promise<TeamMemberRow[]> {
  return db
    .selectFrom('users')
    .select(['id', 'name', 'email', 'role', 'avatar_path', 'created_at'])
    .where('business_id', '=', params.businessId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

export async function countOwners(db: Db, params: { businessId: number }): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('business_id', '=', params.businessId)
    .where('role', '=', 'owner')
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function updateUserRole(
  db: Db,
  params: { businessId: number; userId: number; role: string; now: Date },
): Promise<void> {
  await db
    .updateTable('users')
    .set({ role: params.role, updated_at: toDbTime(params.now) })
    .where('id', '=', params.userId)
    .where('business_id', '=', params.businessId)
    .execute();
}

/**
 * Deletes one user of a business (their tokens, reset links and notifications go with them; what
 * they recorded stays with the business, its `user_id` set to null by the foreign keys).
 */
export async function deleteUser(db: Db, params: { businessId: number; userId: number }): Promise<boolean> {
  await db
    .updateTable('team_invitations')
    .set({ invited_by_user_id: null })
    .where('business_id', '=', params.businessId)
    .where('invited_by_user_id', '=', params.userId)
    .execute();
  const result = await db
    .deleteFrom('users')
    .where('id', '=', params.userId)
    .where('business_id', '=', params.businessId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export async function createInvitation(
  db: Db,
  params: {
    businessId: number;
    email: string;
    role: string;
    tokenHash: string;
    invitedByUserId: number;
    expiresAt: Date;
    now: Date;
  },
): Promise<TeamInvitationRow> {
  return db
    .insertInto('team_invitations')
    .values({
      business_id: params.businessId,
      email: normalizeEmail(params.email),
      role: params.role,
      token_hash: params.tokenHash,
      invited_by_user_id: params.invitedByUserId,
      expires_at: toDbTime(params.expiresAt),
      accepted_at: null,
      revoked_at: null,
      created_at: toDbTime(params.now),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Invitations neither accepted, revoked nor expired. */
export async function listPendingInvitations(
  db: Db,
  params: { businessId: number; now: Date; email?: string },
): Promise<TeamInvitationRow[]> {
  let query = db
    .selectFrom('team_invitations')
    .selectAll()
    .where('business_id', '=', params.businessId)
    .where('accepted_at', 'is', null)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', toDbTime(params.now));
  if (params.email !== undefined) query = query.where('email', '=', normalizeEmail(params.email));
  return query.orderBy('created_at').orderBy('id').execute();
}

export async function findPendingInvitationByToken(
  db: Db,
  params: { tokenHash: string; now: Date },
): Promise<(TeamInvitationRow & { business_name: string }) | undefined> {
  return db
    .selectFrom('team_invitations as i')
    .innerJoin('businesses as b', 'b.id', 'i.business_id')
    .selectAll('i')
    .select('b.name as business_name')
    .where('i.token_hash', '=', params.tokenHash)
    .where('i.accepted_at', 'is', null)
    .where('i.revoked_at', 'is', null)
    .where('i.expires_at', '>', toDbTime(params.now))
    .executeTakeFirst();
}

/** Marks the invitation used; false when somebody used or revoked it meanwhile. */
export async function markInvitationAccepted(db: Db, params: { invitationId: number; now: Date }): Promise<boolean> {
  const result = await db
    .updateTable('team_invitations')
    .set({ accepted_at: toDbTime(params.now) })
    .where('id', '=', params.invitationId)
    .where('accepted_at', 'is', null)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function revokeInvitation(
  db: Db,
  params: { businessId: number; invitationId: number; now: Date },
): Promise<boolean> {
  const result = await db
    .updateTable('team_invitations')
    .set({ revoked_at: toDbTime(params.now) })
    .where('id', '=', params.invitationId)
    .where('business_id', '=', params.businessId)
    .where('accepted_at', 'is', null)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/* ------------------------------------------------------------------ email templates */

export async function listEmailTemplates(db: Db, params: { businessId: number }): Promise<EmailTemplateRow[]> {
  return db.selectFrom('email_templates').selectAll().where('business_id', '=', params.businessId).execute();
}

export async function findEmailTemplate(
  db: Db,
  params: { businessId: number; key: string },
): Promise<EmailTemplateRow | undefined> {
  return db
    .selectFrom('email_templates')
    .selectAll()
    .where('business_id', '=', params.businessId)
    .where('template_key', '=', params.key)
    .executeTakeFirst();
}

export async function saveEmailTemplate(
  db: Db,
  params: { businessId: number; key: string; subject: string; body: string; now: Date },
): Promise<void> {
  const now = toDbTime(params.now);
  await db
    .insertInto('email_templates')
    .values({
      business_id: params.businessId,
      template_key: params.key,
      subject: params.subject,
      body: params.body,
      created_at: now,
      updated_at: now,
    })
    .onConflict((oc) =>
      oc
        .columns(['business_id', 'template_key'])
        .doUpdateSet({ subject: params.subject, body: params.body, updated_at: now }),
    )
    .execute();
}

export async function deleteEmailTemplate(db: Db, params: { businessId: number; key: string }): Promise<void> {
  await db
    .deleteFrom('email_templates')
    .where('business_id', '=', params.businessId)
    .where('template_key', '=', params.key)
    .execute();
}

/* ------------------------------------------------------------------ export and deletion */

/** Tables whose rows hold secrets or transport state rather than the business's data. */
const NOT_EXPORTED = new Set([
  'personal_access_tokens',
  'password_reset_tokens',
  'idempotency_keys',
  'team_invitations',
  'login_attempts',
  'kysely_migration',
  'kysely_migration_lock',
]);
/** Columns never exported, whatever the table. */
export const SECRET_COLUMNS = new Set(['password_hash', 'token_hash', 'public_token']);

/**
 * The tables of the current schema that carry a `business_id` column (plus `businesses` itself),
 * found from the catalogue so that a table added by a later migration is exported without a change
 * here. Only the current schema is read (tests run side by side in other PostgreSQL schemas).
 */
export async function listBusinessTables(db: Db): Promise<string[]> {
  let tables: string[];
  if (dialectOf(db as never) === 'postgres') {
    const result = await sql<{
      table_name: string;
    }>`select table_name from information_schema.columns where table_schema = current_schema() and column_name = 'business_id' order by table_name`.execute(
      db,
    );
    tables = result.rows.map((row) => row.table_name);
  } else {
    const result = await sql<{
      name: string;
    }>`select m.name from sqlite_master m join pragma_table_info(m.name) c where m.type = 'table' and c.name = 'business_id' order by m.name`.execute(
      db,
    );
    tables = result.rows.map((row) => row.name);
  }
  return ['businesses', ...tables.filter((table) => !NOT_EXPORTED.has(table))];
}

/** Every row of one business-scoped table for a business, secret columns removed, in id order when there is one. */
export async function exportBusinessTable(
  db: Db,
  params: { businessId: number; table: string },
): Promise<Record<string, unknown>[]> {
  const column = params.table === 'businesses' ? 'id' : 'business_id';
  const result = await sql<
    Record<string, unknown>
  >`select * from ${sql.table(params.table)} where ${sql.ref(column)} = ${params.businessId}`.execute(db);
  const rows = result.rows.map((row) =>
    Object.fromEntries(Object.entries(row).filter(([key]) => !SECRET_COLUMNS.has(key))),
  );
  if (rows.length > 0 && 'id' in rows[0]!) rows.sort((a, b) => Number(a.id) - Number(b.id));
  return rows;
}

/**
 * Deletes a business and everything of it: its mail log first (the foreign key would only null it),
 * its invoice lines next (their trigger keeps the invoice's quantity, migration 0020: cascaded from
 * the business row, a line could go before its invoice, whose update would then write totals for a
 * business already gone), then the business row, which cascades to every business-scoped table, and
 * last the reports' kept figures per day (migrations 0021 and 0022: no foreign key, so that the cascade's
 * triggers never fail; they are written by triggers, also during the cascade).
 */
export async function deleteBusiness(db: Db, params: { businessId: number }): Promise<void> {
  await db.deleteFrom('outbox_emails').where('business_id', '=', params.businessId).execute();
  await db
    .deleteFrom('invoice_lines')
    .where('invoice_id', 'in', (eb) =>
      eb.selectFrom('invoices').select('invoices.id').where('invoices.business_id', '=', params.businessId),
    )
    .execute();
  await db.deleteFrom('businesses').where('id', '=', params.businessId).execute();
  await db.deleteFrom('report_product_days').where('business_id', '=', params.businessId).execute();
  await db.deleteFrom('report_tax_days').where('business_id', '=', params.businessId).execute();
  await db.deleteFrom('report_client_days').where('business_id', '=', params.businessId).execute();
  await db.deleteFrom('report_payment_taxes').where('business_id', '=', params.businessId).execute();
  await db.deleteFrom('report_invoice_products').where('business_id', '=', params.businessId).execute();
  await db.deleteFrom('report_invoice_taxes').where('business_id', '=', params.businessId).execute();
}
