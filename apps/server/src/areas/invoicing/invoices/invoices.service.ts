import {
  INVOICE_MESSAGES,
  canTransition,
  canVoid,
  deriveStatus,
  dueDateFromTerms,
  fromCents,
  invoiceBalance,
  isDeletable,
  isEditable,
  owedNowCents,
  pageMeta,
  utcCalendarDate,
  type DocumentParties,
  type DocumentSentExtras,
  type Invoice,
  type InvoiceListQuery,
  type InvoicePage,
  type InvoiceRequest,
  type InvoiceStatus,
} from '@ledgerleaf/domain';
import {
  claimWriteLock,
  deleteInvoice as deleteInvoiceRows,
  findClient,
  findInvoice,
  findInvoicingSettings,
  insertInvoice,
  listInvoicePage,
  lockInvoice,
  replaceInvoiceContent,
  updateInvoiceState,
  type Db,
  type InvoiceListFilter,
  type InvoiceRow,
} from '@ledgerleaf/db';
import type { AuthContext, Deps } from '../../../lib/context';
import { AppError, notFound } from '../../../lib/errors';
import { publish } from '../../../lib/events';
import { DOCUMENT_REFERENCE_MESSAGES, requestLineOf } from '../documents/document-content';
import { nextDocumentNumber } from '../documents/document-delivery';
import { documentActivity, documentParties } from '../documents/document-view';
import { invoiceSummaryCache } from './invoice-list-cache';
import { newPublicToken, resolveContent } from './invoice-content';
import {
  effectiveStatus,
  getInvoiceView,
  requireInvoiceDocument,
  requireInvoiceView,
  todayOf,
  viewOptions,
  type InvoiceActivity,
} from './invoice-view';

/*
 * The invoices module's verbs: list, read, create, update, delete, issue (mark sent), void,
 * duplicate, and the status bookkeeping after a payment. What an invoice looks like when read is
 * invoice-view.ts; how a request becomes rows is invoice-content.ts.
 */

/** Server answers of this module that the domain's INVOICE_MESSAGES do not word. */
export const INVOICE_SERVER_MESSAGES = {
  ...DOCUMENT_REFERENCE_MESSAGES,
  created: 'Invoice created.',
  updated: 'Invoice updated.',
  duplicated: 'Invoice duplicated as a new draft.',
  alreadySent: 'This invoice has already been sent.',
} as const;

function refuseTransition(from: InvoiceStatus, to: InvoiceStatus, message?: string): never {
  throw new AppError(409, message ?? INVOICE_MESSAGES.transitionNotAllowed(from, to), { extra: { status: from } });
}

/** Moves to the status the facts imply, guarded by `canTransition`. */
function nextStatus(
  from: InvoiceStatus,
  facts: { viewed: boolean; total_cents: number; paid_cents: number; due_date: string; today: string },
): InvoiceStatus {
  const to = deriveStatus({ issued: true, voided: false, ...facts });
  if (to !== from && !canTransition(from, to)) refuseTransition(from, to);
  return to;
}

// ---------------------------------------------------------------- services

/** The database filter of a list query (the list, its CSV export): the caller's business, on `today`. */
export function invoiceListFilter(auth: AuthContext, query: InvoiceListQuery, today: string): InvoiceListFilter {
  return {
    businessId: auth.businessId,
    status: query.status,
    today,
    search: query.search,
    clientId: query.client_id,
    goalId: query.goal_id,
    dateFrom: query.date_from,
    dateTo: query.date_to,
    dueFrom: query.due_from,
    dueTo: query.due_to,
  };
}

export async function listInvoices(
  deps: Deps,
  params: { auth: AuthContext; query: InvoiceListQuery },
): Promise<InvoicePage> {
  const { query } = params;
  const today = todayOf(deps);
  const filter = invoiceListFilter(params.auth, query, today);
  const summary = await invoiceSummaryCache(deps).summarize(deps.db, filter);
  const total = summary.count;
  const rows = await listInvoicePage(deps.db, {
    ...filter,
    sort: query.sort,
    direction: query.direction,
    limit: query.per_page,
    offset: (query.page - 1) * query.per_page,
  });
  return {
    data: rows.map((row) => {
      const status = effectiveStatus(row, today);
      return {
        id: row.id,
        invoice_number: row.invoice_number,
        status,
        client: { id: row.client_id, name: row.client_name },
        issue_date: row.issue_date,
        due_date: row.due_date,
        total: fromCents(Number(row.total_cents)),
        amount_paid: fromCents(Number(row.paid_cents)),
        balance_due: fromCents(owedNowCents(status, Number(row.balance_cents))),
        goal_id: row.goal_id,
        created_at: row.created_at,
      };
    }),
    meta: pageMeta(query.page, query.per_page, total),
    summary: {
      count: summary.count,
      total: fromCents(summary.total_cents),
      amount_paid: fromCents(summary.paid_cents),
      balance_due: fromCents(summary.balance_cents),
    },
  };
}

