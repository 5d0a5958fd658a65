import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * Which document a message of the outbox is about (`document_type` `invoice` or `estimate`, and its
 * id), so an invoice lists the emails it went out with (the invoice, its reminders, its payment
 * receipts). Rows written before this migration are linked by the PDF they carried: the document's
 * number as its file name (`INV-2026-0001.pdf`), in the same business.
 */
export const outboxDocumentMigration: Migration = {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- Kysely hands migrations an untyped instance
  async up(db: Kysely<any>) {
    await db.schema.alterTable('outbox_emails').addColumn('document_type', 'varchar(16)').execute();
    await db.schema.alterTable('outbox_emails').addColumn('document_id', 'integer').execute();
    await db.schema
      .createIndex('outbox_emails_document_index')
      .on('outbox_emails')
      .columns(['business_id', 'document_type', 'document_id', 'id'])
      .execute();
    for (const [type, table, column, categories] of [
      ['invoice', 'invoices', 'invoice_number', ['invoice', 'receipt']],
      ['estimate', 'estimates', 'estimate_number', ['estimate']],
    ] as const) {
      const match = sql`(select d.id from ${sql.table(table)} d
        where d.business_id = outbox_emails.business_id and d.${sql.ref(column)} is not null
        and outbox_emails.attachments like ${'%"filename":"'} || d.${sql.ref(column)} || ${'.pdf"%'}
        order by d.id limit 1)`;
      await sql`update outbox_emails set document_type = ${type}, document_id = ${match}
        where document_id is null and business_id is not null and attachments is not null
        and category in (${sql.join(categories.map((category) => sql.lit(category)))})
        and exists ${match}`.execute(db);
    }
  },

  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- see up()
  async down(db: Kysely<any>) {
    await db.schema.dropIndex('outbox_emails_document_index').ifExists().execute();
    await db.schema.alterTable('outbox_emails').dropColumn('document_id').execute();
    await db.schema.alterTable('outbox_emails').dropColumn('document_type').execute();
  },
};
