import { randomBytes } from 'node:crypto';
import {
  defaultRecipientEmails,
  INVOICE_MESSAGES,
  acceptsPayment,
  calculateInvoice,
  calculateInvoiceRequest,
  canTransition,
  canVoid,
  deriveStatus,
  discountFromFields,
  dueDateFromTerms,
  fromCents,
  invoiceBalance,
  invoiceTotals,
  isDeletable,
  isEditable,
  lineAmounts,
  pageMeta,
  toDocumentNumberFormat,
  toThousandths,
  utcCalendarDate,
  type Discount,
  type FieldErrors,
  type Invoice,
  type InvoiceCalculation,
  type InvoiceListQuery,
  type InvoicePage,
  type InvoiceRequest,
  type InvoiceStatus,
  type InvoiceTaxRate,
  type Payment,
} from '@ledgerleaf/domain';
import {
  claimWriteLock,
  deleteInvoice as deleteInvoiceRows,
  findBusinessById,
  findClient,
  findEstimate,
  findGoal,
  findInvoice,
  findInvoiceByPublicToken,
  findInvoiceNumbering,
  findInvoicingSettings,
  insertInvoice,
  listActivity,
  listClientContacts,
  listInvoiceLines,
  listInvoicePage,
  listPayments,
  lockInvoice,
  replaceInvoiceContent,
  takeDocumentNumber,
  updateInvoiceState,
  type Db,
  type InvoiceContentFields,
  type InvoiceLineRow,
  type InvoiceLineTaxRow,
  type InvoiceLineWrite,
  type InvoiceRow,
  type PaymentRow,
} from '@ledgerleaf/db';
import { invoiceSummaryCache } from './invoice-list-cache';
import type { AuthContext, Deps } from '../../lib/context';
import { AppError, notFound, validationError } from '../../lib/errors';
import { publish } from '../../lib/events';

/** Server answers of this module that the domain's INVOICE_MESSAGES do not word. */
export const INVOICE_SERVER_MESSAGES = {
  unknownClient: 'This client does not exist (any more). Please choose another one',
  unknownProduct: 'This product or service does not exist (any more). Please choose another one',
  unknownGoal: 'This goal does not exist (any more). Please choose another one',
  created: 'Invoice created.',
  updated: 'Invoice updated.',
  duplicated: 'Invoice duplicated as a new draft.',
  alreadySent: 'This invoice has already been sent.',
} as const;

/** An activity-log entry on the invoice's timeline. */
export interface InvoiceActivity {
  id: number;
  event: string;
  user_id: number | null;
  data: Record<string, unknown>;
  created_at: string;
}

export interface InvoiceBusinessDetails {
  id: number;
  name: string;
  email: string | null;
  phone: string | null;
  company_logo: string | null;
  /** Printed on the PDF (business settings, issue 5). */
  address?: string | null;
  tax_id?: string | null;
  /** The business's date format (business settings): the PDF's, the emails' and the public page's dates. */
  date_format: string;
}

export interface InvoiceClientDetails {
  id: number;
  kind: string;
  name: string;
  email: string | null;
  phone: string | null;
  tax_id: string | null;
  billing_address: {
    line1: string | null;
    line2: string | null;
    city: string | null;
    state: string | null;
    postal_code: string | null;
    country: string | null;
  };
  contacts: Array<{ name: string; email: string | null; phone: string | null; is_primary: boolean }>;
}

/**
 * Everything the PDF and the public page print: the invoice exactly as the API answers it, the
 * engine's figures in cents (the same calculation), and the business's and client's details.
 */
export interface InvoiceDocument {
  invoice: Invoice;
  calculation: InvoiceCalculation;
  business: InvoiceBusinessDetails;
  client: InvoiceClientDetails;
  /** For the public page: `/i/{token}`. */
  public_token: string;
}

export interface ViewOptions {
  /** Absolute base of `public_url` (the app's APP_URL); relative `/i/{token}` when omitted. */
  appUrl?: string;
  /** `yyyy-MM-dd` that overdue is derived against; today (UTC) when omitted. */
  today?: string;
}

export const PUBLIC_TOKEN_BYTES = 32;

export function newPublicToken(): string {
  return randomBytes(PUBLIC_TOKEN_BYTES).toString('base64url');
}

export function todayOf(deps: Pick<Deps, 'clock'>): string {
  return utcCalendarDate(deps.clock());
}