export async function getInvoice(
  deps: Deps,
  params: { auth: AuthContext; invoiceId: number },
): Promise<Invoice & { parties: DocumentParties; activity: InvoiceActivity[] }> {
  const document = await requireInvoiceDocument(deps, deps.db, params.auth.businessId, params.invoiceId);
  return {
    ...document.invoice,
    // The From and Bill to blocks as the PDF and the public page print them.
    parties: documentParties(document.business, document.client),
    activity: await invoiceActivity(deps.db, params.auth.businessId, params.invoiceId),
  };
}

function invoiceActivity(db: Db, businessId: number, invoiceId: number): Promise<InvoiceActivity[]> {
  return documentActivity(db, businessId, { type: 'invoice', id: invoiceId });
}

export async function getInvoiceActivity(
  deps: Deps,
  params: { auth: AuthContext; invoiceId: number },
): Promise<InvoiceActivity[]> {
  const row = await findInvoice(deps.db, { businessId: params.auth.businessId, invoiceId: params.invoiceId });
  if (!row) throw notFound(INVOICE_MESSAGES.notFound);
  return invoiceActivity(deps.db, params.auth.businessId, params.invoiceId);
}

/**
 * Issues the invoice inside the caller's transaction: locks it, checks draft -> sent, takes the
 * next free number from the business's counter (skipping numbers an earlier pattern already
 * used), stores the status the facts imply and publishes
 * `invoice.sent`. The delivery module calls it with `via: 'email'` when it mails the invoice; an
 * invoice that is already issued is left as it is (`resent: true`), so "send again" works.
 */
export async function markInvoiceSent(
  tx: Db,
  params: {
    businessId: number;
    userId: number | null;
    invoiceId: number;
    now: Date;
    via?: 'manual' | 'email';
    data?: DocumentSentExtras;
  },
): Promise<{ invoice_number: string; resent: boolean }> {
  const row = await lockInvoice(tx, { businessId: params.businessId, invoiceId: params.invoiceId });
  if (!row) throw notFound(INVOICE_MESSAGES.notFound);
  const today = utcCalendarDate(params.now);
  const from = effectiveStatus(row, today);
  const via = params.via ?? 'manual';
  if (from !== 'draft') {
    if (via === 'email' && from !== 'void' && row.invoice_number) {
      await publish(tx, {
        type: 'invoice.sent',
        businessId: params.businessId,
        userId: params.userId,
        subject: { type: 'invoice', id: row.id },
        data: { invoice_number: row.invoice_number, via, again: true, ...params.data },
        at: params.now,
      });
      return { invoice_number: row.invoice_number, resent: true };
    }
    refuseTransition(
      from,
      'sent',
      from === 'void' ? INVOICE_MESSAGES.transitionNotAllowed(from, 'sent') : INVOICE_SERVER_MESSAGES.alreadySent,
    );
  }
  if (!canTransition('draft', 'sent')) refuseTransition(from, 'sent');
  const invoiceNumber = await nextDocumentNumber(tx, {
    businessId: params.businessId,
    kind: 'invoice',
    year: Number(today.slice(0, 4)),
  });
  if (!invoiceNumber) throw notFound(INVOICE_MESSAGES.notFound);
  const status = deriveStatus({
    issued: true,
    voided: false,
    viewed: false,
    total_cents: Number(row.total_cents),
    paid_cents: Number(row.paid_cents),
    due_date: row.due_date,
    today,
  });
  await updateInvoiceState(tx, {
    businessId: params.businessId,
    invoiceId: row.id,
    set: { status, invoice_number: invoiceNumber, sent_at: params.now.toISOString() },
    now: params.now,
  });
  await publish(tx, {
    type: 'invoice.sent',
    businessId: params.businessId,
    userId: params.userId,
    subject: { type: 'invoice', id: row.id },
    data: { invoice_number: invoiceNumber, via, ...params.data },
    at: params.now,
  });
  return { invoice_number: invoiceNumber, resent: false };
}

