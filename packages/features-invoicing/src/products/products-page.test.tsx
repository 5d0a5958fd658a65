import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { Product, ProductPage } from '@ledgerleaf/domain';
import { json, renderPage, stubFetch } from '../test/render';
import { product } from '../test/fixtures';
import { ProductsPage } from './products-page';

afterEach(() => vi.unstubAllGlobals());

const productPage = (data: Product[], meta: Partial<ProductPage['meta']> = {}): ProductPage => ({
  data,
  meta: { page: 1, per_page: 25, total: data.length, last_page: 1, ...meta },
});

function setup(routes: Parameters<typeof stubFetch>[0] = {}, route = '/products') {
  const calls = stubFetch({ 'GET /api/products': json(200, productPage([product()])), ...routes });
  const view = renderPage(<ProductsPage />, { path: '/products', route });
  const listCalls = () => calls.filter((call) => call.method === 'GET' && call.path === '/api/products');
  const writes = () => calls.filter((call) => call.method !== 'GET' && call.path.startsWith('/api/products'));
  return { ...view, calls, listCalls, writes };
}

/** The toast (role status, or alert for an error) that reads `summary`. */
async function toast(role: 'status' | 'alert', summary: string) {
  return waitFor(() => {
    const found = screen.getAllByRole(role).find((element) => within(element).queryByText(summary));
    expect(found).toBeDefined();
    return found!;
  });
}

async function openAction(user: ReturnType<typeof setup>['user'], name: string, action: string) {
  await screen.findByRole('table', { name: 'Products and services' });
  await user.click(await screen.findByRole('button', { name: `Actions for ${name}` }));
  await user.click(await screen.findByRole('menuitem', { name: action }));
}

describe('ProductsPage', () => {
  it('shows the products with their price and unit', async () => {
    setup();
    const table = await screen.findByRole('table', { name: 'Products and services' });
    expect(await within(table).findByRole('link', { name: 'Design hour' })).toHaveAttribute('href', '/products/3/edit');
    expect(within(table).getByText('$120.00')).toBeInTheDocument();
  });

  it('invites to add the first product or service when there are none', async () => {
    const { listCalls } = setup({ 'GET /api/products': json(200, productPage([])) });
    expect(await screen.findByText('No products or services yet')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Add your first product or service' })).toHaveAttribute(
      'href',
      '/products/create',
    );
    // One Import CSV in the header, one in the empty state.
    expect(screen.getAllByRole('button', { name: 'Import CSV' })).toHaveLength(2);
    expect(screen.queryByRole('table', { name: 'Products and services' })).not.toBeInTheDocument();
    expect(listCalls()[0]!.query).toMatchObject({ status: 'active', page: '1' });
  });

  it('with filters that match nothing says so, without the first-product invitation', async () => {
    setup({ 'GET /api/products': json(200, productPage([])) }, '/products?status=archived');
    expect(await screen.findByText('No matching items')).toBeInTheDocument();
    expect(screen.queryByText('No products or services yet')).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Add your first product or service' })).not.toBeInTheDocument();
  });

  it('shows an error with a retry that asks again', async () => {
    let fail = true;
    const { user, listCalls } = setup({
      'GET /api/products': () => (fail ? json(500, { message: 'Server error' }) : json(200, productPage([product()]))),
    });
    expect(await screen.findByText('Products could not be loaded')).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: 'Products and services' })).not.toBeInTheDocument();
    const before = listCalls().length;
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('link', { name: 'Design hour' })).toBeInTheDocument();
    expect(listCalls().length).toBeGreaterThan(before);
    expect(screen.queryByText('Products could not be loaded')).not.toBeInTheDocument();
  });

  it('does not archive when the confirmation is cancelled', async () => {
    const { user, writes, listCalls } = setup({
      'POST /api/products/3/archive': json(200, { data: product({ status: 'archived' }) }),
    });
    await openAction(user, 'Design hour', 'Archive');
    const dialog = await screen.findByRole('dialog', { name: 'Archive item?' });
    expect(within(dialog).getByText(/Design hour will no longer be offered on new invoices/)).toBeInTheDocument();
    const before = listCalls().length;
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Archive item?' })).not.toBeInTheDocument());
    expect(writes()).toEqual([]);
    expect(listCalls()).toHaveLength(before);
    expect(screen.getByRole('link', { name: 'Design hour' })).toBeInTheDocument();
  });

  it('archives after confirmation and refreshes the list', async () => {
    const { user, writes, listCalls } = setup({
      'POST /api/products/3/archive': json(200, { data: product({ status: 'archived' }) }),
    });
    await openAction(user, 'Design hour', 'Archive');
    const dialog = await screen.findByRole('dialog', { name: 'Archive item?' });
    const before = listCalls().length;
    await user.click(within(dialog).getByRole('button', { name: 'Archive' }));
    await waitFor(() =>
      expect(writes().map((call) => `${call.method} ${call.path}`)).toEqual(['POST /api/products/3/archive']),
    );
    await waitFor(() => expect(listCalls().length).toBeGreaterThan(before));
    expect(within(await toast('status', 'Archived')).getByText('Design hour')).toBeInTheDocument();
  });

  it('does not delete when the confirmation is cancelled', async () => {
    const { user, writes } = setup({ 'DELETE /api/products/3': json(200, { message: 'Product deleted.' }) });
    await openAction(user, 'Design hour', 'Delete');
    const dialog = await screen.findByRole('dialog', { name: 'Delete item?' });
    expect(within(dialog).getByText(/Design hour will be deleted for good/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Delete item?' })).not.toBeInTheDocument());
    expect(writes()).toEqual([]);
    expect(screen.getByRole('link', { name: 'Design hour' })).toBeInTheDocument();
  });

  it('deletes after confirmation and refreshes the list', async () => {
    const { user, writes, listCalls } = setup({ 'DELETE /api/products/3': json(200, { message: 'Product deleted.' }) });
    await openAction(user, 'Design hour', 'Delete');
    const dialog = await screen.findByRole('dialog', { name: 'Delete item?' });
    const before = listCalls().length;
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() =>
      expect(writes().map((call) => `${call.method} ${call.path}`)).toEqual(['DELETE /api/products/3']),
    );
    await waitFor(() => expect(listCalls().length).toBeGreaterThan(before));
    expect(within(await toast('status', 'Deleted')).getByText('Design hour')).toBeInTheDocument();
  });

  it('a refused delete (an item used on invoices) says why and keeps the item', async () => {
    const { user, writes } = setup({
      'DELETE /api/products/3': json(409, { message: 'This item is used on invoices. Archive it instead.' }),
    });
    await openAction(user, 'Design hour', 'Delete');
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Delete item?' })).getByRole('button', { name: 'Delete' }),
    );
    expect(
      within(await toast('alert', 'Could not delete')).getByText('This item is used on invoices. Archive it instead.'),
    ).toBeInTheDocument();
    expect(writes()).toHaveLength(1);
    expect(screen.getByRole('link', { name: 'Design hour' })).toBeInTheDocument();
  });
});
