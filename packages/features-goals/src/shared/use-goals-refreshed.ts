import { useCallback } from 'react';
import { useLocation } from 'react-router';
import { isDashboardPath, refreshFinancialData, useAppDispatch } from '@ledgerleaf/api';
import { notifyGoalsUpdated } from './events';

/**
 * What follows money reaching goals (other income recorded, a payment allocated), SPEC.md section 7:
 * on a dashboard path the financial data is refreshed (`refreshFinancialData`), and the
 * `goals-updated` window event fires everywhere so that other views refresh their goals.
 */
export function useGoalsRefreshed(): () => void {
  const dispatch = useAppDispatch();
  const { pathname } = useLocation();
  return useCallback(() => {
    if (isDashboardPath(pathname)) dispatch(refreshFinancialData());
    notifyGoalsUpdated();
  }, [dispatch, pathname]);
}
