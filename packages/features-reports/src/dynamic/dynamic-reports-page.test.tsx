import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { json, renderPage, stubFetch } from '../test/render';
import { dynamicGroups, dynamicRows, northByMonthDefinition, savedReport } from '../test/fixtures';
import { decodeDefinition, encodeDefinition, newDefinition } from './definition';
import { DynamicReportsPage } from './dynamic-reports-page';

// jsdom draws no charts: the chart stands in as its accessible label.
vi.mock('@ledgerleaf/ui/chart', () => ({
  Chart: ({ label }: { label: string }) => <div role="img" aria-label={label} />,
  default: ({ label }: { label: string }) => <div role="img" aria-label={label} />,
}));

afterEach(() => vi.unstubAllGlobals());

const open = (route = '/dynamic-reports', roles?: Array<{ name: string }>) =>
  renderPage(<DynamicReportsPage />, { path: '/dynamic-reports', route, ...(roles ? { roles } : {}) });

/** The definition in the router's URL. */
const urlDefinition = (router: ReturnType<typeof open>['router']) =>
  decodeDefinition(new URLSearchParams(router.state.location.search).get('def') ?? '');

const runs = (calls: ReturnType<typeof stubFetch>) => calls.filter((call) => call.path === '/api/dynamic-reports/run');

