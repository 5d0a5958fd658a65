import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { CALENDAR_MESSAGES } from '@ledgerleaf/domain';
import { json, renderPage, stubFetch } from '../test/render';
import { activityEvent, calendarEvent, eventsAnswer, feedOff, feedOn } from '../test/fixtures';
import { CalendarPage } from './calendar-page';

afterEach(() => vi.unstubAllGlobals());

function setup(routes: Parameters<typeof stubFetch>[0] = {}, roles = ['owner'], route = '/calendar') {
  const calls = stubFetch({
    'GET /api/calendar/events': json(200, eventsAnswer()),
    'GET /api/calendar/feed': json(200, feedOff),
    'GET /api/calendar/people': json(200, {
      data: [
        { id: 1, name: 'Olive Owner' },
        { id: 2, name: 'Mia Member' },
      ],
    }),
    ...routes,
  });
  return { ...renderPage(<CalendarPage />, { path: '/calendar', route, roles }), calls };
}

describe('Calendar', () => {
  it('loads the visible range only and shows its events, overdue ones in words', async () => {
    const { calls } = setup({
      'GET /api/calendar/events': json(
        200,
        eventsAnswer([calendarEvent({ overdue: true, status: 'overdue' }), activityEvent]),
      ),
    });
    expect(await screen.findByText('Overdue · INV-2030-0001 due · Acme Studio')).toBeInTheDocument();
    const query = calls.find((call) => call.path === '/api/calendar/events')!.query;
    expect(query.from).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(query.to).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(query.kinds).toBeUndefined();
  });

  it('shows a timed event at the business’s wall clock, as the server wrote it', async () => {
    setup();
    const activity = await screen.findByText('Call: Call back · Acme Studio');
    // 12:00-04:00 is noon in New York whatever the browser's zone (FullCalendar shows it in UTC).
    expect(activity.closest('.fc-event')).toHaveTextContent(/^12p/);
  });

  it('says why an event cannot be dragged', async () => {
    setup();
    const due = await screen.findByText('INV-2030-0001 due · Acme Studio');
    const element = due.closest('[title]');
    expect(element?.getAttribute('title')).toContain(CALENDAR_MESSAGES.notDraggable.invoice_due);
  });

  it('shows the error with Retry, and the empty state', async () => {
    setup({ 'GET /api/calendar/events': json(500, { message: 'Server Error' }) });
    expect(await screen.findByRole('alert')).toHaveTextContent('The calendar could not be loaded');
    vi.unstubAllGlobals();
  });

  it('turns the feed on with the kinds chosen and shows its address once', async () => {
    const url = 'http://localhost:3000/api/calendar/feeds/abc.ics';
    const { user, calls } = setup({ 'PUT /api/calendar/feed': json(200, feedOn(url)) });
    const card = await screen.findByRole('region', { name: 'Subscribe from your phone or desktop calendar' });
    await user.click(within(card).getByRole('checkbox', { name: 'Goal target dates' }));
    await user.click(within(card).getByRole('button', { name: 'Turn on feed' }));
    await waitFor(() =>
      expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({
        kinds: ['invoice_due', 'recurring_run', 'estimate_expiry', 'activity'],
      }),
    );
    expect(await within(card).findByDisplayValue(url)).toBeInTheDocument();
  });

  it('asks before making a new address', async () => {
    const { user, calls } = setup({
      'GET /api/calendar/feed': json(200, feedOn()),
      'POST /api/calendar/feed/regenerate': json(200, feedOn('http://localhost:3000/api/calendar/feeds/new.ics')),
    });
    const card = await screen.findByRole('region', { name: 'Subscribe from your phone or desktop calendar' });
    await user.click(await within(card).findByRole('button', { name: 'Make new address' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Make new address' }));
    await waitFor(() => expect(calls.some((call) => call.path === '/api/calendar/feed/regenerate')).toBe(true));
  });

  it('owners filter by person; members have no person filter', async () => {
    setup({}, ['member']);
    await screen.findByText('INV-2030-0001 due · Acme Studio');
    expect(screen.queryByRole('textbox', { name: 'Person' })).not.toBeInTheDocument();
  });

  it('a shared address shows the same view, period and filters', async () => {
    const { calls } = setup({}, ['owner'], '/calendar?view=week&date=2030-05-15&kinds=activity,payment&person=2');
    expect(await screen.findByRole('heading', { level: 2, name: /May 12 – 18, 2030/ })).toBeInTheDocument();
    await waitFor(() => expect(calls.some((call) => call.path === '/api/calendar/events')).toBe(true));
    const query = calls.find((call) => call.path === '/api/calendar/events')!.query;
    // The week of May 15th (Sunday first): [May 12, May 19).
    expect(query).toMatchObject({ from: '2030-05-12', to: '2030-05-19', kinds: 'activity,payment', person_id: '2' });
    expect(screen.getByRole('radio', { name: 'Week' })).toBeChecked();
  });

  it('keeps the view, the period and the filters in the address as they change', async () => {
    const { user, router, calls } = setup({}, ['owner'], '/calendar?date=2030-05-15');
    expect(await screen.findByRole('heading', { level: 2, name: 'May 2030' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'June 2030' })).toBeInTheDocument();
    await waitFor(() => expect(new URLSearchParams(router.state.location.search).get('date')).toBe('2030-06-01'));
    await user.click(screen.getByRole('radio', { name: 'Day' }));
    await waitFor(() => expect(new URLSearchParams(router.state.location.search).get('view')).toBe('day'));
    await user.click(screen.getAllByLabelText('Show')[0]!);
    await user.click(await screen.findByRole('option', { name: 'CRM activities' }));
    await waitFor(() => expect(new URLSearchParams(router.state.location.search).get('kinds')).toBe('activity'));
    await waitFor(() => expect(calls.some((call) => call.query.kinds === 'activity')).toBe(true));
    // Today's period is the default: its date leaves the address.
    await user.click(screen.getByRole('button', { name: 'Today' }));
    await waitFor(() => expect(new URLSearchParams(router.state.location.search).has('date')).toBe(false));
  });

  it('ignores what it does not expect in the address', async () => {
    const { calls } = setup({}, ['member'], '/calendar?view=year&date=2030-02-30&kinds=birthdays&person=2');
    expect(await screen.findByRole('radio', { name: 'Month' })).toBeChecked();
    await waitFor(() => expect(calls.some((call) => call.path === '/api/calendar/events')).toBe(true));
    const query = calls.find((call) => call.path === '/api/calendar/events')!.query;
    expect(query.kinds).toBeUndefined();
    // A member has no person filter: the address cannot give one.
    expect(query.person_id).toBeUndefined();
  });

  it('drives the calendar from its own toolbar: today is off on today’s period, the title follows', async () => {
    const { user, router } = setup({}, ['owner'], '/calendar?view=week&date=2030-05-15');
    expect(await screen.findByRole('heading', { level: 2, name: /May 12 – 18, 2030/ })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Previous' }));
    expect(await screen.findByRole('heading', { level: 2, name: /May 5 – 11, 2030/ })).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'Month' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'May 2030' })).toBeInTheDocument();
    // Month is the default view on a desktop: the address leaves it out.
    await waitFor(() => expect(new URLSearchParams(router.state.location.search).has('view')).toBe(false));
    await user.click(screen.getByRole('button', { name: 'Today' }));
    await waitFor(() => expect(new URLSearchParams(router.state.location.search).has('date')).toBe(false));
    expect(screen.getByRole('button', { name: 'Today' })).toBeDisabled();
  });

  it('on a phone the view is a select, the agenda first', async () => {
    const matchMedia = window.matchMedia;
    window.matchMedia = vi.fn((query: string) => ({
      ...matchMedia(query),
      matches: query.includes('max-width: 36em'),
    }));
    onTestFinished(() => {
      window.matchMedia = matchMedia;
    });
    const { user, router } = setup();
    const select = await screen.findByLabelText('View');
    expect(select).toHaveValue('Agenda');
    expect(screen.queryByRole('radio', { name: 'Month' })).not.toBeInTheDocument();
    await user.click(select);
    await user.click(await screen.findByRole('option', { name: 'Month' }));
    await waitFor(() => expect(new URLSearchParams(router.state.location.search).get('view')).toBe('month'));
    expect(select).toHaveValue('Month');
  });
});
