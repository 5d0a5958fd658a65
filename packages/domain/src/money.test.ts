import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { fromCents, toCents } from './money';
import { formatCurrency, formatNumber, numberFormatCacheSize, toNumber } from './format';
import { flattenFieldErrors, firstFieldErrors } from './errors';

describe('money boundary', () => {
  it('converts decimal amounts to cents exactly', () => {
    expect(toCents(1250.5)).toBe(125050);
    expect(toCents('19.99')).toBe(1999);
    expect(toCents(1.005)).toBe(101);
    expect(toCents(-2.5)).toBe(-250);
    expect(() => toCents('abc')).toThrow(RangeError);
  });
  it('round-trips every cent amount', () => {
    fc.assert(fc.property(fc.integer({ min: -1e12, max: 1e12 }), (cents) => toCents(fromCents(cents)) === cents));
  });
});

describe('dashboard number format (SPEC.md section 5)', () => {
  it('US locale with exactly 2 decimals; null and non-numbers give 0; numeric strings are parsed', () => {
    expect(formatNumber(1234.5)).toBe('1,234.50');
    expect(formatNumber('1234.567')).toBe('1,234.57');
    expect(formatNumber(null)).toBe('0.00');
    expect(formatNumber('abc')).toBe('0.00');
    expect(formatNumber(undefined)).toBe('0.00');
    expect(toNumber(Number.NaN)).toBe(0);
  });
  it('caches at most 500 entries', () => {
    for (let i = 0; i < 800; i++) formatNumber(i);
    expect(numberFormatCacheSize()).toBe(500);
  });
  it('formats USD', () => {
    expect(formatCurrency(1250.5)).toBe('$1,250.50');
  });
});

describe('error flattening (SPEC.md section 8)', () => {
  const errors = { email: ['Taken', 'Invalid'], password: ['Too short'] };
  it('joins all messages with the given separator', () => {
    expect(flattenFieldErrors(errors, ', ')).toBe('Taken, Invalid, Too short');
    expect(flattenFieldErrors(errors, '\n')).toBe('Taken\nInvalid\nToo short');
    expect(flattenFieldErrors(undefined, ', ')).toBe('');
  });
  it('keeps the first message per field', () => {
    expect(firstFieldErrors(errors)).toEqual({ email: 'Taken', password: 'Too short' });
  });
});
