import {
  ESTIMATE_MESSAGES,
  documentEmailMessage,
  ESTIMATE_NUMBER_PREFIX,
  ESTIMATE_STATUS_LABELS,
  canEstimateTransition,
  deriveEstimateStatus,
  dueDateFromTerms,
  formatCurrency,
  fromCents,
  invoiceTotals,
  isEstimateConvertible,
  isEstimateDeletable,
  isEstimateEditable,
  pageMeta,
  utcCalendarDate,
  discountFromFields,
  type DocumentSentExtras,
  type Estimate,
  type EstimateActivity,
  type EstimateListQuery,
  type EstimatePage,
  type EstimateRequest,
  type EstimateStatus,
  type InvoiceRequest,
  type PublicEstimate,
  greetingName,
} from '@ledgerleaf/domain';
import {
  claimWriteLock,
  deleteEstimate as deleteEstimateRow,
  findClient,
  findEstimate,
  findEstimateByPublicToken,
  findInvoice,
  findInvoicingSettings,
  insertEstimate,
  listEstimatePage,
  lockEstimate,
  notifyBusinessUsers,
  replaceEstimateContent,
  updateEstimateState,
  type Db,
  type EstimateRow,
} from '@ledgerleaf/db';
import type { AuthContext, Deps } from '../../../lib/context';
import { AppError, notFound } from '../../../lib/errors';
import { publish } from '../../../lib/events';
import {
  contentCalculation,
  contentLines,
  contentRequestLines,
  parseStoredContent,
  resolveStoredContent,
  storedDiscountColumns,
} from '../documents/document-content';
import {
  emailDocument,
  isOwnerPreview,
  nextDocumentNumber,
  recipientsOf,
  type SentEmail,
} from '../documents/document-delivery';
import type { FileRequester } from '../../../lib/files/file-pool';
import { renderDocumentPdf, type PrintableDocument, type RenderedPdf } from '../documents/document-pdf';
import {
  documentActivity,
  loadDocumentParties,
  publicDocumentParts,
  type DocumentBusiness,
  type DocumentClient,
} from '../documents/document-view';
import { renderEmail } from '../../../lib/email-templates';
import { insertBuiltInvoice, newPublicToken } from '../invoices/invoice-content';
import { todayOf } from '../invoices/invoice-view';
import { businessDate } from '../../../lib/display-date';
import { composeEstimateEmail } from './estimate-email';

export interface EstimateDocument {
  estimate: Estimate;
  business: DocumentBusiness;
  client: DocumentClient;
  public_token: string;
  business_id: number;
  /** The invoice-shaped view the PDF renderer prints. */
  invoiceLike: PrintableDocument['invoice'];
}

function publicUrlOf(row: Pick<EstimateRow, 'status' | 'public_token'>, appUrl: string): string | null {
  return row.status === 'draft' ? null : `${appUrl}/e/${row.public_token}`;
}

