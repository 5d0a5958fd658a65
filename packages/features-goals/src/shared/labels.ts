import type { GoalType } from '@ledgerleaf/domain';

/** The type as a short badge on cards (the domain's GOAL_TYPE_LABELS stay the form's wording). */
export const GOAL_TYPE_BADGES: Record<GoalType, string> = {
  financial: 'Financial',
  revenue_collected: 'Revenue collected',
  amount_invoiced: 'Amount invoiced',
  new_clients: 'New clients',
};
