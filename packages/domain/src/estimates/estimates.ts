import { z } from 'zod';
import { idSchema, isoDateSchema, listQuerySchema, pageSchema } from '../common';
import { DATE_FORMATS } from '../date-display';
import type { FieldErrors } from '../errors';
import { toFieldErrors } from '../errors';
import { DISCOUNT_TYPES } from '../invoicing/calculation-contracts';
import { INVOICE_CURRENCY, INVOICE_MESSAGES } from '../invoicing/invoice-messages';
import {
  checkDocumentContent,
  checkIssueNow,
  invoiceClientSummarySchema,
  issueNowShape,
  invoiceInputShape,
  invoiceLineSchema,
  invoiceTotalsSchema,
  type InvoiceRequest,
} from '../invoicing/contracts';
import { hasIssueAt } from '../invoicing/contract-helpers';
import { publicInvoiceLineSchema, publicInvoiceTaxSchema } from '../invoicing/delivery';
import { documentPartiesSchema } from '../invoicing/parties';

/*
 * Estimates (quotes): the same lines, taxes and discounts as invoices (the one engine computes
 * them), their own numbers (`EST-2026-0001`, taken from the `estimate` document counter when the
 * estimate leaves draft), an expiry date, and a public page `/e/{token}` where the client accepts or
 * declines.
 */

export const ESTIMATE_STATUSES = ['draft', 'sent', 'viewed', 'accepted', 'declined', 'expired', 'converted'] as const;
export const estimateStatusSchema = z.enum(ESTIMATE_STATUSES);
export type EstimateStatus = z.infer<typeof estimateStatusSchema>;

export const ESTIMATE_STATUS_LABELS: Record<EstimateStatus, string> = {
  draft: 'Draft',
  sent: 'Sent',
  viewed: 'Viewed',
  accepted: 'Accepted',
  declined: 'Declined',
  expired: 'Expired',
  converted: 'Converted',
};

/**
 * Allowed moves, from -> to:
 * - draft -> sent: sent by email or issued without email (the number is assigned then).
 * - sent -> viewed: the client opened the public link.
 * - sent | viewed -> accepted | declined: the client's answer on the public page (before expiry).
 * - sent | viewed -> expired: past the expiry date without an answer (scheduler; also derived at read).
 * - draft | sent | viewed | accepted -> converted: turned into an invoice, once. Declined, expired and converted are final.
 */
export const ESTIMATE_TRANSITIONS: Record<EstimateStatus, readonly EstimateStatus[]> = {
  draft: ['sent', 'converted'],
  sent: ['viewed', 'accepted', 'declined', 'expired', 'converted'],
  viewed: ['accepted', 'declined', 'expired', 'converted'],
  accepted: ['converted'],
  declined: [],
  expired: [],
  converted: [],
};

export function canEstimateTransition(from: EstimateStatus, to: EstimateStatus): boolean {
  return ESTIMATE_TRANSITIONS[from].includes(to);
}

/** Waiting for the client's answer. */
export const ESTIMATE_OPEN_STATUSES: readonly EstimateStatus[] = ['sent', 'viewed'];

/** The status shown today: an open estimate past its expiry date reads as expired, whatever is stored. */
export function deriveEstimateStatus(stored: EstimateStatus, expiryDate: string, today: string): EstimateStatus {
  if (ESTIMATE_OPEN_STATUSES.includes(stored) && expiryDate < today) return 'expired';
  return stored;
}

export function isEstimateEditable(status: EstimateStatus): boolean {
  return status === 'draft' || status === 'sent' || status === 'viewed';
}

export function isEstimateDeletable(status: EstimateStatus): boolean {
  return status === 'draft';
}

export function isEstimateConvertible(status: EstimateStatus): boolean {
  return canEstimateTransition(status, 'converted');
}

export const ESTIMATE_NUMBER_PREFIX = 'EST';
export const DECLINE_REASON_MAX_LENGTH = 1000;
export const ACCEPTED_BY_MAX_LENGTH = 200;

