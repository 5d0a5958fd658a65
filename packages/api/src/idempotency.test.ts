import { afterEach, describe, expect, it, vi } from 'vitest';
import { createSubmissionKeys, newIdempotencyKey } from './idempotency';

afterEach(() => vi.unstubAllGlobals());

describe('newIdempotencyKey', () => {
  it('is a fresh v4 uuid each time', () => {
    const keys = new Set(Array.from({ length: 50 }, () => newIdempotencyKey()));
    expect(keys.size).toBe(50);
    for (const key of keys)
      expect(key).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });

  it('builds one from random bytes where randomUUID is missing (an insecure context)', () => {
    const getRandomValues = (bytes: Uint8Array) => bytes.fill(0xff);
    vi.stubGlobal('crypto', { getRandomValues });
    expect(newIdempotencyKey()).toBe('ffffffff-ffff-4fff-bfff-ffffffffffff');
  });
});

describe('createSubmissionKeys', () => {
  it('keeps the key for the same body (a retry) and makes a new one for a changed body or after reset', () => {
    const keys = createSubmissionKeys();
    const first = keys.keyFor({ amount: 10 });
    expect(keys.keyFor({ amount: 10 })).toBe(first);
    const second = keys.keyFor({ amount: 12 });
    expect(second).not.toBe(first);
    expect(keys.keyFor({ amount: 12 })).toBe(second);
    keys.reset();
    expect(keys.keyFor({ amount: 12 })).not.toBe(second);
  });
});
