import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import {
  ACCOUNT_MESSAGES,
  INVOICE_MESSAGES,
  LINE_DESCRIPTION_MAX_LENGTH,
  invoiceInputSchema,
  calculateInvoiceDraft,
  dueDateFromTerms,
  formatCurrency,
  fromCents,
} from '@ledgerleaf/domain';
import { json, renderPage, stubFetch } from '../test/render';
import { taxRate } from '../test/fixtures';
import { InvoiceCreatePage, InvoiceEditor, InvoiceEditorLoader } from './invoice-editor';
import { goalItem, invoiceDetail } from './test-fixtures';

afterEach(() => vi.unstubAllGlobals());

const rate = taxRate({ id: 7, name: 'Sales tax', rate: 8.875 });
const clients = { data: [{ id: 1, name: 'Acme Corp', email: 'billing@acme.test', payment_terms_days: 15 }] };

function renderEditor(routes: Parameters<typeof stubFetch>[0] = {}) {
  const calls = stubFetch({
    'GET /api/clients/search': json(200, clients),
    'GET /api/products/search': json(200, { data: [] }),
    ...routes,
  });
  const view = renderPage(<InvoiceEditor taxRates={[rate]} pricesIncludeTax={false} defaultTermsDays={30} />, {
    path: '/invoices/create-new',
    route: '/invoices/create-new',
  });
  return { ...view, calls };
}

async function fill(user: ReturnType<typeof renderEditor>['user'], label: string, value: string) {
  const input = screen.getByRole('textbox', { name: label });
  await user.clear(input);
  // Pasting keeps the test fast: the totals recompute on every change either way.
  await user.click(input);
  await user.paste(value);
}

async function pickClient(user: ReturnType<typeof renderEditor>['user']) {
  await user.click(screen.getByRole('combobox', { name: /^Client/ }));
  await user.click(await screen.findByRole('option', { name: 'Acme Corp' }));
}

