import {
  ESTIMATE_NUMBER_PREFIX,
  DEFAULT_NUMBERING_SETTINGS,
  addCalendarDays,
  dueDateFromTerms,
  formatDocumentNumber,
  fromCents,
  invoiceInputSchema,
  occurrenceDate,
  toDocumentNumberFormat,
  utcCalendarDate,
  type EstimateStatus,
  type RecurringSchedule,
} from '@ledgerleaf/domain';
import { insertActivity, insertEstimate, insertRecurringInvoice, setDocumentCounter, type Db } from '@ledgerleaf/db';
import { insertBuiltInvoice, newPublicToken } from '../areas/invoicing/invoices/invoice-content';
import {
  contentCalculation,
  contentRequestLines,
  resolveStoredContent,
  storedDiscountColumns,
} from '../areas/invoicing/documents/document-content';
import { storedDayOfMonth } from '../areas/invoicing/recurring/recurring-schedule';

const DAY_MS = 86_400_000;

/** The demo's estimates: one or two in every status, dated over the last weeks. */
const ESTIMATES: Array<{
  status: EstimateStatus;
  age: number;
  valid: number;
  lines: number;
  note: string | null;
  reason?: string;
  acceptedBy?: string;
}> = [
  { status: 'draft', age: 1, valid: 30, lines: 2, note: 'Draft for the spring campaign.' },
  { status: 'sent', age: 4, valid: 30, lines: 3, note: 'Valid for 30 days.' },
  { status: 'viewed', age: 9, valid: 30, lines: 2, note: null },
  {
    status: 'accepted',
    age: 12,
    valid: 30,
    lines: 2,
    note: 'Thank you for the opportunity.',
    acceptedBy: 'Jordan Lee',
  },
  { status: 'accepted', age: 20, valid: 45, lines: 1, note: null, acceptedBy: 'Priya Patel' },
  {
    status: 'declined',
    age: 25,
    valid: 30,
    lines: 3,
    note: null,
    reason: 'We chose to postpone the project to next quarter.',
  },
  { status: 'expired', age: 60, valid: 30, lines: 2, note: 'Prices valid for 30 days.' },
  { status: 'converted', age: 35, valid: 30, lines: 3, note: 'Thank you!', acceptedBy: 'Sam Rivera' },
];

/**
 * The demo business's estimates (every status, a converted one linked to its invoice, gap-free
 * `EST-` numbers and their timelines) and three recurring invoices (two active, one paused) whose
 * first runs are in the future, once: a business with any estimate or recurring invoice is left alone.
 * Runs after the catalogue and invoices, in the seed's transaction.
 */
