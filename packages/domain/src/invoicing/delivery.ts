import { z } from 'zod';
import { pageSchema } from '../common';
import { DATE_FORMATS } from '../date-display';
import { EMAIL_DELIVERY_MESSAGES, EMAIL_DELIVERY_STATES } from '../account/email-delivery';
import { DISCOUNT_TYPES } from './calculation-contracts';
import { invoiceSchema, invoiceStatusSchema } from './contracts';
import { INVOICE_CURRENCY } from './invoice-messages';
import { paymentMethodSchema, paymentReceiptSchema } from './payments';
import { documentPartiesSchema } from './parties';

/*
 * Contracts of invoice delivery: the email with the PDF (`POST /api/invoices/{id}/send`), payment
 * receipts, the business's outbox (`GET /api/outbox`, `GET /api/outbox/{id}`) and the public page `/i/{token}` that reads
 * `GET /api/public/invoices/{token}` without sign-in. The public view carries what the client reads
 * on the invoice and nothing internal: no ids, no contacts' details, no payment notes.
 */

/** A tax as the public page prints it (`formatTaxLabel` reads the same fields). */
export const publicInvoiceTaxSchema = z.object({
  name: z.string(),
  rate: z.number(),
  is_compound: z.boolean(),
  taxable: z.number(),
  amount: z.number(),
});
export type PublicInvoiceTax = z.infer<typeof publicInvoiceTaxSchema>;

export const publicInvoiceLineSchema = z.object({
  position: z.number().int(),
  description: z.string(),
  quantity: z.number(),
  unit: z.string().nullable(),
  unit_price: z.number(),
  discount_type: z.enum(DISCOUNT_TYPES).nullable(),
  discount_value: z.number().nullable(),
  subtotal: z.number(),
  discount: z.number(),
  net: z.number(),
  invoice_discount: z.number(),
  taxable: z.number(),
  taxes: z.array(publicInvoiceTaxSchema),
  tax: z.number(),
  total: z.number(),
});
export type PublicInvoiceLine = z.infer<typeof publicInvoiceLineSchema>;

export const publicInvoiceSchema = z.object({
  /** Never null: drafts have no public page. */
  invoice_number: z.string(),
  status: invoiceStatusSchema,
  issue_date: z.string(),
  due_date: z.string(),
  currency: z.literal(INVOICE_CURRENCY),
  business: z.object({
    name: z.string(),
    email: z.string().nullable(),
    phone: z.string().nullable(),
    /** The business's date format: the public page shows dates as the business does (the client is not signed in). */
    date_format: z.enum(DATE_FORMATS).optional(),
  }),
  client: z.object({
    name: z.string(),
    /** Billing address, line by line (`New York, NY 10013`). */
    address_lines: z.array(z.string()),
  }),
  /** The From and Bill to blocks exactly as the PDF prints them. */
  parties: documentPartiesSchema.optional(),
  lines: z.array(publicInvoiceLineSchema),
  discount_type: z.enum(DISCOUNT_TYPES).nullable(),
  discount_value: z.number().nullable(),
  totals: z.object({
    subtotal: z.number(),
    line_discounts: z.number(),
    invoice_discount: z.number(),
    taxable: z.number(),
    taxes: z.array(publicInvoiceTaxSchema),
    tax: z.number(),
    total: z.number(),
    prices_include_tax: z.boolean(),
  }),
  amount_paid: z.number(),
  balance_due: z.number(),
  credit: z.number(),
  payments: z.array(z.object({ payment_date: z.string(), method: paymentMethodSchema, amount: z.number() })),
  notes: z.string().nullable(),
  terms: z.string().nullable(),
  /** `/api/public/invoices/{token}/pdf`: the PDF, for the page's preview and download. */
  pdf_url: z.string(),
});
export type PublicInvoice = z.infer<typeof publicInvoiceSchema>;
export const publicInvoiceResponseSchema = z.object({ data: publicInvoiceSchema });
export type PublicInvoiceResponse = z.infer<typeof publicInvoiceResponseSchema>;

export const outboxAttachmentSchema = z.object({
  filename: z.string(),
  content_type: z.string(),
  size: z.number().int(),
});
export type OutboxAttachment = z.infer<typeof outboxAttachmentSchema>;

