import { fromCents } from '../money';
import { formatCurrency } from '../format';

/**
 * Limits of invoices and payments, and every message their contracts and the server answer with,
 * worded for the owner of a small business (the browser and the server show the same text).
 */

export const MAX_INVOICE_LINES = 500;
export const MAX_LINE_TAXES = 2;
export const LINE_DESCRIPTION_MAX_LENGTH = 2000;
/** As long as a product's unit (and the `unit` columns), so that picking any product fills a valid line. */
export const LINE_UNIT_MAX_LENGTH = 32;
export const INVOICE_TEXT_MAX_LENGTH = 5000;
export const PAYMENT_REFERENCE_MAX_LENGTH = 100;
export const PAYMENT_NOTE_MAX_LENGTH = 1000;
export const INVOICE_CURRENCY = 'USD';

export const INVOICE_MESSAGES = {
  clientRequired: 'Please choose a client',
  issueDateRequired: 'Please enter the invoice date',
  dueDateRequired: 'Please enter the due date',
  dueBeforeIssue: 'The due date cannot be before the invoice date',
  linesRequired: 'Please add at least one line',
  tooManyLines: `An invoice can have at most ${MAX_INVOICE_LINES} lines`,
  descriptionRequired: 'Please describe what you are charging for',
  descriptionTooLong: `The description may be at most ${LINE_DESCRIPTION_MAX_LENGTH.toLocaleString('en-US')} characters`,
  unitTooLong: `The unit may be at most ${LINE_UNIT_MAX_LENGTH} characters`,
  unitPriceRequired: 'Please enter a price',
  discountTypeInvalid: 'Please choose a percentage or an amount',
  discountTypeRequired: 'Please choose whether the discount is a percentage or an amount',
  discountValueInvalid: 'Please enter a valid discount',
  discountNegative: 'The discount cannot be negative',
  discountPercentTooLarge: 'A discount cannot be more than 100%',
  lineDiscountTooLarge: 'The discount cannot be more than the line amount',
  invoiceDiscountTooLarge: 'The discount cannot be more than the invoice amount',
  taxRatesInvalid: 'Please choose the taxes from your tax rates',
  tooManyTaxes: `A line can have at most ${MAX_LINE_TAXES} taxes`,
  duplicateTax: 'The same tax is chosen twice',
  unknownTaxRate: 'This tax rate does not exist (any more). Please choose another one',
  compoundTaxFirst: 'A compound tax applies on top of another tax, so it must be the second tax of the line',
  lineTooLarge: 'The line amount may not exceed 999,999,999.99',
  invoiceTooLarge: 'The invoice total may not exceed 999,999,999.99',
  sendInvalid: 'Please answer true or false',
  issueInvalid: 'Please answer true or false',
  /** `issue` and its deprecated alias `send` both given, with different values. */
  issueConflict: 'Please give issue or send (its old name), not both with different values',
  notesTooLong: `Notes may be at most ${INVOICE_TEXT_MAX_LENGTH.toLocaleString('en-US')} characters`,
  termsTooLong: `Terms may be at most ${INVOICE_TEXT_MAX_LENGTH.toLocaleString('en-US')} characters`,
  currencyInvalid: 'Invoices are in US dollars (USD)',
  goalInvalid: 'Please choose a goal',
  dateRangeInvalid: 'The start date must be on or before the end date',
  statusFilterInvalid: 'Please choose a status',
  paymentAmountRequired: 'Please enter the amount received',
  paymentAmountPositive: 'The amount must be more than 0.00',
  paymentMoreThanBalance: (balanceCents: number) =>
    `The amount cannot be more than the balance due of ${formatCurrency(fromCents(balanceCents))}`,
  /** Said in the payment form, before saving, when more than the balance is typed: the balance is what it records. */
  paymentCappedAtBalance: (balanceCents: number) =>
    `The balance is ${formatCurrency(fromCents(balanceCents))}: ${formatCurrency(fromCents(balanceCents))} will be recorded.`,
  paymentDateRequired: 'Please enter the date of the payment',
  paymentMethodInvalid: 'Please choose how you were paid',
  referenceTooLong: `The reference may be at most ${PAYMENT_REFERENCE_MAX_LENGTH} characters`,
  noteTooLong: `The note may be at most ${PAYMENT_NOTE_MAX_LENGTH.toLocaleString('en-US')} characters`,
  sendReceiptInvalid: 'Please choose whether to email a receipt',
  recipientsRequired: 'Please add at least one email address',
  recipientInvalid: 'Please enter a valid email address',
  tooManyRecipients: 'You can send to at most 20 email addresses',
  subjectTooLong: 'The subject may be at most 200 characters',
  messageTooLong: `The message may be at most ${INVOICE_TEXT_MAX_LENGTH.toLocaleString('en-US')} characters`,
  voidReasonTooLong: 'The reason may be at most 500 characters',
  // answers of the server
  notFound: 'Invoice not found.',
  paymentNotFound: 'Payment not found.',
  notDeletable: 'Only drafts can be deleted. Void an issued invoice instead.',
  notEditable: 'This invoice has payments or is void, so it can no longer be edited.',
  notVoidable: 'Only sent, viewed, partially paid or overdue invoices can be voided.',
  notPayable: 'Payments can be recorded on sent, viewed, partially paid or overdue invoices only.',
  transitionNotAllowed: (from: string, to: string) => `An invoice cannot go from ${from} to ${to}.`,
  deleted: 'Invoice deleted.',
  voided: 'Invoice voided.',
  sent: 'Invoice sent.',
  /** Issued without email (`POST /api/invoices/{id}/issue`, a create with `issue: true`). */
  issued: 'Invoice marked as issued.',
  /** The same, answered by the deprecated old names (`/mark-sent`, `send: true`) as before. */
  markedAsSent: 'Invoice marked as sent.',
  paymentRecorded: 'Payment recorded.',
  paymentDeleted: 'Payment deleted.',
} as const;
