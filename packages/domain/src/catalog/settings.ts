import { z } from 'zod';
import { paymentTermsDaysSchema } from './shared';
import { DEFAULT_PAYMENT_TERMS_DAYS } from './messages';

/** `GET/PUT /api/settings/invoicing`: the business's invoicing defaults. */
export const invoicingSettingsSchema = z.strictObject({
  /** Net days new clients (and invoices of clients without terms) start with. */
  default_payment_terms_days: paymentTermsDaysSchema,
  /** Whether unit prices include tax (false: tax is added on top). */
  prices_include_tax: z.boolean(),
});
export type InvoicingSettings = z.infer<typeof invoicingSettingsSchema>;
export const invoicingSettingsRequestSchema = invoicingSettingsSchema;
export const invoicingSettingsResponseSchema = z.object({
  data: invoicingSettingsSchema,
  message: z.string().optional(),
});
export type InvoicingSettingsResponse = z.infer<typeof invoicingSettingsResponseSchema>;
export const DEFAULT_INVOICING_SETTINGS: InvoicingSettings = {
  default_payment_terms_days: DEFAULT_PAYMENT_TERMS_DAYS,
  prices_include_tax: false,
};
