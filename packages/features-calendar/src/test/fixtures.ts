import type { CalendarEvent, CalendarFeedResponse, CalendarResponse } from '@ledgerleaf/domain';

/** Today (UTC): the canned events fall in the month a calendar opens on. */
export const TODAY = new Date().toISOString().slice(0, 10);

/** Canned answers of the calendar's endpoints (tests and stories). */
export function calendarEvent(overrides: Partial<CalendarEvent> = {}): CalendarEvent {
  return {
    id: 'invoice_due-1',
    kind: 'invoice_due',
    title: 'INV-2030-0001 due · Acme Studio',
    start: TODAY,
    status: 'sent',
    amount: 400,
    record: { type: 'invoice', id: 1 },
    ...overrides,
  };
}

export const activityEvent: CalendarEvent = {
  id: 'activity-7',
  kind: 'activity',
  title: 'Call: Call back · Acme Studio',
  // Noon in New York (the business's zone) during daylight saving time.
  start: `${TODAY}T12:00:00-04:00`,
  status: 'open',
  record: { type: 'client', id: 5 },
  activity_id: 7,
  assignee: { id: 1, name: 'Olive Owner' },
  editable: true,
};

export function eventsAnswer(data: CalendarEvent[] = [calendarEvent(), activityEvent]): CalendarResponse {
  return { data, time_zone: 'America/New_York', today: TODAY, from: TODAY, to: TODAY };
}

export const feedOff: CalendarFeedResponse = {
  data: {
    enabled: false,
    kinds: ['invoice_due', 'recurring_run', 'estimate_expiry', 'activity', 'goal_target'],
    url: null,
    created_at: null,
    updated_at: null,
  },
};

export const feedOn = (url: string | null = null): CalendarFeedResponse => ({
  data: {
    enabled: true,
    kinds: ['invoice_due', 'activity'],
    url,
    created_at: '2030-05-10T15:00:00.000Z',
    updated_at: '2030-05-10T15:00:00.000Z',
  },
  message: url ? 'Your calendar feed is on. Copy its address now: it is shown only once.' : undefined,
});