export const ESTIMATE_MESSAGES = {
  expiryDateRequired: 'Please enter the expiry date',
  expiryBeforeIssue: 'The expiry date cannot be before the estimate date',
  issueDateRequired: 'Please enter the estimate date',
  acceptedByRequired: 'Please enter your name to accept',
  acceptedByTooLong: `Your name may be at most ${ACCEPTED_BY_MAX_LENGTH} characters`,
  declineReasonTooLong: `The reason may be at most ${DECLINE_REASON_MAX_LENGTH.toLocaleString('en-US')} characters`,
  statusFilterInvalid: 'Please choose a status',
  // answers of the server
  notFound: 'Estimate not found.',
  created: 'Estimate created.',
  updated: 'Estimate updated.',
  deleted: 'Estimate deleted.',
  /** Issued without email (`POST /api/estimates/{id}/issue`, a create with `issue: true`). */
  issued: 'Estimate marked as issued.',
  /** The same, answered by the deprecated old names (`/mark-sent`, `send: true`) as before. */
  markedAsSent: 'Estimate marked as sent.',
  sent: (to: readonly string[]) => `Estimate sent to ${to.join(', ')}.`,
  accepted: 'Thank you! The estimate has been accepted.',
  declined: 'The estimate has been declined.',
  converted: (invoiceNumber: string | null) =>
    invoiceNumber ? `Estimate converted to invoice ${invoiceNumber}.` : 'Estimate converted to a draft invoice.',
  notEditable: 'This estimate has been answered, so it can no longer be edited.',
  notDeletable: 'Only draft estimates can be deleted.',
  alreadySent: 'This estimate has already been sent.',
  alreadyConverted: 'This estimate has already been converted to an invoice.',
  notConvertible: 'Declined and expired estimates cannot be converted.',
  notAnswerable: 'This estimate can no longer be accepted or declined.',
  expired: 'This estimate has expired. Please ask for a new one.',
  transitionNotAllowed: (from: string, to: string) => `An estimate cannot go from ${from} to ${to}.`,
} as const;

const { due_date: _due, goal_id: _goal, issue_date: _issue, client_id, ...estimateContentShape } = invoiceInputShape;

/**
 * The fields of an estimate request: the invoice request's client, date, lines, discount, notes and
 * terms, with `expiry_date` where an invoice has `due_date`, and no goal (an unknown field, like any
 * other). The rules and messages are the invoice's, the dates worded for an estimate.
 */
export const estimateInputShape = {
  client_id,
  issue_date: z.string({ error: ESTIMATE_MESSAGES.issueDateRequired }).pipe(isoDateSchema),
  expiry_date: z.string({ error: ESTIMATE_MESSAGES.expiryDateRequired }).pipe(isoDateSchema),
  ...estimateContentShape,
};

function checkEstimate(
  estimate: Parameters<typeof checkDocumentContent>[0] & { issue_date: string; expiry_date: string },
  ctx: z.RefinementCtx,
) {
  if (!hasIssueAt(ctx, 'issue_date', 'expiry_date') && estimate.expiry_date < estimate.issue_date)
    ctx.addIssue({ code: 'custom', message: ESTIMATE_MESSAGES.expiryBeforeIssue, path: ['expiry_date'] });
  checkDocumentContent(estimate, ctx);
}

/** `PUT /api/estimates/{id}` (and the estimate of a create). */
export const estimateInputSchema = z.strictObject(estimateInputShape).superRefine(checkEstimate);
/**
 * `POST /api/estimates`: the estimate request, plus `issue: true` to issue it at once (EST- number;
 * `send` is its deprecated alias).
 */
export const estimateCreateRequestSchema = z
  .strictObject({ ...estimateInputShape, ...issueNowShape })
  .superRefine(checkEstimate)
  .superRefine(checkIssueNow);

export type EstimateRequest = z.output<typeof estimateInputSchema>;

/** The estimate request of a body, or its field-keyed errors. */
export function parseEstimateRequest(
  body: unknown,
): { success: true; data: EstimateRequest } | { success: false; errors: FieldErrors } {
  const parsed = estimateInputSchema.safeParse(body);
  return parsed.success
    ? { success: true, data: parsed.data }
    : { success: false, errors: toFieldErrors(parsed.error) };
}

/** The invoice request an estimate converts to (its dates are chosen by the caller). */
export function estimateToInvoiceRequest(
  estimate: EstimateRequest,
  dates: { issue_date: string; due_date: string },
): InvoiceRequest {
  const { expiry_date: _expiry, ...fields } = estimate;
  return { ...fields, ...dates, goal_id: null };
}

