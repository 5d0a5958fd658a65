import type { FastifyInstance } from 'fastify';
import type { Deps } from '../lib/context';
import { registerEstimateRoutes } from './estimates/estimates.routes';
import { registerRecurringRoutes } from './recurring/recurring.routes';
import { createSchedulerController, type SchedulerController } from './scheduler/scheduler';

declare module 'fastify' {
  interface FastifyInstance {
    /** The in-process scheduler: main.ts starts it (unless SCHEDULER=0); tests start it or call runNow. */
    scheduler: SchedulerController;
  }
}

/**
 * Estimates, recurring invoices and the scheduler (issue 6). app.ts calls this once; the area
 * registers its routes, and the scheduler that the server process starts and the app's close stops.
 */
export function registerEstimatesArea(app: FastifyInstance, deps: Deps): void {
  const scheduler = createSchedulerController(deps);
  app.decorate('scheduler', scheduler);
  app.addHook('onClose', async () => {
    await scheduler.stop();
  });
  registerEstimateRoutes(app, deps);
  registerRecurringRoutes(app, deps, scheduler);
}
