import type { FastifyInstance } from 'fastify';
import type { Deps } from '../lib/context';
import { registerProfileRoutes } from './profile/profile.routes';
import { registerBusinessSettingsRoutes } from './settings/business-settings.routes';
import { registerEmailTemplateRoutes } from './email-templates/email-templates.routes';
import { registerReminderRoutes } from './reminders/reminders.routes';
import { registerTeamRoutes } from './team/team.routes';

/**
 * Profile, uploads, business settings, email templates, invoice reminders, team and roles (issue 5).
 * app.ts calls this once. Role enforcement itself is central, in plugins/auth.ts.
 */
export function registerAccountArea(app: FastifyInstance, deps: Deps): void {
  registerProfileRoutes(app, deps);
  registerBusinessSettingsRoutes(app, deps);
  registerEmailTemplateRoutes(app, deps);
  registerReminderRoutes(app, deps);
  registerTeamRoutes(app, deps);
}