async function loadDocument(
  deps: Deps,
  db: Db,
  businessId: number,
  estimateId: number,
): Promise<EstimateDocument | undefined> {
  const row = await findEstimate(db, { businessId, estimateId });
  if (!row) return undefined;
  const [parties, invoice] = await Promise.all([
    loadDocumentParties(db, businessId, row.client_id),
    row.invoice_id === null ? undefined : findInvoice(db, { businessId, invoiceId: row.invoice_id }),
  ]);
  if (!parties) return undefined;
  const content = parseStoredContent(row.content);
  const calculation = contentCalculation(content, Boolean(row.prices_include_tax));
  const amounts = invoiceTotals(calculation);
  const lines = contentLines(content, calculation);
  const status = deriveEstimateStatus(row.status as EstimateStatus, row.expiry_date, todayOf(deps));
  const estimate: Estimate = {
    id: row.id,
    estimate_number: row.estimate_number,
    status,
    client: parties.summary,
    issue_date: row.issue_date,
    expiry_date: row.expiry_date,
    currency: 'USD',
    lines,
    discount_type: content.discount_type,
    discount_value: content.discount_value,
    totals: amounts.totals,
    notes: row.notes,
    terms: row.terms,
    public_url: publicUrlOf(row, deps.config.appUrl),
    sent_at: row.sent_at,
    viewed_at: row.viewed_at,
    accepted_at: row.accepted_at,
    accepted_by: row.accepted_by,
    declined_at: row.declined_at,
    decline_reason: row.decline_reason,
    converted_at: row.converted_at,
    invoice_id: row.invoice_id,
    invoice_number: invoice?.invoice_number ?? null,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
  const invoiceLike: PrintableDocument['invoice'] = {
    id: row.id,
    invoice_number: row.estimate_number,
    status: status === 'draft' ? 'draft' : 'sent',
    issue_date: row.issue_date,
    due_date: row.expiry_date,
    lines,
    discount_type: content.discount_type,
    discount_value: content.discount_value,
    ...amounts,
    payments: [],
    notes: row.notes,
    terms: row.terms,
  };
  return {
    estimate,
    invoiceLike,
    public_token: row.public_token,
    business_id: businessId,
    business: parties.business,
    client: parties.client,
  };
}

async function requireDocument(deps: Deps, db: Db, businessId: number, estimateId: number): Promise<EstimateDocument> {
  const document = await loadDocument(deps, db, businessId, estimateId);
  if (!document) throw notFound(ESTIMATE_MESSAGES.notFound);
  return document;
}

function refuse(message: string, status: EstimateStatus): never {
  throw new AppError(409, message, { extra: { status } });
}

function effective(row: Pick<EstimateRow, 'status' | 'expiry_date'>, now: Date): EstimateStatus {
  return deriveEstimateStatus(row.status as EstimateStatus, row.expiry_date, utcCalendarDate(now));
}

// ---------------------------------------------------------------- list, read

export async function listEstimates(
  deps: Deps,
  params: { auth: AuthContext; query: EstimateListQuery },
): Promise<EstimatePage> {
  const { query } = params;
  const today = todayOf(deps);
  const { rows, total } = await listEstimatePage(deps.db, {
    businessId: params.auth.businessId,
    status: query.status,
    today,
    search: query.search,
    clientId: query.client_id,
    dateFrom: query.date_from,
    dateTo: query.date_to,
    sort: query.sort,
    direction: query.direction,
    limit: query.per_page,
    offset: (query.page - 1) * query.per_page,
  });
  return {
    data: rows.map((row) => ({
      id: row.id,
      estimate_number: row.estimate_number,
      status: deriveEstimateStatus(row.status as EstimateStatus, row.expiry_date, today),
      client: { id: row.client_id, name: row.client_name },
      issue_date: row.issue_date,
      expiry_date: row.expiry_date,
      total: fromCents(Number(row.total_cents)),
      invoice_id: row.invoice_id,
      created_at: row.created_at,
    })),
    meta: pageMeta(query.page, query.per_page, total),
  };
}

export async function getEstimate(
  deps: Deps,
  params: { auth: AuthContext; estimateId: number },
): Promise<Estimate & { activity: EstimateActivity[] }> {
  const document = await requireDocument(deps, deps.db, params.auth.businessId, params.estimateId);
  const activity = await documentActivity(deps.db, params.auth.businessId, { type: 'estimate', id: params.estimateId });
  return { ...document.estimate, activity };
}

// ---------------------------------------------------------------- write

async function contentFields(tx: Db, businessId: number, input: EstimateRequest, pricesIncludeTax: boolean) {
  const { content, calculation } = await resolveStoredContent(tx, businessId, input, pricesIncludeTax);
  return {
    client_id: input.client_id,
    issue_date: input.issue_date,
    expiry_date: input.expiry_date,
    ...storedDiscountColumns(discountFromFields(input)),
    notes: input.notes,
    terms: input.terms,
    currency: input.currency,
    prices_include_tax: pricesIncludeTax,
    content: JSON.stringify(content),
    subtotal_cents: calculation.subtotal_cents,
    tax_cents: calculation.tax_cents,
    total_cents: calculation.total_cents,
  };
}

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

export async function createEstimate(
  deps: Deps,
  params: { auth: AuthContext; input: EstimateRequest; send?: boolean },
): Promise<Estimate> {
  const { businessId, userId } = params.auth;
  return deps.db.transaction().execute(async (tx) => {
    await claimWriteLock(tx);
    const now = deps.clock();
    const settings = await findInvoicingSettings(tx, { businessId });
    const fields = await contentFields(tx, businessId, params.input, settings?.prices_include_tax ?? false);
    const { id } = await insertEstimate(tx, { businessId, fields, publicToken: newPublicToken(), now });
    await publish(tx, {
      type: 'estimate.created',
      businessId,
      userId,
      subject: { type: 'estimate', id },
      data: { total: fromCents(fields.total_cents), lines: params.input.lines.length },
      at: now,
    });
    if (params.send) await markEstimateSent(tx, { businessId, userId, estimateId: id, now });
    return (await requireDocument(deps, tx, businessId, id)).estimate;
  });
}

export async function updateEstimate(
  deps: Deps,
  params: { auth: AuthContext; estimateId: number; input: EstimateRequest },
): Promise<Estimate> {
  const { businessId, userId } = params.auth;
  return deps.db.transaction().execute(async (tx) => {
    const now = deps.clock();
    const row = await lockEstimate(tx, { businessId, estimateId: params.estimateId });
    if (!row) throw notFound(ESTIMATE_MESSAGES.notFound);
    const from = effective(row, now);
    if (!isEstimateEditable(from)) refuse(ESTIMATE_MESSAGES.notEditable, from);
    const pricesIncludeTax =
      from === 'draft'
        ? ((await findInvoicingSettings(tx, { businessId }))?.prices_include_tax ?? false)
        : Boolean(row.prices_include_tax);
    const fields = await contentFields(tx, businessId, params.input, pricesIncludeTax);
    await replaceEstimateContent(tx, { businessId, estimateId: row.id, fields, now });
    await publish(tx, {
      type: 'estimate.updated',
      businessId,
      userId,
      subject: { type: 'estimate', id: row.id },
      data: { estimate_number: row.estimate_number, total: fromCents(fields.total_cents) },
      at: now,
    });
    return (await requireDocument(deps, tx, businessId, row.id)).estimate;
  });
}

export async function deleteEstimate(deps: Deps, params: { auth: AuthContext; estimateId: number }): Promise<void> {
  const { businessId, userId } = params.auth;
  await deps.db.transaction().execute(async (tx) => {
    const now = deps.clock();
    const row = await lockEstimate(tx, { businessId, estimateId: params.estimateId });
    if (!row) throw notFound(ESTIMATE_MESSAGES.notFound);
    const status = effective(row, now);
    if (!isEstimateDeletable(status)) refuse(ESTIMATE_MESSAGES.notDeletable, status);
    await deleteEstimateRow(tx, { businessId, estimateId: row.id });
    await publish(tx, {
      type: 'estimate.deleted',
      businessId,
      userId,
      subject: { type: 'estimate', id: row.id },
      data: { total: fromCents(Number(row.total_cents)) },
      at: now,
    });
  });
}

export async function markSent(deps: Deps, params: { auth: AuthContext; estimateId: number }): Promise<Estimate> {
  const { businessId, userId } = params.auth;
  return deps.db.transaction().execute(async (tx) => {
    await markEstimateSent(tx, { businessId, userId, estimateId: params.estimateId, now: deps.clock() });
    return (await requireDocument(deps, tx, businessId, params.estimateId)).estimate;
  });
}

/**
 * Turns the estimate into a draft invoice with the same lines (from its tax snapshot: the figures
 * do not move), dated today with the client's payment terms, and links both ways. Once: a second
 * call answers 409, and `estimates.invoice_id` is unique.
 */
export async function convertEstimate(
  deps: Deps,
  params: { auth: AuthContext; estimateId: number },
): Promise<{ estimate: Estimate; invoice_id: number; invoice_number: string | null }> {
  const { businessId, userId } = params.auth;
  return deps.db.transaction().execute(async (tx) => {
    await claimWriteLock(tx);
    const now = deps.clock();
    const row = await lockEstimate(tx, { businessId, estimateId: params.estimateId });
    if (!row) throw notFound(ESTIMATE_MESSAGES.notFound);
    const from = effective(row, now);
    if (row.invoice_id !== null || from === 'converted') refuse(ESTIMATE_MESSAGES.alreadyConverted, from);
    if (!isEstimateConvertible(from)) refuse(ESTIMATE_MESSAGES.notConvertible, from);
    const client = await findClient(tx, { businessId, clientId: row.client_id });
    const content = parseStoredContent(row.content);
    const pricesIncludeTax = Boolean(row.prices_include_tax);
    const calculation = contentCalculation(content, pricesIncludeTax);
    const issueDate = utcCalendarDate(now);
    const request: InvoiceRequest = {
      client_id: row.client_id,
      issue_date: issueDate,
      due_date: dueDateFromTerms(issueDate, client?.payment_terms_days ?? 30),
      lines: contentRequestLines(content),
      discount_type: content.discount_type,
      discount_value: content.discount_value,
      notes: row.notes,
      terms: row.terms,
      goal_id: null,
      currency: 'USD',
    };
    const { invoiceId, content: built } = await insertBuiltInvoice(tx, {
      businessId,
      request,
      calculation,
      pricesIncludeTax,
      origin: { estimateId: row.id },
      now,
    });
    await publish(tx, {
      type: 'invoice.created',
      businessId,
      userId,
      subject: { type: 'invoice', id: invoiceId },
      data: {
        total: fromCents(built.fields.total_cents),
        lines: built.lines.length,
        estimate_id: row.id,
        estimate_number: row.estimate_number,
      },
      at: now,
    });
    if (!canEstimateTransition(from, 'converted'))
      refuse(ESTIMATE_MESSAGES.transitionNotAllowed(from, 'converted'), from);
    await updateEstimateState(tx, {
      businessId,
      estimateId: row.id,
      set: { status: 'converted', converted_at: now.toISOString(), invoice_id: invoiceId },
      now,
    });
    await publish(tx, {
      type: 'estimate.converted',
      businessId,
      userId,
      subject: { type: 'estimate', id: row.id },
      data: { estimate_number: row.estimate_number, invoice_id: invoiceId },
      at: now,
    });
    const document = await requireDocument(deps, tx, businessId, row.id);
    return { estimate: document.estimate, invoice_id: invoiceId, invoice_number: document.estimate.invoice_number };
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

function renderEstimate(deps: Deps, document: EstimateDocument, requester?: FileRequester): Promise<RenderedPdf> {
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

// ---------------------------------------------------------------- scheduler

/** Stores `expired` on open estimates past their expiry date on `today`, the business's date (each once, in the activity log). */
export async function expireEstimate(
  tx: Db,
  params: { businessId: number; estimateId: number; now: Date; today: string },
): Promise<boolean> {
  const row = await lockEstimate(tx, { businessId: params.businessId, estimateId: params.estimateId });
  if (
    !row ||
    (row.status !== 'sent' && row.status !== 'viewed') ||
    deriveEstimateStatus(row.status as EstimateStatus, row.expiry_date, params.today) !== 'expired'
  )
    return false;
  await updateEstimateState(tx, {
    businessId: params.businessId,
    estimateId: row.id,
    set: { status: 'expired', expired_at: params.now.toISOString() },
    now: params.now,
  });
  await publish(tx, {
    type: 'estimate.expired',
    businessId: params.businessId,
    userId: null,
    subject: { type: 'estimate', id: row.id },
    data: { estimate_number: row.estimate_number, expiry_date: row.expiry_date },
    at: params.now,
  });
  return true;
}
