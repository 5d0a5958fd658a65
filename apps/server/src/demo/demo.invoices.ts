import {
  DEFAULT_NUMBERING_SETTINGS,
  addCalendarDays,
  calculateInvoiceRequest,
  deriveStatus,
  dueDateFromTerms,
  formatDocumentNumber,
  fromCents,
  invoiceBalance,
  invoiceInputSchema,
  toDocumentNumberFormat,
  utcCalendarDate,
  type InvoiceInput,
  type InvoiceStatus,
  type PaymentMethod,
} from '@ledgerleaf/domain';
import {
  insertInvoiceBatch,
  insertInvoiceTimeline,
  insertPayments,
  setDocumentCounter,
  type Db,
  type InvoiceContentFields,
  type InvoiceLineWrite,
  type InvoiceSeedState,
} from '@ledgerleaf/db';
import { buildInvoiceContent, newPublicToken } from '../areas/invoicing/invoices/invoice-content';

const DAY_MS = 86_400_000;
export const DEMO_INVOICE_COUNT = 150;

/** A small deterministic generator (mulberry32): the demo year is the same on every machine. */
function generator(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let value = state;
    value = Math.imul(value ^ (value >>> 15), value | 1);
    value ^= value + Math.imul(value ^ (value >>> 7), value | 61);
    return ((value ^ (value >>> 14)) >>> 0) / 4_294_967_296;
  };
}

type Fate = 'draft' | 'sent' | 'viewed' | 'partial' | 'paid' | 'overdue' | 'overdue_partial' | 'void';

const QUANTITY_BY_UNIT: Record<string, [number, number]> = {
  hour: [2, 40],
  day: [1, 3],
  month: [1, 3],
  project: [1, 1],
  item: [1, 3],
  box: [1, 4],
  pack: [1, 3],
  piece: [25, 200],
  license: [1, 10],
};

const METHODS: PaymentMethod[] = ['bank_transfer', 'bank_transfer', 'card', 'card', 'check', 'cash', 'other'];
const NOTES = [
  'Thank you for your business!',
  'Thanks, it was a pleasure working with you.',
  null,
  null,
  'Please include the invoice number with your payment.',
];

/**
 * About 150 invoices over the last year for the demo business, once (a business with any invoice is
 * left alone): every status (draft, sent, viewed, partial, paid, overdue, void), lines from the demo
 * products with their default taxes, partial and full payments, gapless numbers per year, and the
 * events of each invoice's timeline dated when they happened (history: written to the activity log
 * without running subscribers). A few batch inserts keep it fast. Amounts come from the one engine.
 */
