import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { SHELL_MESSAGES } from '@ledgerleaf/domain';
import { json, stubFetch } from '../test/fetch';
import { renderShell } from '../layout/shell-test-utils';
import { CookiesPage, GdprPage, PrivacyPage, TermsPage } from './legal-pages';
import { NotificationsPage, readListState } from './notifications-page';
import { FaqPage, FeaturesPage, SupportPage } from './resources-pages';
import { shellRoutes } from './shell-routes';

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const note = (id: number, title: string, read = false) => ({
  id,
  type: 'Invoice',
  data: { title, message: `${title} message`, invoice_id: id },
  title,
  message: `${title} message`,
  created_at: new Date(Date.now() - id * 3_600_000).toISOString(),
  read_at: read ? new Date().toISOString() : null,
});

describe('shell routes (SPEC.md section 2)', () => {
  it('serves /notifications and the legal and resources pages under the authenticated area', () => {
    expect(shellRoutes.map((route) => route.path)).toEqual([
      '/notifications',
      '/legal/terms',
      '/legal/privacy',
      '/legal/cookies',
      '/legal/gdpr',
      '/resources/features',
      '/resources/faq',
      '/resources/support',
    ]);
  });
});

describe('/notifications', () => {
  it('reads filter and page from the URL', () => {
    expect(readListState(new URLSearchParams('filter=unread&page=3'))).toEqual({ filter: 'unread', page: 3 });
    expect(readListState(new URLSearchParams('filter=x&page=-2'))).toEqual({ filter: 'all', page: 1 });
  });

  it('lists notifications with pages, filters unread and marks one and all read', async () => {
    const calls = stubFetch({
      'GET /api/notifications': (call) =>
        json(200, {
          notifications:
            call.query.filter === 'unread'
              ? [note(1, 'Invoice viewed')]
              : [note(1, 'Invoice viewed'), note(2, 'Invoice sent', true)],
          total: call.query.filter === 'unread' ? 1 : 12,
          unread_count: 1,
          current_page: Number(call.query.page ?? 1),
          per_page: 10,
          last_page: call.query.filter === 'unread' ? 1 : 2,
        }),
      'PATCH /api/notifications/1/read': json(200, { message: 'ok', notification: {} }),
      'PATCH /api/notifications/read-all': json(200, { message: 'ok', updated: 1 }),
    });
    const { router } = renderShell(<NotificationsPage />, { path: '/notifications' });
    expect(await screen.findByRole('heading', { name: 'Notifications', level: 1 })).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'Notifications' });
    expect(within(list).getAllByTestId('notification-item')).toHaveLength(2);
    expect(screen.getByText('1 unread')).toBeInTheDocument();
    expect(within(list).getByRole('link', { name: /Invoice viewed/ })).toHaveAttribute('href', '/invoices/1');

    fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(router.state.location.search).toBe('?page=2'));
    await waitFor(() => expect(calls.some((call) => call.query.page === '2')).toBe(true));

    fireEvent.click(screen.getByRole('radio', { name: 'Unread' }));
    await waitFor(() => expect(router.state.location.search).toBe('?filter=unread'));
    await waitFor(() =>
      expect(
        within(screen.getByRole('list', { name: 'Notifications' })).getAllByTestId('notification-item'),
      ).toHaveLength(1),
    );

    fireEvent.click(screen.getByRole('button', { name: 'Mark as read: Invoice viewed' }));
    fireEvent.click(screen.getByRole('button', { name: 'Mark all as read' }));
    await waitFor(() =>
      expect(calls.filter((call) => call.method === 'PATCH').map((call) => call.path)).toEqual([
        '/api/notifications/1/read',
        '/api/notifications/read-all',
      ]),
    );
  });

  it("shows the empty state 'No notifications' / \"You're all caught up!\"", async () => {
    stubFetch({
      'GET /api/notifications': json(200, {
        notifications: [],
        total: 0,
        unread_count: 0,
        current_page: 1,
        per_page: 10,
        last_page: 1,
      }),
    });
    renderShell(<NotificationsPage />, { path: '/notifications' });
    expect(await screen.findByRole('heading', { name: 'No notifications' })).toBeInTheDocument();
    expect(screen.getAllByText("You're all caught up!").length).toBeGreaterThan(0);
    expect(screen.getByRole('button', { name: 'Mark all as read' })).toBeDisabled();
  });

  it("shows 'Failed to load notifications' with a retry", async () => {
    let fail = true;
    stubFetch({
      'GET /api/notifications': () =>
        fail
          ? json(500, { message: 'boom' })
          : json(200, {
              notifications: [note(1, 'Back')],
              total: 1,
              unread_count: 1,
              current_page: 1,
              per_page: 10,
              last_page: 1,
            }),
    });
    renderShell(<NotificationsPage />, { path: '/notifications' });
    expect(await screen.findByText(SHELL_MESSAGES.notificationsLoadFailed)).toBeInTheDocument();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Back')).toBeInTheDocument();
  });
});

describe('legal and resources pages', () => {
  it.each([
    [TermsPage, 'Terms of Service', /argon2id|Profile & Settings/],
    [PrivacyPage, 'Privacy Policy', /argon2id/],
    [CookiesPage, 'Cookie Policy', /XSRF-TOKEN/],
    [GdprPage, 'GDPR and your rights', /DELETE/],
    [FeaturesPage, 'Features', /Recurring invoices/],
    [FaqPage, 'Frequently asked questions', /How are invoice numbers chosen\?/],
    [SupportPage, 'Support', /Beta feedback/],
  ] as const)('%o has its h1 and real content', async (Page, title, text) => {
    stubFetch({});
    renderShell(<Page />);
    expect(await screen.findByRole('heading', { name: title, level: 1 })).toBeInTheDocument();
    expect(screen.getAllByText(text).length).toBeGreaterThan(0);
  });

  it('the cookie policy lists every browser storage key the app uses', async () => {
    stubFetch({});
    renderShell(<CookiesPage />);
    for (const key of [
      'XSRF-TOKEN',
      'token',
      'user',
      'theme, darkMode',
      'fontSizePreference',
      'sideNavCollapsed',
      'betaVersion',
    ]) {
      expect((await screen.findAllByText(key, { selector: 'code' })).length).toBeGreaterThan(0);
    }
  });
});
