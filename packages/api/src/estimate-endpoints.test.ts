import { afterEach, describe, expect, it, vi } from 'vitest';
import { estimateApi, fetchEstimatePdf } from './estimate-endpoints';
import { invoiceApi } from './invoice-endpoints';
import { makeStore } from './store';
import { json, stubFetch } from './test-utils';

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const meta = { page: 1, per_page: 25, total: 0, last_page: 1 };
const estimatePage = { data: [], meta };
const invoicePage = {
  data: [],
  meta,
  summary: {
    count: 0,
    total: 0,
    amount_paid: 0,
    balance_due: 0,
    draft_count: 0,
    draft_total: 0,
    void_count: 0,
    void_total: 0,
  },
};
const estimate = { id: 5, estimate_number: 'EST-2026-0001', status: 'sent' };
const gets = (calls: ReturnType<typeof stubFetch>['calls'], path: string) =>
  calls.filter((call) => call.method === 'GET' && new URL(call.url).pathname === path);

describe('estimate endpoints', () => {
  it('lists estimates with the filters in the query string, leaving out the empty ones', async () => {
    const { calls } = stubFetch({ 'GET /api/estimates': json(200, estimatePage) });
    const store = makeStore();
    const result = await store.dispatch(
      estimateApi.endpoints.listEstimates.initiate({
        status: 'open',
        search: '',
        client_id: 4,
        date_from: '2026-01-01',
        date_to: '2026-03-31',
        sort: 'expiry_date',
        direction: 'asc',
        page: 2,
      }),
    );
    expect(new URL(calls[0]!.url).search).toBe(
      '?status=open&client_id=4&date_from=2026-01-01&date_to=2026-03-31&sort=expiry_date&direction=asc&page=2',
    );
    expect(result.data).toEqual(estimatePage);
  });

  it('reads one estimate out of { data }, and saving it refreshes that estimate and the list', async () => {
    let version = 1;
    const { calls } = stubFetch({
      'GET /api/estimates': json(200, estimatePage),
      'GET /api/estimates/5': () => json(200, { data: { ...estimate, version, activity: [] } }),
      'PUT /api/estimates/5': () => {
        version = 2;
        return json(200, { data: { ...estimate, version: 2 }, message: 'Estimate updated.' });
      },
    });
    const store = makeStore();
    const list = store.dispatch(estimateApi.endpoints.listEstimates.initiate({}));
    const detail = store.dispatch(estimateApi.endpoints.getEstimate.initiate(5));
    expect((await detail).data).toMatchObject({ id: 5, version: 1, activity: [] });
    await list;
    const saved = await store.dispatch(
      estimateApi.endpoints.updateEstimate.initiate({ id: 5, body: { client_id: 1, expiry_date: '2026-12-01' } }),
    );
    expect(saved.data).toMatchObject({ id: 5, version: 2 });
    expect(calls.find((call) => call.method === 'PUT')!.body).toEqual({ client_id: 1, expiry_date: '2026-12-01' });
    await vi.waitFor(() => expect(gets(calls, '/api/estimates/5')).toHaveLength(2));
    await vi.waitFor(() => expect(gets(calls, '/api/estimates')).toHaveLength(2));
    list.unsubscribe();
    detail.unsubscribe();
  });

  it('sends an estimate with the chosen body, or an empty one', async () => {
    const sent = {
      data: estimate,
      email: { id: 1, to: ['a@b.test'], subject: 'Estimate', transport: 'log' },
      message: 'Sent',
    };
    const { calls } = stubFetch({ 'POST /api/estimates/5/send': json(200, sent) });
    const store = makeStore();
    const first = await store.dispatch(
      estimateApi.endpoints.sendEstimate.initiate({ id: 5, body: { to: ['a@b.test'], message: 'Hello' } }),
    );
    await store.dispatch(estimateApi.endpoints.sendEstimate.initiate({ id: 5 }));
    expect(first.data?.email.to).toEqual(['a@b.test']);
    expect(calls.map((call) => call.body)).toEqual([{ to: ['a@b.test'], message: 'Hello' }, {}]);
  });

  it('converting an estimate refreshes the invoice list too', async () => {
    const { calls } = stubFetch({
      'GET /api/invoices': json(200, invoicePage),
      'POST /api/estimates/5/convert': json(200, {
        data: { ...estimate, status: 'converted' },
        invoice_id: 77,
        message: 'Converted.',
      }),
    });
    const store = makeStore();
    const invoices = store.dispatch(invoiceApi.endpoints.listInvoices.initiate({}));
    await invoices;
    const converted = await store.dispatch(estimateApi.endpoints.convertEstimate.initiate(5));
    expect(converted.data?.invoice_id).toBe(77);
    await vi.waitFor(() => expect(gets(calls, '/api/invoices')).toHaveLength(2));
    invoices.unsubscribe();
  });

  it('the public page encodes its token, and accepting or declining posts the answer', async () => {
    const token = 'a/b c';
    const encoded = encodeURIComponent(token);
    const publicEstimate = { estimate_number: 'EST-2026-0001', status: 'sent' };
    const { calls } = stubFetch({
      [`GET /api/public/estimates/${encoded}`]: json(200, { data: publicEstimate }),
      [`POST /api/public/estimates/${encoded}/accept`]: json(200, {
        data: { ...publicEstimate, status: 'accepted' },
        message: 'Accepted.',
      }),
      [`POST /api/public/estimates/${encoded}/decline`]: json(200, {
        data: { ...publicEstimate, status: 'declined' },
        message: 'Declined.',
      }),
    });
    const store = makeStore();
    expect((await store.dispatch(estimateApi.endpoints.getPublicEstimate.initiate(token))).data).toEqual(
      publicEstimate,
    );
    const accepted = await store.dispatch(
      estimateApi.endpoints.acceptPublicEstimate.initiate({ token, body: { name: 'Dana' } }),
    );
    expect(accepted.data?.data.status).toBe('accepted');
    await store.dispatch(estimateApi.endpoints.declinePublicEstimate.initiate({ token, body: { reason: 'Too dear' } }));
    const posts = calls.filter((call) => call.method === 'POST');
    expect(posts.map((call) => call.body)).toEqual([{ name: 'Dana' }, { reason: 'Too dear' }]);
  });

  it('lists recurring invoices, and an action on one refreshes it and the list', async () => {
    const recurring = { id: 8, status: 'active' };
    const { calls } = stubFetch({
      'GET /api/recurring-invoices': json(200, { data: [recurring], meta: { ...meta, total: 1 } }),
      'GET /api/recurring-invoices/8': json(200, { data: recurring }),
      'POST /api/recurring-invoices/8/pause': json(200, {
        data: { ...recurring, status: 'paused' },
        message: 'Paused.',
      }),
    });
    const store = makeStore();
    const list = store.dispatch(
      estimateApi.endpoints.listRecurringInvoices.initiate({ status: 'active', search: 'acme' }),
    );
    const detail = store.dispatch(estimateApi.endpoints.getRecurringInvoice.initiate(8));
    await list;
    expect((await detail).data).toEqual(recurring);
    expect(new URL(calls[0]!.url).search).toBe('?status=active&search=acme');
    const paused = await store.dispatch(estimateApi.endpoints.recurringAction.initiate({ id: 8, action: 'pause' }));
    expect(paused.data?.message).toBe('Paused.');
    await vi.waitFor(() => expect(gets(calls, '/api/recurring-invoices/8')).toHaveLength(2));
    await vi.waitFor(() => expect(gets(calls, '/api/recurring-invoices')).toHaveLength(2));
    list.unsubscribe();
    detail.unsubscribe();
  });

  it('reads and saves the recurring settings; saving refreshes them', async () => {
    const config = { send_time: '09:00', time_zone: 'UTC', default_auto_send: false, missed_runs: 'catch_up' as const };
    const { calls } = stubFetch({
      'GET /api/recurring-invoices/config': json(200, { data: config }),
      'PUT /api/recurring-invoices/config': json(200, {
        data: { ...config, time_zone: 'America/New_York' },
        message: 'Saved.',
      }),
    });
    const store = makeStore();
    const read = store.dispatch(estimateApi.endpoints.getRecurringConfig.initiate());
    expect((await read).data).toEqual(config);
    await store.dispatch(
      estimateApi.endpoints.saveRecurringConfig.initiate({ ...config, time_zone: 'America/New_York' }),
    );
    expect(calls.find((call) => call.method === 'PUT')!.body).toEqual({ ...config, time_zone: 'America/New_York' });
    await vi.waitFor(() => expect(gets(calls, '/api/recurring-invoices/config')).toHaveLength(2));
    read.unsubscribe();
  });

  it('“Run now” posts to the scheduler and refreshes recurring invoices, invoices and estimates', async () => {
    const { calls } = stubFetch({
      'GET /api/recurring-invoices': json(200, { data: [], meta }),
      'GET /api/invoices': json(200, invoicePage),
      'GET /api/estimates': json(200, estimatePage),
      'POST /api/recurring-invoices/run-scheduler': json(200, {
        data: { invoices_created: 1, emails_sent: 0, overdue: 0, expired: 0, reminders: 0, failures: 0 },
        message: 'The scheduler created 1 invoice.',
      }),
    });
    const store = makeStore();
    const subscriptions = [
      store.dispatch(estimateApi.endpoints.listRecurringInvoices.initiate({})),
      store.dispatch(invoiceApi.endpoints.listInvoices.initiate({})),
      store.dispatch(estimateApi.endpoints.listEstimates.initiate({})),
    ];
    await Promise.all(subscriptions);
    const ran = await store.dispatch(estimateApi.endpoints.runScheduler.initiate());
    expect(ran.data?.message).toBe('The scheduler created 1 invoice.');
    for (const path of ['/api/recurring-invoices', '/api/invoices', '/api/estimates'])
      await vi.waitFor(() => expect(gets(calls, path)).toHaveLength(2));
    for (const subscription of subscriptions) subscription.unsubscribe();
  });

  it('fetches the estimate PDF as a blob with the bearer token and the file name of the answer', async () => {
    localStorage.setItem('token', 'tok');
    const { calls } = stubFetch({
      'GET /api/estimates/5/pdf': () =>
        new Response('%PDF-1.7', {
          status: 200,
          headers: {
            'content-type': 'application/pdf',
            'content-disposition': 'attachment; filename="EST-2026-0001.pdf"',
          },
        }),
    });
    const { blob, filename } = await fetchEstimatePdf(5, { inline: true });
    expect(filename).toBe('EST-2026-0001.pdf');
    expect(blob.size).toBe(8);
    expect(new URL(calls[0]!.url).search).toBe('?inline=1');
    expect(calls[0]!.headers.get('Authorization')).toBe('Bearer tok');
    await expect(fetchEstimatePdf(6)).rejects.toThrow('Estimate not found.');
  });
});
