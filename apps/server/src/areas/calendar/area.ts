import type { ServerArea } from '../../lib/area';
import { registerCalendarRoutes } from './calendar.routes';

/**
 * The calendar (issue 17): every area's dates over a range (read from their tables; recurring runs
 * projected by the scheduler's schedule code), moving a CRM activity through the CRM's service, and
 * each person's private iCalendar feed. Nothing is scheduled.
 */
export const calendarArea: ServerArea = {
  name: 'calendar',
  routes: [registerCalendarRoutes],
};
