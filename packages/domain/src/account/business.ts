import { z } from 'zod';
import { numberingSettingsSchema } from '../invoicing/numbering';
import { ACCOUNT_MESSAGES } from './messages';

/** Date display formats; `mm/dd/yy` is the default (SPEC.md section 9). */
export const DATE_FORMATS = ['mm/dd/yy', 'mm/dd/yyyy', 'dd/mm/yyyy', 'dd.mm.yyyy', 'yyyy-mm-dd'] as const;
export type DateFormat = (typeof DATE_FORMATS)[number];
export const DEFAULT_DATE_FORMAT: DateFormat = 'mm/dd/yy';

/** 0 = Sunday (the default, SPEC.md section 9), 1 = Monday. */
export const FIRST_DAYS_OF_WEEK = [0, 1] as const;
export const DEFAULT_FIRST_DAY_OF_WEEK = 0;
export const FIRST_DAY_LABELS: Record<number, string> = { 0: 'Sunday', 1: 'Monday' };

export const BUSINESS_ADDRESS_MAX = 500;
export const TAX_ID_MAX = 64;
export const INVOICE_TEXT_MAX = 2000;

/** Formats a `yyyy-MM-dd` date with one of DATE_FORMATS; anything unparsable is returned unchanged. */
export function formatDateAs(isoDate: string, format: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(isoDate);
  if (!match) return isoDate;
  const [, yyyy, mm, dd] = match as unknown as [string, string, string, string];
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

const optionalText = (max: number, message: string) =>
  z
    .string({ error: message })
    .max(max, message)
    .nullish()
    .transform((value) => (value == null || value.trim() === '' ? null : value.trim()));

/** `GET/PUT /api/settings/business`: details printed on invoices and display preferences. */
export const businessDetailsSchema = z.strictObject({
  /** Multi-line postal address, printed under the business name. */
  address: optionalText(BUSINESS_ADDRESS_MAX, ACCOUNT_MESSAGES.addressTooLong),
  tax_id: optionalText(TAX_ID_MAX, ACCOUNT_MESSAGES.taxIdTooLong),
  /** Defaults for new invoices' notes and terms. */
  default_invoice_notes: optionalText(INVOICE_TEXT_MAX, ACCOUNT_MESSAGES.notesTooLong),
  default_invoice_terms: optionalText(INVOICE_TEXT_MAX, ACCOUNT_MESSAGES.notesTooLong),
  date_format: z.enum(DATE_FORMATS, { error: ACCOUNT_MESSAGES.dateFormatInvalid }),
  first_day_of_week: z.union([z.literal(0), z.literal(1)], { error: ACCOUNT_MESSAGES.firstDayInvalid }),
});
export type BusinessDetailsInput = z.input<typeof businessDetailsSchema>;
export type BusinessDetailsRequest = z.output<typeof businessDetailsSchema>;

export const businessDetailsViewSchema = z.object({
  name: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  company_logo: z.string().nullable(),
  address: z.string().nullable(),
  tax_id: z.string().nullable(),
  default_invoice_notes: z.string().nullable(),
  default_invoice_terms: z.string().nullable(),
  date_format: z.enum(DATE_FORMATS),
  first_day_of_week: z.number().int(),
});
export type BusinessDetails = z.infer<typeof businessDetailsViewSchema>;
export const businessDetailsResponseSchema = z.object({ data: businessDetailsViewSchema, message: z.string().optional() });
export type BusinessDetailsResponse = z.infer<typeof businessDetailsResponseSchema>;

/** `GET/PUT /api/settings/numbering`: the invoice number pattern (domain's numbering rules). */
export const numberingRequestSchema = numberingSettingsSchema;
export const numberingViewSchema = z.object({
  prefix: z.string(),
  include_year: z.boolean(),
  separator: z.string(),
  padding: z.number().int(),
  yearly_reset: z.boolean(),
});
/** The counter the preview continues from: the last number handed out and its year. */
export const numberingCounterSchema = z.object({ last_counter: z.number().int().nullable(), last_year: z.number().int().nullable() });
export type NumberingCounter = z.infer<typeof numberingCounterSchema>;
export const numberingResponseSchema = z.object({
  data: numberingViewSchema,
  counter: numberingCounterSchema,
  /** What the next invoice would be numbered today. */
  next_number: z.string(),
  message: z.string().optional(),
});
export type NumberingResponse = z.infer<typeof numberingResponseSchema>;
