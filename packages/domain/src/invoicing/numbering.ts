import { z } from 'zod';

/**
 * Per-business document numbers: prefix, optional year and a zero-padded counter, e.g.
 * `INV-2026-0001`. Pure: the server takes the next counter inside the transaction that issues the
 * invoice (a per-business counter row), so there is never a gap or a duplicate.
 */

export const NUMBERING_MESSAGES = {
  prefixTooLong: 'The prefix may be at most 20 characters',
  prefixInvalid: 'The prefix may contain letters, digits and - _ / . # only',
  separatorInvalid: 'The separator may be one of - / . _ or nothing',
  paddingInvalid: 'The counter length must be between 1 and 10 digits',
  yearlyResetNeedsYear: 'Restarting the count every year needs the year in the number, or numbers would repeat',
  nextNumberInvalid: 'The next number must be a whole number of at least 1',
} as const;

export const NUMBER_SEPARATORS = ['-', '/', '.', '_', ''] as const;

export const numberingSettingsSchema = z
  .object({
    prefix: z
      .string({ error: NUMBERING_MESSAGES.prefixInvalid })
      .trim()
      .max(20, NUMBERING_MESSAGES.prefixTooLong)
      .regex(/^[A-Za-z0-9\-_/.#]*$/, NUMBERING_MESSAGES.prefixInvalid)
      .default('INV'),
    include_year: z.boolean().default(true),
    separator: z.enum(NUMBER_SEPARATORS, { error: NUMBERING_MESSAGES.separatorInvalid }).default('-'),
    padding: z
      .number({ error: NUMBERING_MESSAGES.paddingInvalid })
      .int(NUMBERING_MESSAGES.paddingInvalid)
      .min(1, NUMBERING_MESSAGES.paddingInvalid)
      .max(10, NUMBERING_MESSAGES.paddingInvalid)
      .default(4),
    yearly_reset: z.boolean().default(true),
  })
  .refine((settings) => !settings.yearly_reset || settings.include_year, {
    message: NUMBERING_MESSAGES.yearlyResetNeedsYear,
    path: ['yearly_reset'],
  });
export type NumberingSettings = z.infer<typeof numberingSettingsSchema>;
export type NumberingSettingsInput = z.input<typeof numberingSettingsSchema>;

export const DEFAULT_NUMBERING_SETTINGS: NumberingSettings = numberingSettingsSchema.parse({});

export interface DocumentNumberFormat {
  prefix: string;
  includeYear: boolean;
  padding: number;
  separator?: string;
}

export function toDocumentNumberFormat(settings: NumberingSettings): DocumentNumberFormat {
  return {
    prefix: settings.prefix,
    includeYear: settings.include_year,
    padding: settings.padding,
    separator: settings.separator,
  };
}

/**
 * `INV-2026-0001`. The parts (prefix, year, counter) are joined by the separator; a prefix that
 * already ends with it (`INV-`) is not doubled. A counter longer than the padding is never cut.
 */
export function formatDocumentNumber(format: DocumentNumberFormat, year: number, counter: number): string {
  if (!Number.isSafeInteger(counter) || counter < 1)
    throw new RangeError(`Counter must be a whole number of at least 1: ${counter}`);
  if (!Number.isInteger(year) || year < 1000 || year > 9999) throw new RangeError(`Year must have 4 digits: ${year}`);
  const separator = format.separator ?? '-';
  const prefix =
    separator !== '' && format.prefix.endsWith(separator) ? format.prefix.slice(0, -separator.length) : format.prefix;
  const parts = [
    prefix,
    format.includeYear ? String(year) : '',
    String(counter).padStart(Math.max(1, format.padding), '0'),
  ];
  return parts.filter((part) => part !== '').join(separator);
}

export interface CounterState {
  /** The last counter handed out, 0 (or null) before the first. */
  last_counter: number | null;
  /** The year of that counter, null before the first. */
  last_year: number | null;
  yearly_reset: boolean;
}

/**
 * The next counter and the year it belongs to. With a yearly reset the count restarts at 1 when
 * the year moves on. The year never goes back: an invoice issued (or backdated) into an earlier
 * year than the last number continues the current year's count and carries the current year, so
 * it cannot repeat a number handed out earlier.
 */
export function nextCounter(state: CounterState, year: number): { counter: number; year: number } {
  const last = state.last_counter ?? 0;
  if (!Number.isSafeInteger(last) || last < 0) throw new RangeError(`Last counter must be a whole number: ${last}`);
  const lastYear = state.last_year;
  if (lastYear === null) return { counter: last + 1, year };
  if (year > lastYear) return { counter: state.yearly_reset ? 1 : last + 1, year };
  return { counter: last + 1, year: lastYear };
}

/** The number the next invoice will get (settings preview: "Next invoice: INV-2026-0042"). */
export function previewNextNumber(
  settings: NumberingSettings,
  state: Omit<CounterState, 'yearly_reset'>,
  year: number,
): string {
  const next = nextCounter({ ...state, yearly_reset: settings.yearly_reset }, year);
  return formatDocumentNumber(toDocumentNumberFormat(settings), next.year, next.counter);
}
