import { afterEach, describe, expect, it, vi } from 'vitest';
import { isDashboardPath, refreshFinancialData } from './financial-data';
import { catalogApi } from './catalog-endpoints';
import { goalApi } from './goal-endpoints';
import { invoiceApi } from './invoice-endpoints';
import { makeStore } from './store';
import { json, stubFetch } from './test-utils';

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

const page = { data: [], meta: { page: 1, per_page: 25, total: 0, last_page: 1 } };

describe('refreshFinancialData', () => {
  it('knows the dashboard paths', () => {
    expect(isDashboardPath('/dashboard')).toBe(true);
    expect(isDashboardPath('/dashboard/')).toBe(true);
    expect(isDashboardPath('/dashboard/reports')).toBe(true);
    expect(isDashboardPath('/dashboards')).toBe(false);
    expect(isDashboardPath('/goals')).toBe(false);
  });

  it('refetches the goals, other income, invoice and client lists a screen shows, and nothing else', async () => {
    const { calls } = stubFetch({
      'GET /api/goals': json(200, page),
      'GET /api/other-income': json(200, page),
      'GET /api/invoices': json(200, page),
      'GET /api/clients': json(200, page),
      'GET /api/products': json(200, page),
    });
    const store = makeStore();
    const subscriptions = [
      store.dispatch(goalApi.endpoints.listGoals.initiate({ type: 'financial', status: 'active' })),
      store.dispatch(goalApi.endpoints.listOtherIncome.initiate({})),
      store.dispatch(invoiceApi.endpoints.listInvoices.initiate({ page: 1 })),
      store.dispatch(catalogApi.endpoints.listClients.initiate({ page: 1 })),
      store.dispatch(catalogApi.endpoints.listProducts.initiate({ page: 1 })),
    ];
    await Promise.all(subscriptions);
    const reads = (path: string) =>
      calls.filter((call) => call.method === 'GET' && new URL(call.url).pathname === path).length;
    expect(['/api/goals', '/api/other-income', '/api/invoices', '/api/clients', '/api/products'].map(reads)).toEqual([
      1, 1, 1, 1, 1,
    ]);
    store.dispatch(refreshFinancialData());
    await vi.waitFor(() =>
      expect(['/api/goals', '/api/other-income', '/api/invoices', '/api/clients'].map(reads)).toEqual([2, 2, 2, 2]),
    );
    // The products are not financial data.
    expect(reads('/api/products')).toBe(1);
    for (const subscription of subscriptions) subscription.unsubscribe();
  });
});
