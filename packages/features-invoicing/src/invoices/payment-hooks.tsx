import { createContext, useContext, type ReactNode } from 'react';

/** What the goals area needs to open "Allocate Payment to Goals" (SPEC.md sections 2 and 3). */
export interface RecordedPayment {
  invoice_id: number;
  invoice_number: string | null;
  payment_id: number;
  payment_amount: number;
}

export type OnPaymentRecorded = (payment: RecordedPayment) => void;

const PaymentRecordedContext = createContext<OnPaymentRecorded | null>(null);

/**
 * The hook point after a payment: wrap the routes (apps/web) in this provider and the invoice
 * detail page calls `onPaymentRecorded` with the new `payment_id` once the server recorded it.
 * `InvoiceDetailPage` also takes the callback as a prop, which wins over the provider.
 */
export function PaymentRecordedProvider({
  onPaymentRecorded,
  children,
}: {
  onPaymentRecorded: OnPaymentRecorded;
  children: ReactNode;
}) {
  return <PaymentRecordedContext.Provider value={onPaymentRecorded}>{children}</PaymentRecordedContext.Provider>;
}

export function usePaymentRecordedHandler(): OnPaymentRecorded | null {
  return useContext(PaymentRecordedContext);
}
