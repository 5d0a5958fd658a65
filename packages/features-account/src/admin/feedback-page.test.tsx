import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { BetaFeedbackEntry, BetaFeedbackListResponse } from '@ledgerleaf/domain';
import { json, renderPage, stubFetch } from '../test/render';
import { signIn } from '../test/fixtures';
import { FEEDBACK_PER_PAGE, FeedbackPage } from './feedback-page';

beforeEach(() => signIn('owner'));
afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

function entry(overrides: Partial<BetaFeedbackEntry> = {}): BetaFeedbackEntry {
  return {
    id: 1,
    user_id: 3,
    user_name: 'Mona Mate',
    user_email: 'mona@example.com',
    type: 'improvement',
    feature: 'advanced-reports',
    rating: 4,
    description: 'A weekly summary email would help.',
    system_info: {
      browser: 'Mozilla/5.0 Firefox/140.0',
      os: 'Linux x86_64',
      screenSize: '1920x1080',
      currentUrl: 'http://localhost/reports',
    },
    client_timestamp: '2026-11-20T09:00:00.000Z',
    created_at: '2026-11-20T09:00:01.000Z',
    ...overrides,
  };
}

function page(
  data: BetaFeedbackEntry[],
  meta: Partial<BetaFeedbackListResponse['meta']> = {},
): BetaFeedbackListResponse {
  return { data, meta: { page: 1, per_page: FEEDBACK_PER_PAGE, total: data.length, last_page: 1, ...meta } };
}

const reports = [
  entry(),
  entry({
    id: 2,
    type: 'bug',
    feature: 'invoices',
    rating: null,
    description: 'The PDF is blank.',
    user_id: null,
    user_name: null,
    user_email: null,
    system_info: { browser: '', os: '', screenSize: '', currentUrl: '' },
    client_timestamp: null,
  }),
];

const show = () => renderPage(<FeedbackPage />, { path: '/admin/feedback', route: '/admin/feedback' });

