import type { Meta, StoryObj } from '@storybook/react-vite';
import { created, ok, pending, screenStory, serverError, type StoryApi } from '@ledgerleaf/storybook-harness';
import { dynamicGroups, dynamicRows, northByMonthDefinition, savedReport } from '../test/fixtures';
import { DynamicReportsPage } from '../dynamic/dynamic-reports-page';
import { encodeDefinition, newDefinition } from '../dynamic/definition';

const meta = {
  title: 'Reports/Dynamic reports',
  parameters: { layout: 'fullscreen' },
} satisfies Meta;

export default meta;
type Story = StoryObj<typeof meta>;

const saved = [
  savedReport(),
  savedReport({ id: 6, name: 'Payments by method', definition: { ...newDefinition('payments'), chart: 'pie' } }),
  savedReport({ id: 7, name: 'Accountant’s own', can_edit: false, created_by: { id: 3, name: 'Ada Accountant' } }),
];

const page = (route: string, api: StoryApi = {}) =>
  screenStory(<DynamicReportsPage />, {
    path: '/dynamic-reports',
    route,
    api: {
      'GET /api/dynamic-reports': ok({ data: saved }),
      'POST /api/dynamic-reports': created({ data: savedReport({ id: 8, name: 'New one' }), message: 'Report saved' }),
      ...api,
    },
  });

/** A new report of invoices: its rows and the saved reports beside it. */
export const NewReport: Story = page('/dynamic-reports', { 'POST /api/dynamic-reports/run': ok(dynamicRows()) });
/** The example, bookmarked before it is saved: grouped by month with a bar chart. */
export const NorthByMonthUnsaved: Story = page(`/dynamic-reports?def=${encodeDefinition(northByMonthDefinition)}`, {
  'POST /api/dynamic-reports/run': ok(dynamicGroups()),
});
/** A saved report opened by its id. */
export const SavedReport: Story = page('/dynamic-reports?id=5', {
  'GET /api/dynamic-reports/5': ok({ data: savedReport() }),
  'POST /api/dynamic-reports/run': ok(dynamicGroups()),
});
/** A saved report changed since it was saved: Save writes over it. */
export const SavedReportChanged: Story = page(
  `/dynamic-reports?id=5&def=${encodeDefinition({ ...northByMonthDefinition, chart: 'line' })}`,
  {
    'GET /api/dynamic-reports/5': ok({ data: savedReport() }),
    'POST /api/dynamic-reports/run': ok(dynamicGroups()),
  },
);
/** Running. */
export const Loading: Story = page('/dynamic-reports', {
  'GET /api/dynamic-reports': pending,
  'POST /api/dynamic-reports/run': pending,
});
/** No record matches the filters. */
export const Empty: Story = page('/dynamic-reports', {
  'POST /api/dynamic-reports/run': ok(dynamicRows({ rows: [], total: 0 })),
});
/** The run failed. */
export const RunFailed: Story = page('/dynamic-reports', {
  'GET /api/dynamic-reports': serverError,
  'POST /api/dynamic-reports/run': serverError,
});
/** A filter that would not run: marked, and nothing is run. */
export const Incomplete: Story = page(
  `/dynamic-reports?def=${encodeDefinition({
    ...newDefinition(),
    filters: { match: 'all', conditions: [{ field: 'total', mode: 'gt', value: '' }] },
  })}`,
);
