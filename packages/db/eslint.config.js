import { areaBoundaries, config } from '@ledgerleaf/eslint-config';

/*
 * The queries are one folder per area (README.md): an area's product files import `shared/` and the
 * files of the areas it declares below, never another area's (the rule the server's areas follow,
 * `ledgerleaf/area-boundaries`; the db's areas have no index.ts). `shared/` imports no area. Tests and
 * their fixtures may cross.
 */
/** What each area's queries may import from other areas (besides `shared/`). */
export const AREA_DEPENDENCIES = {
  auth: [],
  account: ['auth'], // normalizeEmail: emails are stored as sign-up normalises them
  invoicing: [],
  goals: [],
  crm: [],
  dashboard: ['invoicing'], // INVOICE_UNPAID_STATUSES
  reports: [],
  calendar: ['crm'], // leadNameSql: a lead's display name
  shell: [],
};

export default [
  ...config({ layer: 'db', node: true }),
  areaBoundaries({
    areasDir: 'src/queries',
    libDir: 'src/queries/shared',
    dependencies: AREA_DEPENDENCIES,
    viaIndex: false,
    tests: 'any',
  }),
];