describe('FeedbackPage (/admin/feedback)', () => {
  it('lists the reports with the SPEC labels, rating, reporter and the range', async () => {
    const calls = stubFetch({ 'GET /api/beta-feedback': json(200, page(reports, { total: 42, last_page: 3 })) });
    show();
    await screen.findByText('A weekly summary email would help.');
    const [, first, second] = within(screen.getByRole('table', { name: 'Beta feedback' })).getAllByRole('row');
    expect(first).toHaveTextContent('Suggestion');
    expect(first).toHaveTextContent('Advanced Reports');
    expect(first).toHaveTextContent('4/5');
    expect(first).toHaveTextContent('A weekly summary email would help.');
    expect(first).toHaveTextContent('Mona Matemona@example.com');
    expect(first).toHaveTextContent('11/20/26');
    expect(second).toHaveTextContent('Bug Report');
    expect(second).toHaveTextContent('None');
    expect(second).toHaveTextContent('Former member');
    expect(screen.getByText('Showing 1-20 of 42')).toBeInTheDocument();
    expect(calls.find((call) => call.path === '/api/beta-feedback')!.query).toEqual({
      page: '1',
      per_page: String(FEEDBACK_PER_PAGE),
    });
  });

  it('asks the server for the next page', async () => {
    const calls = stubFetch({
      'GET /api/beta-feedback': (call) =>
        json(200, page(reports, { page: Number(call.query.page), total: 42, last_page: 3 })),
    });
    const { user } = show();
    await user.click(await screen.findByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(calls.at(-1)!.query).toEqual({ page: '2', per_page: String(FEEDBACK_PER_PAGE) }));
    expect(await screen.findByText('Showing 21-40 of 42')).toBeInTheDocument();
  });

  it('filters by type from the first page', async () => {
    const calls = stubFetch({
      'GET /api/beta-feedback': (call) => json(200, page(call.query.type === 'improvement' ? [reports[0]!] : reports)),
    });
    const { user } = renderPage(<FeedbackPage />, { path: '/admin/feedback', route: '/admin/feedback?page=2' });
    await screen.findByText('The PDF is blank.');
    await user.click(screen.getByRole('combobox', { name: 'Type' }));
    await user.click(await screen.findByRole('option', { name: 'Suggestion' }));
    await waitFor(() =>
      expect(calls.at(-1)!.query).toEqual({ page: '1', per_page: String(FEEDBACK_PER_PAGE), type: 'improvement' }),
    );
    await waitFor(() =>
      expect(within(screen.getByRole('table', { name: 'Beta feedback' })).getAllByRole('row')).toHaveLength(2),
    );
  });

  it('reads the type from the URL', async () => {
    const calls = stubFetch({ 'GET /api/beta-feedback': json(200, page([reports[1]!])) });
    renderPage(<FeedbackPage />, { path: '/admin/feedback', route: '/admin/feedback?type=bug' });
    await screen.findByText('The PDF is blank.');
    expect(calls.find((call) => call.path === '/api/beta-feedback')!.query.type).toBe('bug');
    expect(screen.getByRole('combobox', { name: 'Type' })).toHaveValue('Bug Report');
  });

  it('opens a row on the whole description and the system info, and closes it again', async () => {
    stubFetch({ 'GET /api/beta-feedback': json(200, page(reports)) });
    const { user } = show();
    await screen.findByText('A weekly summary email would help.');
    const table = screen.getByRole('table', { name: 'Beta feedback' });
    expect(within(table).queryByRole('table', { name: 'System info' })).not.toBeInTheDocument();
    const [toggle, otherToggle] = within(table).getAllByRole('button', { name: 'Show' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle!);
    const info = within(table).getByRole('table', { name: 'System info' });
    expect(within(info).getByRole('row', { name: /Browser/ })).toHaveTextContent('Mozilla/5.0 Firefox/140.0');
    expect(within(info).getByRole('row', { name: /Screen size/ })).toHaveTextContent('1920x1080');
    expect(within(info).getByRole('row', { name: /Page/ })).toHaveTextContent('http://localhost/reports');
    const opened = within(table).getByRole('button', { name: 'Hide' });
    expect(opened).toHaveAttribute('aria-expanded', 'true');
    expect(document.getElementById(opened.getAttribute('aria-controls')!)).toContainElement(info);

    await user.click(otherToggle!);
    const infos = within(table).getAllByRole('table', { name: 'System info' });
    expect(infos).toHaveLength(2);
    expect(within(infos[1]!).getAllByText('Not reported')).toHaveLength(5);

    await user.click(within(table).getAllByRole('button', { name: 'Hide' })[0]!);
    expect(within(table).getAllByRole('table', { name: 'System info' })).toHaveLength(1);
  });

  it('shows skeleton rows while loading', async () => {
    let answer: (response: Response) => void = () => {};
    stubFetch({ 'GET /api/beta-feedback': () => new Promise<Response>((resolve) => (answer = resolve)) });
    show();
    expect((await screen.findAllByTestId('table-skeleton-row')).length).toBeGreaterThan(0);
    answer(json(200, page(reports)));
    expect(await screen.findByText('A weekly summary email would help.')).toBeInTheDocument();
  });

  it('says when there is no feedback yet, or none of the chosen type', async () => {
    stubFetch({ 'GET /api/beta-feedback': json(200, page([])) });
    const { unmount } = show();
    expect(await screen.findByText('No feedback yet')).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: 'Beta feedback' })).not.toBeInTheDocument();
    unmount();
    renderPage(<FeedbackPage />, { path: '/admin/feedback', route: '/admin/feedback?type=improvement' });
    expect(await screen.findByText('No Suggestion reports')).toBeInTheDocument();
    // The filter stays, so another type can be chosen.
    expect(screen.getByRole('combobox', { name: 'Type' })).toHaveValue('Suggestion');
  });

  it('shows a load error with the server message and a retry that asks again', async () => {
    let fail = true;
    const calls = stubFetch({
      'GET /api/beta-feedback': () =>
        fail ? json(403, { message: 'This action is unauthorized.' }) : json(200, page(reports)),
    });
    const { user } = show();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The feedback could not be loaded');
    expect(alert).toHaveTextContent('This action is unauthorized.');
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('A weekly summary email would help.')).toBeInTheDocument();
    expect(calls.filter((call) => call.path === '/api/beta-feedback')).toHaveLength(2);
  });
});
