import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  DEFAULT_NUMBERING_SETTINGS,
  NUMBERING_MESSAGES,
  formatDocumentNumber,
  nextCounter,
  numberingSettingsSchema,
  previewNextNumber,
  toDocumentNumberFormat,
  type NumberingSettings,
} from './numbering';

describe('document numbers', () => {
  it('formats prefix, year and padded counter', () => {
    expect(formatDocumentNumber({ prefix: 'INV-', includeYear: true, padding: 4, separator: '-' }, 2026, 1)).toBe(
      'INV-2026-0001',
    );
    expect(formatDocumentNumber({ prefix: 'INV', includeYear: true, padding: 4, separator: '-' }, 2026, 1)).toBe(
      'INV-2026-0001',
    );
    expect(formatDocumentNumber({ prefix: 'INV', includeYear: false, padding: 6 }, 2026, 42)).toBe('INV-000042');
    expect(formatDocumentNumber({ prefix: '', includeYear: true, padding: 3, separator: '/' }, 2026, 7)).toBe(
      '2026/007',
    );
    expect(formatDocumentNumber({ prefix: 'INV', includeYear: true, padding: 4, separator: '' }, 2026, 12)).toBe(
      'INV20260012',
    );
    // a counter longer than the padding is never cut
    expect(formatDocumentNumber({ prefix: 'INV', includeYear: true, padding: 4 }, 2026, 123456)).toBe(
      'INV-2026-123456',
    );
    expect(() => formatDocumentNumber({ prefix: 'INV', includeYear: true, padding: 4 }, 2026, 0)).toThrow(RangeError);
  });
  it('settings have defaults and refuse a yearly reset without the year', () => {
    expect(DEFAULT_NUMBERING_SETTINGS).toEqual({
      prefix: 'INV',
      include_year: true,
      separator: '-',
      padding: 4,
      yearly_reset: true,
    });
    expect(formatDocumentNumber(toDocumentNumberFormat(DEFAULT_NUMBERING_SETTINGS), 2026, 1)).toBe('INV-2026-0001');
    const refused = numberingSettingsSchema.safeParse({ include_year: false, yearly_reset: true });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]).toMatchObject({
      path: ['yearly_reset'],
      message: NUMBERING_MESSAGES.yearlyResetNeedsYear,
    });
    expect(numberingSettingsSchema.safeParse({ prefix: 'INV 2026' }).success).toBe(false);
    expect(numberingSettingsSchema.safeParse({ padding: 11 }).success).toBe(false);
    expect(numberingSettingsSchema.safeParse({ separator: '~' }).success).toBe(false);
  });
  it('counters: first, next, yearly reset, and never back into an earlier year', () => {
    expect(nextCounter({ last_counter: null, last_year: null, yearly_reset: true }, 2026)).toEqual({
      counter: 1,
      year: 2026,
    });
    expect(nextCounter({ last_counter: 41, last_year: 2026, yearly_reset: true }, 2026)).toEqual({
      counter: 42,
      year: 2026,
    });
    expect(nextCounter({ last_counter: 41, last_year: 2026, yearly_reset: true }, 2027)).toEqual({
      counter: 1,
      year: 2027,
    });
    expect(nextCounter({ last_counter: 41, last_year: 2026, yearly_reset: false }, 2027)).toEqual({
      counter: 42,
      year: 2027,
    });
    expect(nextCounter({ last_counter: 3, last_year: 2027, yearly_reset: true }, 2026)).toEqual({
      counter: 4,
      year: 2027,
    });
    expect(previewNextNumber(DEFAULT_NUMBERING_SETTINGS, { last_counter: 41, last_year: 2026 }, 2026)).toBe(
      'INV-2026-0042',
    );
  });
});

const settingsArb: fc.Arbitrary<NumberingSettings> = fc
  .record({
    prefix: fc.constantFrom('INV', 'INV-', '', 'A1', 'F#'),
    include_year: fc.boolean(),
    separator: fc.constantFrom('-' as const, '/' as const, '.' as const, '_' as const, '' as const),
    padding: fc.integer({ min: 1, max: 10 }),
    yearly_reset: fc.boolean(),
  })
  .filter((settings) => numberingSettingsSchema.safeParse(settings).success);

describe('numbering invariants (fast-check)', () => {
  it('a run of issues over the years: counters strictly increase within a year, no two give the same number', () => {
    fc.assert(
      fc.property(
        settingsArb,
        fc.array(fc.integer({ min: 2020, max: 2030 }), { minLength: 1, maxLength: 200 }),
        (settings, years) => {
          let state = { last_counter: null as number | null, last_year: null as number | null };
          const numbers = new Set<string>();
          for (const year of years) {
            const next = nextCounter({ ...state, yearly_reset: settings.yearly_reset }, year);
            if (state.last_year !== null) {
              expect(next.year).toBeGreaterThanOrEqual(state.last_year);
              if (next.year === state.last_year || !settings.yearly_reset)
                expect(next.counter).toBe((state.last_counter ?? 0) + 1);
              else expect(next.counter).toBe(1);
            }
            const number = formatDocumentNumber(toDocumentNumberFormat(settings), next.year, next.counter);
            expect(numbers.has(number)).toBe(false);
            numbers.add(number);
            state = { last_counter: next.counter, last_year: next.year };
          }
        },
      ),
    );
  });
  it('padding: the counter part has at least `padding` digits and reads back as the counter', () => {
    fc.assert(
      fc.property(
        settingsArb,
        fc.integer({ min: 2000, max: 2099 }),
        fc.integer({ min: 1, max: 10_000_000_000 }),
        (settings, year, counter) => {
          const number = formatDocumentNumber(toDocumentNumberFormat(settings), year, counter);
          const digits = /(\d+)$/.exec(number)?.[1] ?? '';
          const counterPart =
            settings.separator === ''
              ? digits.slice(
                  settings.include_year ? digits.length - Math.max(settings.padding, String(counter).length) : 0,
                )
              : digits;
          expect(counterPart.length).toBeGreaterThanOrEqual(settings.padding);
          expect(Number(counterPart.slice(-Math.max(settings.padding, String(counter).length)))).toBe(counter);
        },
      ),
    );
  });
  it('different counters in the same year never give the same number', () => {
    fc.assert(
      fc.property(settingsArb, fc.integer({ min: 1, max: 1e7 }), fc.integer({ min: 1, max: 1e7 }), (settings, a, b) => {
        fc.pre(a !== b);
        const format = toDocumentNumberFormat(settings);
        expect(formatDocumentNumber(format, 2026, a)).not.toBe(formatDocumentNumber(format, 2026, b));
      }),
    );
  });
});
