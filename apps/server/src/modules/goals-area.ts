import type { FastifyInstance } from 'fastify';
import type { Deps } from '../lib/context';
import { registerGoalSubscribers } from './goals/goals.events';
import { registerGoalRoutes } from './goals/goals.routes';

/**
 * Goals, other income, payment allocations and badges (issue 4).
 * app.ts calls this once; the area registers its routes and its domain-event subscriber (reversing
 * a deleted payment's allocations, recomputing self-tracking goals) here.
 */
export function registerGoalsArea(app: FastifyInstance, deps: Deps): void {
  registerGoalRoutes(app, deps);
  registerGoalSubscribers();
}
