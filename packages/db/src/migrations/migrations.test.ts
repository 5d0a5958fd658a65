import { afterEach, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { createTestDatabase, type TestDatabase } from '../testing';
import { createDatabase } from '../connection';
import { createMigrator, migrateDownAll, migrateToLatest, migrations } from './index';

let test: TestDatabase | undefined;
afterEach(async () => {
  await test?.cleanup();
  test = undefined;
});

/**
 * Tables and columns of this test's database. On PostgreSQL only this test's schema is read:
 * Kysely's introspection walks every schema, and other test files drop theirs meanwhile, which made
 * the walk fail now and then while files ran in parallel.
 */
async function ownTables(database: TestDatabase): Promise<Array<{ name: string; columns: Array<{ name: string }> }>> {
  if (!database.schema) return database.db.introspection.getTables({ withInternalKyselyTables: true });
  const result = await sql<{ table_name: string; column_name: string }>`
    select table_name, column_name from information_schema.columns
    where table_schema = ${database.schema} order by table_name, ordinal_position`.execute(database.db);
  const tables = new Map<string, Array<{ name: string }>>();
  for (const row of result.rows) {
    const columns = tables.get(row.table_name) ?? [];
    columns.push({ name: row.column_name });
    tables.set(row.table_name, columns);
  }
  return [...tables].map(([name, columns]) => ({ name, columns }));
}

describe('migrations', () => {
  it('apply once, are idempotent and roll back', async () => {
    const db = (test = await createTestDatabase({ migrate: false }));
    expect(await db.ddl(() => migrateToLatest(db.db, { schema: db.schema }))).toEqual(Object.keys(migrations));
    expect(await db.ddl(() => migrateToLatest(db.db, { schema: db.schema }))).toEqual([]);
    const tables = (await ownTables(test)).map((table) => table.name).sort();
    expect(tables).toEqual(
      expect.arrayContaining([
        'businesses',
        'users',
        'personal_access_tokens',
        'password_reset_tokens',
        'waitlist_entries',
        'outbox_emails',
        'login_attempts',
      ]),
    );
    await db.ddl(() => migrateDownAll(db.db, { schema: db.schema }));
    const after = (await ownTables(test)).map((table) => table.name);
    expect(after).not.toContain('users');
    expect(await db.ddl(() => migrateToLatest(db.db, { schema: db.schema }))).toEqual(Object.keys(migrations));
  });

  it('0014 links the outbox rows written before it to their invoice or estimate by the PDF they carried', async () => {
    const db = (test = await createTestDatabase({ migrate: false }));
    await db.ddl(async () => {
      const { error } = await createMigrator(db.db, { schema: db.schema }).migrateTo('0013-crm');
      if (error) throw error;
    });
    const now = new Date().toISOString();
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the schema before 0014
    const raw = db.db as any;
    const business = await raw
      .insertInto('businesses')
      .values({ name: 'Old Mail', created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    const client = await raw
      .insertInto('clients')
      .values({ business_id: business.id, name: 'Acme', sort_name: 'acme', created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    const invoiceRow = (number: string | null) => ({
      business_id: business.id,
      client_id: client.id,
      invoice_number: number,
      status: number ? 'sent' : 'draft',
      issue_date: '2026-01-01',
      due_date: '2026-01-31',
      public_token: `token-${number ?? 'draft'}`,
      created_at: now,
      updated_at: now,
    });
    const invoice = await raw
      .insertInto('invoices')
      .values(invoiceRow('INV-2026-0007'))
      .returning('id')
      .executeTakeFirstOrThrow();
    const mail = (category: string, filename: string | null) =>
      raw
        .insertInto('outbox_emails')
        .values({
          business_id: business.id,
          to_address: 'ap@acme.test',
          subject: 's',
          text_body: 't',
          transport: 'log',
          created_at: now,
          category,
          attachments: filename ? JSON.stringify([{ filename, content_type: 'application/pdf', size: 1 }]) : null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
    const sent = await mail('invoice', 'INV-2026-0007.pdf');
    const receipt = await mail('receipt', 'INV-2026-0007.pdf');
    const unrelated = await mail('invoice', 'INV-2026-0099.pdf');
    const account = await mail('system', null);
    await db.ddl(() => migrateToLatest(db.db, { schema: db.schema }));
    const rows = await db.db
      .selectFrom('outbox_emails')
      .select(['id', 'document_type', 'document_id'])
      .orderBy('id')
      .execute();
    expect(rows).toEqual([
      { id: sent.id, document_type: 'invoice', document_id: invoice.id },
      { id: receipt.id, document_type: 'invoice', document_id: invoice.id },
      { id: unrelated.id, document_type: null, document_id: null },
      { id: account.id, document_type: null, document_id: null },
    ]);
  });

  it('every business-data table has business_id', async () => {
    test = await createTestDatabase();
    const tables = await ownTables(test);
    const exempt = new Set([
      'businesses',
      'waitlist_entries',
      'login_attempts',
      'rate_limit_hits',
      'kysely_migration',
      'kysely_migration_lock',
    ]);
    for (const table of tables) {
      if (exempt.has(table.name)) continue;
      expect(
        table.columns.map((column) => column.name),
        table.name,
      ).toContain('business_id');
    }
  });
});

describe('sqlite file settings', () => {
  it('uses WAL, synchronous=FULL, foreign keys and a busy timeout', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ledgerleaf-db-'));
    const handle = createDatabase({ sqlitePath: join(dir, 'test.sqlite') });
    try {
      const pragma = async (name: string) => {
        const result = await sql.raw<Record<string, unknown>>(`PRAGMA ${name}`).execute(handle.db);
        return Object.values(result.rows[0] ?? {})[0];
      };
      expect(await pragma('journal_mode')).toBe('wal');
      expect(await pragma('synchronous')).toBe(2);
      expect(await pragma('foreign_keys')).toBe(1);
      expect(Number(await pragma('busy_timeout'))).toBeGreaterThan(0);
      await migrateToLatest(handle.db);
      // Foreign keys are enforced: a user of a missing business is refused.
      await expect(
        handle.db
          .insertInto('users')
          .values({
            business_id: 999,
            name: 'x',
            email: 'x@example.com',
            password_hash: 'h',
            role: 'owner',
            created_at: 'now',
            updated_at: 'now',
          })
          .execute(),
      ).rejects.toThrow(/FOREIGN KEY/i);
    } finally {
      await handle.destroy();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('runs transactions one at a time on the single connection', async () => {
    test = await createTestDatabase();
    const db = test.db;
    const order: string[] = [];
    await Promise.all([
      db.transaction().execute(async (trx) => {
        order.push('a:start');
        await trx
          .insertInto('waitlist_entries')
          .values({ email: 'a@x.io', ip: null, user_agent: null, created_at: new Date().toISOString() })
          .execute();
        await new Promise((resolve) => setTimeout(resolve, 20));
        order.push('a:end');
      }),
      db.transaction().execute(async (trx) => {
        order.push('b:start');
        await trx
          .insertInto('waitlist_entries')
          .values({ email: 'b@x.io', ip: null, user_agent: null, created_at: new Date().toISOString() })
          .execute();
        order.push('b:end');
      }),
    ]);
    if (test.dialect === 'sqlite') expect(order).toEqual(['a:start', 'a:end', 'b:start', 'b:end']);
    expect(await db.selectFrom('waitlist_entries').select('email').orderBy('email').execute()).toHaveLength(2);
  });

  it('two processes migrating one fresh file at once: both succeed, each migration applied once', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ledgerleaf-db-'));
    // Two connections, as two server processes have (each with its own lock on the file).
    const handles = [0, 1].map(() => createDatabase({ sqlitePath: join(dir, 'race.sqlite') }));
    try {
      const applied = await Promise.all(handles.map((handle) => migrateToLatest(handle.db)));
      expect(applied.map((names) => names.length).sort((a, b) => a - b)).toEqual([0, Object.keys(migrations).length]);
      const rows = await handles[0]!.db
        .selectFrom('kysely_migration' as never)
        .selectAll()
        .execute();
      expect(rows).toHaveLength(Object.keys(migrations).length);
    } finally {
      for (const handle of handles) await handle.destroy();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('a failed migration leaves nothing half done', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ledgerleaf-db-'));
    const handle = createDatabase({ sqlitePath: join(dir, 'broken.sqlite') });
    try {
      // A table the second migration creates, made beforehand: 0002 fails after 0001 ran.
      await sql`create table clients (id integer primary key)`.execute(handle.db);
      await expect(migrateToLatest(handle.db)).rejects.toThrow(/0002-catalog/);
      const tables = (await handle.db.introspection.getTables({ withInternalKyselyTables: true })).map((t) => t.name);
      expect(tables).not.toContain('businesses');
      expect(tables).not.toContain('kysely_migration');
    } finally {
      await handle.destroy();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
