import type { RouteObject } from 'react-router';
import { paths } from '@ledgerleaf/api';

/** The calendar (issue 17), its own chunk; apps/web mounts it under the authenticated layout. */
export const calendarRoutes: RouteObject[] = [
  { path: paths.calendar, lazy: async () => ({ Component: (await import('./calendar/calendar-page')).CalendarPage }) },
];
