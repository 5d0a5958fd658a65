import type { FastifyInstance } from 'fastify';
import type { Deps } from '../lib/context';
import { registerFeedbackRoutes } from './feedback/feedback.routes';
import { subscribeNotifications } from './notifications/notification-events';
import { registerNotificationRoutes } from './notifications/notifications.routes';

/**
 * Notifications and beta feedback (issue 5's shell). app.ts calls this once: the routes, and the
 * subscriber that turns invoicing events into notifications (released when the app closes).
 */
export function registerShellArea(app: FastifyInstance, deps: Deps): void {
  registerNotificationRoutes(app, deps);
  registerFeedbackRoutes(app, deps);
  const release = subscribeNotifications();
  app.addHook('onClose', async () => {
    release();
  });
}
