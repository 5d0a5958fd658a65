import { goalApi, MONEY_INTO_GOALS } from './goal-endpoints';
import { invoiceApi } from './invoice-endpoints';
import { paths } from './paths';
import type { AppDispatch } from './store';

/**
 * Whether a path is one of the dashboard's (`/dashboard` and anything under it): where SPEC.md
 * section 7 asks for the financial data to be refreshed after other income or a payment allocation.
 */
export function isDashboardPath(pathname: string): boolean {
  return pathname === paths.dashboard || pathname.startsWith(`${paths.dashboard}/`);
}

/**
 * `refreshFinancialData` (SPEC.md section 7; the store shown there does not define it): after money
 * came in on the dashboard (other income recorded, a payment allocated to goals), everything the
 * dashboard's financial figures are read from is fetched again: the goals and their contributions,
 * analytics and badges, the income list, the invoice list (its totals and balances) and the client
 * list (balances outstanding). Only the queries a screen is subscribed to refetch; the rest are
 * marked stale and load fresh when next shown.
 */
export function refreshFinancialData() {
  return (dispatch: AppDispatch): void => {
    dispatch(goalApi.util.invalidateTags([...MONEY_INTO_GOALS]));
    dispatch(
      invoiceApi.util.invalidateTags([
        { type: 'Invoice', id: 'LIST' },
        { type: 'Client', id: 'LIST' },
      ]),
    );
  };
}

/**
 * The toast id of everything said about one payment (recorded, its receipt, its allocation to
 * goals): each replaces the one before, so a payment is one toast however many steps follow (issue 11).
 */
export function paymentToastId(paymentId: number | null | undefined): string | undefined {
  return paymentId === null || paymentId === undefined ? undefined : `payment-${paymentId}`;
}
