import { z } from 'zod';
import { idSchema } from '../common';
import { optionalText } from './contract-helpers';
import { outboxEmailSchema } from './delivery';
import { INVOICE_MESSAGES } from './invoice-messages';

/*
 * What the invoice list does to several invoices at once (send by email, issue, void, their PDFs as one
 * zip), its CSV export, and the emails of one invoice.
 */

/** `GET /api/invoices/{id}/emails`: the emails the invoice went out with (the invoice, reminders, receipts), newest first. */
export const invoiceEmailsResponseSchema = z.object({ data: z.array(outboxEmailSchema) });
export type InvoiceEmailsResponse = z.infer<typeof invoiceEmailsResponseSchema>;

/** At most this many invoices per bulk request (a page of the list holds up to 100). */
export const INVOICE_BULK_MAX = 100;
/**
 * `send` emails each invoice (issuing a draft first), `issue` numbers each draft and makes it owed
 * without email, `void` voids. `mark_sent` is the deprecated old name of `issue` (kept for one release).
 */
export const INVOICE_BULK_ACTIONS = ['send', 'issue', 'mark_sent', 'void'] as const;
export type InvoiceBulkAction = (typeof INVOICE_BULK_ACTIONS)[number];
const bulkActionDescription =
  'send: email each invoice; issue: give each draft its number and make it owed, without email; void. mark_sent is deprecated: the old name of issue';

export const INVOICE_BULK_MESSAGES = {
  actionInvalid: 'Please choose send, issue or void',
  idsInvalid: `Please choose from 1 to ${INVOICE_BULK_MAX} invoices`,
  notFound: 'Invoice not found.',
  failed: 'Something went wrong with this invoice. Please try it on its own.',
  /** `2 invoices sent by email; 1 skipped.` */
  done: (action: InvoiceBulkAction, done: number, skipped: number) => {
    const verb = { send: 'sent by email', issue: 'marked as issued', mark_sent: 'marked as sent', void: 'voided' }[
      action
    ];
    const counted = `${done} ${done === 1 ? 'invoice' : 'invoices'} ${verb}`;
    return skipped > 0 ? `${counted}; ${skipped} skipped.` : `${counted}.`;
  },
  noPdf: 'None of these invoices could be found.',
} as const;

const bulkIdsSchema = z
  .array(idSchema, { error: INVOICE_BULK_MESSAGES.idsInvalid })
  .min(1, INVOICE_BULK_MESSAGES.idsInvalid)
  .max(INVOICE_BULK_MAX, INVOICE_BULK_MESSAGES.idsInvalid);

/** `POST /api/invoices/bulk`: one action on several invoices, each in its own transaction. */
export const invoiceBulkRequestSchema = z.strictObject({
  action: z
    .enum(INVOICE_BULK_ACTIONS, { error: INVOICE_BULK_MESSAGES.actionInvalid })
    .meta({ description: bulkActionDescription }),
  ids: bulkIdsSchema,
  /** For `void`: the reason kept on each invoice. */
  reason: optionalText(500, INVOICE_MESSAGES.voidReasonTooLong),
});
export type InvoiceBulkRequest = z.input<typeof invoiceBulkRequestSchema>;

export const invoiceBulkResponseSchema = z.object({
  data: z.object({
    action: z.enum(INVOICE_BULK_ACTIONS),
    /** What was done, in the order asked. */
    done: z.array(z.object({ id: z.number().int(), invoice_number: z.string().nullable() })),
    /** What was not, and why (its status does not allow it, not found, no recipient...). */
    skipped: z.array(z.object({ id: z.number().int(), invoice_number: z.string().nullable(), reason: z.string() })),
  }),
  message: z.string(),
});
export type InvoiceBulkResponse = z.infer<typeof invoiceBulkResponseSchema>;

/** `POST /api/invoices/bulk/pdf`: the PDFs of several invoices as one zip. */
export const invoiceBulkPdfRequestSchema = z.strictObject({ ids: bulkIdsSchema });
export type InvoiceBulkPdfRequest = z.input<typeof invoiceBulkPdfRequestSchema>;

/** The columns of `GET /api/invoices/export.csv`, in order (balance_due is what is owed now). */
export const INVOICE_CSV_COLUMNS = [
  'number',
  'status',
  'client',
  'issue_date',
  'due_date',
  'currency',
  'total',
  'amount_paid',
  'balance_due',
] as const;
