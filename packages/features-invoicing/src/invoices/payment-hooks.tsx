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
const AllocatePaymentContext = createContext<OnPaymentRecorded | null>(null);

/**
 * The hook point after a payment: wrap the routes (apps/web) in this provider and the invoice
 * detail page calls `onPaymentRecorded` with the new `payment_id` once the server recorded it.
 * `InvoiceDetailPage` also takes the callback as a prop, which wins over the provider.
 */
export function PaymentRecordedProvider({
  onPaymentRecorded,
  onAllocatePayment,
  children,
}: {
  onPaymentRecorded: OnPaymentRecorded;
  /**
   * "Allocate to goals" on a payment row: a payment whose allocation was skipped can be allocated
   * later (issue 11). Without it the rows offer no such action.
   */
  onAllocatePayment?: OnPaymentRecorded;
  children: ReactNode;
}) {
  return (
    <PaymentRecordedContext.Provider value={onPaymentRecorded}>
      <AllocatePaymentContext.Provider value={onAllocatePayment ?? null}>{children}</AllocatePaymentContext.Provider>
    </PaymentRecordedContext.Provider>
  );
}

export function usePaymentRecordedHandler(): OnPaymentRecorded | null {
  return useContext(PaymentRecordedContext);
}

/** The payment rows' "Allocate to goals" action, when the app provides one. */
export function useAllocatePaymentHandler(): OnPaymentRecorded | null {
  return useContext(AllocatePaymentContext);
}
