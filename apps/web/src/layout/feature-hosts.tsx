import type { ReactNode } from 'react';
import { GoalsHost, useGoalsActions } from '@ledgerleaf/features-goals';
import { PaymentRecordedProvider } from '@ledgerleaf/features-invoicing';

/** Hands the invoicing area's "payment recorded" hook to the goals area (features never import each other). */
function PaymentToGoalsBridge({ children }: { children: ReactNode }) {
  const { openPaymentAllocation, allocatePayment } = useGoalsActions();
  return (
    <PaymentRecordedProvider onPaymentRecorded={openPaymentAllocation} onAllocatePayment={allocatePayment}>
      {children}
    </PaymentRecordedProvider>
  );
}

/** The cross-feature hosts of the authenticated area: modals one feature opens from another's screens. */
export function FeatureHosts({ children }: { children: ReactNode }) {
  return (
    <GoalsHost>
      <PaymentToGoalsBridge>{children}</PaymentToGoalsBridge>
    </GoalsHost>
  );
}
