import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from './testing';
import { preparedQuery } from './prepared';
import type { Db } from './queries/types';
import { addWaitlistEntry } from './queries/waitlist';

let test: TestDatabase;
beforeEach(async () => {
  test = await createTestDatabase();
});
afterEach(async () => {
  await test.cleanup();
});

describe('preparedQuery', () => {
  it('compiles once and binds new values on every run', async () => {
    const now = new Date();
    await addWaitlistEntry(test.db, { email: 'a@example.com', now });
    await addWaitlistEntry(test.db, { email: 'b@example.com', now });
    let builds = 0;
    const byEmail = preparedQuery(['email'] as const, (db: Db, p) => {
      builds += 1;
      return db.selectFrom('waitlist_entries').select('email').where('email', '=', p.email);
    });
    expect(await byEmail(test.db, { email: 'a@example.com' })).toEqual([{ email: 'a@example.com' }]);
    expect(await byEmail(test.db, { email: 'b@example.com' })).toEqual([{ email: 'b@example.com' }]);
    expect(await byEmail(test.db, { email: 'c@example.com' })).toEqual([]);
    expect(builds).toBe(1);
  });

  it("never reads another request's uncommitted rows, on SQLite's single connection too", async () => {
    const now = new Date();
    const byEmail = preparedQuery(['email'] as const, (db: Db, p) =>
      db.selectFrom('waitlist_entries').select('email').where('email', '=', p.email),
    );
    expect(await byEmail(test.db, { email: 'open@example.com' })).toEqual([]);
    let read: Promise<unknown[]> | undefined;
    await expect(
      test.db.transaction().execute(async (trx) => {
        await addWaitlistEntry(trx, { email: 'open@example.com', now });
        // Started while the transaction is open, not awaited inside it: it must not see its row.
        read = byEmail(test.db, { email: 'open@example.com' });
        await new Promise((resolve) => setTimeout(resolve, 10));
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(await read).toEqual([]);
    // And outside a transaction, a committed row is seen at once.
    await addWaitlistEntry(test.db, { email: 'open@example.com', now });
    expect(await byEmail(test.db, { email: 'open@example.com' })).toEqual([{ email: 'open@example.com' }]);
  });

  it('refuses a builder that does not bind every placeholder', async () => {
    const broken = preparedQuery(['email', 'unused'] as const, (db: Db, p) =>
      db.selectFrom('waitlist_entries').select('email').where('email', '=', p.email),
    );
    await expect(broken(test.db, { email: 'a', unused: 'b' })).rejects.toThrow(/placeholders/);
  });
});