/**
 * The first view of the public page: sent -> viewed (recorded once, `invoice.viewed`). Later views
 * and invoices in other statuses change nothing. Call it in a transaction.
 */
export async function markInvoiceViewed(
  tx: Db,
  params: { businessId: number; invoiceId: number; now: Date },
): Promise<boolean> {
  const row = await lockInvoice(tx, { businessId: params.businessId, invoiceId: params.invoiceId });
  if (!row || row.viewed_at !== null || row.status === 'draft' || row.status === 'void') return false;
  const today = utcCalendarDate(params.now);
  const from = effectiveStatus(row, today);
  const to = deriveStatus({
    issued: true,
    voided: false,
    viewed: true,
    total_cents: Number(row.total_cents),
    paid_cents: Number(row.paid_cents),
    due_date: row.due_date,
    today,
  });
  if (to !== from && !canTransition(from, to)) return false;
  await updateInvoiceState(tx, {
    businessId: params.businessId,
    invoiceId: row.id,
    set: { status: to, viewed_at: params.now.toISOString() },
    now: params.now,
  });
  await publish(tx, {
    type: 'invoice.viewed',
    businessId: params.businessId,
    userId: null,
    subject: { type: 'invoice', id: row.id },
    data: { invoice_number: row.invoice_number },
    at: params.now,
  });
  return true;
}

export async function createInvoice(
  deps: Deps,
  params: { auth: AuthContext; input: InvoiceRequest; send?: boolean },
): Promise<Invoice> {
  const { businessId, userId } = params.auth;
  return deps.db.transaction().execute(async (tx) => {
    await claimWriteLock(tx);
    const now = deps.clock();
    const settings = await findInvoicingSettings(tx, { businessId });
    const content = await resolveContent(tx, businessId, params.input, {
      pricesIncludeTax: settings?.prices_include_tax ?? false,
      paidCents: 0,
    });
    const { id } = await insertInvoice(tx, {
      businessId,
      fields: content.fields,
      lines: content.lines,
      publicToken: newPublicToken(),
      now,
    });
    await publish(tx, {
      type: 'invoice.created',
      businessId,
      userId,
      subject: { type: 'invoice', id },
      data: { total: fromCents(content.fields.total_cents), lines: content.lines.length },
      at: now,
    });
    if (params.send) await markInvoiceSent(tx, { businessId, userId, invoiceId: id, now });
    return requireInvoiceView(deps, tx, businessId, id);
  });
}

export async function updateInvoice(
  deps: Deps,
  params: { auth: AuthContext; invoiceId: number; input: InvoiceRequest },
): Promise<Invoice> {
  const { businessId, userId } = params.auth;
  return deps.db.transaction().execute(async (tx) => {
    const now = deps.clock();
    const today = utcCalendarDate(now);
    const row = await lockInvoice(tx, { businessId, invoiceId: params.invoiceId });
    if (!row) throw notFound(INVOICE_MESSAGES.notFound);
    const from = effectiveStatus(row, today);
    // An overdue invoice may carry part payments: its amounts are settled too.
    if (!isEditable(from) || Number(row.paid_cents) > 0) refuseTransition(from, from, INVOICE_MESSAGES.notEditable);
    // A draft follows the business's current pricing setting; an issued invoice keeps the one it was issued with.
    const pricesIncludeTax =
      from === 'draft'
        ? ((await findInvoicingSettings(tx, { businessId }))?.prices_include_tax ?? false)
        : Boolean(row.prices_include_tax);
    const content = await resolveContent(tx, businessId, params.input, {
      pricesIncludeTax,
      paidCents: Number(row.paid_cents),
    });
    const status =
      from === 'draft'
        ? 'draft'
        : nextStatus(from, {
            viewed: row.viewed_at !== null,
            total_cents: content.fields.total_cents,
            paid_cents: Number(row.paid_cents),
            due_date: content.fields.due_date,
            today,
          });
    await replaceInvoiceContent(tx, {
      businessId,
      invoiceId: row.id,
      fields: content.fields,
      status,
      lines: content.lines,
      now,
    });
    await publish(tx, {
      type: 'invoice.updated',
      businessId,
      userId,
      subject: { type: 'invoice', id: row.id },
      data: { invoice_number: row.invoice_number, total: fromCents(content.fields.total_cents) },
      at: now,
    });
    return requireInvoiceView(deps, tx, businessId, row.id);
  });
}

