import { z } from 'zod';
import { numberingSettingsSchema } from '../invoicing/numbering';
import { DATE_FORMATS } from '../date-display';
import { ACCOUNT_MESSAGES } from './messages';

export const BUSINESS_ADDRESS_MAX = 500;
export const TAX_ID_MAX = 64;
export const INVOICE_TEXT_MAX = 2000;

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
export const businessDetailsResponseSchema = z.object({
  data: businessDetailsViewSchema,
  message: z.string().optional(),
});
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
export const numberingCounterSchema = z.object({
  last_counter: z.number().int().nullable(),
  last_year: z.number().int().nullable(),
});
export type NumberingCounter = z.infer<typeof numberingCounterSchema>;
export const numberingResponseSchema = z.object({
  data: numberingViewSchema,
  counter: numberingCounterSchema,
  /** What the next invoice would be numbered today. */
  next_number: z.string(),
  message: z.string().optional(),
});
export type NumberingResponse = z.infer<typeof numberingResponseSchema>;
