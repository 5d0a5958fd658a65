import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from './testing';
import { preparedQuery } from './prepared';
import type { Db } from './queries/shared/types';
import { addWaitlistEntry } from './queries/auth/waitlist';

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

  it('answers plain rows synchronously on SQLite outside a transaction, a promise otherwise', async () => {
    const now = new Date();
    await addWaitlistEntry(test.db, { email: 'now@example.com', now });
    const byEmail = preparedQuery(['email'] as const, (db: Db, p) =>
      db.selectFrom('waitlist_entries').select(['id', 'email']).where('email', '=', p.email),
    );
    const rows = byEmail.now(test.db, { email: 'now@example.com' });
    if (test.dialect === 'sqlite') {
      expect(Array.isArray(rows)).toBe(true);
      // Plain objects with the selected columns, not node:sqlite's null-prototype rows.
      const [row] = rows as { id: number; email: string }[];
      expect(Object.getPrototypeOf(row)).toBe(Object.prototype);
      expect(Object.keys(row!)).toEqual(['id', 'email']);
    } else {
      expect(rows).toBeInstanceOf(Promise);
    }
    expect(await rows).toEqual([{ id: expect.any(Number), email: 'now@example.com' }]);
    await test.db.transaction().execute(async (trx) => {
      await addWaitlistEntry(trx, { email: 'inside@example.com', now });
      const read = byEmail.now(test.db, { email: 'inside@example.com' });
      // Queued behind the open transaction (which it must not read), so never synchronous.
      expect(read).toBeInstanceOf(Promise);
      void (read as Promise<unknown>).catch(() => undefined);
    });
    expect(await byEmail.now(test.db, { email: 'inside@example.com' })).toHaveLength(1);
  });

  it('refuses a builder that does not bind every placeholder', async () => {
    const broken = preparedQuery(['email', 'unused'] as const, (db: Db, p) =>
      db.selectFrom('waitlist_entries').select('email').where('email', '=', p.email),
    );
    await expect(broken(test.db, { email: 'a', unused: 'b' })).rejects.toThrow(/placeholders/);
  });
});
