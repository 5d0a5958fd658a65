import { useEffect, useRef, useState } from 'react';
import {
  Button,
  Checkbox,
  Group,
  Modal,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMediaQuery } from '@mantine/hooks';
import {
  INVOICE_MESSAGES,
  MAX_AMOUNT,
  PAYMENT_METHODS,
  PAYMENT_METHOD_LABELS,
  formatCurrency,
  paymentInputSchema,
  toCents,
  utcCalendarDate,
  validatePaymentAmount,
  validateWith,
  type PaymentMethod,
  type PaymentResponse,
  recipientsOf,
} from '@ledgerleaf/domain';
import { useDateFormat, useRecordPaymentMutation, splitServerErrors, createSubmissionKeys } from '@ledgerleaf/api';
import { DateField, FormAlert } from '@ledgerleaf/ui';

export interface PaymentFormValues {
  amount: number | string;
  payment_date: string;
  method: PaymentMethod;
  reference: string;
  note: string;
  /** Email the client a receipt once the payment is recorded. */
  send_receipt: boolean;
}

const PAYMENT_FIELDS = new Set(['amount', 'payment_date', 'method', 'reference', 'note', 'send_receipt']);

/** The amount box's value as a number (it gives `'5000.00'` while the two decimals are shown), or null. */
function numericAmount(value: number | string): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  const parsed = value.trim() === '' ? Number.NaN : Number(value);
  return Number.isFinite(parsed) ? parsed : null;
}

/** The number in the amount box's text (`$5,000.00` -> 5000); '' when there is none. */
function amountOfText(text: string): number | string {
  const digits = text.replace(/[^0-9.]/g, '');
  const value = Number(digits);
  return digits === '' || !Number.isFinite(value) ? '' : value;
}

/** More than the balance typed: the balance is what is recorded (and what the form says before saving). */
export function cappedAtBalance(values: PaymentFormValues, balanceDue: number): PaymentFormValues {
  const amount = numericAmount(values.amount);
  return amount !== null && toCents(amount) > toCents(balanceDue) ? { ...values, amount: balanceDue } : values;
}

export function paymentValuesToRequest(values: PaymentFormValues) {
  return {
    amount: typeof values.amount === 'number' ? values.amount : Number.NaN,
    payment_date: values.payment_date,
    method: values.method,
    reference: values.reference,
    note: values.note,
    send_receipt: values.send_receipt,
  };
}

/** The domain schema's messages, plus "up to the balance" on the amount. */
export function validatePayment(values: PaymentFormValues, balanceDue: number): Record<string, string> {
  const body = paymentValuesToRequest(values);
  const errors = { ...validateWith(paymentInputSchema, body).errors };
  if (!errors.amount && Number.isFinite(body.amount)) {
    const message = validatePaymentAmount(toCents(body.amount), toCents(balanceDue));
    if (message) errors.amount = message;
  }
  return errors;
}

export interface PaymentModalProps {
  opened: boolean;
  onClose: () => void;
  /** The client's email decides whether a receipt can be emailed (and is offered by default). */
  invoice: {
    id: number;
    invoice_number: string | null;
    balance_due: number;
    client: { email: string | null; recipients?: string[] };
  };
  /** After the server recorded the payment (its answer carries `data.payment_id` and the receipt's outcome): the caller's one toast says both. */
  onRecorded: (response: PaymentResponse) => void;
}

/**
 * Record a payment: amount (the balance by default; more than the balance is recorded as the
 * balance, and the form says so under the amount before saving), date, method, reference, note.
 * One Idempotency-Key per opening of the modal: a double click or a retry after a lost answer sends
 * the same key with the same body, so the server records one payment and replays its answer. Only
 * when the owner changes the values after a failed attempt does the next submission get a new key.
 * "Email a receipt to the client" is on when the client has an email address; the server mails it
 * after recording, and a receipt that could not be sent is a warning, never a lost payment.
 */
