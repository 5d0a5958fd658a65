import { afterEach, describe, expect, it, vi } from 'vitest';
import { notificationParams, shellApi } from './shell-endpoints';
import { makeStore } from './store';
import { json, stubFetch } from './test-utils';

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const empty = { notifications: [], total: 0, unread_count: 0, current_page: 1, per_page: 10, last_page: 1 };

describe('shell endpoints', () => {
  it('builds the notification query string (SPEC.md section 7)', () => {
    expect(notificationParams({})).toEqual({});
    expect(notificationParams({ per_page: 10, filter: 'unread', count_only: true })).toEqual({
      per_page: '10',
      filter: 'unread',
      count_only: 'true',
    });
    expect(notificationParams({ page: 3, count_only: false })).toEqual({ page: '3' });
  });

  it('marking one read and marking all read PATCH their paths and refresh the lists', async () => {
    const { calls } = stubFetch({
      'GET /api/notifications': json(200, empty),
      'PATCH /api/notifications/7/read': json(200, { message: 'ok', notification: {} }),
      'PATCH /api/notifications/read-all': json(200, { message: 'ok', updated: 2 }),
    });
    const store = makeStore();
    const subscription = store.dispatch(shellApi.endpoints.listNotifications.initiate({ per_page: 10 }));
    await subscription;
    expect(new URL(calls[0]!.url).search).toBe('?per_page=10');
    await store.dispatch(shellApi.endpoints.markNotificationRead.initiate(7));
    await vi.waitFor(() => expect(calls.filter((call) => call.method === 'GET')).toHaveLength(2));
    await store.dispatch(shellApi.endpoints.markAllNotificationsRead.initiate());
    await vi.waitFor(() => expect(calls.filter((call) => call.method === 'GET')).toHaveLength(3));
    expect(calls.filter((call) => call.method === 'PATCH').map((call) => new URL(call.url).pathname)).toEqual([
      '/api/notifications/7/read',
      '/api/notifications/read-all',
    ]);
    subscription.unsubscribe();
  });

  it('posts beta feedback as given', async () => {
    const { calls } = stubFetch({ 'POST /api/beta-feedback': json(201, { message: 'Thanks', data: {} }) });
    const store = makeStore();
    const body = {
      type: 'bug' as const,
      feature: 'invoices' as const,
      description: 'Blank PDF',
      rating: 3,
      systemInfo: { browser: 'b', os: 'o', screenSize: '1x1', currentUrl: 'u' },
      timestamp: '2026-01-01T00:00:00.000Z',
    };
    const result = await store.dispatch(shellApi.endpoints.sendBetaFeedback.initiate(body));
    expect(result.error).toBeUndefined();
    expect(calls[0]!.body).toEqual(body);
  });

  it('lists beta feedback by page and type, leaving out what is not given', async () => {
    const page = { data: [], meta: { page: 2, per_page: 20, total: 0, last_page: 1 } };
    const { calls } = stubFetch({ 'GET /api/beta-feedback': json(200, page) });
    const store = makeStore();
    const result = await store.dispatch(
      shellApi.endpoints.listBetaFeedback.initiate({ page: 2, per_page: 20, type: 'improvement' }),
    );
    expect(result.data).toEqual(page);
    await store.dispatch(shellApi.endpoints.listBetaFeedback.initiate({ page: 1, per_page: 20, type: undefined }));
    expect(calls.map((call) => new URL(call.url).search)).toEqual([
      '?page=2&per_page=20&type=improvement',
      '?page=1&per_page=20',
    ]);
  });
});
