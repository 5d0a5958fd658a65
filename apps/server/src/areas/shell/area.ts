import type { ServerArea } from '../../lib/area';
import { registerFeedbackRoutes } from './feedback/feedback.routes';
import { notifyForEvent } from './notifications/notification-events';
import { registerNotificationRoutes } from './notifications/notifications.routes';

/** The application shell: notifications (its subscriber turns invoicing events into them) and beta feedback. */
export const shellArea: ServerArea = {
  name: 'shell',
  routes: [registerNotificationRoutes, registerFeedbackRoutes],
  subscribers: [notifyForEvent],
};
