import { config } from '@ledgerleaf/eslint-config';

/*
 * The queries are one folder per area (README.md): an area's product files import `shared/` and
 * the areas it declares below, never another area's files. Tests may cross (their fixtures do).
 */
const AREAS = ['auth', 'account', 'invoicing', 'goals', 'crm', 'dashboard', 'reports', 'calendar', 'shell'];
/** What each area's queries may import from other areas (besides `shared/`). */
const AREA_DEPENDENCIES = {
  account: ['auth'], // normalizeEmail: emails are stored as sign-up normalises them
  dashboard: ['invoicing'], // INVOICE_UNPAID_STATUSES
  calendar: ['crm'], // leadNameSql: a lead's display name
};
/** The db layer's own rule (tooling/eslint-config), restated because a later `no-restricted-imports` replaces it. */
const LAYER = ['@ledgerleaf/api', '@ledgerleaf/ui', '@ledgerleaf/features-*', 'react', '@ledgerleaf/storybook-harness'];

function areaZone(area) {
  const others = AREAS.filter((other) => other !== area && !(AREA_DEPENDENCIES[area] ?? []).includes(other));
  return {
    files: [`src/queries/${area}/**/*.ts`],
    ignores: ['**/*.test.ts', '**/*test-fixtures.ts', '**/*test-helpers.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            ...LAYER.map((group) => ({
              group: [group],
              message: `ARCHITECTURE.md: the db layer may not import ${group}`,
            })),
            {
              regex: `^\\.\\./(${others.join('|')})/`,
              message: `packages/db: the ${area} queries import shared/ and ${
                (AREA_DEPENDENCIES[area] ?? []).join(', ') || 'no other area'
              } (eslint.config.js AREA_DEPENDENCIES), not another area's files`,
            },
          ],
        },
      ],
    },
  };
}

const sharedZone = {
  files: ['src/queries/shared/**/*.ts'],
  ignores: ['**/*.test.ts'],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: [
          ...LAYER.map((group) => ({
            group: [group],
            message: `ARCHITECTURE.md: the db layer may not import ${group}`,
          })),
          { regex: `^\\.\\./(${AREAS.join('|')})/`, message: 'packages/db: shared/ queries import no area' },
        ],
      },
    ],
  },
};

export default [...config({ layer: 'db', node: true }), ...AREAS.map(areaZone), sharedZone];
