import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNT } from '@ledgerleaf/domain';
import {
  createDatabase,
  findUserByEmail,
  findUserProfile,
  migrateToLatest,
  updateUserPassword,
  type DatabaseHandle,
} from '@ledgerleaf/db';
import { createTestDatabase, type TestDatabase } from '@ledgerleaf/db/testing';
import { PasswordHasher } from '../lib/password';
import { TEST_PASSWORD_PARAMS } from '../test/harness';
import { DEMO_PROFILE, disableDemo, seedDemo } from './demo.seed';

let database: TestDatabase;
const hasher = new PasswordHasher(TEST_PASSWORD_PARAMS);
const clock = () => new Date();
beforeEach(async () => {
  database = await createTestDatabase();
});
afterEach(async () => {
  await database.cleanup();
});

describe('seedDemo', () => {
  it('creates the demo business and owner with a realistic profile', async () => {
    const result = await seedDemo({ db: database.db, hasher, clock });
    expect(result.created).toBe(true);
    const user = await findUserByEmail(database.db, { email: DEMO_ACCOUNT.email });
    expect(user).toMatchObject({ name: DEMO_ACCOUNT.name, role: 'owner', phone: DEMO_PROFILE.userPhone });
    expect(await hasher.verify(user!.password_hash, DEMO_ACCOUNT.password)).toBe(true);
    const profile = await findUserProfile(database.db, { businessId: user!.business_id, userId: user!.id });
    expect(profile?.business_name).toBe(DEMO_ACCOUNT.business_name);
    const business = await database.db
      .selectFrom('businesses')
      .select(['address', 'tax_id'])
      .where('id', '=', user!.business_id)
      .executeTakeFirstOrThrow();
    expect(business).toEqual({ address: DEMO_PROFILE.address, tax_id: DEMO_PROFILE.taxId });
  });

  it('gives an older demo business its address once, and keeps one the user changed', async () => {
    await seedDemo({ db: database.db, hasher, clock });
    const user = (await findUserByEmail(database.db, { email: DEMO_ACCOUNT.email }))!;
    await database.db.updateTable('businesses').set({ address: null }).where('id', '=', user.business_id).execute();
    await seedDemo({ db: database.db, hasher, clock });
    const read = () =>
      database.db
        .selectFrom('businesses')
        .select('address')
        .where('id', '=', user.business_id)
        .executeTakeFirstOrThrow();
    expect((await read()).address).toBe(DEMO_PROFILE.address);
    await database.db
      .updateTable('businesses')
      .set({ address: '1 Main St' })
      .where('id', '=', user.business_id)
      .execute();
    await seedDemo({ db: database.db, hasher, clock });
    expect((await read()).address).toBe('1 Main St');
  });

  it('is idempotent and restores a changed demo password', async () => {
    const first = await seedDemo({ db: database.db, hasher, clock });
    const user = await findUserByEmail(database.db, { email: DEMO_ACCOUNT.email });
    await updateUserPassword(database.db, {
      businessId: user!.business_id,
      userId: user!.id,
      passwordHash: await hasher.hash('changed!!'),
      now: clock(),
    });
    const second = await seedDemo({ db: database.db, hasher, clock });
    expect(second).toEqual({ created: false, userId: first.userId });
    expect(await database.db.selectFrom('users').select('id').execute()).toHaveLength(1);
    expect(await database.db.selectFrom('businesses').select('id').execute()).toHaveLength(1);
    const after = await findUserByEmail(database.db, { email: DEMO_ACCOUNT.email });
    expect(await hasher.verify(after!.password_hash, DEMO_ACCOUNT.password)).toBe(true);
  });

  it('disableDemo locks a left-over demo account out of its published password', async () => {
    expect(await disableDemo({ db: database.db, hasher, clock })).toEqual({ disabled: false });
    await seedDemo({ db: database.db, hasher, clock });
    expect(await disableDemo({ db: database.db, hasher, clock })).toEqual({ disabled: true });
    const user = await findUserByEmail(database.db, { email: DEMO_ACCOUNT.email });
    expect(await hasher.verify(user!.password_hash, DEMO_ACCOUNT.password)).toBe(false);
    expect(await disableDemo({ db: database.db, hasher, clock })).toEqual({ disabled: false });
    // DEMO on again restores it.
    await seedDemo({ db: database.db, hasher, clock });
    const restored = await findUserByEmail(database.db, { email: DEMO_ACCOUNT.email });
    expect(await hasher.verify(restored!.password_hash, DEMO_ACCOUNT.password)).toBe(true);
  });
});

