import {
  INVOICE_MESSAGES,
  RECEIPT_MESSAGES,
  acceptsPayment,
  fromCents,
  toCents,
  utcCalendarDate,
  validatePaymentAmount,
  type Invoice,
  type Payment,
  type PaymentReceipt,
  type PaymentReceiptResponse,
  type PaymentRequest,
} from '@ledgerleaf/domain';
import {
  completeIdempotencyKey,
  deletePayment as deletePaymentRow,
  findInvoice,
  findPayment,
  insertPayment,
  listPayments,
  lockInvoice,
  sumPayments,
} from '@ledgerleaf/db';
import type { AuthContext, Deps } from '../../../lib/context';
import { AppError, notFound, validationError } from '../../../lib/errors';
import { publish } from '../../../lib/events';
import { runIdempotent, type IdempotentResult } from '../../../lib/idempotency';
import { sendPaymentReceipt } from '../delivery/payment-receipt';
import { applyPaidAmount } from '../invoices/invoices.service';
import { effectiveStatus, paymentView, requireInvoiceView } from '../invoices/invoice-view';

export interface PaymentResult {
  data: Payment;
  invoice: Invoice;
  message: string;
  receipt?: PaymentReceipt;
}

/**
 * Records a payment: one transaction that locks the invoice, checks that it accepts payments and
 * that the amount is at most the balance, inserts the payment, recomputes paid, balance and status
 * (deriveStatus guarded by canTransition) and publishes `payment.recorded`. Two concurrent payments
 * are serialised by the lock, so together they never overpay. With an Idempotency-Key a retry
 * replays the first answer.
 *
 * With `send_receipt` the receipt is mailed after the commit (a rolled-back payment must not have
 * been receipted) and its outcome joins the answer, also the one stored for the key: a replay
 * answers it again and mails nothing. A receipt that fails leaves the payment recorded.
 */
export async function recordPayment(
  deps: Deps,
  params: {
    auth: AuthContext;
    invoiceId: number;
    input: PaymentRequest;
    idempotencyKey: string | undefined;
    rawBody: unknown;
    path: string;
  },
): Promise<IdempotentResult> {
  const { businessId } = params.auth;
  const result = await writePayment(deps, params);
  if (!params.input.send_receipt || result.replayed) return result;
  const recorded = result.body as PaymentResult;
  const { receipt } = await sendPaymentReceipt(deps, {
    auth: params.auth,
    invoiceId: params.invoiceId,
    paymentId: recorded.data.id,
  }).catch((error: unknown) => {
    // The payment is committed: whatever went wrong with its receipt, the answer is the payment.
    deps.logger.error({ err: error, paymentId: recorded.data.id }, 'payment receipt not sent');
    return { receipt: { sent: false, to: [], email_id: null, message: RECEIPT_MESSAGES.failed } };
  });
  const body: PaymentResult = { ...recorded, receipt };
  if (params.idempotencyKey !== undefined)
    await completeIdempotencyKey(deps.db, { businessId, key: params.idempotencyKey, status: result.status, body });
  return { status: result.status, body };
}