// ---------------------------------------------------------------- stored <-> engine

function storedDiscount(type: string | null, value: number | null): Discount | null {
  if (!type || value === null || Number(value) === 0) return null;
  return type === 'percent'
    ? { type: 'percent', value: Number(value) / 1000 }
    : { type: 'amount', value: Number(value) };
}

function storedDiscountValue(discount: Discount | null): number | null {
  if (!discount) return null;
  return discount.type === 'percent' ? toThousandths(discount.value) : discount.value;
}

function responseDiscountValue(type: string | null, value: number | null): number | null {
  if (!type || value === null) return null;
  return type === 'percent' ? Number(value) / 1000 : fromCents(Number(value));
}

function taxesByLine(taxes: InvoiceLineTaxRow[]): Map<number, InvoiceLineTaxRow[]> {
  const map = new Map<number, InvoiceLineTaxRow[]>();
  for (const tax of taxes) {
    const list = map.get(tax.line_id) ?? [];
    list.push(tax);
    map.set(tax.line_id, list);
  }
  for (const list of map.values()) list.sort((a, b) => a.position - b.position);
  return map;
}

/** The engine run on what is stored (the tax snapshots, the stored prices and discounts, the payments). */
export function storedCalculation(
  row: InvoiceRow,
  lines: InvoiceLineRow[],
  taxes: InvoiceLineTaxRow[],
  paidCents: number,
): InvoiceCalculation {
  const byLine = taxesByLine(taxes);
  return calculateInvoice({
    lines: lines.map((line) => ({
      quantity: Number(line.quantity_thousandths) / 1000,
      unit_price_cents: Number(line.unit_price_cents),
      discount: storedDiscount(line.discount_type, line.discount_value),
      taxes: (byLine.get(line.id) ?? []).map((tax) => ({
        id: tax.tax_rate_id,
        name: tax.name,
        rate_percent: tax.rate_thousandths / 1000,
        compound: Boolean(tax.is_compound),
      })),
    })),
    discount: storedDiscount(row.discount_type, row.discount_value),
    prices_include_tax: Boolean(row.prices_include_tax),
    paid_cents: paidCents,
  });
}

/** The status the facts imply today: `overdue` is derived at read time, whatever is stored. */
export function effectiveStatus(
  row: Pick<InvoiceRow, 'status' | 'viewed_at' | 'total_cents' | 'paid_cents' | 'due_date'>,
  today: string,
): InvoiceStatus {
  const stored = row.status as InvoiceStatus;
  if (stored === 'draft' || stored === 'void') return stored;
  return deriveStatus({
    issued: true,
    voided: false,
    viewed: row.viewed_at !== null,
    total_cents: Number(row.total_cents),
    paid_cents: Number(row.paid_cents),
    due_date: row.due_date,
    today,
  });
}

export function paymentView(row: PaymentRow): Payment {
  return {
    id: row.id,
    payment_id: row.id,
    invoice_id: row.invoice_id,
    amount: fromCents(Number(row.amount_cents)),
    payment_date: row.payment_date,
    method: row.method as Payment['method'],
    reference: row.reference,
    note: row.note,
    created_at: row.created_at,
  };
}

function activityView(row: {
  id: number;
  event: string;
  user_id: number | null;
  data: string;
  created_at: string;
}): InvoiceActivity {
  let data: Record<string, unknown> = {};
  try {
    const parsed: unknown = JSON.parse(row.data);
    if (parsed && typeof parsed === 'object') data = parsed as Record<string, unknown>;
  } catch {
    data = {};
  }
  return { id: row.id, event: row.event, user_id: row.user_id, data, created_at: row.created_at };
}

export function publicUrl(row: Pick<InvoiceRow, 'status' | 'public_token'>, appUrl = ''): string | null {
  return row.status === 'draft' ? null : `${appUrl}/i/${row.public_token}`;
}

