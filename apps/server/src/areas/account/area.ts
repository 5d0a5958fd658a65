import type { ServerArea } from '../../lib/area';
import { registerProfileRoutes } from './profile/profile.routes';
import { registerBusinessSettingsRoutes } from './business-settings/business-settings.routes';
import { registerEmailDeliveryRoutes } from './email-delivery/email-delivery.routes';
import { registerEmailTemplateRoutes } from './email-templates/email-templates.routes';
import { registerReminderRoutes } from './reminders/reminders.routes';
import { remindersJob } from './reminders/reminders.job';
import { registerTeamRoutes } from './team/team.routes';

/**
 * The account: profile and uploads, business settings and numbering, email templates, email
 * delivery (the business's mail server), invoice
 * reminders (its job queues them), team and roles. Role enforcement itself is central, in
 * plugins/auth.ts.
 */
export const accountArea: ServerArea = {
  name: 'account',
  routes: [
    registerProfileRoutes,
    registerBusinessSettingsRoutes,
    registerEmailTemplateRoutes,
    registerEmailDeliveryRoutes,
    registerReminderRoutes,
    registerTeamRoutes,
  ],
  jobs: [remindersJob],
};
