import { EMAIL_DELIVERY_STATES } from '../account/email-delivery';
import { z } from 'zod';
import { amountSchema, isoDateSchema } from '../common';
import { moneySchema, optionalText } from './contract-helpers';
import { INVOICE_MESSAGES, PAYMENT_NOTE_MAX_LENGTH, PAYMENT_REFERENCE_MAX_LENGTH } from './invoice-messages';

/**
 * Payments on an invoice: how the money came, the request that records it (amounts in decimals,
 * up to the balance due), the payment as the API answers it, and how its receipt went.
 */

export const PAYMENT_METHODS = ['cash', 'bank_transfer', 'card', 'check', 'other'] as const;
export const paymentMethodSchema = z.enum(PAYMENT_METHODS, { error: INVOICE_MESSAGES.paymentMethodInvalid });
export type PaymentMethod = z.infer<typeof paymentMethodSchema>;
export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = {
  cash: 'Cash',
  bank_transfer: 'Bank transfer',
  card: 'Card',
  check: 'Check',
  other: 'Other',
};

export const paymentInputSchema = z.strictObject({
  amount: z
    .number({ error: INVOICE_MESSAGES.paymentAmountRequired })
    .pipe(amountSchema)
    .refine((amount) => amount > 0, INVOICE_MESSAGES.paymentAmountPositive),
  payment_date: z.string({ error: INVOICE_MESSAGES.paymentDateRequired }).pipe(isoDateSchema),
  method: paymentMethodSchema,
  reference: optionalText(PAYMENT_REFERENCE_MAX_LENGTH, INVOICE_MESSAGES.referenceTooLong),
  note: optionalText(PAYMENT_NOTE_MAX_LENGTH, INVOICE_MESSAGES.noteTooLong),
  /** Email a receipt to the client's contacts once the payment is recorded (the answer's `receipt` tells how it went). */
  send_receipt: z.boolean({ error: INVOICE_MESSAGES.sendReceiptInvalid }).default(false),
});
export type PaymentInput = z.input<typeof paymentInputSchema>;
export type PaymentRequest = z.output<typeof paymentInputSchema>;

/** "Up to the balance": null when the amount may be recorded, otherwise the message (for `amount`). */
export function validatePaymentAmount(amountCents: number, balanceDueCents: number): string | null {
  if (amountCents <= 0) return INVOICE_MESSAGES.paymentAmountPositive;
  return amountCents > balanceDueCents ? INVOICE_MESSAGES.paymentMoreThanBalance(balanceDueCents) : null;
}

export const paymentSchema = z.object({
  id: z.number().int(),
  /** The same as `id`: the goals area opens "Allocate Payment to Goals" with it right after a payment. */
  payment_id: z.number().int(),
  invoice_id: z.number().int(),
  amount: moneySchema,
  payment_date: z.string(),
  method: paymentMethodSchema,
  reference: z.string().nullable(),
  note: z.string().nullable(),
  created_at: z.string(),
});
export type Payment = z.infer<typeof paymentSchema>;

/**
 * How a payment receipt went. `sent`: handed to the mail server (or kept in the outbox without
 * SMTP); otherwise `message` says why not. A receipt that could not be sent never undoes the payment.
 */
export const paymentReceiptSchema = z.object({
  sent: z.boolean(),
  to: z.array(z.string()),
  /** The outbox message, when one was written. */
  email_id: z.number().int().nullable(),
  /** What happened to the email (`outbox`: email is not set up); null when none was written. */
  delivery: z.enum(EMAIL_DELIVERY_STATES).nullable().optional(),
  message: z.string(),
});
export type PaymentReceipt = z.infer<typeof paymentReceiptSchema>;
