import {
  ESTIMATE_MESSAGES,
  documentEmailMessage,
  ESTIMATE_NUMBER_PREFIX,
  ESTIMATE_STATUS_LABELS,
  formatCurrency,
  utcCalendarDate,
  type DocumentSentExtras,
  type Estimate,
  type EstimateStatus,
  greetingName,
} from '@ledgerleaf/domain';
import { lockEstimate, updateEstimateState, type Db } from '@ledgerleaf/db';
import type { AuthContext, Deps } from '../../../lib/context';
import { notFound } from '../../../lib/errors';
import { publish } from '../../../lib/events';
import { emailDocument, nextDocumentNumber, recipientsOf, type SentEmail } from '../documents/document-delivery';
import type { FileRequester } from '../../../lib/files/file-pool';
import { renderDocumentPdf, type RenderedPdf } from '../documents/document-pdf';
import { renderEmail } from '../../../lib/email-templates';
import { businessDate } from '../../../lib/display-date';
import { composeEstimateEmail } from './estimate-email';
import { effective, refuse, requireDocument, type EstimateDocument } from './estimate-document';

/* Issuing an estimate (number, sent), its PDF and sending it by email. */

/**
 * Issues the estimate inside the caller's transaction: draft -> sent with the next `EST-` number
 * from the business's `estimate` counter (gap-free like invoices). An estimate already sent is
 * left as it is (`resent`), so "send again" works.
 */
export async function markEstimateSent(
  tx: Db,
  params: {
    businessId: number;
    userId: number | null;
    estimateId: number;
    now: Date;
    via?: 'manual' | 'email';
    data?: DocumentSentExtras;
  },
): Promise<{ estimate_number: string; resent: boolean }> {
  const row = await lockEstimate(tx, { businessId: params.businessId, estimateId: params.estimateId });
  if (!row) throw notFound(ESTIMATE_MESSAGES.notFound);
  const from = effective(row, params.now);
  const via = params.via ?? 'manual';
  if (from !== 'draft') {
    if (via === 'email' && (from === 'sent' || from === 'viewed' || from === 'accepted') && row.estimate_number) {
      await publish(tx, {
        type: 'estimate.sent',
        businessId: params.businessId,
        userId: params.userId,
        subject: { type: 'estimate', id: row.id },
        data: { estimate_number: row.estimate_number, via, again: true, ...params.data },
        at: params.now,
      });
      return { estimate_number: row.estimate_number, resent: true };
    }
    refuse(
      from === 'sent' || from === 'viewed'
        ? ESTIMATE_MESSAGES.alreadySent
        : ESTIMATE_MESSAGES.transitionNotAllowed(from, 'sent'),
      from,
    );
  }
  const estimateNumber = await nextDocumentNumber(tx, {
    businessId: params.businessId,
    kind: 'estimate',
    year: Number(utcCalendarDate(params.now).slice(0, 4)),
    prefix: ESTIMATE_NUMBER_PREFIX,
  });
  if (!estimateNumber) throw notFound(ESTIMATE_MESSAGES.notFound);
  await updateEstimateState(tx, {
    businessId: params.businessId,
    estimateId: row.id,
    set: { status: 'sent', estimate_number: estimateNumber, sent_at: params.now.toISOString() },
    now: params.now,
  });
  await publish(tx, {
    type: 'estimate.sent',
    businessId: params.businessId,
    userId: params.userId,
    subject: { type: 'estimate', id: row.id },
    data: { estimate_number: estimateNumber, via, ...params.data },
    at: params.now,
  });
  return { estimate_number: estimateNumber, resent: false };
}

export async function markSent(deps: Deps, params: { auth: AuthContext; estimateId: number }): Promise<Estimate> {
  const { businessId, userId } = params.auth;
  return deps.db.transaction().execute(async (tx) => {
    await markEstimateSent(tx, { businessId, userId, estimateId: params.estimateId, now: deps.clock() });
    return (await requireDocument(deps, tx, businessId, params.estimateId)).estimate;
  });
}

// ---------------------------------------------------------------- PDF and email

const ESTIMATE_PDF_KIND = (status: EstimateStatus) => ({
  title: 'ESTIMATE',
  name: 'Estimate',
  number_label: 'Estimate number',
  due_label: 'Expiry date',
  status_label: ESTIMATE_STATUS_LABELS[status],
  hide_balance: true,
});

export function renderEstimate(
  deps: Deps,
  document: EstimateDocument,
  requester?: FileRequester,
): Promise<RenderedPdf> {
  return renderDocumentPdf(
    deps,
    { invoice: document.invoiceLike, business: document.business, client: document.client },
    {
      kind: ESTIMATE_PDF_KIND(document.estimate.status),
      draftPrefix: 'draft-estimate',
      ...(requester ? { requester } : {}),
    },
  );
}

export async function estimatePdf(deps: Deps, params: { auth: AuthContext; estimateId: number }): Promise<RenderedPdf> {
  return renderEstimate(deps, await requireDocument(deps, deps.db, params.auth.businessId, params.estimateId), {
    businessId: params.auth.businessId,
  });
}

/** `POST /api/estimates/:id/send`: issues a draft (number, sent) and mails the PDF and the public link after the commit. */
export async function sendEstimate(
  deps: Deps,
  params: {
    auth: AuthContext;
    estimateId: number;
    input: { to?: string[] | undefined; subject?: string | null | undefined; message?: string | null | undefined };
  },
): Promise<{ data: Estimate; email: SentEmail; message: string }> {
  const { businessId, userId } = params.auth;
  const before = await requireDocument(deps, deps.db, businessId, params.estimateId);
  const to = recipientsOf(params.input.to, before);
  const { document, email } = await emailDocument(deps, {
    businessId,
    to,
    category: 'estimate',
    about: { type: 'estimate', id: params.estimateId },
    issue: async (tx, keptInOutbox) => {
      await markEstimateSent(tx, {
        businessId,
        userId,
        estimateId: params.estimateId,
        now: deps.clock(),
        via: 'email',
        data: keptInOutbox ? { to, kept_in_outbox: true } : { to },
      });
      return requireDocument(deps, tx, businessId, params.estimateId);
    },
    render: (issued) => renderEstimate(deps, issued),
    compose: async (issued) => {
      const estimate = issued.estimate;
      const publicLink = estimate.public_url ?? `${deps.config.appUrl}/e/${issued.public_token}`;
      // The business's "estimate" template (settings), unless the sender typed their own message.
      const templated = await renderEmail(deps.db, businessId, 'estimate', {
        client_name: issued.client.name,
        recipient_name: greetingName(issued.client, to),
        estimate_number: estimate.estimate_number ?? '',
        amount: formatCurrency(estimate.totals.total),
        valid_until: businessDate(estimate.expiry_date, issued.business.date_format),
        link: publicLink,
        business_name: issued.business.name,
      });
      const custom = composeEstimateEmail({
        businessName: issued.business.name,
        clientName: greetingName(issued.client, to),
        estimateNumber: estimate.estimate_number ?? '',
        total: estimate.totals.total,
        expiryDate: estimate.expiry_date,
        dateFormat: issued.business.date_format,
        publicUrl: publicLink,
        message: params.input.message ?? null,
        subject: params.input.subject ?? null,
      });
      return params.input.message?.trim()
        ? custom
        : { ...templated, subject: params.input.subject?.trim() ? custom.subject : templated.subject };
    },
  });
  return { data: document.estimate, email, message: documentEmailMessage('Estimate', to, email) };
}
