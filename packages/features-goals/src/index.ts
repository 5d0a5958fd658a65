export { goalRoutes, GOAL_ROUTE_NAMES } from './routes';
export { GoalsHost, useGoalsActions, type GoalsActions, type PaymentForAllocation } from './host/goals-host';
export { GOALS_UPDATED_EVENT } from './shared/events';