describe('two instances starting together', () => {
  /**
   * Two connections to one fresh database, as two server processes have: PostgreSQL (a second pool on
   * this test's schema) when TEST_DATABASE_URL says so, else a SQLite file opened twice.
   */
  async function twoInstances(): Promise<{ handles: DatabaseHandle[]; close(): Promise<void> }> {
    if (database.dialect === 'postgres') {
      const second = createDatabase({ url: process.env.TEST_DATABASE_URL, searchPath: database.schema, poolSize: 4 });
      return { handles: [database, second], close: () => second.destroy() };
    }
    const dir = mkdtempSync(join(tmpdir(), 'ledgerleaf-seed-'));
    const handles = [0, 1].map(() => createDatabase({ sqlitePath: join(dir, 'race.sqlite') }));
    await Promise.all(handles.map((handle) => migrateToLatest(handle.db)));
    return {
      handles,
      async close() {
        for (const handle of handles) await handle.destroy();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  }

  it("seed the demo once: the second finds the first one's account instead of failing", async () => {
    const { handles, close } = await twoInstances();
    try {
      for (let round = 0; round < 2; round += 1) {
        const results = await Promise.all(handles.map((handle) => seedDemo({ db: handle.db, hasher, clock })));
        expect(results.map((result) => result.created).sort()).toEqual(round === 0 ? [false, true] : [false, false]);
        expect(new Set(results.map((result) => result.userId)).size).toBe(1);
      }
      const db = handles[0]!.db;
      expect(await db.selectFrom('users').select('id').execute()).toHaveLength(1);
      expect(await db.selectFrom('businesses').select('id').execute()).toHaveLength(1);
      expect(await db.selectFrom('tax_rates').select('id').execute()).toHaveLength(3);
    } finally {
      await close();
    }
  });
});

describe('demo catalogue', () => {
  it('seeds about 25 clients, 20 products and 3 tax rates once, with history and a few archived', async () => {
    await seedDemo({ db: database.db, hasher, clock });
    const count = async (table: 'clients' | 'products' | 'tax_rates' | 'client_contacts') =>
      (await database.db.selectFrom(table).select('id').execute()).length;
    const counts = {
      clients: await count('clients'),
      products: await count('products'),
      taxRates: await count('tax_rates'),
      contacts: await count('client_contacts'),
    };
    expect(counts.clients).toBeGreaterThanOrEqual(24);
    expect(counts.products).toBeGreaterThanOrEqual(20);
    expect(counts.taxRates).toBe(3);
    const clients = await database.db.selectFrom('clients').select(['kind', 'archived_at', 'created_at']).execute();
    expect(new Set(clients.map((c) => c.kind))).toEqual(new Set(['company', 'person']));
    expect(clients.filter((c) => c.archived_at !== null).length).toBeGreaterThanOrEqual(2);
    const ages = clients.map((c) => (Date.now() - Date.parse(c.created_at)) / 86_400_000);
    expect(Math.max(...ages)).toBeGreaterThan(300);
    expect(Math.min(...ages)).toBeLessThan(30);
    const rates = await database.db
      .selectFrom('tax_rates')
      .select(['name', 'rate_thousandths'])
      .orderBy('name')
      .execute();
    expect(rates.map((r) => [r.name, r.rate_thousandths])).toEqual([
      ['Sales tax 8.875%', 8875],
      ['State tax 6.25%', 6250],
      ['Zero-rated 0%', 0],
    ]);
    expect(
      (await database.db.selectFrom('activity_log').select('id').where('event', '=', 'client.created').execute())
        .length,
    ).toBe(counts.clients);
    // Idempotent: a second run adds nothing.
    await seedDemo({ db: database.db, hasher, clock });
    expect({
      clients: await count('clients'),
      products: await count('products'),
      taxRates: await count('tax_rates'),
      contacts: await count('client_contacts'),
    }).toEqual(counts);
  });
});