describe('invoice editor', () => {
  it('shows live totals equal to the engine for two lines with a discount', async () => {
    const { user } = renderEditor();
    await fill(user, 'Line 1 description', 'Design');
    await fill(user, 'Line 1 quantity', '2.5');
    await fill(user, 'Line 1 unit price', '120.10');
    await fill(user, 'Line 1 discount', '10');
    await user.click(screen.getByRole('button', { name: 'Add line' }));
    await fill(user, 'Line 2 description', 'Printing');
    await fill(user, 'Line 2 quantity', '3');
    await fill(user, 'Line 2 unit price', '33.33');
    await user.click(screen.getByRole('combobox', { name: 'Line 2 taxes' }));
    await user.click(await screen.findByRole('option', { name: /Sales tax/ }));
    await fill(user, 'Invoice discount', '5');

    const expected = calculateInvoiceDraft(
      {
        lines: [
          { quantity: 2.5, unit_price: 120.1, discount_type: 'percent', discount_value: 10, tax_rate_ids: [] },
          { quantity: 3, unit_price: 33.33, discount_type: 'percent', discount_value: '', tax_rate_ids: [7] },
        ],
        discount_type: 'percent',
        discount_value: 5,
      },
      { taxRates: [rate], prices_include_tax: false },
    );
    await waitFor(() =>
      expect(screen.getByTestId('live-total')).toHaveTextContent(formatCurrency(fromCents(expected.total_cents))),
    );
    const totals = screen.getByRole('group', { name: 'Invoice totals' });
    expect(within(totals).getByText(formatCurrency(fromCents(expected.subtotal_cents)))).toBeInTheDocument();
    expect(within(totals).getByText('Sales tax (8.875%)')).toBeInTheDocument();
    expect(within(totals).getByText(formatCurrency(fromCents(expected.tax_cents)))).toBeInTheDocument();
    expect(screen.getByLabelText('Line 1 amount')).toHaveTextContent('$300.25');
  }, 40_000);

  it('a discount is one field whose type box (% or $) sits inside it, one label each (issue 11)', async () => {
    const { user } = renderEditor();
    await fill(user, 'Line 1 quantity', '2');
    await fill(user, 'Line 1 unit price', '100');
    await fill(user, 'Line 1 discount', '15');
    const type = screen.getByRole('combobox', { name: 'Line 1 discount type' });
    expect(type).toHaveValue('percent');
    expect(screen.getByRole('textbox', { name: 'Line 1 discount' })).toHaveValue('15');
    await waitFor(() => expect(screen.getByTestId('live-total')).toHaveTextContent('$170.00'));
    await user.selectOptions(type, '$');
    expect(type).toHaveValue('amount');
    await waitFor(() => expect(screen.getByTestId('live-total')).toHaveTextContent('$185.00'));
    // The type box lives in the value field's right end, not in a labelled box of its own.
    const line = screen.getByRole('group', { name: 'Line 1' });
    expect(within(line).queryByText('Type')).not.toBeInTheDocument();
    expect(type.closest('.mantine-NumberInput-root')).toBe(
      screen.getByRole('textbox', { name: 'Line 1 discount' }).closest('.mantine-NumberInput-root'),
    );
    await user.selectOptions(screen.getByRole('combobox', { name: 'Invoice discount type' }), '$');
    await fill(user, 'Invoice discount', '5');
    // $185.00 less $5.00 off the invoice.
    await waitFor(() => expect(screen.getByTestId('live-total')).toHaveTextContent('$180.00'));
  }, 40_000);

  it('shows the domain messages under the fields', async () => {
    const { user, calls } = renderEditor();
    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    expect(await screen.findByText(INVOICE_MESSAGES.clientRequired)).toBeInTheDocument();
    expect(screen.getByText(INVOICE_MESSAGES.descriptionRequired)).toBeInTheDocument();
    expect(screen.getByText(INVOICE_MESSAGES.unitPriceRequired)).toBeInTheDocument();
    expect(calls.some((call) => call.path === '/api/invoices')).toBe(false);
  });

  it("maps the server's 422 under the fields, a line's field included", async () => {
    const { user, calls } = renderEditor({
      'POST /api/invoices': json(422, {
        message: 'The given data was invalid.',
        errors: { 'lines.1.quantity': ['The quantity is too odd'], due_date: [INVOICE_MESSAGES.dueBeforeIssue] },
      }),
    });
    await pickClient(user);
    await fill(user, 'Line 1 description', 'Design');
    await fill(user, 'Line 1 unit price', '100');
    await user.click(screen.getByRole('button', { name: 'Add line' }));
    await fill(user, 'Line 2 description', 'Printing');
    await fill(user, 'Line 2 unit price', '20');
    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    const quantity = screen.getByRole('textbox', { name: 'Line 2 quantity' });
    await waitFor(() => expect(quantity).toHaveAccessibleDescription('The quantity is too odd'));
    expect(screen.getByText(INVOICE_MESSAGES.dueBeforeIssue)).toBeInTheDocument();
    const body = calls.find((call) => call.path === '/api/invoices')!.body as {
      client_id: number;
      lines: unknown[];
      due_date: string;
    };
    expect(body.client_id).toBe(1);
    expect(body.lines).toHaveLength(2);
  });

  it('moves lines up and down with labelled buttons', async () => {
    const { user } = renderEditor();
    await fill(user, 'Line 1 description', 'First');
    await user.click(screen.getByRole('button', { name: 'Add line' }));
    await fill(user, 'Line 2 description', 'Second');
    expect(screen.getByRole('button', { name: 'Move line 1 up' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Move line 1 down' }));
    expect(screen.getByRole('textbox', { name: 'Line 1 description' })).toHaveValue('Second');
    expect(screen.getByRole('textbox', { name: 'Line 2 description' })).toHaveValue('First');
    await user.click(screen.getByRole('button', { name: 'Remove line 1' }));
    expect(screen.getByRole('textbox', { name: 'Line 1 description' })).toHaveValue('First');
  });

  it('"Save and send" saves, then opens the page with the send dialog, as "Send" does (issue 27 item 14)', async () => {
    const saved = invoiceDetail({ id: 42, status: 'draft', invoice_number: null });
    const { user, calls, router } = renderEditor({
      'POST /api/invoices': json(201, { data: saved }),
    });
    await pickClient(user);
    await fill(user, 'Line 1 description', 'Design');
    await fill(user, 'Line 1 unit price', '100');
    await user.click(screen.getByRole('button', { name: 'Save and send' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/invoices/42'));
    expect(router.state.location.search).toBe('?send=1');
    // Nothing is emailed before the person has seen To, Subject and Message.
    expect(calls.map((call) => `${call.method} ${call.path}`)).toContain('POST /api/invoices');
    expect(calls.some((call) => call.path === '/api/invoices/42/send')).toBe(false);
  });
});

describe('invoice editor, leaving', () => {
  it('asks before leaving with unsaved changes, also for the same path without ?edit=1', async () => {
    stubFetch({ 'GET /api/clients/search': json(200, clients), 'GET /api/products/search': json(200, { data: [] }) });
    const { user, router } = renderPage(
      <InvoiceEditor
        invoice={invoiceDetail({ status: 'draft' })}
        taxRates={[rate]}
        pricesIncludeTax={false}
        defaultTermsDays={30}
      />,
      {
        path: '/invoices/:id',
        route: '/invoices/11?edit=1',
      },
    );
    await fill(user, 'Line 1 description', 'Changed');
    await user.click(screen.getByRole('link', { name: 'Cancel' }));
    const dialog = await screen.findByRole('dialog', { name: 'Discard changes?' });
    await user.click(within(dialog).getByRole('button', { name: 'Stay' }));
    expect(router.state.location.search).toBe('?edit=1');
    await user.click(screen.getByRole('link', { name: 'Cancel' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Discard changes?' })).getByRole('button', {
        name: 'Leave page',
      }),
    );
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(router.state.location.pathname).toBe('/invoices/11');
  });
});

describe('invoice editor, product picker', () => {
  it('fills the line from a product found on the server', async () => {
    const product = {
      id: 3,
      name: 'Design hour',
      description: null,
      type: 'service',
      unit: 'hour',
      unit_price: 120,
      sku: null,
      default_tax_rate: { id: 7, name: 'Sales tax', rate: 8.875, is_compound: false },
    };
    const { user, calls } = renderEditor({ 'GET /api/products/search': json(200, { data: [product] }) });
    await user.click(screen.getByRole('combobox', { name: 'Line 1 product or service' }));
    await user.click(await screen.findByRole('option', { name: /Design hour/ }));
    expect(screen.getByRole('textbox', { name: 'Line 1 description' })).toHaveValue('Design hour');
    expect(screen.getByRole('textbox', { name: 'Line 1 unit' })).toHaveValue('hour');
    expect(screen.getByRole('textbox', { name: 'Line 1 unit price' })).toHaveValue('$120');
    // 120.00 + 8.875 % = 130.65
    await waitFor(() => expect(screen.getByTestId('live-total')).toHaveTextContent('$130.65'));
    expect(calls.some((call) => call.path === '/api/products/search')).toBe(true);
  });

  it('a product with the longest unit and description still fills a line that saves', async () => {
    const product = {
      id: 4,
      name: 'Survey',
      description: 'd'.repeat(5000),
      type: 'service',
      unit: 'u'.repeat(32),
      unit_price: 10,
      sku: null,
      default_tax_rate: null,
    };
    const saved = invoiceDetail({ id: 43, status: 'draft' });
    const { user, calls } = renderEditor({
      'GET /api/products/search': json(200, { data: [product] }),
      'POST /api/invoices': json(201, { data: saved }),
    });
    await pickClient(user);
    await user.click(screen.getByRole('combobox', { name: 'Line 1 product or service' }));
    await user.click(await screen.findByRole('option', { name: /Survey/ }));
    expect(screen.getByRole('textbox', { name: 'Line 1 unit' })).toHaveValue('u'.repeat(32));
    const description = (screen.getByRole('textbox', { name: 'Line 1 description' }) as HTMLTextAreaElement).value;
    expect(description).toHaveLength(LINE_DESCRIPTION_MAX_LENGTH);
    expect(description.startsWith('Survey\nddd')).toBe(true);
    expect(description.endsWith('…')).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    await waitFor(() =>
      expect(calls.some((call) => call.method === 'POST' && call.path === '/api/invoices')).toBe(true),
    );
    const body = calls.find((call) => call.method === 'POST' && call.path === '/api/invoices')!.body as {
      lines: { unit: string; description: string }[];
    };
    expect(invoiceInputSchema.safeParse(body).success).toBe(true);
  });
});

describe('invoice editor, goal', () => {
  const goals = {
    data: [goalItem({ id: 5, title: 'New van' }), goalItem({ id: 6, title: 'Emergency fund' })],
    meta: { page: 1, per_page: 100, total: 2, last_page: 1 },
  };

  it('links a new invoice to an active goal: goal_id is sent', async () => {
    const saved = invoiceDetail({ id: 42, status: 'draft', invoice_number: null, goal_id: 5 });
    const { user, calls, router } = renderEditor({
      'GET /api/goals': json(200, goals),
      'POST /api/invoices': json(201, { data: saved }),
    });
    await pickClient(user);
    await fill(user, 'Line 1 description', 'Design');
    await fill(user, 'Line 1 unit price', '100');
    await user.click(screen.getByRole('combobox', { name: 'Goal (optional)' }));
    await user.click(await screen.findByRole('option', { name: 'New van' }));
    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/invoices/42'));
    expect(calls.find((call) => call.path === '/api/goals')?.query).toMatchObject({ status: 'active' });
    expect(
      (calls.find((call) => call.method === 'POST' && call.path === '/api/invoices')!.body as { goal_id: unknown })
        .goal_id,
    ).toBe(5);
  });

  it('keeps the linked goal when an invoice is edited, also a goal no longer active', async () => {
    const calls = stubFetch({
      'GET /api/clients/search': json(200, clients),
      'GET /api/goals': json(200, goals),
      'GET /api/goals/9': json(200, {
        data: goalItem({ id: 9, title: 'Old laptop', status: 'completed', is_active: false }),
      }),
      'PUT /api/invoices/11': json(200, { data: invoiceDetail({ status: 'draft', goal_id: 9 }) }),
    });
    const { user, router } = renderPage(
      <InvoiceEditor
        invoice={invoiceDetail({ status: 'draft', goal_id: 9 })}
        taxRates={[rate]}
        pricesIncludeTax={false}
        defaultTermsDays={30}
      />,
      {
        path: '/invoices/:id',
        route: '/invoices/11?edit=1',
      },
    );
    // Two requests in a row (the active goals, then the linked one): more than waitFor's default second on a busy machine.
    await waitFor(
      () => expect(screen.getByRole('combobox', { name: 'Goal (optional)' })).toHaveValue('Old laptop (completed)'),
      { timeout: 5000 },
    );
    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(
      (calls.find((call) => call.method === 'PUT' && call.path === '/api/invoices/11')!.body as { goal_id: unknown })
        .goal_id,
    ).toBe(9);
  });

  it('clearing the goal unlinks it: goal_id null', async () => {
    const calls = stubFetch({
      'GET /api/clients/search': json(200, clients),
      'GET /api/goals': json(200, goals),
      'PUT /api/invoices/11': json(200, { data: invoiceDetail({ status: 'draft' }) }),
    });
    const { user, router } = renderPage(
      <InvoiceEditor
        invoice={invoiceDetail({ status: 'draft', goal_id: 5 })}
        taxRates={[rate]}
        pricesIncludeTax={false}
        defaultTermsDays={30}
      />,
      {
        path: '/invoices/:id',
        route: '/invoices/11?edit=1',
      },
    );
    const picker = screen.getByRole('combobox', { name: 'Goal (optional)' });
    await waitFor(() => expect(picker).toHaveValue('New van'), { timeout: 5000 });
    await user.click(screen.getByLabelText('Clear goal'));
    await waitFor(() => expect(picker).toHaveValue(''));
    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(
      (calls.find((call) => call.method === 'PUT' && call.path === '/api/invoices/11')!.body as { goal_id: unknown })
        .goal_id,
    ).toBeNull();
  });

  it('offers every active goal, not only the first page', async () => {
    const many = Array.from({ length: 130 }, (_, index) =>
      goalItem({ id: 100 + index, title: `Goal ${String(index + 1).padStart(3, '0')}` }),
    );
    const saved = invoiceDetail({ id: 42, status: 'draft', invoice_number: null, goal_id: 229 });
    const { user, calls, router } = renderEditor({
      'GET /api/goals': (call) => {
        const pageNumber = Number(call.query.page ?? '1');
        const perPage = Number(call.query.per_page ?? '25');
        return json(200, {
          data: many.slice((pageNumber - 1) * perPage, pageNumber * perPage),
          meta: {
            page: pageNumber,
            per_page: perPage,
            total: many.length,
            last_page: Math.ceil(many.length / perPage),
          },
        });
      },
      'POST /api/invoices': json(201, { data: saved }),
    });
    await pickClient(user);
    await fill(user, 'Line 1 description', 'Design');
    await fill(user, 'Line 1 unit price', '100');
    await user.click(screen.getByRole('combobox', { name: 'Goal (optional)' }));
    const listbox = await screen.findByRole('listbox', { name: 'Goal (optional)' });
    await waitFor(() => expect(within(listbox).getAllByRole('option')).toHaveLength(130));
    // The last goal is on the second page of the server's answer.
    await user.click(within(listbox).getByRole('option', { name: 'Goal 130' }));
    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/invoices/42'));
    const goalCalls = calls.filter((call) => call.path === '/api/goals');
    expect(goalCalls.map((call) => call.query.page)).toEqual([undefined, '2']);
    for (const call of goalCalls)
      expect(call.query).toMatchObject({ status: 'active', sort: 'title', direction: 'asc' });
    expect(
      (calls.find((call) => call.method === 'POST' && call.path === '/api/invoices')!.body as { goal_id: unknown })
        .goal_id,
    ).toBe(229);
  });
});

describe('invoice editor, default notes and terms', () => {
  const business = {
    name: 'Olive Bakery',
    email: null,
    phone: null,
    company_logo: null,
    address: null,
    tax_id: null,
    default_invoice_notes: 'Thank you for your business.',
    default_invoice_terms: 'Payment within 30 days by bank transfer.',
    date_format: 'mm/dd/yy',
    first_day_of_week: 0,
  };
  const editorRoutes = {
    'GET /api/clients/search': json(200, clients),
    'GET /api/tax-rates': json(200, { data: [rate] }),
    'GET /api/settings/invoicing': json(200, { data: { default_payment_terms_days: 30, prices_include_tax: false } }),
    'GET /api/settings/business': json(200, { data: business }),
  };

  it("a new invoice starts with the business's default notes and terms, and saves them", async () => {
    const calls = stubFetch({
      ...editorRoutes,
      'POST /api/invoices': json(201, { data: invoiceDetail({ id: 42, status: 'draft' }) }),
    });
    const { user, router } = renderPage(<InvoiceEditorLoader />, {
      path: '/invoices/create-new',
      route: '/invoices/create-new',
    });
    expect(await screen.findByRole('textbox', { name: 'Notes' })).toHaveValue(business.default_invoice_notes);
    expect(screen.getByRole('textbox', { name: 'Terms' })).toHaveValue(business.default_invoice_terms);
    await pickClient(user);
    await fill(user, 'Line 1 description', 'Design');
    await fill(user, 'Line 1 unit price', '100');
    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/invoices/42'));
    expect(calls.find((call) => call.method === 'POST' && call.path === '/api/invoices')!.body).toMatchObject({
      notes: business.default_invoice_notes,
      terms: business.default_invoice_terms,
    });
  });

  it('an invoice being edited (or a duplicate, which is edited) keeps its own notes and terms', async () => {
    const calls = stubFetch(editorRoutes);
    renderPage(<InvoiceEditorLoader invoice={invoiceDetail({ status: 'draft', notes: null, terms: 'Net 15' })} />, {
      path: '/invoices/:id',
      route: '/invoices/11?edit=1',
    });
    expect(await screen.findByRole('textbox', { name: 'Notes' })).toHaveValue('');
    expect(screen.getByRole('textbox', { name: 'Terms' })).toHaveValue('Net 15');
    expect(calls.some((call) => call.path === '/api/settings/business')).toBe(false);
  });

  it('without the business settings a new invoice still opens, with empty notes and terms', async () => {
    stubFetch({ ...editorRoutes, 'GET /api/settings/business': json(500, { message: 'Server error.' }) });
    renderPage(<InvoiceEditorLoader />, { path: '/invoices/create-new', route: '/invoices/create-new' });
    expect(await screen.findByRole('textbox', { name: 'Notes' })).toHaveValue('');
    expect(screen.getByRole('textbox', { name: 'Terms' })).toHaveValue('');
  });
});

describe('invoice editor, due date from the address (the calendar’s empty day)', () => {
  const routes = {
    'GET /api/clients/search': json(200, clients),
    'GET /api/products/search': json(200, { data: [] }),
    'GET /api/tax-rates': json(200, { data: [rate] }),
    'GET /api/settings/invoicing': json(200, { data: { default_payment_terms_days: 30, prices_include_tax: false } }),
    'GET /api/settings/business': json(404, { message: 'Not found' }),
    'POST /api/invoices': json(201, { data: invoiceDetail({ id: 42, status: 'draft' }) }),
  };

  async function saveFrom(route: string) {
    const calls = stubFetch(routes);
    const { user, router } = renderPage(<InvoiceCreatePage />, { path: '/invoices/create-new', route });
    await screen.findByRole('textbox', { name: 'Line 1 description' });
    // The client's terms (Net 15) would move an untouched due date.
    await pickClient(user);
    await fill(user, 'Line 1 description', 'Design');
    await fill(user, 'Line 1 unit price', '100');
    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/invoices/42'));
    return calls.find((call) => call.method === 'POST' && call.path === '/api/invoices')!.body as {
      issue_date: string;
      due_date: string;
    };
  }

  it('?due_date= starts the invoice due that day, and picking a client keeps it', async () => {
    const today = new Date().toISOString().slice(0, 10);
    const body = await saveFrom('/invoices/create-new?due_date=2099-03-20');
    expect(body).toMatchObject({ due_date: '2099-03-20', issue_date: today });
  });

  it('a day before today is issued that day too', async () => {
    expect(await saveFrom('/invoices/create-new?due_date=2020-01-15')).toMatchObject({
      due_date: '2020-01-15',
      issue_date: '2020-01-15',
    });
  });

  it('a value that is not a real date is ignored: the client’s terms decide', async () => {
    const today = new Date().toISOString().slice(0, 10);
    for (const bad of ['2099-02-30', 'tomorrow', '2099-3-1']) {
      const body = await saveFrom(`/invoices/create-new?due_date=${bad}`);
      expect(body, bad).toMatchObject({ issue_date: today, due_date: dueDateFromTerms(today, 15) });
      vi.unstubAllGlobals();
      cleanup();
    }
  });
});

describe('invoice editor, read-only role', () => {
  it('an accountant gets no editor (the server would refuse the save) and nothing is fetched for it', async () => {
    const calls = stubFetch({});
    renderPage(<InvoiceEditorLoader />, {
      path: '/invoices/create-new',
      route: '/invoices/create-new',
      roles: ['accountant'],
    });
    expect(await screen.findByRole('heading', { name: 'Read-only access' })).toBeInTheDocument();
    expect(screen.getByText(ACCOUNT_MESSAGES.readOnlyRole)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save draft' })).not.toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Notes' })).not.toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });
});
