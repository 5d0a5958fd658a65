import {
  createContext,
  lazy,
  Suspense,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
  type ReactNode,
} from 'react';
import { useDispatch } from 'react-redux';
import { invalidateGoalViews, useCanWrite } from '@ledgerleaf/api';
import { GOALS_UPDATED_EVENT, isOwnGoalsUpdate } from '../shared/events';

/** A payment just recorded on an invoice: what "Allocate Payment to Goals" needs (SPEC.md sections 2 and 3). */
export interface PaymentForAllocation {
  invoice_id: number;
  invoice_number: string | null;
  payment_id: number;
  payment_amount: number;
}

/** What the rest of the app may ask of the goals area without importing its screens. */
export interface GoalsActions {
  /** After a payment: opens the allocation modal when the preference allows it and a token is stored; never for a role that may not write. */
  openPaymentAllocation: (payment: PaymentForAllocation) => void;
  /** "Allocate to goals" on a payment (one whose allocation was skipped, say): the same modal, whatever the preference. */
  allocatePayment: (payment: PaymentForAllocation) => void;
  /** The quick-add menu's "Add Other Income" entry; does nothing for a role that may not write. */
  openOtherIncome: () => void;
}

const noop: GoalsActions = {
  openPaymentAllocation: () => undefined,
  allocatePayment: () => undefined,
  openOtherIncome: () => undefined,
};
const GoalsActionsContext = createContext<GoalsActions>(noop);

// The modals' code loads the first time one opens, so it weighs on no page.
const PaymentAllocationFlow = lazy(async () => ({
  default: (await import('../allocation/allocate-payment-modal')).PaymentAllocationFlow,
}));
const AllocatePaymentModal = lazy(async () => ({
  default: (await import('../allocation/allocate-payment-modal')).AllocatePaymentModal,
}));
const OtherIncomeModal = lazy(async () => ({
  default: (await import('../income/other-income-modal')).OtherIncomeModal,
}));

/**
 * Mounted once by apps/web around the authenticated area: owns the goals modals (Other income,
 * Allocate Payment to Goals) and hands out `useGoalsActions()` to open them. A `goals-updated`
 * window event fired by someone else (the dashboard, another area) refreshes every goal query.
 */
export function GoalsHost({ children }: { children: ReactNode }) {
  const dispatch = useDispatch();
  // Allocating and recording income are writes: the read-only role gets neither modal (the server would refuse both).
  const canWrite = useCanWrite();
  const [payment, setPayment] = useState<(PaymentForAllocation & { afterPayment: boolean }) | null>(null);
  const [incomeOpen, setIncomeOpen] = useState(false);
  // The income modal stays mounted once loaded so that it can play its closing transition.
  const [incomeLoaded, setIncomeLoaded] = useState(false);

  const actions = useMemo<GoalsActions>(
    () => ({
      openPaymentAllocation: (next) => {
        // The payment also moves self-tracking goals (revenue collected) and may earn badges.
        dispatch(invalidateGoalViews());
        if (canWrite) setPayment({ ...next, afterPayment: true });
      },
      allocatePayment: (next) => {
        if (canWrite) setPayment({ ...next, afterPayment: false });
      },
      openOtherIncome: () => {
        if (!canWrite) return;
        setIncomeLoaded(true);
        setIncomeOpen(true);
      },
    }),
    [dispatch, canWrite],
  );

  useEffect(() => {
    const refresh = () => {
      if (!isOwnGoalsUpdate()) dispatch(invalidateGoalViews());
    };
    window.addEventListener(GOALS_UPDATED_EVENT, refresh);
    return () => window.removeEventListener(GOALS_UPDATED_EVENT, refresh);
  }, [dispatch]);

  const closePayment = useCallback(() => setPayment(null), []);
  const closeIncome = useCallback(() => setIncomeOpen(false), []);

  return (
    <GoalsActionsContext.Provider value={actions}>
      {children}
      <Suspense fallback={null}>
        {canWrite && payment?.afterPayment === true && (
          <PaymentAllocationFlow
            key={`${payment.invoice_id}-${payment.payment_id}`}
            payment={payment}
            onClose={closePayment}
          />
        )}
        {canWrite && payment?.afterPayment === false && (
          <AllocatePaymentModal
            key={`later-${payment.invoice_id}-${payment.payment_id}`}
            payment={payment}
            onClose={closePayment}
            afterPayment={false}
          />
        )}
        {canWrite && incomeLoaded && <OtherIncomeModal opened={incomeOpen} onClose={closeIncome} />}
      </Suspense>
    </GoalsActionsContext.Provider>
  );
}

export function useGoalsActions(): GoalsActions {
  return useContext(GoalsActionsContext);
}
