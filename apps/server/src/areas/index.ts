import type { ServerArea } from '../lib/area';
import { registerOpenApiRoutes } from '../openapi/openapi.routes';
import { authArea } from './auth/area';
import { invoicingArea } from './invoicing/area';
import { goalsArea } from './goals/area';
import { shellArea } from './shell/area';
import { accountArea } from './account/area';
import { crmArea } from './crm/area';
import { calendarArea } from './calendar/area';
import { reportsArea } from './reports/area';
import { dashboardArea } from './dashboard/area';

/** The API document: last, because it documents every route registered before it. */
const openApiArea: ServerArea = { name: 'openapi', routes: [registerOpenApiRoutes] };

/**
 * Every area of the server, in the order `buildApp` registers them (see lib/area.ts). The order is
 * also the order of the scheduler's jobs within a stage. A new area adds its folder `areas/<name>/` (its `area.ts` says what it holds) and
 * one line here, before openapi.
 */
export const SERVER_AREAS: readonly ServerArea[] = [
  authArea,
  invoicingArea,
  goalsArea,
  shellArea,
  accountArea,
  crmArea,
  calendarArea,
  reportsArea,
  dashboardArea,
  openApiArea,
];