export const estimateSchema = z.object({
  id: z.number().int(),
  /** Assigned when the estimate leaves draft. */
  estimate_number: z.string().nullable(),
  status: estimateStatusSchema,
  client: invoiceClientSummarySchema,
  issue_date: z.string(),
  expiry_date: z.string(),
  currency: z.literal(INVOICE_CURRENCY),
  lines: z.array(invoiceLineSchema),
  discount_type: z.enum(DISCOUNT_TYPES).nullable(),
  discount_value: z.number().nullable(),
  totals: invoiceTotalsSchema,
  notes: z.string().nullable(),
  terms: z.string().nullable(),
  public_url: z.string().nullable(),
  sent_at: z.string().nullable(),
  viewed_at: z.string().nullable(),
  accepted_at: z.string().nullable(),
  accepted_by: z.string().nullable(),
  declined_at: z.string().nullable(),
  decline_reason: z.string().nullable(),
  converted_at: z.string().nullable(),
  /** The invoice it was converted to. */
  invoice_id: z.number().int().nullable(),
  invoice_number: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Estimate = z.infer<typeof estimateSchema>;

export const estimateActivitySchema = z.object({
  id: z.number().int(),
  event: z.string(),
  user_id: z.number().int().nullable(),
  data: z.record(z.string(), z.unknown()),
  created_at: z.string(),
});
export type EstimateActivity = z.infer<typeof estimateActivitySchema>;
export const estimateResponseSchema = z.object({ data: estimateSchema, message: z.string().optional() });
export type EstimateResponse = z.infer<typeof estimateResponseSchema>;
export const estimateDetailResponseSchema = z.object({
  data: estimateSchema.extend({ activity: z.array(estimateActivitySchema) }),
});
export type EstimateDetail = z.infer<typeof estimateDetailResponseSchema>['data'];

export const estimateListItemSchema = z.object({
  id: z.number().int(),
  estimate_number: z.string().nullable(),
  status: estimateStatusSchema,
  client: z.object({ id: z.number().int(), name: z.string() }),
  issue_date: z.string(),
  expiry_date: z.string(),
  total: z.number(),
  invoice_id: z.number().int().nullable(),
  created_at: z.string(),
});
export type EstimateListItem = z.infer<typeof estimateListItemSchema>;
export const estimatePageSchema = pageSchema(estimateListItemSchema);
export type EstimatePage = z.infer<typeof estimatePageSchema>;

export const ESTIMATE_SORT_FIELDS = [
  'issue_date',
  'expiry_date',
  'estimate_number',
  'client_name',
  'total',
  'status',
  'created_at',
] as const;
export const ESTIMATE_STATUS_FILTERS = ['all', 'open', ...ESTIMATE_STATUSES] as const;
export type EstimateStatusFilter = (typeof ESTIMATE_STATUS_FILTERS)[number];
export const estimateListQuerySchema = listQuerySchema(ESTIMATE_SORT_FIELDS, 'issue_date')
  .extend({
    direction: z.enum(['asc', 'desc']).default('desc'),
    status: z.enum(ESTIMATE_STATUS_FILTERS, { error: ESTIMATE_MESSAGES.statusFilterInvalid }).default('all'),
    client_id: idSchema.optional(),
    /** Issue date range, both ends included. */
    date_from: isoDateSchema.optional(),
    date_to: isoDateSchema.optional(),
  })
  // A backwards range is refused as the invoice list refuses it (same message, on `date_to`).
  .refine((query) => !query.date_from || !query.date_to || query.date_from <= query.date_to, {
    message: INVOICE_MESSAGES.dateRangeInvalid,
    path: ['date_to'],
  });
export type EstimateListQuery = z.infer<typeof estimateListQuerySchema>;
export type EstimateListQueryInput = z.input<typeof estimateListQuerySchema>;

export const estimateAcceptInputSchema = z.strictObject({
  name: z
    .string({ error: ESTIMATE_MESSAGES.acceptedByRequired })
    .trim()
    .min(1, ESTIMATE_MESSAGES.acceptedByRequired)
    .max(ACCEPTED_BY_MAX_LENGTH, ESTIMATE_MESSAGES.acceptedByTooLong),
});
export type EstimateAcceptInput = z.input<typeof estimateAcceptInputSchema>;
export const estimateDeclineInputSchema = z.strictObject({
  reason: z
    .string({ error: ESTIMATE_MESSAGES.declineReasonTooLong })
    .trim()
    .max(DECLINE_REASON_MAX_LENGTH, ESTIMATE_MESSAGES.declineReasonTooLong)
    .nullish()
    .transform((value) => (value ? value : null)),
});
export type EstimateDeclineInput = z.input<typeof estimateDeclineInputSchema>;

/** What the client reads on `/e/{token}`: no ids, nothing internal. */
export const publicEstimateSchema = z.object({
  estimate_number: z.string(),
  status: estimateStatusSchema,
  issue_date: z.string(),
  expiry_date: z.string(),
  currency: z.literal(INVOICE_CURRENCY),
  /** `date_format`: the business's, for the public page's dates (the client is not signed in). */
  business: z.object({
    name: z.string(),
    email: z.string().nullable(),
    phone: z.string().nullable(),
    date_format: z.enum(DATE_FORMATS).optional(),
  }),
  client: z.object({ name: z.string(), address_lines: z.array(z.string()) }),
  /** The From and Bill to blocks exactly as the PDF prints them. */
  parties: documentPartiesSchema.optional(),
  lines: z.array(publicInvoiceLineSchema),
  discount_type: z.enum(DISCOUNT_TYPES).nullable(),
  discount_value: z.number().nullable(),
  totals: invoiceTotalsSchema.extend({ taxes: z.array(publicInvoiceTaxSchema) }),
  notes: z.string().nullable(),
  terms: z.string().nullable(),
  accepted_at: z.string().nullable(),
  accepted_by: z.string().nullable(),
  declined_at: z.string().nullable(),
  /** The client may still accept or decline. */
  can_respond: z.boolean(),
  pdf_url: z.string(),
});
export type PublicEstimate = z.infer<typeof publicEstimateSchema>;
export const publicEstimateResponseSchema = z.object({ data: publicEstimateSchema, message: z.string().optional() });