export async function seedDemoInvoices(
  tx: Db,
  params: { businessId: number; userId: number; now: Date },
): Promise<{ seeded: boolean; count: number }> {
  const { businessId, userId, now } = params;
  const existing = await tx
    .selectFrom('invoices')
    .select('id')
    .where('business_id', '=', businessId)
    .limit(1)
    .executeTakeFirst();
  if (existing) return { seeded: false, count: 0 };
  const [clients, products, rates, settings] = await Promise.all([
    tx
      .selectFrom('clients')
      .select(['id', 'name', 'payment_terms_days', 'created_at', 'archived_at'])
      .where('business_id', '=', businessId)
      .orderBy('id')
      .execute(),
    tx
      .selectFrom('products')
      .select(['id', 'name', 'unit', 'unit_price_cents', 'default_tax_rate_id', 'archived_at'])
      .where('business_id', '=', businessId)
      .orderBy('id')
      .execute(),
    tx
      .selectFrom('tax_rates')
      .select(['id', 'name', 'rate_thousandths', 'is_compound'])
      .where('business_id', '=', businessId)
      .execute(),
    tx.selectFrom('businesses').select('prices_include_tax').where('id', '=', businessId).executeTakeFirst(),
  ]);
  if (clients.length === 0 || products.length === 0) return { seeded: false, count: 0 };
  const taxRates = rates.map((rate) => ({
    id: rate.id,
    name: rate.name,
    rate: rate.rate_thousandths / 1000,
    is_compound: Boolean(rate.is_compound),
  }));
  const pricesIncludeTax = Boolean(settings?.prices_include_tax);
  const random = generator(20_260_101);
  const between = (low: number, high: number) => low + Math.floor(random() * (high - low + 1));
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
  const today = utcCalendarDate(now);
  const at = (date: string, hour: number) => {
    const instant = new Date(
      `${date}T${String(hour).padStart(2, '0')}:${String(between(0, 59)).padStart(2, '0')}:00.000Z`,
    );
    return instant > now ? now : instant;
  };

  // More invoices lately (a growing studio); sorted so numbers follow the issue dates.
  const ages = Array.from({ length: DEMO_INVOICE_COUNT }, () => Math.floor(360 * random() ** 1.25)).sort(
    (x, y) => y - x,
  );
  const format = toDocumentNumberFormat(DEFAULT_NUMBERING_SETTINGS);
  let counterYear: number | null = null;
  let counter = 0;
  let drafts = 0;
  // Invoices are referred to by their index until the batch insert answers their ids.
  const invoices: Array<{
    fields: InvoiceContentFields;
    lines: InvoiceLineWrite[];
    publicToken: string;
    state: InvoiceSeedState;
  }> = [];
  const payments: Array<Omit<Parameters<typeof insertPayments>[1][number], 'invoiceId'> & { index: number }> = [];
  const events: Array<{ type: string; index: number; data: Record<string, unknown>; at: Date }> = [];

  for (const age of ages) {
    const issueDate = utcCalendarDate(new Date(now.getTime() - age * DAY_MS));
    const eligible = clients.filter(
      (client) =>
        client.created_at.slice(0, 10) <= issueDate &&
        (client.archived_at === null || client.archived_at.slice(0, 10) > issueDate),
    );
    const client = eligible.length > 0 ? pick(eligible) : (clients[0] as (typeof clients)[number]);
    const usable = products.filter((product) => product.archived_at === null || age > 30);
    const lineCount = pick([1, 1, 2, 2, 2, 3, 3, 4]);
    const chosen = new Set<number>();
    while (chosen.size < Math.min(lineCount, usable.length)) chosen.add(between(0, usable.length - 1));
    const lines = [...chosen].map((index) => {
      const product = usable[index] as (typeof usable)[number];
      const [low, high] = QUANTITY_BY_UNIT[product.unit] ?? [1, 3];
      return {
        product_id: product.id,
        description: product.name,
        quantity: between(low, high),
        unit: product.unit,
        unit_price: fromCents(Number(product.unit_price_cents)),
        ...(random() < 0.1 ? { discount_type: 'percent' as const, discount_value: 10 } : {}),
        tax_rate_ids: product.default_tax_rate_id === null ? [] : [product.default_tax_rate_id],
      };
    });
    const invoiceDiscount = random() < 0.08 ? { discount_type: 'percent' as const, discount_value: 5 } : {};
    const body: InvoiceInput = {
      client_id: client.id,
      issue_date: issueDate,
      due_date: dueDateFromTerms(issueDate, Number(client.payment_terms_days)),
      lines,
      ...invoiceDiscount,
      notes: pick(NOTES),
      terms: `Payment due within ${client.payment_terms_days} days.`,
    };
    const input = invoiceInputSchema.parse(body);
    const computed = calculateInvoiceRequest(input, { taxRates, prices_include_tax: pricesIncludeTax });
    if (!computed.success) continue;
    const content = buildInvoiceContent(input, computed.calculation, pricesIncludeTax);
    const total = content.fields.total_cents;

    const due = input.due_date;
    let fate: Fate;
    const roll = random();
    if (age <= 12 && drafts < 8 && roll < 0.5) fate = 'draft';
    else if (roll > 0.96) fate = 'void';
    else if (due < today) fate = roll < 0.8 ? 'paid' : roll < 0.9 ? 'overdue' : 'overdue_partial';
    else fate = roll < 0.3 ? 'sent' : roll < 0.55 ? 'viewed' : roll < 0.78 ? 'partial' : 'paid';
    if (fate === 'draft') drafts += 1;

    const issued = fate !== 'draft';
    const viewed = fate === 'viewed' || (fate !== 'sent' && issued && random() < 0.7);
    const paidParts: number[] = [];
    if (fate === 'paid') {
      if (total >= 200_000 && random() < 0.4) {
        const first = Math.round(total / 2);
        paidParts.push(first, total - first);
      } else paidParts.push(total);
    } else if (fate === 'partial' || fate === 'overdue_partial') {
      paidParts.push(Math.max(1, Math.floor((total * between(25, 60)) / 100)));
    }
    const paid = paidParts.reduce((sum, part) => sum + part, 0);
    const status: InvoiceStatus = deriveStatus({
      issued,
      voided: fate === 'void',
      viewed,
      total_cents: total,
      paid_cents: paid,
      due_date: due,
      today,
    });

    let invoiceNumber: string | null = null;
    if (issued) {
      const year = Number(issueDate.slice(0, 4));
      if (counterYear !== year) {
        counterYear = year;
        counter = 0;
      }
      counter += 1;
      invoiceNumber = formatDocumentNumber(format, year, counter);
    }
    const createdAt = at(issueDate, 9);
    const sentAt = issued ? at(issueDate, 10) : null;
    const viewedAt = viewed ? at(addCalendarDays(issueDate, Math.min(age, 1)), 15) : null;
    const voidedAt = fate === 'void' ? at(addCalendarDays(issueDate, Math.min(age, 3)), 11) : null;
    const { balance_due_cents } = invoiceBalance(total, paid);
    const id = invoices.length;
    invoices.push({
      fields: { ...content.fields, paid_cents: paid, balance_cents: balance_due_cents },
      lines: content.lines,
      publicToken: newPublicToken(),
      state: {
        status,
        invoice_number: invoiceNumber,
        sent_at: sentAt,
        viewed_at: viewedAt,
        voided_at: voidedAt,
        created_at: createdAt,
      },
    });
    events.push({
      type: 'invoice.created',
      index: id,
      data: { total: fromCents(total), lines: lines.length },
      at: createdAt,
    });
    if (sentAt)
      events.push({
        type: 'invoice.sent',
        index: id,
        data: { invoice_number: invoiceNumber, via: 'email' },
        at: sentAt,
      });
    if (viewedAt)
      events.push({ type: 'invoice.viewed', index: id, data: { invoice_number: invoiceNumber }, at: viewedAt });
    const lastPayDay = Math.max(0, Math.min(age, Number(client.payment_terms_days) + 10));
    paidParts.forEach((part, index) => {
      const offset = Math.min(lastPayDay, Math.floor((lastPayDay * (index + 1 + random())) / (paidParts.length + 1)));
      const paymentDate = addCalendarDays(issueDate, offset);
      const method = pick(METHODS);
      const recordedAt = at(paymentDate, 16);
      payments.push({
        businessId,
        index: id,
        fields: {
          amount_cents: part,
          payment_date: paymentDate,
          method,
          reference: method === 'check' ? `Check #${between(1000, 9999)}` : null,
          note: null,
        },
        createdAt: recordedAt,
      });
      events.push({
        type: 'payment.recorded',
        index: id,
        data: { amount: fromCents(part), method, invoice_number: invoiceNumber },
        at: recordedAt,
      });
    });
    if (voidedAt)
      events.push({
        type: 'invoice.voided',
        index: id,
        data: { invoice_number: invoiceNumber, reason: 'Issued to the wrong client' },
        at: voidedAt,
      });
  }

  const ids = await insertInvoiceBatch(tx, { businessId, now, invoices });
  await insertPayments(
    tx,
    payments.map(({ index, ...payment }) => ({ ...payment, invoiceId: ids[index] as number })),
  );
  if (counterYear !== null)
    await setDocumentCounter(tx, { businessId, kind: 'invoice', year: counterYear, lastCounter: counter });
  events.sort((x, y) => x.at.getTime() - y.at.getTime());
  await insertInvoiceTimeline(tx, {
    businessId,
    userId,
    events: events.map((event) => ({
      event: event.type,
      invoiceId: ids[event.index] as number,
      data: event.data,
      at: event.at,
    })),
  });
  return { seeded: true, count: ids.length };
}