/**
 * What a message in a business's outbox is (the stored `category`). Account mail (password resets,
 * invitations) is `system` and never listed: its links are for one person's eyes only.
 */
export const OUTBOX_CATEGORIES = ['invoice', 'estimate', 'receipt'] as const;
export type OutboxCategory = (typeof OUTBOX_CATEGORIES)[number];
export const OUTBOX_CATEGORY_LABELS: Record<OutboxCategory, string> = {
  invoice: 'Invoice',
  estimate: 'Estimate',
  receipt: 'Payment receipt',
};

/** What happened to the message (`EMAIL_DELIVERY_STATES`): kept in the outbox, sending, delivered, or failed (see `error`). */
export const OUTBOX_EMAIL_STATUSES = EMAIL_DELIVERY_STATES;

export const outboxEmailSchema = z.object({
  id: z.number().int(),
  to: z.array(z.string()),
  subject: z.string(),
  text: z.string(),
  category: z.enum(OUTBOX_CATEGORIES),
  /** `smtp`, or `log` when email was not set up (the mail is only kept here). */
  transport: z.string(),
  status: z.enum(OUTBOX_EMAIL_STATUSES),
  /** The mail server's reason: why it failed, or why the last try was refused while it is retried. */
  error: z.string().nullable(),
  /** Tries of the mail server so far (0 for mail kept in the outbox). */
  attempts: z.number().int(),
  attachments: z.array(outboxAttachmentSchema),
  created_at: z.string(),
  sent_at: z.string().nullable(),
});
export type OutboxEmailItem = z.infer<typeof outboxEmailSchema>;
export const outboxPageSchema = pageSchema(outboxEmailSchema);
export type OutboxPage = z.infer<typeof outboxPageSchema>;

/** `GET /api/outbox/{id}`: one message with its HTML body (null for a text-only message). */
export const outboxEmailDetailSchema = outboxEmailSchema.extend({ html: z.string().nullable() });
export type OutboxEmailDetail = z.infer<typeof outboxEmailDetailSchema>;
export const outboxEmailResponseSchema = z.object({ data: outboxEmailDetailSchema });
export type OutboxEmailResponse = z.infer<typeof outboxEmailResponseSchema>;
export const OUTBOX_MESSAGES = { notFound: 'Email not found.' } as const;

/** `GET /api/outbox?page=1&per_page=25`, newest first. */
export const outboxQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(25),
});
export type OutboxQuery = z.infer<typeof outboxQuerySchema>;

/** `POST /api/invoices/{id}/send` answers the invoice after sending and what was sent. */
export const invoiceSendResponseSchema = z.object({
  data: invoiceSchema,
  email: z.object({
    id: z.number().int(),
    to: z.array(z.string()),
    subject: z.string(),
    transport: z.string(),
    /** What happened, as far as the send could wait for the mail server. */
    delivery: z.enum(EMAIL_DELIVERY_STATES),
    error: z.string().nullable(),
  }),
  message: z.string(),
});
export type InvoiceSendResponse = z.infer<typeof invoiceSendResponseSchema>;

/** What the server answers about payment receipts (`send_receipt` on a payment, "Send receipt" on a payment row). */
export const RECEIPT_MESSAGES = {
  sent: (to: readonly string[]) => `Receipt emailed to ${to.join(', ')}.`,
  keptInOutbox: (to: readonly string[]) =>
    `Receipt kept in the outbox, not emailed to ${to.join(', ')}: email is not set up. ${EMAIL_DELIVERY_MESSAGES.setUp}`,
  sending: (to: readonly string[]) => `Receipt handed to the mail server for ${to.join(', ')}; it is still sending.`,
  noRecipients: 'The client has no email address, so no receipt was sent. Add one to the client to email receipts.',
  failed:
    'The receipt could not be emailed. The payment is recorded; you can send the receipt again from the payments list.',
  failedBecause: (reason: string) =>
    `The receipt could not be emailed: ${reason}. The payment is recorded; you can send the receipt again from the payments list.`,
  voidInvoice: 'No receipt can be sent for a void invoice.',
} as const;

/** `POST /api/invoices/{id}/payments/{paymentId}/receipt` answers what was sent. */
export const paymentReceiptResponseSchema = z.object({ data: paymentReceiptSchema, message: z.string() });
export type PaymentReceiptResponse = z.infer<typeof paymentReceiptResponseSchema>;