export async function seedDemoEstimates(
  tx: Db,
  params: { businessId: number; userId: number; now: Date },
): Promise<void> {
  const { businessId, userId, now } = params;
  const existing = await tx
    .selectFrom('estimates')
    .select('id')
    .where('business_id', '=', businessId)
    .limit(1)
    .executeTakeFirst();
  const existingRecurring = await tx
    .selectFrom('recurring_invoices')
    .select('id')
    .where('business_id', '=', businessId)
    .limit(1)
    .executeTakeFirst();
  if (existing || existingRecurring) return;
  const [clients, products, settings] = await Promise.all([
    tx
      .selectFrom('clients')
      .select(['id', 'name', 'payment_terms_days'])
      .where('business_id', '=', businessId)
      .where('archived_at', 'is', null)
      .orderBy('id')
      .limit(8)
      .execute(),
    tx
      .selectFrom('products')
      .select(['id', 'name', 'unit', 'unit_price_cents', 'default_tax_rate_id'])
      .where('business_id', '=', businessId)
      .where('archived_at', 'is', null)
      .orderBy('id')
      .limit(12)
      .execute(),
    tx.selectFrom('businesses').select('prices_include_tax').where('id', '=', businessId).executeTakeFirst(),
  ]);
  if (clients.length === 0 || products.length === 0) return;
  const pricesIncludeTax = Boolean(settings?.prices_include_tax);
  const today = utcCalendarDate(now);
  const format = toDocumentNumberFormat({ ...DEFAULT_NUMBERING_SETTINGS, prefix: ESTIMATE_NUMBER_PREFIX });
  const year = Number(today.slice(0, 4));
  let counter = 0;
  const linesFor = (offset: number, count: number) =>
    Array.from({ length: count }, (_, index) => {
      const product = products[(offset + index) % products.length] as (typeof products)[number];
      return {
        product_id: product.id,
        description: product.name,
        quantity: 1 + ((offset + index) % 4),
        unit: product.unit,
        unit_price: fromCents(Number(product.unit_price_cents)),
        discount_type: null,
        discount_value: null,
        tax_rate_ids: product.default_tax_rate_id === null ? [] : [product.default_tax_rate_id],
      };
    });

  for (const [index, spec] of ESTIMATES.entries()) {
    const client = clients[index % clients.length] as (typeof clients)[number];
    const issueDate = utcCalendarDate(new Date(now.getTime() - spec.age * DAY_MS));
    const expiryDate = addCalendarDays(issueDate, spec.valid);
    const input = invoiceInputSchema.parse({
      client_id: client.id,
      issue_date: issueDate,
      due_date: expiryDate,
      lines: linesFor(index * 2, spec.lines),
      notes: spec.note,
      terms: 'Prices in USD. 50% deposit on acceptance.',
    });
    const { content, calculation } = await resolveStoredContent(tx, businessId, input, pricesIncludeTax, {
      checkClient: false,
    });
    const created = new Date(`${issueDate}T15:00:00.000Z`);
    const sentAt = new Date(created.getTime() + 3_600_000);
    const issued = spec.status !== 'draft';
    const number = issued ? formatDocumentNumber(format, year, (counter += 1)) : null;
    const answeredAt = new Date(Math.min(now.getTime(), sentAt.getTime() + 2 * DAY_MS));
    const stored = spec.status === 'expired' ? 'expired' : spec.status;
    const { id } = await insertEstimate(tx, {
      businessId,
      fields: {
        client_id: client.id,
        issue_date: issueDate,
        expiry_date: expiryDate,
        ...storedDiscountColumns(null),
        notes: input.notes,
        terms: input.terms,
        currency: 'USD',
        prices_include_tax: pricesIncludeTax,
        content: JSON.stringify(content),
        subtotal_cents: calculation.subtotal_cents,
        tax_cents: calculation.tax_cents,
        total_cents: calculation.total_cents,
      },
      publicToken: newPublicToken(),
      now,
      state: {
        status: stored,
        estimate_number: number,
        sent_at: issued ? sentAt.toISOString() : null,
        viewed_at: ['viewed', 'accepted', 'declined', 'converted'].includes(spec.status)
          ? new Date(sentAt.getTime() + DAY_MS).toISOString()
          : null,
        accepted_at: spec.acceptedBy ? answeredAt.toISOString() : null,
        accepted_by: spec.acceptedBy ?? null,
        declined_at: spec.status === 'declined' ? answeredAt.toISOString() : null,
        decline_reason: spec.reason ?? null,
        expired_at:
          spec.status === 'expired' ? new Date(`${addCalendarDays(expiryDate, 1)}T00:05:00.000Z`).toISOString() : null,
        created_at: created,
      },
    });
    const event = (type: string, at: Date, data: Record<string, unknown> = {}) =>
      insertActivity(tx, {
        businessId,
        userId:
          type.startsWith('estimate.') &&
          ['estimate.viewed', 'estimate.accepted', 'estimate.declined', 'estimate.expired'].includes(type)
            ? null
            : userId,
        subjectType: 'estimate',
        subjectId: id,
        event: type,
        data,
        now: at,
      });
    await event('estimate.created', created, { total: fromCents(calculation.total_cents), lines: spec.lines });
    if (issued) await event('estimate.sent', sentAt, { estimate_number: number, via: 'email' });
    if (spec.status === 'declined')
      await event('estimate.declined', answeredAt, { estimate_number: number, reason: spec.reason });
    if (spec.acceptedBy)
      await event('estimate.accepted', answeredAt, { estimate_number: number, name: spec.acceptedBy });
    if (spec.status === 'expired')
      await event('estimate.expired', new Date(`${addCalendarDays(expiryDate, 1)}T00:05:00.000Z`), {
        estimate_number: number,
        expiry_date: expiryDate,
      });
    if (spec.status === 'converted') {
      const convertedAt = new Date(Math.min(now.getTime(), answeredAt.getTime() + DAY_MS));
      const invoiceDate = utcCalendarDate(convertedAt);
      const request = {
        ...input,
        issue_date: invoiceDate,
        due_date: dueDateFromTerms(invoiceDate, client.payment_terms_days),
        lines: contentRequestLines(content),
      };
      const { invoiceId, content: built } = await insertBuiltInvoice(tx, {
        businessId,
        request,
        calculation: contentCalculation(content, pricesIncludeTax),
        pricesIncludeTax,
        origin: { estimateId: id },
        now,
      });
      await tx
        .updateTable('estimates')
        .set({ invoice_id: invoiceId, converted_at: convertedAt.toISOString() })
        .where('id', '=', id)
        .execute();
      await event('estimate.converted', convertedAt, { estimate_number: number, invoice_id: invoiceId });
      await insertActivity(tx, {
        businessId,
        userId,
        subjectType: 'invoice',
        subjectId: invoiceId,
        event: 'invoice.created',
        data: { total: fromCents(built.fields.total_cents), estimate_id: id, estimate_number: number },
        now: convertedAt,
      });
    }
  }
  if (counter > 0) await setDocumentCounter(tx, { businessId, kind: 'estimate', year, lastCounter: counter });

  // Recurring invoices: a monthly retainer on the 1st, a weekly service, a paused one on the last day.
  const recurring: Array<{
    schedule: RecurringSchedule;
    lines: number;
    status: 'active' | 'paused';
    autoSend: boolean;
    note: string;
  }> = [
    {
      schedule: {
        frequency: 'monthly',
        interval: 1,
        day_of_month: 1,
        start_date: addCalendarDays(today, 1),
        end_type: 'never',
        end_date: null,
        end_count: null,
      },
      lines: 1,
      status: 'active',
      autoSend: true,
      note: 'Monthly retainer. Thank you!',
    },
    {
      schedule: {
        frequency: 'weekly',
        interval: 2,
        day_of_month: null,
        start_date: addCalendarDays(today, 3),
        end_type: 'after_count',
        end_count: 12,
        end_date: null,
      },
      lines: 2,
      status: 'active',
      autoSend: false,
      note: 'Fortnightly maintenance.',
    },
    {
      schedule: {
        frequency: 'monthly',
        interval: 3,
        day_of_month: 'last',
        start_date: addCalendarDays(today, 1),
        end_type: 'on_date',
        end_date: addCalendarDays(today, 730),
        end_count: null,
      },
      lines: 2,
      status: 'paused',
      autoSend: false,
      note: 'Quarterly reporting.',
    },
  ];
  for (const [index, spec] of recurring.entries()) {
    const client = clients[(index + 2) % clients.length] as (typeof clients)[number];
    const template = invoiceInputSchema.parse({
      client_id: client.id,
      issue_date: today,
      due_date: today,
      lines: linesFor(index * 3 + 1, spec.lines),
      notes: spec.note,
    });
    const { issue_date: _issue, due_date: _due, goal_id: _goal, ...fields } = template;
    const { calculation } = await resolveStoredContent(tx, businessId, template, false, { checkClient: false });
    const { id } = await insertRecurringInvoice(tx, {
      businessId,
      fields: {
        client_id: client.id,
        template: JSON.stringify(fields),
        total_cents: calculation.total_cents,
        frequency: spec.schedule.frequency,
        interval_count: spec.schedule.interval,
        day_of_month: storedDayOfMonth(spec.schedule.day_of_month),
        start_date: spec.schedule.start_date,
        end_type: spec.schedule.end_type,
        end_date: spec.schedule.end_date,
        end_count: spec.schedule.end_count,
        payment_terms_days: client.payment_terms_days,
        auto_send: spec.autoSend,
      },
      state: { status: spec.status, next_index: 0, next_run_date: occurrenceDate(spec.schedule, 0) },
      now,
    });
    await insertActivity(tx, {
      businessId,
      userId,
      subjectType: 'recurring_invoice',
      subjectId: id,
      event: 'recurring.created',
      data: { next_run_date: occurrenceDate(spec.schedule, 0) },
      now,
    });
  }
}
