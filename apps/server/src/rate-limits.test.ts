import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createDatabase, migrateToLatest } from '@ledgerleaf/db';
import { createTestDatabase, type TestDatabase } from '@ledgerleaf/db/testing';
import { createTestApp, type TestApp } from './test/harness';

/*
 * Rate limits hold whatever the number of instances: two apps on one database (two connections,
 * as two server processes have) share each limit's count. The counters were once in each process's
 * memory, so two instances let twice the limit through.
 */

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** Two connections to one fresh, migrated database: a second pool on the test's PostgreSQL schema, or a SQLite file opened twice. */
async function sharedDatabase(): Promise<[TestDatabase, TestDatabase]> {
  const url = process.env.TEST_DATABASE_URL;
  const first = await createTestDatabase();
  if (first.dialect === 'postgres') {
    const second = createDatabase({ url, searchPath: first.schema, poolSize: 4 });
    return [first, { ...second, ddl: (work) => work(), cleanup: () => second.destroy() }];
  }
  await first.cleanup();
  const dir = mkdtempSync(join(tmpdir(), 'ledgerleaf-limits-'));
  const handles = [0, 1].map(() => createDatabase({ sqlitePath: join(dir, 'shared.sqlite') }));
  await migrateToLatest(handles[0]!.db);
  const wrap = (handle: (typeof handles)[number], last: boolean): TestDatabase => ({
    ...handle,
    ddl: (work) => work(),
    async cleanup() {
      await handle.destroy();
      if (last) rmSync(dir, { recursive: true, force: true });
    },
  });
  return [wrap(handles[0]!, false), wrap(handles[1]!, true)];
}

async function twoInstances(env: Record<string, string> = {}): Promise<[TestApp, TestApp]> {
  const [first, second] = await sharedDatabase();
  const a = await createTestApp({ database: first, env });
  cleanups.push(() => a.close());
  const b = await createTestApp({ database: second, env });
  cleanups.push(() => b.close());
  return [a, b];
}

describe('rate limits shared by the instances on one database', () => {
  it('the waiting list takes 10 a minute from an address across two instances, then 429 on both', async () => {
    const [a, b] = await twoInstances();
    const statuses: number[] = [];
    for (let index = 0; index < 12; index += 1) {
      const instance = index % 2 === 0 ? a : b;
      const response = await instance.post('/early-access', {
        email: `shared-${index}@example.com`,
        website: '',
        timestamp: instance.clock().getTime() - 5000,
      });
      statuses.push(response.statusCode);
    }
    expect(statuses).toEqual([...Array<number>(10).fill(200), 429, 429]);
    const refused = await a.post('/early-access', {
      email: 'late@example.com',
      website: '',
      timestamp: a.clock().getTime() - 5000,
    });
    expect(refused.statusCode).toBe(429);
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    // Another address has its own count.
    const other = await b.post(
      '/early-access',
      { email: 'other@example.com', website: '', timestamp: b.clock().getTime() - 5000 },
      { ip: '198.51.100.23' },
    );
    expect(other.statusCode).toBe(200);
  });

  it('the calendar feed takes 60 a minute across two instances', async () => {
    const [a, b] = await twoInstances();
    const { token } = await a.register();
    const feed = await a.put('/api/calendar/feed', { kinds: ['invoice_due', 'activity'] }, { token });
    const path = new URL(feed.json().data.url as string).pathname;
    const statuses = new Map<number, number>();
    for (let index = 0; index < 62; index += 1) {
      const response = await (index % 2 === 0 ? a : b).app.inject({ method: 'GET', url: path });
      statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
    }
    expect(Object.fromEntries(statuses)).toEqual({ 200: 60, 429: 2 });
  });

  it('REGISTER_RATE_LIMIT counts sign-ups across the instances', async () => {
    const [a, b] = await twoInstances({ REGISTER_RATE_LIMIT: '3' });
    const statuses: number[] = [];
    for (let index = 0; index < 4; index += 1) {
      const response = await (index % 2 === 0 ? a : b).post('/api/register', {
        name: 'Olive Owner',
        business_name: `Bakery ${index}`,
        email: `owner-${index}@example.com`,
        phone: '4155550100',
        password: 'correct horse battery',
        password_confirmation: 'correct horse battery',
      });
      statuses.push(response.statusCode);
    }
    expect(statuses).toEqual([201, 201, 201, 429]);
  });

  it('a window ends: the count starts again, and ended counters are deleted', async () => {
    const [a, b] = await twoInstances();
    const join = (instance: TestApp, index: number, ip = '203.0.113.1') =>
      instance.post(
        '/early-access',
        { email: `window-${index}-${ip}@example.com`, website: '', timestamp: instance.clock().getTime() - 5000 },
        { ip },
      );
    for (let index = 0; index < 10; index += 1) expect((await join(index % 2 ? a : b, index)).statusCode).toBe(200);
    expect((await join(a, 10)).statusCode).toBe(429);
    expect((await join(b, 11, '203.0.113.2')).statusCode).toBe(200);
    const counters = () => a.database.db.selectFrom('rate_limit_hits').selectAll().execute();
    expect((await counters()).map((row) => [row.client_key, row.hits]).sort()).toEqual([
      ['203.0.113.1', 11],
      ['203.0.113.2', 1],
    ]);
    // A minute later (both instances' clocks) the window has ended.
    a.clock.advance(61_000);
    b.clock.advance(61_000);
    expect((await join(b, 12)).statusCode).toBe(200);
    expect((await join(a, 13)).statusCode).toBe(200);
    // The ended counter of the other address is gone; the first one started again.
    expect((await counters()).map((row) => [row.client_key, row.hits])).toEqual([['203.0.113.1', 2]]);
  });
});