describe('DynamicReportsPage', () => {
  it('starts a new report of invoices and shows its rows with the count; the saved list is empty', async () => {
    const calls = stubFetch({
      'GET /api/dynamic-reports': json(200, { data: [] }),
      'POST /api/dynamic-reports/run': () => json(200, dynamicRows()),
    });
    open();
    expect(screen.getByRole('heading', { name: 'Dynamic reports' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Data source' })).toHaveValue('invoices');
    expect(screen.getByRole('checkbox', { name: 'Client' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Total' })).not.toBeChecked();
    const table = await screen.findByRole('table', { name: 'Dynamic report: Invoices' });
    expect(within(table).getByText('Northwind Traders')).toBeInTheDocument();
    expect(screen.getByTestId('dynamic-count')).toHaveTextContent('2 rows');
    expect(await screen.findByText(/None yet/)).toBeInTheDocument();
    expect(runs(calls)[0]!.body).toMatchObject({ source: 'invoices', columns: newDefinition().columns });
  });

  it('builds the issue’s example (client contains North, total gt 1000, by month, bar chart) into the URL and runs it', async () => {
    const calls = stubFetch({
      'GET /api/dynamic-reports': json(200, { data: [] }),
      'POST /api/dynamic-reports/run': (call) =>
        json(200, (call.body as { group_by?: unknown }).group_by ? dynamicGroups() : dynamicRows()),
    });
    const { router, user } = open();
    await screen.findByRole('table');
    await user.click(screen.getByRole('button', { name: 'Add filter' }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Filter 1 field' }), 'client_name');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Filter 1 match mode' }), 'contains');
    await user.type(screen.getByRole('textbox', { name: 'Filter 1 value' }), 'North');
    await user.click(screen.getByRole('button', { name: 'Add filter' }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Filter 2 field' }), 'total');
    // A number field offers the numeric modes only.
    const modes = within(screen.getByRole('combobox', { name: 'Filter 2 match mode' }))
      .getAllByRole('option')
      .map((option) => option.getAttribute('value'));
    expect(modes).toEqual(['equals', 'notEquals', 'lt', 'lte', 'gt', 'gte']);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Filter 2 match mode' }), 'gt');
    await user.type(screen.getByRole('textbox', { name: 'Filter 2 value' }), '1000');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Group by' }), 'issue_date');
    expect(screen.getByRole('combobox', { name: 'Dates by' })).toHaveValue('month');
    await user.click(screen.getByRole('button', { name: 'Add figure' }));
    await user.click(screen.getByRole('radio', { name: 'Bar' }));

    expect(urlDefinition(router)).toMatchObject({
      filters: northByMonthDefinition.filters,
      group_by: northByMonthDefinition.group_by,
      chart: 'bar',
    });
    expect(await screen.findByRole('img', { name: /Sum of Total/ })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Dynamic report: Invoices' });
    const rows = within(table).getAllByRole('row');
    // Header, two months, the totals row (the sum of the rows).
    expect(rows).toHaveLength(4);
    expect(within(rows[3]!).getByText('$4,700.25')).toBeInTheDocument();
    await waitFor(() =>
      expect(runs(calls).at(-1)!.body).toMatchObject({
        filters: northByMonthDefinition.filters,
        group_by: northByMonthDefinition.group_by,
      }),
    );
    expect(screen.getByTestId('dynamic-description')).toHaveTextContent(
      'Filters (match all): Client contains North; Total greater than 1000',
    );
  });

  it('marks what would not run (a number that does not parse) and does not run it', async () => {
    const calls = stubFetch({
      'GET /api/dynamic-reports': json(200, { data: [] }),
      'POST /api/dynamic-reports/run': () => json(200, dynamicRows()),
    });
    const definition = {
      ...newDefinition(),
      filters: { match: 'all' as const, conditions: [{ field: 'total', mode: 'gt', value: 'lots' }] },
    };
    open(`/dynamic-reports?def=${encodeDefinition(definition)}`);
    expect(await screen.findByText('Please enter a number')).toBeInTheDocument();
    expect(screen.getByText('Complete the report to see its results')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Export the report as CSV' })).toBeDisabled();
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(runs(calls)).toHaveLength(0);
  });

  it('opens a bookmarked definition from the URL before it is saved', async () => {
    const calls = stubFetch({
      'GET /api/dynamic-reports': json(200, { data: [] }),
      'POST /api/dynamic-reports/run': () => json(200, dynamicGroups()),
    });
    open(`/dynamic-reports?def=${encodeDefinition(northByMonthDefinition)}`);
    expect(await screen.findByRole('textbox', { name: 'Filter 1 value' })).toHaveValue('North');
    expect(screen.getByRole('combobox', { name: 'Group by' })).toHaveValue('issue_date');
    await screen.findByRole('table');
    expect(runs(calls)[0]!.body).toMatchObject({ group_by: { field: 'issue_date', date_part: 'month' } });
  });

  it('saves a new report by name, then opens it by its id', async () => {
    const calls = stubFetch({
      'GET /api/dynamic-reports': json(200, { data: [] }),
      'POST /api/dynamic-reports/run': () => json(200, dynamicRows()),
      'POST /api/dynamic-reports': () =>
        json(201, { data: savedReport({ id: 9, name: 'Open invoices' }), message: 'Report saved' }),
      'GET /api/dynamic-reports/9': () =>
        json(200, { data: savedReport({ id: 9, name: 'Open invoices', definition: newDefinition() }) }),
    });
    const { router, user } = open();
    await screen.findByRole('table');
    await user.click(screen.getByRole('button', { name: 'Save…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Save the report' });
    await user.click(within(dialog).getByRole('button', { name: 'Save report' }));
    expect(within(dialog).getByText('Please name the report')).toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Open invoices');
    await user.click(within(dialog).getByRole('button', { name: 'Save report' }));
    await waitFor(() => expect(router.state.location.search).toBe('?id=9'));
    const post = calls.find((call) => call.method === 'POST' && call.path === '/api/dynamic-reports');
    expect(post!.body).toMatchObject({ name: 'Open invoices', definition: { source: 'invoices' } });
    // The builder's title and the table's.
    expect(await screen.findAllByRole('heading', { name: 'Open invoices' })).toHaveLength(2);
  });

  it('shows the 422 of the name in the dialog', async () => {
    stubFetch({
      'GET /api/dynamic-reports': json(200, { data: [] }),
      'POST /api/dynamic-reports/run': () => json(200, dynamicRows()),
      'POST /api/dynamic-reports': () =>
        json(422, {
          message: 'Please use up to 120 characters',
          errors: { name: ['Please use up to 120 characters'] },
        }),
    });
    const { user } = open();
    await user.click(screen.getByRole('button', { name: 'Save…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Save the report' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Too long');
    await user.click(within(dialog).getByRole('button', { name: 'Save report' }));
    expect(await within(dialog).findByText('Please use up to 120 characters')).toBeInTheDocument();
  });

  it('opens a saved report; a change is marked and Save writes over it', async () => {
    const calls = stubFetch({
      'GET /api/dynamic-reports': json(200, { data: [savedReport()] }),
      'GET /api/dynamic-reports/5': () => json(200, { data: savedReport() }),
      'POST /api/dynamic-reports/run': () => json(200, dynamicGroups()),
      'PUT /api/dynamic-reports/5': (call) =>
        json(200, {
          data: savedReport({ definition: (call.body as { definition: never }).definition }),
          message: 'Report saved',
        }),
    });
    const { router, user } = open('/dynamic-reports?id=5');
    expect(await screen.findByRole('heading', { name: 'North by month' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Filter 1 value' })).toHaveValue('North');
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
    expect(screen.queryByTestId('unsaved-changes')).not.toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'Line' }));
    expect(screen.getByTestId('unsaved-changes')).toHaveTextContent('Changed since it was saved');
    expect(router.state.location.search).toMatch(/^\?id=5&def=/);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'PUT')).toBe(true));
    const put = calls.find((call) => call.method === 'PUT')!;
    expect(put.body).toMatchObject({ name: 'North by month', definition: { chart: 'line' } });
    await waitFor(() => expect(router.state.location.search).toBe('?id=5'));
  });

  it('renames, duplicates and deletes (after asking) from the saved list', async () => {
    const calls = stubFetch({
      'GET /api/dynamic-reports': () => json(200, { data: [savedReport()] }),
      'GET /api/dynamic-reports/5': () => json(200, { data: savedReport() }),
      'GET /api/dynamic-reports/6': () => json(200, { data: savedReport({ id: 6, name: 'North by month (copy)' }) }),
      'POST /api/dynamic-reports/run': () => json(200, dynamicGroups()),
      'PATCH /api/dynamic-reports/5': () =>
        json(200, { data: savedReport({ name: 'North monthly' }), message: 'Report renamed' }),
      'POST /api/dynamic-reports/5/duplicate': () =>
        json(201, { data: savedReport({ id: 6, name: 'North by month (copy)' }), message: 'Report duplicated' }),
      'DELETE /api/dynamic-reports/5': () => json(200, { message: 'Report deleted' }),
    });
    const { router, user } = open('/dynamic-reports?id=5');
    await screen.findByRole('heading', { name: 'North by month' });
    const list = screen.getByRole('region', { name: 'Saved reports' });
    expect(within(list).getByRole('link', { name: 'North by month' })).toHaveAttribute('href', '/dynamic-reports?id=5');

    await user.click(within(list).getByRole('button', { name: 'Actions for North by month' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Rename' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rename the report' });
    const name = within(dialog).getByRole('textbox', { name: 'Name' });
    await user.clear(name);
    await user.type(name, 'North monthly');
    await user.click(within(dialog).getByRole('button', { name: 'Rename' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'PATCH')).toBe(true));
    expect(calls.find((call) => call.method === 'PATCH')!.body).toEqual({ name: 'North monthly' });

    await user.click(within(list).getByRole('button', { name: 'Actions for North by month' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Duplicate' }));
    await waitFor(() => expect(router.state.location.search).toBe('?id=6'));

    await user.click(within(list).getByRole('button', { name: 'Actions for North by month' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    const question = await screen.findByRole('dialog', { name: 'Delete this report?' });
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);
    await user.click(within(question).getByRole('button', { name: 'Delete report' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'DELETE')).toBe(true));
  });

  it('a read-only role sees another person’s report without Save, rename or delete, and exports it', async () => {
    const calls = stubFetch({
      'GET /api/dynamic-reports': json(200, { data: [savedReport({ can_edit: false })] }),
      'GET /api/dynamic-reports/5': () => json(200, { data: savedReport({ can_edit: false }) }),
      'POST /api/dynamic-reports/run': () => json(200, dynamicGroups()),
      'GET /api/dynamic-reports/5/export.csv': new Response('Report,North by month\r\n', {
        headers: { 'content-type': 'text/csv', 'content-disposition': 'attachment; filename="north-by-month.csv"' },
      }),
      'POST /api/dynamic-reports/export.csv': () =>
        new Response('Report,x\r\n', {
          headers: { 'content-type': 'text/csv', 'content-disposition': 'attachment; filename="dynamic-report.csv"' },
        }),
    });
    URL.createObjectURL = vi.fn(() => 'blob:x');
    URL.revokeObjectURL = vi.fn();
    const { user } = open('/dynamic-reports?id=5', [{ name: 'accountant' }]);
    await screen.findByRole('heading', { name: 'North by month' });
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save as…' })).toBeEnabled();
    await user.click(screen.getByRole('button', { name: 'Actions for North by month' }));
    expect(await screen.findByRole('menuitem', { name: 'Duplicate' })).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: 'Rename' })).not.toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: 'Delete' })).not.toBeInTheDocument();
    await user.keyboard('{Escape}');
    // Unchanged: exported by its id.
    await user.click(screen.getByRole('button', { name: 'Export the report as CSV' }));
    await waitFor(() => expect(calls.some((call) => call.path === '/api/dynamic-reports/5/export.csv')).toBe(true));
    // Changed: the definition is posted.
    await user.click(screen.getByRole('radio', { name: 'Pie' }));
    await user.click(screen.getByRole('button', { name: 'Export the report as CSV' }));
    await waitFor(() => expect(calls.some((call) => call.path === '/api/dynamic-reports/export.csv')).toBe(true));
    const posted = calls.find((call) => call.path === '/api/dynamic-reports/export.csv')!;
    expect(posted.method).toBe('POST');
    expect(posted.body).toMatchObject({ chart: 'pie', group_by: { field: 'issue_date' } });
  });

  it('shows the empty state, the error state with Retry, and a saved report that does not exist', async () => {
    stubFetch({
      'GET /api/dynamic-reports': json(200, { data: [] }),
      'POST /api/dynamic-reports/run': () => json(200, dynamicRows({ rows: [], total: 0 })),
    });
    const first = open();
    expect(await screen.findByText('No records match')).toBeInTheDocument();
    first.unmount();
    stubFetch({
      'GET /api/dynamic-reports': json(500, { message: 'Server error' }),
      'POST /api/dynamic-reports/run': () => json(500, { message: 'Server error' }),
    });
    const second = open();
    expect(await screen.findByText('The report could not be run')).toBeInTheDocument();
    expect(await screen.findByText('The saved reports could not be loaded')).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: /retry/i }).length).toBeGreaterThan(0);
    second.unmount();
    stubFetch({
      'GET /api/dynamic-reports': json(200, { data: [] }),
      'GET /api/dynamic-reports/77': json(404, { message: 'Not found.' }),
      'POST /api/dynamic-reports/run': () => json(200, dynamicRows()),
    });
    open('/dynamic-reports?id=77');
    expect(await screen.findByText('This saved report does not exist')).toBeInTheDocument();
  });

  it('picks a status from the labels people read and sends its code; a saved free-text filter keeps its mode', async () => {
    const calls = stubFetch({
      'GET /api/dynamic-reports': json(200, { data: [] }),
      'POST /api/dynamic-reports/run': () => json(200, dynamicRows()),
    });
    const { router, user } = open();
    await screen.findByRole('table');
    await user.click(screen.getByRole('button', { name: 'Add filter' }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Filter 1 field' }), 'status');
    const modes = within(screen.getByRole('combobox', { name: 'Filter 1 match mode' }))
      .getAllByRole('option')
      .map((option) => option.textContent);
    expect(modes).toEqual(['equals', 'does not equal']);
    const picker = screen.getByRole('combobox', { name: 'Filter 1 value' });
    expect(
      within(picker)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Choose a status', 'Draft', 'Sent', 'Viewed', 'Partially paid', 'Paid', 'Overdue', 'Void']);
    // Nothing chosen yet: marked, not run.
    expect(await screen.findByText('Please choose a value')).toBeInTheDocument();
    await user.selectOptions(picker, 'Partially paid');
    expect(urlDefinition(router)?.filters.conditions).toEqual([{ field: 'status', mode: 'equals', value: 'partial' }]);
    await waitFor(() =>
      expect(runs(calls).at(-1)!.body).toMatchObject({
        filters: { conditions: [{ field: 'status', mode: 'equals', value: 'partial' }] },
      }),
    );
    expect(screen.getByTestId('dynamic-description')).toHaveTextContent('Status equals Partially paid');
  });

  it('opens a report saved with a free-text status filter as it was: its mode, its text', async () => {
    stubFetch({
      'GET /api/dynamic-reports': json(200, { data: [] }),
      'POST /api/dynamic-reports/run': () => json(200, dynamicRows()),
    });
    const legacy = {
      ...newDefinition(),
      filters: { match: 'all' as const, conditions: [{ field: 'status', mode: 'contains', value: 'part' }] },
    };
    const { user } = open(`/dynamic-reports?def=${encodeDefinition(legacy)}`);
    expect(await screen.findByRole('combobox', { name: 'Filter 1 match mode' })).toHaveValue('contains');
    expect(screen.getByRole('textbox', { name: 'Filter 1 value' })).toHaveValue('part');
    expect(await screen.findByRole('table')).toBeInTheDocument();
    // Turned into the picker's mode, a label typed then is that value.
    await user.selectOptions(screen.getByRole('combobox', { name: 'Filter 1 match mode' }), 'equals');
    expect(screen.getByRole('combobox', { name: 'Filter 1 value' })).toHaveDisplayValue('part (not one of the values)');
  });

  it('picks a stage from the business’s own stages', async () => {
    const calls = stubFetch({
      'GET /api/dynamic-reports': json(200, { data: [] }),
      'GET /api/dynamic-reports/choices': json(200, {
        data: {
          pipeline_stages: ['Lead in', 'Proposal', 'Won'],
          lead_sources: [],
          lost_reasons: [],
          activity_types: [],
        },
      }),
      'POST /api/dynamic-reports/run': () => json(200, dynamicRows()),
    });
    const { user } = open(`/dynamic-reports?def=${encodeDefinition(newDefinition('opportunities'))}`);
    await screen.findByRole('table');
    await user.click(screen.getByRole('button', { name: 'Add filter' }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Filter 1 field' }), 'stage_name');
    const picker = screen.getByRole('combobox', { name: 'Filter 1 value' });
    await waitFor(() =>
      expect(
        within(picker)
          .getAllByRole('option')
          .map((option) => option.textContent),
      ).toEqual(['Choose a stage', 'Lead in', 'Proposal', 'Won']),
    );
    await user.selectOptions(picker, 'Proposal');
    await waitFor(() =>
      expect(runs(calls).at(-1)!.body).toMatchObject({
        filters: { conditions: [{ field: 'stage_name', mode: 'equals', value: 'Proposal' }] },
      }),
    );
  });

  it('a date figure offers a count, a minimum and a maximum only; a sum offers no date', async () => {
    stubFetch({
      'GET /api/dynamic-reports': json(200, { data: [] }),
      'POST /api/dynamic-reports/run': () => json(200, dynamicGroups()),
    });
    const { user } = open();
    await screen.findByRole('table');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Group by' }), 'client_name');
    const fns = () =>
      within(screen.getByRole('combobox', { name: 'Figure 1' }))
        .getAllByRole('option')
        .map((option) => option.textContent);
    const ofs = () =>
      within(screen.getByRole('combobox', { name: 'Figure 1 of' }))
        .getAllByRole('option')
        .map((option) => option.textContent);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Figure 1' }), 'Sum');
    expect(ofs()).toEqual(['Subtotal', 'Tax', 'Total', 'Paid', 'Balance']);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Figure 1' }), 'Minimum');
    expect(ofs()).toContain('Issue date');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Figure 1 of' }), 'Issue date');
    expect(fns()).toEqual(['Count', 'Minimum', 'Maximum']);
  });

  it('a report saved with a sum of dates opens with the figure marked and does not run', async () => {
    const calls = stubFetch({
      'GET /api/dynamic-reports': json(200, { data: [] }),
      'POST /api/dynamic-reports/run': () => json(200, dynamicGroups()),
    });
    const legacy = {
      ...newDefinition(),
      group_by: { field: 'client_name', date_part: null, aggregates: [{ fn: 'sum' as const, field: 'issue_date' }] },
    };
    open(`/dynamic-reports?def=${encodeDefinition(legacy)}`);
    expect(await screen.findByRole('combobox', { name: 'Figure 1' })).toHaveValue('sum');
    expect(
      screen.getByText(
        'Sum and average need a number or money field; minimum and maximum a number, money or date field',
      ),
    ).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(runs(calls)).toHaveLength(0);
  });
});
