import { describe, expect, it } from 'vitest';
import {
  amountSchema,
  idParamsSchema,
  isoDateSchema,
  listQuerySchema,
  pageMeta,
  percentSchema,
  quantitySchema,
} from './common';

describe('shared contract pieces', () => {
  it('amounts: non-negative, 2 decimals, at most 999,999,999.99', () => {
    // 0.1 + 0.2 is 0.30000000000000004 in binary: still the amount 0.30 a person typed.
    expect(amountSchema.safeParse(0.1 + 0.2).success).toBe(true);
    expect(amountSchema.safeParse(1250.5).success).toBe(true);
    expect(amountSchema.safeParse(999_999_999.99).success).toBe(true);
    expect(amountSchema.safeParse(1_000_000_000).success).toBe(false);
    expect(amountSchema.safeParse(-1).success).toBe(false);
    expect(amountSchema.safeParse(1.234).success).toBe(false);
    expect(amountSchema.safeParse('12').success).toBe(false);
  });
  it('percentages to 3 decimals and quantities to 3 decimals', () => {
    expect(percentSchema.safeParse(8.875).success).toBe(true);
    expect(percentSchema.safeParse(8.8755).success).toBe(false);
    expect(percentSchema.safeParse(100.001).success).toBe(false);
    expect(quantitySchema.safeParse(1.125).success).toBe(true);
    expect(quantitySchema.safeParse(-1).success).toBe(false);
  });
  it('dates must exist', () => {
    expect(isoDateSchema.safeParse('2028-02-29').success).toBe(true);
    expect(isoDateSchema.safeParse('2026-02-29').success).toBe(false);
    expect(isoDateSchema.safeParse('2026-13-01').success).toBe(false);
    const malformed = isoDateSchema.safeParse('22/11/2026');
    expect(malformed.success).toBe(false);
    expect(malformed.error?.issues.map((issue) => issue.message)).toEqual(['Please enter a valid date (YYYY-MM-DD)']);
  });
  it('dates fall in the years 1900 to 2200, with one message', () => {
    for (const ok of ['1900-01-01', '2200-12-31', '2026-11-24'])
      expect(isoDateSchema.safeParse(ok).success, ok).toBe(true);
    for (const bad of ['1899-12-31', '2201-01-01', '0001-01-01', '9999-12-31']) {
      const parsed = isoDateSchema.safeParse(bad);
      expect(
        parsed.error?.issues.map((issue) => issue.message),
        bad,
      ).toEqual(['Please enter a date between 1900 and 2200']);
    }
    expect(isoDateSchema.safeParse('2026-02-30').error?.issues).toHaveLength(1);
  });
  it('ids and list queries coerce from strings and refuse nonsense', () => {
    expect(idParamsSchema.parse({ id: '42' })).toEqual({ id: 42 });
    expect(idParamsSchema.safeParse({ id: 'abc' }).success).toBe(false);
    expect(idParamsSchema.safeParse({ id: '-1' }).success).toBe(false);
    const query = listQuerySchema(['name', 'created_at'], 'name');
    expect(query.parse({})).toEqual({ page: 1, per_page: 25, sort: 'name', direction: 'asc' });
    expect(query.safeParse({ per_page: '1000' }).success).toBe(false);
    expect(query.safeParse({ sort: 'password' }).success).toBe(false);
  });
  it('page meta', () => {
    expect(pageMeta(2, 25, 51)).toEqual({ page: 2, per_page: 25, total: 51, last_page: 3 });
    expect(pageMeta(1, 25, 0).last_page).toBe(1);
  });
});