async function loadDocument(
  db: Db,
  businessId: number,
  invoiceId: number,
  options: ViewOptions = {},
): Promise<InvoiceDocument | undefined> {
  const row = await findInvoice(db, { businessId, invoiceId });
  if (!row) return undefined;
  const [{ lines, taxes }, payments, client, contacts, business, estimate] = await Promise.all([
    listInvoiceLines(db, { businessId, invoiceId }),
    listPayments(db, { businessId, invoiceId }),
    findClient(db, { businessId, clientId: row.client_id }),
    listClientContacts(db, { businessId, clientIds: [row.client_id] }),
    findBusinessById(db, { businessId }),
    row.estimate_id === null ? undefined : findEstimate(db, { businessId, estimateId: row.estimate_id }),
  ]);
  if (!client || !business) return undefined;
  const paid = payments.reduce((sum, payment) => sum + Number(payment.amount_cents), 0);
  const calculation = storedCalculation(row, lines, taxes, paid);
  const amounts = invoiceTotals(calculation);
  const byLine = taxesByLine(taxes);
  const today = options.today ?? utcCalendarDate(new Date());
  const invoice: Invoice = {
    id: row.id,
    invoice_number: row.invoice_number,
    status: effectiveStatus({ ...row, total_cents: calculation.total_cents, paid_cents: paid }, today),
    client: {
      id: client.id,
      name: client.name,
      email: client.email,
      recipients: defaultRecipientEmails(contacts, client.email),
    },
    issue_date: row.issue_date,
    due_date: row.due_date,
    currency: 'USD',
    lines: lines.map((line, index) => {
      const computed = calculation.lines[index];
      if (!computed) throw new Error('line calculation missing');
      return {
        id: line.id,
        position: line.position,
        product_id: line.product_id,
        description: line.description,
        quantity: Number(line.quantity_thousandths) / 1000,
        unit: line.unit,
        unit_price: fromCents(Number(line.unit_price_cents)),
        discount_type: (line.discount_type as 'percent' | 'amount' | null) ?? null,
        discount_value: responseDiscountValue(line.discount_type, line.discount_value),
        tax_rate_ids: (byLine.get(line.id) ?? [])
          .map((tax) => tax.tax_rate_id)
          .filter((id): id is number => id !== null),
        ...lineAmounts(computed),
      };
    }),
    discount_type: (row.discount_type as 'percent' | 'amount' | null) ?? null,
    discount_value: responseDiscountValue(row.discount_type, row.discount_value),
    ...amounts,
    payments: payments.map(paymentView),
    notes: row.notes,
    terms: row.terms,
    goal_id: row.goal_id,
    // An estimate deleted since is no link any more.
    estimate_id: estimate?.id ?? null,
    estimate_number: estimate?.estimate_number ?? null,
    recurring_invoice_id: row.recurring_invoice_id,
    recurring_period: row.recurring_invoice_id === null ? null : row.recurring_period,
    public_url: publicUrl(row, options.appUrl),
    sent_at: row.sent_at,
    viewed_at: row.viewed_at,
    voided_at: row.voided_at,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
  return {
    invoice,
    calculation,
    public_token: row.public_token,
    business: {
      id: business.id,
      name: business.name,
      email: business.email,
      phone: business.phone,
      company_logo: business.company_logo,
      address: business.address ?? null,
      tax_id: business.tax_id ?? null,
      date_format: business.date_format,
    },
    client: {
      id: client.id,
      kind: client.kind,
      name: client.name,
      email: client.email,
      phone: client.phone,
      tax_id: client.tax_id,
      billing_address: {
        line1: client.billing_line1,
        line2: client.billing_line2,
        city: client.billing_city,
        state: client.billing_state,
        postal_code: client.billing_postal_code,
        country: client.billing_country,
      },
      contacts: contacts.map((contact) => ({
        name: contact.name,
        email: contact.email,
        phone: contact.phone,
        is_primary: Boolean(contact.is_primary),
      })),
    },
  };
}

/**
 * The invoice as the API answers it, with the business's and the client's details and the engine's
 * figures in cents: what the PDF and the public page print. Undefined when the invoice is not in
 * the business (answer 404). Works on a transaction too.
 */
export async function getInvoiceView(
  db: Db,
  businessId: number,
  invoiceId: number,
  options: ViewOptions = {},
): Promise<InvoiceDocument | undefined> {
  return loadDocument(db, businessId, invoiceId, options);
}

/** The public page's lookup: the invoice behind `/i/{token}`, never a draft. */
export async function getInvoiceViewByToken(
  db: Db,
  token: string,
  options: ViewOptions = {},
): Promise<(InvoiceDocument & { business_id: number }) | undefined> {
  const row = await findInvoiceByPublicToken(db, { token });
  if (!row || row.status === 'draft') return undefined;
  const document = await loadDocument(db, row.business_id, row.id, options);
  return document ? { ...document, business_id: row.business_id } : undefined;
}

function viewOptions(deps: Deps): ViewOptions {
  return { appUrl: deps.config.appUrl, today: todayOf(deps) };
}

async function requireView(deps: Deps, db: Db, businessId: number, invoiceId: number): Promise<Invoice> {
  const document = await loadDocument(db, businessId, invoiceId, viewOptions(deps));
  if (!document) throw notFound(INVOICE_MESSAGES.notFound);
  return document.invoice;
}

// ---------------------------------------------------------------- request -> rows

export interface ResolvedContent {
  fields: InvoiceContentFields;
  lines: InvoiceLineWrite[];
}

async function businessTaxRates(db: Db, businessId: number): Promise<InvoiceTaxRate[]> {
  const rows = await db
    .selectFrom('tax_rates')
    .select(['id', 'name', 'rate_thousandths', 'is_compound'])
    .where('business_id', '=', businessId)
    .execute();
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    rate: row.rate_thousandths / 1000,
    is_compound: Boolean(row.is_compound),
  }));
}

