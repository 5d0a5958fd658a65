import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import { addIdColumn, dialectOf, timestampType } from '../dialect';

/**
 * The CRM (issue 14). Money is integer cents (`bigint`), probabilities whole percent, instants
 * ISO text / timestamptz, dates `yyyy-MM-dd` text. Every table has `business_id` (cascading from
 * the business). Decisions a reader needs:
 *
 * - Stages, sources, lost reasons and activity types are referenced WITHOUT cascade (NO ACTION):
 *   deleting one that is in use fails in the database, so deleting a lead source can never delete
 *   or change a lead (the app archives it instead); a stage is emptied (its opportunities moved)
 *   before it is deleted. NO ACTION (not RESTRICT) is checked at the end of the statement, so
 *   deleting a whole business still cascades through everything in one statement.
 * - `crm_stage_totals` holds, per stage, the count, amount and weighted amount of its
 *   opportunities, kept by triggers on every opportunity insert, update (of stage, amount or
 *   probability) and delete: a board column's figures and the open pipeline value read one row
 *   each, whatever the number of cards. Weighted = (amount_cents * probability + 50) / 100 in
 *   integer arithmetic per opportunity (domain `weightedAmountCents`), summed.
 * - Board order: `position` is a double; a card moved between two neighbours gets their midpoint
 *   (one row written); the index (business_id, stage_id, position, id) serves each column's keyset
 *   pages.
 * - A lead's conversion is a row of `crm_lead_conversions` (unique lead_id: converting twice is
 *   impossible), pointing at the client and the opportunity it became; a link table rather than
 *   columns because leads and opportunities reference each other.
 * - Opportunity <-> estimate/invoice links are a link table, `crm_opportunity_documents` (unique
 *   estimate_id, unique invoice_id: a document belongs to at most one opportunity), rather than
 *   columns on invoices and estimates: the invoicing tables and their triggers stay untouched,
 *   and deleting a draft invoice or an estimate drops its link by cascade.
 * - Activities and notes belong to exactly one lead, opportunity or client (a CHECK constraint).
 *   A client's activities and notes go with the client; an opportunity's client link is nulled.
 * - Reminders: `crm_activity_reminders` holds an activity's offsets and the instant each fires
 *   (`remind_at`); `pending_at` is `remind_at` until the scheduler has enqueued its deliveries,
 *   then null (a partial scan of what is due). `crm_reminder_deliveries` has one row per
 *   (reminder, channel, remind_at) (UNIQUE: two schedulers enqueueing at once make one row), claimed
 *   with a lease and a claim token by one scheduler, retried with `next_attempt_at`, and `failed`
 *   (visible) after the last attempt.
 */

const STAGE_TOTAL_COLUMNS = ['opportunity_count', 'amount_cents', 'weighted_cents'] as const;

