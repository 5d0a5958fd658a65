import type { ServerArea } from '../../lib/area';
import { onGoalsEvent } from './goals.events';
import { registerGoalRoutes } from './goals.routes';

/**
 * Goals, other income, payment allocations and badges. Its subscriber reverses a deleted payment's
 * allocations and recomputes the self-tracking goals that an event can move.
 */
export const goalsArea: ServerArea = {
  name: 'goals',
  routes: [registerGoalRoutes],
  subscribers: [onGoalsEvent],
};
