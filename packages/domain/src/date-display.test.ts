import { describe, expect, it } from 'vitest';
import {
  DATE_FORMATS,
  DEFAULT_DISPLAY_PREFERENCES,
  dateInputFormat,
  formatDisplayDate,
  formatDisplayDateTime,
  toDateFormat,
} from './date-display';
import { displayPreferencesSchema, userSchema } from './user';
import { displayPreferencesOf } from './user-helpers';

describe('formatDisplayDate', () => {
  it('formats a yyyy-MM-dd date in every format, padding month and day', () => {
    const expected: Record<(typeof DATE_FORMATS)[number], [string, string]> = {
      'mm/dd/yy': ['11/23/26', '03/05/07'],
      'mm/dd/yyyy': ['11/23/2026', '03/05/2007'],
      'dd/mm/yyyy': ['23/11/2026', '05/03/2007'],
      'dd.mm.yyyy': ['23.11.2026', '05.03.2007'],
      'yyyy-mm-dd': ['2026-11-23', '2007-03-05'],
    };
    for (const format of DATE_FORMATS) {
      expect(formatDisplayDate('2026-11-23', format), format).toBe(expected[format][0]);
      expect(formatDisplayDate('2007-03-05', format), format).toBe(expected[format][1]);
    }
  });

  it('defaults to mm/dd/yy (SPEC.md section 9), also for an unknown format', () => {
    expect(formatDisplayDate('2026-11-23')).toBe('11/23/26');
    expect(formatDisplayDate('2026-11-23', 'nonsense')).toBe('11/23/26');
  });

  it('never shifts a plain date by the time zone, whatever the viewer zone', () => {
    // 1 January at midnight UTC is still 31 December in New York; a date-only value must not move.
    expect(formatDisplayDate('2027-01-01', 'yyyy-mm-dd')).toBe('2027-01-01');
    expect(formatDisplayDate('2026-12-31', 'dd.mm.yyyy')).toBe('31.12.2026');
  });

  it('answers empty for missing, malformed or impossible dates', () => {
    for (const value of [
      null,
      undefined,
      '',
      'not a date',
      '2026-13-01',
      '2026-02-30',
      '2026/11/23',
      '23.11.2026',
      '2026-11-23Tgarbage',
    ]) {
      expect(formatDisplayDate(value, 'mm/dd/yy'), String(value)).toBe('');
    }
    expect(formatDisplayDate('2028-02-29', 'dd.mm.yyyy')).toBe('29.02.2028');
  });
});

describe('timestamps: the viewer local date', () => {
  // The test process runs in one zone; build timestamps from local parts so the expectation holds in any.
  const localIso = (y: number, m: number, d: number, h: number, min: number) =>
    new Date(y, m - 1, d, h, min).toISOString();

  it('formats a timestamp just before and just after local midnight as its local date', () => {
    expect(formatDisplayDate(localIso(2026, 11, 22, 23, 59), 'dd.mm.yyyy')).toBe('22.11.2026');
    expect(formatDisplayDate(localIso(2026, 11, 23, 0, 1), 'dd.mm.yyyy')).toBe('23.11.2026');
    expect(formatDisplayDate(localIso(2026, 12, 31, 23, 30), 'yyyy-mm-dd')).toBe('2026-12-31');
    expect(formatDisplayDate(localIso(2027, 1, 1, 0, 0), 'mm/dd/yy')).toBe('01/01/27');
  });

  it('reads a UTC timestamp in the local zone: a late-evening UTC instant may be the next local day', () => {
    const instant = '2026-11-23T23:30:00.000Z';
    const local = new Date(instant);
    const expected = `${String(local.getDate()).padStart(2, '0')}.${String(local.getMonth() + 1).padStart(2, '0')}.${local.getFullYear()}`;
    expect(formatDisplayDate(instant, 'dd.mm.yyyy')).toBe(expected);
  });

  it('adds the local time to a timestamp, and only the date to a plain date', () => {
    expect(formatDisplayDateTime(localIso(2026, 11, 23, 16, 49), 'mm/dd/yy')).toBe('11/23/26, 4:49 PM');
    expect(formatDisplayDateTime(localIso(2026, 11, 23, 0, 5), 'dd.mm.yyyy')).toBe('23.11.2026, 12:05 AM');
    expect(formatDisplayDateTime('2026-11-23', 'yyyy-mm-dd')).toBe('2026-11-23');
    expect(formatDisplayDateTime('garbage', 'yyyy-mm-dd')).toBe('');
    expect(formatDisplayDateTime(null)).toBe('');
  });
});

describe('preferences', () => {
  it('maps a display format to the date input format', () => {
    expect(DATE_FORMATS.map(dateInputFormat)).toEqual([
      'MM/DD/YY',
      'MM/DD/YYYY',
      'DD/MM/YYYY',
      'DD.MM.YYYY',
      'YYYY-MM-DD',
    ]);
    expect(dateInputFormat('bogus')).toBe('MM/DD/YY');
    expect(toDateFormat('dd.mm.yyyy')).toBe('dd.mm.yyyy');
    expect(toDateFormat(42)).toBe('mm/dd/yy');
  });

  it('reads a stored user without preferences (older local copies) and falls back to the defaults', () => {
    const user = {
      id: 1,
      name: 'A',
      email: 'a@b.co',
      business_name: 'B',
      company_logo: null,
      avatar_path: null,
      roles: [{ name: 'owner' }],
    };
    const parsed = userSchema.parse(user);
    expect(parsed.preferences).toBeUndefined();
    expect(displayPreferencesOf(parsed)).toEqual(DEFAULT_DISPLAY_PREFERENCES);
    expect(displayPreferencesOf(null)).toEqual({ date_format: 'mm/dd/yy', first_day_of_week: 0 });
    const withPreferences = userSchema.parse({
      ...user,
      preferences: { date_format: 'dd.mm.yyyy', first_day_of_week: 1 },
    });
    expect(displayPreferencesOf(withPreferences)).toEqual({ date_format: 'dd.mm.yyyy', first_day_of_week: 1 });
    expect(displayPreferencesSchema.parse({ date_format: 'bogus', first_day_of_week: 5 })).toEqual(
      DEFAULT_DISPLAY_PREFERENCES,
    );
  });
});
