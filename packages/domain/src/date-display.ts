import { LOCALE } from './constants';

/*
 * How dates are shown: the business's date format (business settings, SPEC.md section 9) applied by
 * one formatter everywhere, the web's screens, the public pages, the PDF and the emails.
 */

/** Date display formats; `mm/dd/yy` is the default (SPEC.md section 9). */
export const DATE_FORMATS = ['mm/dd/yy', 'mm/dd/yyyy', 'dd/mm/yyyy', 'dd.mm.yyyy', 'yyyy-mm-dd'] as const;
export type DateFormat = (typeof DATE_FORMATS)[number];
export const DEFAULT_DATE_FORMAT: DateFormat = 'mm/dd/yy';

/** 0 = Sunday (the default, SPEC.md section 9), 1 = Monday. */
export const FIRST_DAYS_OF_WEEK = [0, 1] as const;
export type FirstDayOfWeek = (typeof FIRST_DAYS_OF_WEEK)[number];
export const DEFAULT_FIRST_DAY_OF_WEEK: FirstDayOfWeek = 0;
export const FIRST_DAY_LABELS: Record<number, string> = { 0: 'Sunday', 1: 'Monday' };

/** A stored value (a varchar column, an old local copy) as one of DATE_FORMATS; the default otherwise. */
export function toDateFormat(value: unknown): DateFormat {
  return (DATE_FORMATS as readonly unknown[]).includes(value) ? (value as DateFormat) : DEFAULT_DATE_FORMAT;
}

/** A stored first day of the week as 0 or 1; Sunday otherwise. */
export function toFirstDayOfWeek(value: unknown): FirstDayOfWeek {
  return Number(value) === 1 ? 1 : 0;
}

/**
 * The business's display preferences, carried by the signed-in user (`GET /api/user`); their schema,
 * `displayPreferencesSchema`, is in user.ts: this module stays free of zod, for the sign-in page.
 */
export interface DisplayPreferences {
  date_format: DateFormat;
  first_day_of_week: FirstDayOfWeek;
}
export const DEFAULT_DISPLAY_PREFERENCES: DisplayPreferences = {
  date_format: DEFAULT_DATE_FORMAT,
  first_day_of_week: DEFAULT_FIRST_DAY_OF_WEEK,
};

/**
 * The format string of a date input (dayjs / Mantine tokens) for a display format: `mm/dd/yy` →
 * `MM/DD/YY`, `dd.mm.yyyy` → `DD.MM.YYYY`.
 */
export function dateInputFormat(format: string): string {
  return toDateFormat(format).toUpperCase();
}

/** Formats a `yyyy-MM-dd` date with one of DATE_FORMATS; anything unparsable is returned unchanged. */
export function formatDateAs(isoDate: string, format: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(isoDate);
  if (!match) return isoDate;
  const [, yyyy, mm, dd] = match as unknown as [string, string, string, string];
  return applyFormat(yyyy, mm, dd, format);
}

function applyFormat(yyyy: string, mm: string, dd: string, format: string): string {
  switch (format) {
    case 'mm/dd/yyyy':
      return `${mm}/${dd}/${yyyy}`;
    case 'dd/mm/yyyy':
      return `${dd}/${mm}/${yyyy}`;
    case 'dd.mm.yyyy':
      return `${dd}.${mm}.${yyyy}`;
    case 'yyyy-mm-dd':
      return `${yyyy}-${mm}-${dd}`;
    default:
      return `${mm}/${dd}/${yyyy.slice(2)}`;
  }
}

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;
const pad = (value: number, length = 2) => String(value).padStart(length, '0');

/** The calendar date a value names: a `yyyy-MM-dd` as is, a timestamp as the viewer's local date. */
function calendarParts(
  value: string | null | undefined,
): { date: [string, string, string]; instant: Date | null } | null {
  if (!value) return null;
  const text = value.trim();
  const dateOnly = DATE_ONLY.exec(text);
  if (dateOnly) {
    const [, yyyy, mm, dd] = dateOnly as unknown as [string, string, string, string];
    const month = Number(mm);
    const day = Number(dd);
    if (month < 1 || month > 12 || day < 1 || day > daysInMonth(Number(yyyy), month)) return null;
    return { date: [yyyy, mm, dd], instant: null };
  }
  // Only ISO-like timestamps: `new Date` reads many other shapes differently per engine.
  if (!/^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}/.test(text)) return null;
  const instant = new Date(text);
  if (Number.isNaN(instant.getTime())) return null;
  return { date: [pad(instant.getFullYear(), 4), pad(instant.getMonth() + 1), pad(instant.getDate())], instant };
}

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/**
 * A date for display in the business's format: a `yyyy-MM-dd` date is formatted as it is (no time
 * zone shift), an ISO timestamp as the viewer's local date. `''` when missing or unreadable.
 * `formatDisplayDate('2026-11-23', 'dd.mm.yyyy')` → `23.11.2026`.
 */
export function formatDisplayDate(value: string | null | undefined, format: string = DEFAULT_DATE_FORMAT): string {
  const parts = calendarParts(value);
  return parts ? applyFormat(...parts.date, format) : '';
}

const timeFormat = new Intl.DateTimeFormat(LOCALE, { hour: 'numeric', minute: '2-digit' });

/**
 * A timestamp for display: the viewer's local date in the business's format and the local time,
 * `11/23/26, 4:49 PM`. A `yyyy-MM-dd` date has no time and shows the date only; `''` when missing
 * or unreadable.
 */
export function formatDisplayDateTime(value: string | null | undefined, format: string = DEFAULT_DATE_FORMAT): string {
  const parts = calendarParts(value);
  if (!parts) return '';
  const date = applyFormat(...parts.date, format);
  // ICU puts a narrow no-break space before AM/PM; a plain space reads the same and is what people type and search.
  return parts.instant ? `${date}, ${timeFormat.format(parts.instant).replace(/\u202f/g, ' ')}` : date;
}