/**
 * Validates the references of a parsed request in the caller's business (client, products, tax
 * rates: another business's ids are reported exactly like unknown ones) and computes it with the
 * engine. Throws 422 with field-keyed errors.
 */
async function resolveContent(
  db: Db,
  businessId: number,
  input: InvoiceRequest,
  context: { pricesIncludeTax: boolean; paidCents: number },
): Promise<ResolvedContent> {
  const errors: FieldErrors = {};
  const client = await findClient(db, { businessId, clientId: input.client_id });
  if (!client) errors.client_id = [INVOICE_SERVER_MESSAGES.unknownClient];
  // Another business's goal is reported exactly like an unknown one.
  if (input.goal_id !== null && !(await findGoal(db, { businessId, goalId: input.goal_id })))
    errors.goal_id = [INVOICE_SERVER_MESSAGES.unknownGoal];
  const productIds = [...new Set(input.lines.map((line) => line.product_id).filter((id): id is number => id !== null))];
  const known = new Set<number>();
  for (let start = 0; start < productIds.length; start += 400) {
    const rows = await db
      .selectFrom('products')
      .select('id')
      .where('business_id', '=', businessId)
      .where('id', 'in', productIds.slice(start, start + 400))
      .execute();
    for (const row of rows) known.add(row.id);
  }
  input.lines.forEach((line, index) => {
    if (line.product_id !== null && !known.has(line.product_id))
      errors[`lines.${index}.product_id`] = [INVOICE_SERVER_MESSAGES.unknownProduct];
  });
  const computed = calculateInvoiceRequest(input, {
    taxRates: await businessTaxRates(db, businessId),
    prices_include_tax: context.pricesIncludeTax,
    paid_cents: context.paidCents,
  });
  if (!computed.success) Object.assign(errors, computed.errors);
  if (Object.keys(errors).length > 0 || !computed.success) throw validationError(errors);
  return buildInvoiceContent(input, computed.calculation, context.pricesIncludeTax);
}

/** The rows of a parsed request and its engine calculation (no I/O; the demo seed uses it too). */
export function buildInvoiceContent(
  input: InvoiceRequest,
  calculation: InvoiceCalculation,
  pricesIncludeTax: boolean,
): ResolvedContent {
  const invoiceDiscount = discountFromFields(input);
  return {
    fields: {
      client_id: input.client_id,
      issue_date: input.issue_date,
      due_date: input.due_date,
      discount_type: invoiceDiscount?.type ?? null,
      discount_value: storedDiscountValue(invoiceDiscount),
      notes: input.notes,
      terms: input.terms,
      currency: input.currency,
      goal_id: input.goal_id,
      prices_include_tax: pricesIncludeTax,
      subtotal_cents: calculation.subtotal_cents,
      line_discount_cents: calculation.line_discount_cents,
      discount_cents: calculation.invoice_discount_cents,
      tax_cents: calculation.tax_cents,
      total_cents: calculation.total_cents,
      paid_cents: calculation.paid_cents,
      balance_cents: calculation.balance_due_cents,
    },
    lines: input.lines.map((line, index) => {
      const result = calculation.lines[index];
      if (!result) throw new Error('line calculation missing');
      const discount = discountFromFields(line);
      return {
        product_id: line.product_id,
        description: line.description,
        quantity_thousandths: result.quantity_thousandths,
        unit: line.unit,
        unit_price_cents: result.unit_price_cents,
        discount_type: discount?.type ?? null,
        discount_value: storedDiscountValue(discount),
        subtotal_cents: result.subtotal_cents,
        discount_cents: result.discount_cents,
        invoice_discount_cents: result.invoice_discount_cents,
        taxable_cents: result.taxable_cents,
        tax_cents: result.tax_cents,
        total_cents: result.total_cents,
        taxes: result.taxes.map((tax) => ({
          tax_rate_id: tax.id,
          name: tax.name ?? '',
          rate_thousandths: toThousandths(tax.rate_percent),
          is_compound: tax.compound,
          base_cents: tax.base_cents,
          amount_cents: tax.amount_cents,
        })),
      };
    }),
  };
}

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