export const crmMigration: Migration = {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- Kysely hands migrations an untyped instance
  async up(db: Kysely<any>) {
    const dialect = dialectOf(db);
    const ts = timestampType(dialect);

    // ------------------------------------------------------------ configuration
    await db.schema
      .createTable('crm_settings')
      .addColumn('business_id', 'integer', (col) => col.primaryKey().references('businesses.id').onDelete('cascade'))
      .addColumn('rate_window_days', 'integer', (col) => col.notNull().defaultTo(90))
      .addColumn('reminder_in_app', 'boolean', (col) => col.notNull().defaultTo(true))
      .addColumn('reminder_email', 'boolean', (col) => col.notNull().defaultTo(false))
      .addColumn('default_owner_user_id', 'integer', (col) => col.references('users.id').onDelete('set null'))
      .addColumn('created_at', ts, (col) => col.notNull())
      .addColumn('updated_at', ts, (col) => col.notNull())
      .execute();

    await addIdColumn(dialect, db.schema.createTable('crm_pipeline_stages'))
      .addColumn('business_id', 'integer', (col) => col.notNull().references('businesses.id').onDelete('cascade'))
      .addColumn('name', 'varchar(255)', (col) => col.notNull())
      .addColumn('type', 'varchar(8)', (col) => col.notNull())
      .addColumn('probability', 'integer', (col) => col.notNull())
      .addColumn('color', 'varchar(7)', (col) => col.notNull())
      .addColumn('rotting_days', 'integer')
      .addColumn('position', 'integer', (col) => col.notNull())
      .addColumn('created_at', ts, (col) => col.notNull())
      .addColumn('updated_at', ts, (col) => col.notNull())
      .addCheckConstraint('crm_pipeline_stages_type_check', sql`type in ('open', 'won', 'lost')`)
      .addCheckConstraint('crm_pipeline_stages_probability_check', sql`probability between 0 and 100`)
      .execute();
    await db.schema
      .createIndex('crm_pipeline_stages_business_position_index')
      .on('crm_pipeline_stages')
      .columns(['business_id', 'position'])
      .execute();

    await db.schema
      .createTable('crm_stage_totals')
      .addColumn('business_id', 'integer', (col) => col.notNull().references('businesses.id').onDelete('cascade'))
      .addColumn('stage_id', 'integer', (col) => col.notNull().references('crm_pipeline_stages.id').onDelete('cascade'))
      .addColumn('opportunity_count', 'bigint', (col) => col.notNull().defaultTo(0))
      .addColumn('amount_cents', 'bigint', (col) => col.notNull().defaultTo(0))
      .addColumn('weighted_cents', 'bigint', (col) => col.notNull().defaultTo(0))
      .addPrimaryKeyConstraint('crm_stage_totals_pk', ['business_id', 'stage_id'])
      .execute();

    for (const table of ['crm_lead_sources', 'crm_lost_reasons'] as const) {
      await addIdColumn(dialect, db.schema.createTable(table))
        .addColumn('business_id', 'integer', (col) => col.notNull().references('businesses.id').onDelete('cascade'))
        .addColumn('name', 'varchar(255)', (col) => col.notNull())
        // lower(name): names are unique per business whatever their case.
        .addColumn('sort_name', 'varchar(255)', (col) => col.notNull())
        .addColumn('position', 'integer', (col) => col.notNull().defaultTo(0))
        .addColumn('archived_at', ts)
        .addColumn('created_at', ts, (col) => col.notNull())
        .addColumn('updated_at', ts, (col) => col.notNull())
        .execute();
      await db.schema
        .createIndex(`${table}_business_name_unique`)
        .on(table)
        .columns(['business_id', 'sort_name'])
        .unique()
        .execute();
    }

    await addIdColumn(dialect, db.schema.createTable('crm_activity_types'))
      .addColumn('business_id', 'integer', (col) => col.notNull().references('businesses.id').onDelete('cascade'))
      .addColumn('name', 'varchar(255)', (col) => col.notNull())
      .addColumn('sort_name', 'varchar(255)', (col) => col.notNull())
      .addColumn('icon', 'varchar(32)', (col) => col.notNull())
      .addColumn('default_due_offset_minutes', 'integer', (col) => col.notNull().defaultTo(0))
      .addColumn('default_reminder_offset_minutes', 'integer')
      .addColumn('next_type_id', 'integer', (col) => col.references('crm_activity_types.id').onDelete('set null'))
      .addColumn('position', 'integer', (col) => col.notNull().defaultTo(0))
      .addColumn('archived_at', ts)
      .addColumn('created_at', ts, (col) => col.notNull())
      .addColumn('updated_at', ts, (col) => col.notNull())
      .execute();
    await db.schema
      .createIndex('crm_activity_types_business_name_unique')
      .on('crm_activity_types')
      .columns(['business_id', 'sort_name'])
      .unique()
      .execute();

    // ------------------------------------------------------------ leads and opportunities
    await addIdColumn(dialect, db.schema.createTable('crm_leads'))
      .addColumn('business_id', 'integer', (col) => col.notNull().references('businesses.id').onDelete('cascade'))
      .addColumn('person_name', 'varchar(255)')
      .addColumn('company_name', 'varchar(255)')
      // lower(person_name, else company_name): the name sort through an index.
      .addColumn('sort_name', 'varchar(255)', (col) => col.notNull())
      .addColumn('sort_company', 'varchar(255)', (col) => col.notNull().defaultTo(''))
      .addColumn('email', 'varchar(254)')
      .addColumn('phone', 'varchar(32)')
      .addColumn('source_id', 'integer', (col) => col.references('crm_lead_sources.id'))
      .addColumn('status', 'varchar(16)', (col) => col.notNull().defaultTo('new'))
      .addColumn('owner_user_id', 'integer', (col) => col.references('users.id').onDelete('set null'))
      .addColumn('estimated_value_cents', 'bigint')
      .addColumn('notes', 'text')
      // Lowercased names, email and phone, kept by the write queries (the list's search).
      .addColumn('search_text', 'text', (col) => col.notNull())
      .addColumn('created_by_user_id', 'integer', (col) => col.references('users.id').onDelete('set null'))
      .addColumn('converted_at', ts)
      .addColumn('created_at', ts, (col) => col.notNull())
      .addColumn('updated_at', ts, (col) => col.notNull())
      .addCheckConstraint(
        'crm_leads_status_check',
        sql`status in ('new', 'contacted', 'qualified', 'unqualified', 'converted')`,
      )
      .execute();
    // One lead per email in a business: an import or two people typing at once cannot double it.
    await db.schema
      .createIndex('crm_leads_business_email_unique')
      .on('crm_leads')
      .columns(['business_id', 'email'])
      .unique()
      .where(sql.ref('email'), 'is not', null)
      .execute();
    for (const [name, columns] of [
      ['crm_leads_business_created_index', ['business_id', 'created_at', 'id']],
      ['crm_leads_business_status_created_index', ['business_id', 'status', 'created_at']],
      ['crm_leads_business_source_status_index', ['business_id', 'source_id', 'status']],
      ['crm_leads_business_owner_index', ['business_id', 'owner_user_id']],
      ['crm_leads_business_sort_name_index', ['business_id', 'sort_name', 'id']],
    ] as const) {
      await db.schema
        .createIndex(name)
        .on('crm_leads')
        .columns([...columns])
        .execute();
    }

    await addIdColumn(dialect, db.schema.createTable('crm_opportunities'))
      .addColumn('business_id', 'integer', (col) => col.notNull().references('businesses.id').onDelete('cascade'))
      .addColumn('title', 'varchar(255)', (col) => col.notNull())
      .addColumn('sort_title', 'varchar(255)', (col) => col.notNull())
      .addColumn('client_id', 'integer', (col) => col.references('clients.id').onDelete('set null'))
      .addColumn('lead_id', 'integer', (col) => col.references('crm_leads.id').onDelete('set null'))
      .addColumn('amount_cents', 'bigint', (col) => col.notNull().defaultTo(0))
      .addColumn('stage_id', 'integer', (col) => col.notNull().references('crm_pipeline_stages.id'))
      .addColumn('probability', 'integer', (col) => col.notNull())
      .addColumn('position', 'double precision', (col) => col.notNull().defaultTo(0))
      .addColumn('stage_entered_at', ts, (col) => col.notNull())
      .addColumn('expected_close_date', 'varchar(10)')
      .addColumn('owner_user_id', 'integer', (col) => col.references('users.id').onDelete('set null'))
      .addColumn('source_id', 'integer', (col) => col.references('crm_lead_sources.id'))
      .addColumn('notes', 'text')
      .addColumn('lost_reason_id', 'integer', (col) => col.references('crm_lost_reasons.id'))
      .addColumn('lost_note', 'text')
      .addColumn('closed_at', ts)
      // Lowercased title, kept by the write queries; the search also looks at the client and lead names.
      .addColumn('search_text', 'text', (col) => col.notNull())
      .addColumn('created_by_user_id', 'integer', (col) => col.references('users.id').onDelete('set null'))
      .addColumn('created_at', ts, (col) => col.notNull())
      .addColumn('updated_at', ts, (col) => col.notNull())
      .addCheckConstraint('crm_opportunities_probability_check', sql`probability between 0 and 100`)
      .addCheckConstraint('crm_opportunities_amount_check', sql`amount_cents >= 0`)
      .execute();
    for (const [name, columns] of [
      // The board: a column's page by (position, id), and the list's stage filter.
      ['crm_opportunities_board_index', ['business_id', 'stage_id', 'position', 'id']],
      ['crm_opportunities_business_closed_index', ['business_id', 'closed_at']],
      ['crm_opportunities_business_created_index', ['business_id', 'created_at', 'id']],
      ['crm_opportunities_business_client_index', ['business_id', 'client_id']],
      ['crm_opportunities_business_lead_index', ['business_id', 'lead_id']],
      ['crm_opportunities_business_owner_index', ['business_id', 'owner_user_id']],
      ['crm_opportunities_business_source_index', ['business_id', 'source_id', 'stage_id']],
    ] as const) {
      await db.schema
        .createIndex(name)
        .on('crm_opportunities')
        .columns([...columns])
        .execute();
    }

    await addIdColumn(dialect, db.schema.createTable('crm_lead_conversions'))
      .addColumn('business_id', 'integer', (col) => col.notNull().references('businesses.id').onDelete('cascade'))
      .addColumn('lead_id', 'integer', (col) => col.notNull().references('crm_leads.id').onDelete('cascade'))
      .addColumn('client_id', 'integer', (col) => col.references('clients.id').onDelete('set null'))
      .addColumn('opportunity_id', 'integer', (col) => col.references('crm_opportunities.id').onDelete('set null'))
      .addColumn('converted_by_user_id', 'integer', (col) => col.references('users.id').onDelete('set null'))
      .addColumn('converted_at', ts, (col) => col.notNull())
      .execute();
    await db.schema
      .createIndex('crm_lead_conversions_lead_unique')
      .on('crm_lead_conversions')
      .column('lead_id')
      .unique()
      .execute();
    await db.schema
      .createIndex('crm_lead_conversions_client_index')
      .on('crm_lead_conversions')
      .columns(['business_id', 'client_id'])
      .execute();

    await addIdColumn(dialect, db.schema.createTable('crm_stage_changes'))
      .addColumn('business_id', 'integer', (col) => col.notNull().references('businesses.id').onDelete('cascade'))
      .addColumn('opportunity_id', 'integer', (col) =>
        col.notNull().references('crm_opportunities.id').onDelete('cascade'),
      )
      // Ids and the names as they were: the history survives a renamed or deleted stage.
      .addColumn('from_stage_id', 'integer', (col) => col.references('crm_pipeline_stages.id').onDelete('set null'))
      .addColumn('from_stage_name', 'varchar(255)')
      .addColumn('to_stage_id', 'integer', (col) => col.references('crm_pipeline_stages.id').onDelete('set null'))
      .addColumn('to_stage_name', 'varchar(255)', (col) => col.notNull())
      .addColumn('user_id', 'integer', (col) => col.references('users.id').onDelete('set null'))
      .addColumn('changed_at', ts, (col) => col.notNull())
      .execute();
    await db.schema
      .createIndex('crm_stage_changes_opportunity_index')
      .on('crm_stage_changes')
      .columns(['business_id', 'opportunity_id', 'changed_at'])
      .execute();

    await addIdColumn(dialect, db.schema.createTable('crm_opportunity_documents'))
      .addColumn('business_id', 'integer', (col) => col.notNull().references('businesses.id').onDelete('cascade'))
      .addColumn('opportunity_id', 'integer', (col) =>
        col.notNull().references('crm_opportunities.id').onDelete('cascade'),
      )
      .addColumn('estimate_id', 'integer', (col) => col.references('estimates.id').onDelete('cascade'))
      .addColumn('invoice_id', 'integer', (col) => col.references('invoices.id').onDelete('cascade'))
      .addColumn('created_at', ts, (col) => col.notNull())
      .addCheckConstraint('crm_opportunity_documents_one_check', sql`(estimate_id is null) <> (invoice_id is null)`)
      .execute();
    await db.schema
      .createIndex('crm_opportunity_documents_estimate_unique')
      .on('crm_opportunity_documents')
      .column('estimate_id')
      .unique()
      .execute();
    await db.schema
      .createIndex('crm_opportunity_documents_invoice_unique')
      .on('crm_opportunity_documents')
      .column('invoice_id')
      .unique()
      .execute();
    await db.schema
      .createIndex('crm_opportunity_documents_opportunity_index')
      .on('crm_opportunity_documents')
      .columns(['business_id', 'opportunity_id'])
      .execute();

    // ------------------------------------------------------------ activities, reminders, notes
    const oneSubject = sql`(case when lead_id is null then 0 else 1 end) + (case when opportunity_id is null then 0 else 1 end) + (case when client_id is null then 0 else 1 end) = 1`;

    await addIdColumn(dialect, db.schema.createTable('crm_activities'))
      .addColumn('business_id', 'integer', (col) => col.notNull().references('businesses.id').onDelete('cascade'))
      .addColumn('type_id', 'integer', (col) => col.notNull().references('crm_activity_types.id'))
      .addColumn('subject', 'varchar(255)', (col) => col.notNull())
      .addColumn('notes', 'text')
      .addColumn('due_at', ts, (col) => col.notNull())
      .addColumn('assignee_user_id', 'integer', (col) => col.references('users.id').onDelete('set null'))
      .addColumn('done_at', ts)
      .addColumn('done_by_user_id', 'integer', (col) => col.references('users.id').onDelete('set null'))
      .addColumn('lead_id', 'integer', (col) => col.references('crm_leads.id').onDelete('cascade'))
      .addColumn('opportunity_id', 'integer', (col) => col.references('crm_opportunities.id').onDelete('cascade'))
      .addColumn('client_id', 'integer', (col) => col.references('clients.id').onDelete('cascade'))
      .addColumn('created_by_user_id', 'integer', (col) => col.references('users.id').onDelete('set null'))
      .addColumn('created_at', ts, (col) => col.notNull())
      .addColumn('updated_at', ts, (col) => col.notNull())
      .addCheckConstraint('crm_activities_one_subject_check', oneSubject)
      .execute();
    // The reminders screen: open activities by due time, for everyone or one assignee.
    await db.schema
      .createIndex('crm_activities_open_due_index')
      .on('crm_activities')
      .columns(['business_id', 'due_at'])
      .where(sql.ref('done_at'), 'is', null)
      .execute();
    await db.schema
      .createIndex('crm_activities_open_assignee_due_index')
      .on('crm_activities')
      .columns(['business_id', 'assignee_user_id', 'due_at'])
      .where(sql.ref('done_at'), 'is', null)
      .execute();
    for (const subject of ['lead_id', 'opportunity_id', 'client_id'] as const) {
      await db.schema
        .createIndex(`crm_activities_${subject}_index`)
        .on('crm_activities')
        .columns(['business_id', subject, 'due_at'])
        .execute();
    }

    await addIdColumn(dialect, db.schema.createTable('crm_activity_reminders'))
      .addColumn('business_id', 'integer', (col) => col.notNull().references('businesses.id').onDelete('cascade'))
      .addColumn('activity_id', 'integer', (col) => col.notNull().references('crm_activities.id').onDelete('cascade'))
      .addColumn('offset_minutes', 'integer', (col) => col.notNull())
      .addColumn('remind_at', ts, (col) => col.notNull())
      // remind_at until the scheduler enqueued this firing's deliveries, then null.
      .addColumn('pending_at', ts)
      .addColumn('created_at', ts, (col) => col.notNull())
      .execute();
    await db.schema
      .createIndex('crm_activity_reminders_offset_unique')
      .on('crm_activity_reminders')
      .columns(['activity_id', 'offset_minutes'])
      .unique()
      .execute();
    await db.schema
      .createIndex('crm_activity_reminders_pending_index')
      .on('crm_activity_reminders')
      .column('pending_at')
      .where(sql.ref('pending_at'), 'is not', null)
      .execute();

    await addIdColumn(dialect, db.schema.createTable('crm_reminder_deliveries'))
      .addColumn('business_id', 'integer', (col) => col.notNull().references('businesses.id').onDelete('cascade'))
      .addColumn('reminder_id', 'integer', (col) =>
        col.notNull().references('crm_activity_reminders.id').onDelete('cascade'),
      )
      .addColumn('activity_id', 'integer', (col) => col.notNull().references('crm_activities.id').onDelete('cascade'))
      .addColumn('channel', 'varchar(8)', (col) => col.notNull())
      .addColumn('remind_at', ts, (col) => col.notNull())
      .addColumn('recipient_user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
      // pending -> sending (claimed: lease + token) -> sent; a failure goes back to pending with
      // next_attempt_at, or to failed after the last attempt; cancelled when the activity is done
      // or its due time moved before the delivery went out.
      .addColumn('status', 'varchar(16)', (col) => col.notNull().defaultTo('pending'))
      .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
      .addColumn('next_attempt_at', ts, (col) => col.notNull())
      .addColumn('claimed_until', ts)
      .addColumn('claim_token', 'varchar(64)')
      .addColumn('last_error', 'text')
      .addColumn('notification_id', 'integer')
      .addColumn('outbox_email_id', 'integer')
      .addColumn('delivered_at', ts)
      .addColumn('created_at', ts, (col) => col.notNull())
      .addColumn('updated_at', ts, (col) => col.notNull())
      .addCheckConstraint('crm_reminder_deliveries_channel_check', sql`channel in ('in_app', 'email')`)
      .execute();
    await db.schema
      .createIndex('crm_reminder_deliveries_once_unique')
      .on('crm_reminder_deliveries')
      .columns(['reminder_id', 'channel', 'remind_at'])
      .unique()
      .execute();
    await db.schema
      .createIndex('crm_reminder_deliveries_claim_index')
      .on('crm_reminder_deliveries')
      .columns(['status', 'next_attempt_at'])
      .execute();
    await db.schema
      .createIndex('crm_reminder_deliveries_activity_index')
      .on('crm_reminder_deliveries')
      .columns(['business_id', 'activity_id'])
      .execute();

    await addIdColumn(dialect, db.schema.createTable('crm_notes'))
      .addColumn('business_id', 'integer', (col) => col.notNull().references('businesses.id').onDelete('cascade'))
      .addColumn('body', 'text', (col) => col.notNull())
      .addColumn('lead_id', 'integer', (col) => col.references('crm_leads.id').onDelete('cascade'))
      .addColumn('opportunity_id', 'integer', (col) => col.references('crm_opportunities.id').onDelete('cascade'))
      .addColumn('client_id', 'integer', (col) => col.references('clients.id').onDelete('cascade'))
      .addColumn('user_id', 'integer', (col) => col.references('users.id').onDelete('set null'))
      .addColumn('created_at', ts, (col) => col.notNull())
      .addColumn('updated_at', ts, (col) => col.notNull())
      .addCheckConstraint('crm_notes_one_subject_check', oneSubject)
      .execute();
    for (const subject of ['lead_id', 'opportunity_id', 'client_id'] as const) {
      await db.schema
        .createIndex(`crm_notes_${subject}_index`)
        .on('crm_notes')
        .columns(['business_id', subject, 'created_at'])
        .execute();
    }

    // ------------------------------------------------------------ stage totals, kept by triggers
    const weighted = (ref: 'new' | 'old') => `(${ref}.amount_cents * ${ref}.probability + 50) / 100`;
    const add = `insert into crm_stage_totals (business_id, stage_id, ${STAGE_TOTAL_COLUMNS.join(', ')})
       values (new.business_id, new.stage_id, 1, new.amount_cents, ${weighted('new')})
       on conflict (business_id, stage_id) do update set
         opportunity_count = crm_stage_totals.opportunity_count + 1,
         amount_cents = crm_stage_totals.amount_cents + excluded.amount_cents,
         weighted_cents = crm_stage_totals.weighted_cents + excluded.weighted_cents;`;
    const remove = `update crm_stage_totals set opportunity_count = opportunity_count - 1,
         amount_cents = amount_cents - old.amount_cents, weighted_cents = weighted_cents - ${weighted('old')}
       where business_id = old.business_id and stage_id = old.stage_id;`;
    // Only these columns move the figures: a reorder within a column (position) writes no total.
    const watched = 'business_id, stage_id, amount_cents, probability';

    if (dialect === 'postgres') {
      await sql
        .raw(
          `create function ledgerleaf_crm_stage_totals() returns trigger language plpgsql as $$
           begin
             -- A move between two columns touches both totals rows: always the lower stage id
             -- first, so two opposite moves at once queue instead of deadlocking.
             if tg_op = 'UPDATE' and new.stage_id < old.stage_id then
               ${add}
               ${remove}
               return null;
             end if;
             if tg_op in ('UPDATE', 'DELETE') then ${remove} end if;
             if tg_op in ('INSERT', 'UPDATE') then ${add} end if;
             return null;
           end
           $$`,
        )
        .execute(db);
      await sql
        .raw(
          `create trigger crm_opportunities_stage_totals after insert or delete or update of ${watched} on crm_opportunities for each row execute function ledgerleaf_crm_stage_totals()`,
        )
        .execute(db);
      return;
    }
    await sql
      .raw(`create trigger crm_opportunities_totals_insert after insert on crm_opportunities begin ${add} end`)
      .execute(db);
    await sql
      .raw(
        `create trigger crm_opportunities_totals_update after update of ${watched} on crm_opportunities begin ${remove} ${add} end`,
      )
      .execute(db);
    await sql
      .raw(`create trigger crm_opportunities_totals_delete after delete on crm_opportunities begin ${remove} end`)
      .execute(db);
  },

  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
  async down(db: Kysely<any>) {
    if (dialectOf(db) === 'postgres') {
      await sql`drop trigger if exists crm_opportunities_stage_totals on crm_opportunities`.execute(db);
      await sql`drop function if exists ledgerleaf_crm_stage_totals()`.execute(db);
    } else {
      for (const trigger of ['insert', 'update', 'delete'])
        await sql.raw(`drop trigger if exists crm_opportunities_totals_${trigger}`).execute(db);
    }
    for (const table of [
      'crm_notes',
      'crm_reminder_deliveries',
      'crm_activity_reminders',
      'crm_activities',
      'crm_opportunity_documents',
      'crm_stage_changes',
      'crm_lead_conversions',
      'crm_opportunities',
      'crm_leads',
      'crm_activity_types',
      'crm_lost_reasons',
      'crm_lead_sources',
      'crm_stage_totals',
      'crm_pipeline_stages',
      'crm_settings',
    ]) {
      await db.schema.dropTable(table).ifExists().execute();
    }
  },
};