async function writePayment(
  deps: Deps,
  params: {
    auth: AuthContext;
    invoiceId: number;
    input: PaymentRequest;
    idempotencyKey: string | undefined;
    rawBody: unknown;
    path: string;
  },
): Promise<IdempotentResult> {
  const { businessId, userId } = params.auth;
  return runIdempotent(
    deps,
    { businessId, key: params.idempotencyKey, method: 'POST', path: params.path, body: params.rawBody },
    async (tx) => {
      const now = deps.clock();
      const row = await lockInvoice(tx, { businessId, invoiceId: params.invoiceId });
      if (!row) throw notFound(INVOICE_MESSAGES.notFound);
      const status = effectiveStatus(row, utcCalendarDate(now));
      if (!acceptsPayment(status)) throw new AppError(409, INVOICE_MESSAGES.notPayable, { extra: { status } });
      const amountCents = toCents(params.input.amount);
      const paidBefore = await sumPayments(tx, { businessId, invoiceId: row.id });
      const balance = Number(row.total_cents) - paidBefore;
      const problem = validatePaymentAmount(amountCents, balance);
      if (problem) throw validationError({ amount: [problem] });
      const payment = await insertPayment(tx, {
        businessId,
        invoiceId: row.id,
        userId,
        fields: {
          amount_cents: amountCents,
          payment_date: params.input.payment_date,
          method: params.input.method,
          reference: params.input.reference,
          note: params.input.note,
        },
        now,
      });
      const to = await applyPaidAmount(tx, { businessId, row, paidCents: paidBefore + amountCents, now });
      await publish(tx, {
        type: 'payment.recorded',
        businessId,
        userId,
        subject: { type: 'invoice', id: row.id },
        data: {
          payment_id: payment.id,
          amount: fromCents(amountCents),
          method: payment.method,
          invoice_number: row.invoice_number,
          status: to,
        },
        at: now,
      });
      const invoice = await requireInvoiceView(deps, tx, businessId, row.id);
      const body: PaymentResult = { data: paymentView(payment), invoice, message: INVOICE_MESSAGES.paymentRecorded };
      return { status: 201, body };
    },
  );
}

/**
 * "Send receipt" on a recorded payment. 422 when the client has no email address, 502 when the mail
 * could not be handed over (both written to the timeline by `sendPaymentReceipt`).
 */
export async function emailReceipt(
  deps: Deps,
  params: { auth: AuthContext; invoiceId: number; paymentId: number },
): Promise<PaymentReceiptResponse> {
  const { receipt, failure } = await sendPaymentReceipt(deps, params);
  if (failure === 'no_recipients') throw validationError({ to: [receipt.message] });
  if (failure) throw new AppError(502, receipt.message, { expose: true });
  return { data: receipt, message: receipt.message };
}

export async function listInvoicePayments(
  deps: Deps,
  params: { auth: AuthContext; invoiceId: number },
): Promise<Payment[]> {
  const { businessId } = params.auth;
  const row = await findInvoice(deps.db, { businessId, invoiceId: params.invoiceId });
  if (!row) throw notFound(INVOICE_MESSAGES.notFound);
  return (await listPayments(deps.db, { businessId, invoiceId: row.id })).map(paymentView);
}

/** Deletes a payment and recomputes paid, balance and status in the same transaction. */
export async function deletePayment(
  deps: Deps,
  params: { auth: AuthContext; invoiceId: number; paymentId: number },
): Promise<Invoice> {
  const { businessId, userId } = params.auth;
  return deps.db.transaction().execute(async (tx) => {
    const now = deps.clock();
    const row = await lockInvoice(tx, { businessId, invoiceId: params.invoiceId });
    if (!row) throw notFound(INVOICE_MESSAGES.notFound);
    const payment = await findPayment(tx, { businessId, invoiceId: row.id, paymentId: params.paymentId });
    if (!payment) throw notFound(INVOICE_MESSAGES.paymentNotFound);
    const status = effectiveStatus(row, utcCalendarDate(now));
    if (status === 'void')
      throw new AppError(409, INVOICE_MESSAGES.transitionNotAllowed('void', 'partial'), { extra: { status } });
    await deletePaymentRow(tx, { businessId, invoiceId: row.id, paymentId: payment.id });
    const paid = await sumPayments(tx, { businessId, invoiceId: row.id });
    const to = await applyPaidAmount(tx, { businessId, row, paidCents: paid, now });
    await publish(tx, {
      type: 'payment.deleted',
      businessId,
      userId,
      subject: { type: 'invoice', id: row.id },
      data: {
        payment_id: payment.id,
        amount: fromCents(Number(payment.amount_cents)),
        invoice_number: row.invoice_number,
        status: to,
      },
      at: now,
    });
    return requireInvoiceView(deps, tx, businessId, row.id);
  });
}