export async function listInvoices(
  deps: Deps,
  params: { auth: AuthContext; query: InvoiceListQuery },
): Promise<InvoicePage> {
  const { query } = params;
  const today = todayOf(deps);
  const filter = {
    businessId: params.auth.businessId,
    status: query.status,
    today,
    search: query.search,
    clientId: query.client_id,
    goalId: query.goal_id,
    dateFrom: query.date_from,
    dateTo: query.date_to,
  };
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
    data: rows.map((row) => ({
      id: row.id,
      invoice_number: row.invoice_number,
      status: effectiveStatus(row, today),
      client: { id: row.client_id, name: row.client_name },
      issue_date: row.issue_date,
      due_date: row.due_date,
      total: fromCents(Number(row.total_cents)),
      amount_paid: fromCents(Number(row.paid_cents)),
      balance_due: fromCents(Number(row.balance_cents)),
      goal_id: row.goal_id,
      created_at: row.created_at,
    })),
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
): Promise<Invoice & { activity: InvoiceActivity[] }> {
  const invoice = await requireView(deps, deps.db, params.auth.businessId, params.invoiceId);
  return { ...invoice, activity: await invoiceActivity(deps.db, params.auth.businessId, params.invoiceId) };
}

async function invoiceActivity(db: Db, businessId: number, invoiceId: number): Promise<InvoiceActivity[]> {
  const rows = await listActivity(db, { businessId, subjectType: 'invoice', subjectId: invoiceId, limit: 200 });
  return rows.map(activityView);
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
    data?: Record<string, unknown>;
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
  const numbering = await findInvoiceNumbering(tx, { businessId: params.businessId });
  if (!numbering) throw notFound(INVOICE_MESSAGES.notFound);
  const settings = {
    prefix: numbering.prefix,
    include_year: numbering.include_year,
    separator: numbering.separator as '-',
    padding: numbering.padding,
    yearly_reset: numbering.yearly_reset,
  };
  const { number: invoiceNumber } = await takeDocumentNumber(tx, {
    businessId: params.businessId,
    kind: 'invoice',
    year: Number(today.slice(0, 4)),
    yearlyReset: settings.yearly_reset,
    format: toDocumentNumberFormat(settings),
  });
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
    return requireView(deps, tx, businessId, id);
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
    return requireView(deps, tx, businessId, row.id);
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
    return requireView(deps, tx, businessId, params.invoiceId);
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
    return requireView(deps, tx, businessId, row.id);
  });
}

/** A new draft with the same client, lines and texts, dated today with the client's terms. */
export async function duplicateInvoice(deps: Deps, params: { auth: AuthContext; invoiceId: number }): Promise<Invoice> {
  const { businessId } = params.auth;
  const source = await loadDocument(deps.db, businessId, params.invoiceId, viewOptions(deps));
  if (!source) throw notFound(INVOICE_MESSAGES.notFound);
  const client = await findClient(deps.db, { businessId, clientId: source.invoice.client.id });
  const issueDate = todayOf(deps);
  const invoice = source.invoice;
  const input: InvoiceRequest = {
    client_id: invoice.client.id,
    issue_date: issueDate,
    due_date: dueDateFromTerms(issueDate, client?.payment_terms_days ?? 30),
    lines: invoice.lines.map((line) => ({
      product_id: line.product_id,
      description: line.description,
      quantity: line.quantity,
      unit: line.unit,
      unit_price: line.unit_price,
      discount_type: line.discount_type,
      discount_value: line.discount_value,
      tax_rate_ids: line.tax_rate_ids,
    })),
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

export { acceptsPayment, requireView as loadInvoiceResponse };
