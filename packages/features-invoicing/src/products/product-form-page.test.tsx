import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { CATALOG_MESSAGES, COMMON_MESSAGES } from '@ledgerleaf/domain';
import { json, renderPage, stubFetch } from '../test/render';
import { product, taxRate } from '../test/fixtures';
import { ProductCreatePage, ProductEditPage } from './product-form-page';
import { ProductsPage } from './products-page';

afterEach(() => vi.unstubAllGlobals());

function setup(routes: Parameters<typeof stubFetch>[0] = {}) {
  const calls = stubFetch({
    'GET /api/tax-rates': json(200, {
      data: [taxRate(), taxRate({ id: 8, name: 'Reduced', rate: 5, is_default: false })],
    }),
    ...routes,
  });
  const view = renderPage(<ProductCreatePage />, { path: '/products/create', route: '/products/create' });
  return { ...view, calls };
}

describe('ProductCreatePage', () => {
  it('starts with the default tax rate and shows the domain messages', async () => {
    const { user, calls } = setup();
    expect(await screen.findByLabelText('Default tax rate', { selector: 'input' })).toHaveValue('Sales tax (8.875%)');
    await user.click(screen.getByRole('button', { name: 'Create service' }));
    expect(await screen.findByText(CATALOG_MESSAGES.nameRequired)).toBeInTheDocument();
    expect(screen.getByText(COMMON_MESSAGES.amountInvalid)).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it('sends the price as a number and maps a 422 to its field', async () => {
    const { user, calls } = setup({
      'POST /api/products': json(422, {
        message: 'The given data was invalid.',
        errors: { sku: [CATALOG_MESSAGES.skuTaken] },
      }),
    });
    await user.type(await screen.findByRole('textbox', { name: /^Name/ }), 'Logo design');
    await user.type(screen.getByRole('textbox', { name: /Unit price/ }), '1250.5');
    await user.type(screen.getByRole('textbox', { name: /^SKU/ }), 'LOGO-1');
    await user.click(screen.getByRole('button', { name: 'Create service' }));
    expect(await screen.findByText(CATALOG_MESSAGES.skuTaken)).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /Unit price/ })).toHaveValue('$1,250.50');
    expect(calls.find((call) => call.method === 'POST')!.body).toEqual({
      name: 'Logo design',
      description: '',
      type: 'service',
      unit: 'hour',
      unit_price: 1250.5,
      default_tax_rate_id: 7,
      sku: 'LOGO-1',
      is_active: true,
    });
  });

  it('a new item’s unit follows its type until the person picks one (issue 27 item 14)', async () => {
    const { user } = setup();
    const unit = await screen.findByRole('combobox', { name: /^Unit\s*\*?$/ });
    expect(unit).toHaveValue('hour');
    await user.click(screen.getByText('Product'));
    expect(unit).toHaveValue('item');
    await user.click(screen.getByText('Service'));
    expect(unit).toHaveValue('hour');
    // A unit the person chose stays whatever the type.
    await user.clear(unit);
    await user.type(unit, 'session');
    await user.click(screen.getByText('Product'));
    expect(unit).toHaveValue('session');
  });
});

describe('ProductsPage', () => {
  it('lists products with price per unit and tax, and links to the tax rates and invoicing settings under /user/settings', async () => {
    stubFetch({
      'GET /api/products': json(200, {
        data: [
          product({
            default_tax_rate_id: 7,
            default_tax_rate: { id: 7, name: 'Sales tax', rate: 8.875, is_compound: false },
          }),
        ],
        meta: { page: 1, per_page: 25, total: 1, last_page: 1 },
      }),
    });
    const { user } = renderPage(<ProductsPage />, { path: '/products', route: '/products' });
    const table = await screen.findByRole('table', { name: 'Products and services' });
    expect(await within(table).findByText('$120.00')).toBeInTheDocument();
    expect(within(table).getByText('Sales tax (8.875%)')).toBeInTheDocument();
    expect(screen.queryByRole('tab')).not.toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Settings' }));
    expect(await screen.findByTestId('location')).toHaveTextContent('/user/settings');
  });

  it('filters by type on the server', async () => {
    const calls = stubFetch({
      'GET /api/products': json(200, { data: [product()], meta: { page: 1, per_page: 25, total: 1, last_page: 1 } }),
    });
    const { user } = renderPage(<ProductsPage />, { path: '/products', route: '/products' });
    await screen.findByRole('table', { name: 'Products and services' });
    await user.click(screen.getByRole('radio', { name: 'Products' }));
    await waitFor(() =>
      expect(calls.filter((call) => call.path === '/api/products').at(-1)!.query).toMatchObject({
        type: 'product',
        status: 'active',
      }),
    );
  });
});

describe('products for the read-only role', () => {
  it('lists and exports the catalogue, and offers nothing that changes it', async () => {
    stubFetch({
      'GET /api/products': json(200, { data: [product()], meta: { page: 1, per_page: 25, total: 1, last_page: 1 } }),
    });
    renderPage(<ProductsPage />, { path: '/products', route: '/products', roles: ['accountant'] });
    const table = await screen.findByRole('table', { name: 'Products and services' });
    expect(await within(table).findByRole('link', { name: 'Design hour' })).toHaveAttribute('href', '/products/3/edit');
    expect(within(table).getByText('$120.00')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'New product or service' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Import CSV' })).not.toBeInTheDocument();
    expect(within(table).queryByRole('button', { name: /^Actions for/ })).not.toBeInTheDocument();
  });

  it('shows an item with every field off and no save', async () => {
    stubFetch({
      'GET /api/products/3': json(200, { data: product() }),
      'GET /api/tax-rates': json(200, { data: [taxRate()] }),
    });
    renderPage(<ProductEditPage />, { path: '/products/:id/edit', route: '/products/3/edit', roles: ['accountant'] });
    expect(await screen.findByRole('heading', { level: 1, name: 'Design hour' })).toBeInTheDocument();
    expect(screen.getByText('Your role can view but not change this.')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Name/)).toHaveValue('Design hour');
    expect(screen.getByLabelText(/^Name/)).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Save changes' })).not.toBeInTheDocument();
  });
});