export function PaymentModal({ opened, onClose, invoice, onRecorded }: PaymentModalProps) {
  const { inputFormat } = useDateFormat();
  const narrow = useMediaQuery('(max-width: 36em)') ?? false;
  const [recordPayment, state] = useRecordPaymentMutation();
  const [formError, setFormError] = useState<string | null>(null);
  const keys = useRef(createSubmissionKeys());
  const canEmail = recipientsOf(invoice.client).length > 0;
  const initialValues = (): PaymentFormValues => ({
    amount: invoice.balance_due,
    payment_date: utcCalendarDate(new Date()),
    method: 'bank_transfer',
    reference: '',
    note: '',
    send_receipt: canEmail,
  });
  // The amount as typed, kept in state so the note under it follows every change (a paste, a fill).
  const [typed, setTyped] = useState<number | string>(invoice.balance_due);
  const form = useForm<PaymentFormValues>({
    initialValues: initialValues(),
    onValuesChange: (values) => setTyped(values.amount),
    // More than the balance is recorded as the balance (the form says so before saving); the server
    // refuses anything above the balance, so what is sent is what the form said.
    validate: (values) => validatePayment(cappedAtBalance(values, invoice.balance_due), invoice.balance_due),
  });
  const typedAmount = numericAmount(typed);
  const overBalance = typedAmount !== null && toCents(typedAmount) > toCents(invoice.balance_due);

  useEffect(() => {
    if (!opened) return;
    keys.current.reset();
    setFormError(null);
    form.setValues(initialValues());
    form.resetDirty();
    form.clearErrors();
    // A new opening, a new submission.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- see above
  }, [opened]);

  const submit = async (values: PaymentFormValues) => {
    if (state.isLoading) return;
    setFormError(null);
    const body = paymentValuesToRequest(cappedAtBalance(values, invoice.balance_due));
    // The same values again (a retry) keep the key; changed values are another submission.
    const result = await recordPayment({ invoiceId: invoice.id, body, idempotencyKey: keys.current.keyFor(body) });
    if ('error' in result) {
      const { fields, message } = splitServerErrors(
        result.error,
        (key) => PAYMENT_FIELDS.has(key),
        'The payment could not be recorded. Please try again.',
      );
      form.setErrors(fields);
      setFormError(Object.keys(fields).length > 0 && !message ? null : message);
      return;
    }
    // The caller says it, receipt included, in one toast (issue 11).
    onRecorded(result.data);
    onClose();
  };

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title="Record payment"
      fullScreen={narrow}
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <form onSubmit={form.onSubmit(submit)} noValidate>
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            {invoice.invoice_number ?? 'Draft'}: balance due <strong>{formatCurrency(invoice.balance_due)}</strong>
          </Text>
          {formError && <FormAlert>{formError}</FormAlert>}
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
            <NumberInput
              label="Amount"
              required
              prefix="$"
              thousandSeparator=","
              decimalScale={2}
              fixedDecimalScale
              allowNegative={false}
              min={0}
              max={MAX_AMOUNT}
              clampBehavior="none"
              hideControls
              inputMode="decimal"
              {...form.getInputProps('amount')}
              // Every edit (typed, pasted, filled) updates the note at once, before the value reaches the form.
              onInput={(event) => setTyped(amountOfText(event.currentTarget.value))}
              // Under the amount, before saving: more than the balance records the balance.
              inputWrapperOrder={['label', 'input', 'description', 'error']}
              description={
                overBalance ? (
                  <span role="status" data-testid="payment-capped">
                    {INVOICE_MESSAGES.paymentCappedAtBalance(toCents(invoice.balance_due))}
                  </span>
                ) : undefined
              }
            />
            <DateField
              label="Payment date"
              required
              valueFormat={inputFormat}
              {...form.getInputProps('payment_date')}
            />
          </SimpleGrid>
          <Select
            label="Method"
            required
            allowDeselect={false}
            data={PAYMENT_METHODS.map((method) => ({ value: method, label: PAYMENT_METHOD_LABELS[method] }))}
            {...form.getInputProps('method')}
          />
          <TextInput
            label="Reference"
            description="Check number, transfer reference..."
            maxLength={100}
            {...form.getInputProps('reference')}
          />
          <Textarea label="Note" autosize minRows={2} maxRows={6} {...form.getInputProps('note')} />
          <Checkbox
            label="Email a receipt to the client"
            description={
              canEmail
                ? 'Your payment receipt email, with the updated invoice PDF attached.'
                : 'The client has no email address. Add one to the client to email receipts.'
            }
            disabled={!canEmail}
            {...form.getInputProps('send_receipt', { type: 'checkbox' })}
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={state.isLoading}>
              Record payment
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
