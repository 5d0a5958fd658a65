import { afterEach, describe, expect, it, vi } from 'vitest';
import { catalogApi, listParams } from './catalog-endpoints';
import { makeStore } from './store';
import { json, stubFetch } from './test-utils';

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const page = (data: unknown[]) => ({ data, meta: { page: 1, per_page: 25, total: data.length, last_page: 1 } });

describe('catalog endpoints', () => {
  it('drops empty list parameters so the server applies its defaults', () => {
    expect(listParams({ search: '', sort: 'name', page: 2, status: undefined, direction: null })).toEqual({
      sort: 'name',
      page: 2,
    });
  });

  it('lists clients with the query string and refetches the list after a create', async () => {
    const { calls } = stubFetch({
      'GET /api/clients': json(200, page([])),
      'POST /api/clients': json(201, { data: { id: 4, name: 'Acme' } }),
    });
    const store = makeStore();
    const subscription = store.dispatch(
      catalogApi.endpoints.listClients.initiate({
        search: 'acme',
        sort: 'balance',
        direction: 'desc',
        page: 2,
        status: 'all',
      }),
    );
    await subscription;
    expect(new URL(calls[0]!.url).search).toBe('?search=acme&sort=balance&direction=desc&page=2&status=all');
    const created = await store.dispatch(catalogApi.endpoints.createClient.initiate({ name: 'Acme' }));
    expect(created.data).toEqual({ id: 4, name: 'Acme' });
    await vi.waitFor(() => expect(calls.filter((call) => call.method === 'GET')).toHaveLength(2));
    subscription.unsubscribe();
  });

  it('reads the CSV export as text', async () => {
    stubFetch({
      'GET /api/clients/export.csv': () =>
        new Response('id,name\n1,Acme\n', { status: 200, headers: { 'content-type': 'text/csv' } }),
    });
    const store = makeStore();
    const result = await store.dispatch(catalogApi.endpoints.exportClientsCsv.initiate());
    expect(result.data).toBe('id,name\n1,Acme\n');
  });

  it('refreshes products when a tax rate changes, since they embed it', async () => {
    const { calls } = stubFetch({
      'GET /api/products': json(200, page([])),
      'PUT /api/tax-rates/7': json(200, { data: { id: 7, name: 'Sales tax', rate: 9 } }),
    });
    const store = makeStore();
    const subscription = store.dispatch(catalogApi.endpoints.listProducts.initiate({}));
    await subscription;
    await store.dispatch(catalogApi.endpoints.updateTaxRate.initiate({ id: 7, body: { name: 'Sales tax', rate: 9 } }));
    await vi.waitFor(() =>
      expect(calls.filter((call) => call.method === 'GET' && call.url.includes('/api/products'))).toHaveLength(2),
    );
    subscription.unsubscribe();
  });
});