export async function deleteInvoice(deps: Deps, params: { auth: AuthContext; invoiceId: number }): Promise<void> {
  const { businessId, userId } = params.auth;
  await deps.db.transaction().execute(async (tx) => {
    const now = deps.clock();
    const row = await lockInvoice(tx, { businessId, invoiceId: params.invoiceId });
    if (!row) throw notFound(INVOICE_MESSAGES.notFound);
    const status = effectiveStatus(row, utcCalendarDate(now));
    if (!isDeletable(status)) refuseTransition(status, status, INVOICE_MESSAGES.notDeletable);
    await deleteInvoiceRows(tx, { businessId, invoiceId: row.id });
    await publish(tx, {
      type: 'invoice.deleted',
      businessId,
      userId,
      subject: { type: 'invoice', id: row.id },
      data: { total: fromCents(Number(row.total_cents)) },
      at: now,
    });
  });
}

export async function sendInvoiceManually(
  deps: Deps,
  params: { auth: AuthContext; invoiceId: number },
): Promise<Invoice> {
  const { businessId, userId } = params.auth;
  return deps.db.transaction().execute(async (tx) => {
    await markInvoiceSent(tx, { businessId, userId, invoiceId: params.invoiceId, now: deps.clock() });
    return requireInvoiceView(deps, tx, businessId, params.invoiceId);
  });
}

export async function voidInvoice(
  deps: Deps,
  params: { auth: AuthContext; invoiceId: number; reason: string | null },
): Promise<Invoice> {
  const { businessId, userId } = params.auth;
  return deps.db.transaction().execute(async (tx) => {
    const now = deps.clock();
    const row = await lockInvoice(tx, { businessId, invoiceId: params.invoiceId });
    if (!row) throw notFound(INVOICE_MESSAGES.notFound);
    const from = effectiveStatus(row, utcCalendarDate(now));
    if (!canVoid(from)) refuseTransition(from, 'void', INVOICE_MESSAGES.notVoidable);
    await updateInvoiceState(tx, {
      businessId,
      invoiceId: row.id,
      set: { status: 'void', voided_at: now.toISOString(), void_reason: params.reason },
      now,
    });
    await publish(tx, {
      type: 'invoice.voided',
      businessId,
      userId,
      subject: { type: 'invoice', id: row.id },
      data: { invoice_number: row.invoice_number, reason: params.reason },
      at: now,
    });
    return requireInvoiceView(deps, tx, businessId, row.id);
  });
}

/** A new draft with the same client, lines and texts, dated today with the client's terms. */
export async function duplicateInvoice(deps: Deps, params: { auth: AuthContext; invoiceId: number }): Promise<Invoice> {
  const { businessId } = params.auth;
  const source = await getInvoiceView(deps.db, businessId, params.invoiceId, viewOptions(deps));
  if (!source) throw notFound(INVOICE_MESSAGES.notFound);
  const client = await findClient(deps.db, { businessId, clientId: source.invoice.client.id });
  const issueDate = todayOf(deps);
  const invoice = source.invoice;
  const input: InvoiceRequest = {
    client_id: invoice.client.id,
    issue_date: issueDate,
    due_date: dueDateFromTerms(issueDate, client?.payment_terms_days ?? 30),
    lines: invoice.lines.map(requestLineOf),
    discount_type: invoice.discount_type,
    discount_value: invoice.discount_value,
    notes: invoice.notes,
    terms: invoice.terms,
    goal_id: invoice.goal_id,
    currency: 'USD',
  };
  const created = await createInvoice(deps, { auth: params.auth, input });
  return created;
}

// ---------------------------------------------------------------- payments (used by the payments module)

/** After the payments changed: the cached paid and balance, and the status the facts imply (guarded). */
export async function applyPaidAmount(
  tx: Db,
  params: { businessId: number; row: InvoiceRow; paidCents: number; now: Date },
): Promise<InvoiceStatus> {
  const today = utcCalendarDate(params.now);
  const from = effectiveStatus(params.row, today);
  const total = Number(params.row.total_cents);
  const to = nextStatus(from, {
    viewed: params.row.viewed_at !== null,
    total_cents: total,
    paid_cents: params.paidCents,
    due_date: params.row.due_date,
    today,
  });
  await updateInvoiceState(tx, {
    businessId: params.businessId,
    invoiceId: params.row.id,
    set: {
      status: to,
      paid_cents: params.paidCents,
      balance_cents: invoiceBalance(total, params.paidCents).balance_due_cents,
    },
    now: params.now,
  });
  return to;
}
