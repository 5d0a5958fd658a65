import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { PUBLIC_TOKEN_PATTERN } from './document-delivery';
import type { RenderedPdf } from './document-pdf';
import { fileDoc } from '../../../lib/error-docs';

/* What the routes of invoices and estimates share: their PDF answers and their public pages' limits. */

/** Public invoice and estimate pages and PDFs per IP address: a person reading one needs a handful. */
export const PUBLIC_DOCUMENT_RATE_LIMIT = { max: 60, timeWindow: 60_000 };

export const pdfQuerySchema = z.object({
  /** `?inline=1`: shown in the browser (preview) rather than downloaded. */
  inline: z.enum(['0', '1', 'true', 'false'], { error: 'Please use 1 or 0' }).optional(),
});

/** The 200 of a PDF route, as the OpenAPI document describes it. */
export const PDF_RESPONSE_DOC = fileDoc('The PDF (attachment, or inline with `?inline=1`)', 'application/pdf');

/** `/api/public/…/:token`: a token that cannot be one answers 404 without a query. */
export const tokenParamsSchema = z.object({ token: z.string().regex(PUBLIC_TOKEN_PATTERN) });

/**
 * A PDF answer. The app-wide CSP (`object-src 'none'`, `frame-ancestors 'none'`) and `X-Frame-Options:
 * DENY` are for HTML; on a PDF they would stop the browser's viewer and the same-origin preview frame
 * of the invoice pages, so a PDF only keeps other sites from framing it.
 */
export function sendPdf(reply: FastifyReply, rendered: RenderedPdf, inline: boolean): Buffer {
  reply
    .type('application/pdf')
    .header('content-disposition', `${inline ? 'inline' : 'attachment'}; filename="${rendered.filename}"`)
    .header('cache-control', 'private, no-store')
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', "frame-ancestors 'self'")
    .header('x-frame-options', 'SAMEORIGIN');
  return rendered.pdf;
}
