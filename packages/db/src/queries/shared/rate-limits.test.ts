import { afterEach, describe, expect, it } from 'vitest';
import { createDatabase } from '../../connection';
import { createTestDatabase, type TestDatabase } from '../../testing';
import { deleteEndedRateLimits, hitRateLimit } from './rate-limits';

let test: TestDatabase | undefined;
afterEach(async () => {
  await test?.cleanup();
  test = undefined;
});

const limit = { limitName: 'POST /early-access', clientKey: '203.0.113.1', windowMs: 60_000 };

describe('rate-limit counters', () => {
  it('count hits in a window that starts with the first, then start again', async () => {
    test = await createTestDatabase();
    const start = Date.parse('2026-11-28T10:00:00Z');
    expect(await hitRateLimit(test.db, { ...limit, now: start })).toEqual({ hits: 1, resetsAt: start + 60_000 });
    expect(await hitRateLimit(test.db, { ...limit, now: start + 59_999 })).toEqual({
      hits: 2,
      resetsAt: start + 60_000,
    });
    // Another key, another limit: counts of their own.
    expect((await hitRateLimit(test.db, { ...limit, clientKey: '203.0.113.2', now: start })).hits).toBe(1);
    expect((await hitRateLimit(test.db, { ...limit, limitName: 'POST /api/register', now: start })).hits).toBe(1);
    // The window has ended: a new one from this hit.
    expect(await hitRateLimit(test.db, { ...limit, now: start + 60_000 })).toEqual({
      hits: 1,
      resetsAt: start + 120_000,
    });
    expect(await deleteEndedRateLimits(test.db, { now: start + 60_000 })).toBe(2);
    expect(await test.db.selectFrom('rate_limit_hits').select(['limit_name', 'client_key', 'hits']).execute()).toEqual([
      { limit_name: 'POST /early-access', client_key: '203.0.113.1', hits: 1 },
    ]);
  });

  it('lose no hit when connections count at once', async () => {
    test = await createTestDatabase();
    const now = Date.now();
    const second =
      test.dialect === 'postgres'
        ? createDatabase({ url: process.env.TEST_DATABASE_URL, searchPath: test.schema, poolSize: 8 })
        : undefined;
    try {
      const handles = second ? [test.db, second.db] : [test.db];
      const hits = await Promise.all(
        Array.from({ length: 40 }, (_, index) => hitRateLimit(handles[index % handles.length]!, { ...limit, now })),
      );
      expect(hits.map((hit) => hit.hits).sort((a, b) => a - b)).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
    } finally {
      await second?.destroy();
    }
  });
});
