import { ESTIMATE_MESSAGES, canEstimateTransition, type EstimateStatus, type PublicEstimate } from '@ledgerleaf/domain';
import {
  findEstimateByPublicToken,
  lockEstimate,
  notifyBusinessUsers,
  updateEstimateState,
  type EstimateRow,
} from '@ledgerleaf/db';
import type { AuthContext, Deps } from '../../../lib/context';
import { notFound } from '../../../lib/errors';
import { publish } from '../../../lib/events';
import { isOwnerPreview } from '../documents/document-delivery';
import { publicDocumentParts } from '../documents/document-view';
import type { RenderedPdf } from '../documents/document-pdf';
import { effective, refuse, requireDocument, type EstimateDocument } from './estimate-document';
import { renderEstimate } from './estimate-sending';

// ---------------------------------------------------------------- public page

async function findPublic(deps: Deps, token: string): Promise<EstimateRow & { client_name: string }> {
  const row = await findEstimateByPublicToken(deps.db, { token });
  if (!row || row.status === 'draft') throw notFound(ESTIMATE_MESSAGES.notFound);
  return row;
}

/** The first view by anyone but the owner: sent -> viewed (once). */
async function openPublic(
  deps: Deps,
  params: { token: string; viewer: AuthContext | null },
): Promise<EstimateDocument> {
  const row = await findPublic(deps, params.token);
  const now = deps.clock();
  if (row.viewed_at === null && effective(row, now) === 'sent' && !isOwnerPreview(params.viewer, row.business_id)) {
    await deps.db.transaction().execute(async (tx) => {
      const locked = await lockEstimate(tx, { businessId: row.business_id, estimateId: row.id });
      if (!locked || locked.viewed_at !== null || effective(locked, now) !== 'sent') return;
      await updateEstimateState(tx, {
        businessId: row.business_id,
        estimateId: row.id,
        set: { status: 'viewed', viewed_at: now.toISOString() },
        now,
      });
      await publish(tx, {
        type: 'estimate.viewed',
        businessId: row.business_id,
        userId: null,
        subject: { type: 'estimate', id: row.id },
        data: { estimate_number: row.estimate_number },
        at: now,
      });
    });
  }
  return requireDocument(deps, deps.db, row.business_id, row.id);
}

function publicView(document: EstimateDocument, token: string): PublicEstimate {
  const { estimate } = document;
  return {
    estimate_number: estimate.estimate_number ?? '',
    status: estimate.status,
    issue_date: estimate.issue_date,
    expiry_date: estimate.expiry_date,
    currency: 'USD',
    ...publicDocumentParts({ ...estimate, business: document.business, client: document.client }),
    accepted_at: estimate.accepted_at,
    accepted_by: estimate.accepted_by,
    declined_at: estimate.declined_at,
    can_respond: estimate.status === 'sent' || estimate.status === 'viewed',
    pdf_url: `/api/public/estimates/${token}/pdf`,
  };
}

export async function publicEstimate(
  deps: Deps,
  params: { token: string; viewer: AuthContext | null },
): Promise<PublicEstimate> {
  return publicView(await openPublic(deps, params), params.token);
}

export async function publicEstimatePdf(
  deps: Deps,
  params: { token: string; viewer: AuthContext | null },
): Promise<RenderedPdf> {
  const document = await openPublic(deps, params);
  return renderEstimate(deps, document, { businessId: document.business.id });
}

/** The client's answer on `/e/{token}`: accepted (with their name) or declined (optional reason); the business is notified. */
export async function respondToEstimate(
  deps: Deps,
  params: { token: string; answer: { accept: true; name: string } | { accept: false; reason: string | null } },
): Promise<PublicEstimate> {
  const found = await findPublic(deps, params.token);
  const to: EstimateStatus = params.answer.accept ? 'accepted' : 'declined';
  await deps.db.transaction().execute(async (tx) => {
    const now = deps.clock();
    const row = await lockEstimate(tx, { businessId: found.business_id, estimateId: found.id });
    if (!row) throw notFound(ESTIMATE_MESSAGES.notFound);
    const from = effective(row, now);
    if (from === 'expired') refuse(ESTIMATE_MESSAGES.expired, from);
    if (!canEstimateTransition(from, to)) refuse(ESTIMATE_MESSAGES.notAnswerable, from);
    const at = now.toISOString();
    const set = params.answer.accept
      ? { status: to, accepted_at: at, accepted_by: params.answer.name }
      : { status: to, declined_at: at, decline_reason: params.answer.reason };
    await updateEstimateState(tx, {
      businessId: row.business_id,
      estimateId: row.id,
      set: { ...set, viewed_at: row.viewed_at ?? at },
      now,
    });
    const event = {
      businessId: row.business_id,
      userId: null,
      subject: { type: 'estimate' as const, id: row.id },
      at: now,
    };
    await publish(
      tx,
      params.answer.accept
        ? {
            ...event,
            type: 'estimate.accepted',
            data: { estimate_number: row.estimate_number, name: params.answer.name },
          }
        : {
            ...event,
            type: 'estimate.declined',
            data: { estimate_number: row.estimate_number, reason: params.answer.reason },
          },
    );
    const number = row.estimate_number ?? '';
    await notifyBusinessUsers(tx, {
      businessId: row.business_id,
      type: 'Estimate',
      data: params.answer.accept
        ? {
            title: 'Estimate accepted',
            message: `${found.client_name} accepted estimate ${number} (${params.answer.name}).`,
            estimate_id: row.id,
          }
        : {
            title: 'Estimate declined',
            message: `${found.client_name} declined estimate ${number}${params.answer.reason ? `: ${params.answer.reason}` : '.'}`,
            estimate_id: row.id,
          },
      now,
    });
  });
  return publicView(await requireDocument(deps, deps.db, found.business_id, found.id), params.token);
}
