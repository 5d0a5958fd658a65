import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness';
import { feedZone } from './calendar-feed.service';
import {
  calendarBusiness,
  createActivity,
  createInvoice,
  setClock,
  expectFeedStamp,
  type CalendarBusiness,
} from './calendar.test-helpers';

/*
 * The feed's times, read back by an independent parser (ical.js): every timed event names its zone
 * (TZID with its VTIMEZONE) or is in UTC (Z), so a subscriber in any zone sees the instant the
 * business meant, on both sides of a daylight saving change.
 */

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  // 11:00 in New York on Friday 2030-05-10: the feed reaches 90 days back, past 2030-03-10 (EST -> EDT).
  setClock(t, '2030-05-10T15:00:00Z');
});
afterAll(async () => {
  await t.close();
});

async function feedText(b: CalendarBusiness): Promise<string> {
  const on = await t.put('/api/calendar/feed', { kinds: ['invoice_due', 'activity'] }, { token: b.token });
  expect(on.statusCode, on.body).toBe(200);
  const fetched = await t.app.inject({ method: 'GET', url: new URL(on.json().data.url as string).pathname });
  expect(fetched.statusCode, fetched.body).toBe(200);
  return fetched.body;
}

function parse(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text));
  // ical.js resolves a TZID through its timezone service: register the feed's own VTIMEZONEs, so
  // the instants below come from what the feed says, not from this machine's zone data.
  for (const vtimezone of calendar.getAllSubcomponents('vtimezone')) ICAL.TimezoneService.register(vtimezone);
  const events = new Map(
    calendar.getAllSubcomponents('vevent').map((vevent) => {
      const event = new ICAL.Event(vevent);
      return [event.uid, event] as const;
    }),
  );
  return { calendar, events };
}

/** The lines of the feed's events that hold a date-time (not the VTIMEZONE's own rules). */
function eventTimeLines(text: string): string[] {
  const vevents = text.split('BEGIN:VEVENT').slice(1).join('\n');
  return vevents.split(/\r?\n/).filter((line) => /^(DTSTART|DTEND|DTSTAMP)[;:]/.test(line));
}

function instant(time: ICAL.Time): string {
  return time.toJSDate().toISOString();
}

describe('the feed’s times', () => {
  it('a business in UTC: timed events are in UTC with a Z, dates are dates, amounts formatted', async () => {
    const b = await calendarBusiness(t, 'feed-utc@example.com', 'Utc Works', 'UTC');
    const call = await createActivity(t, b, '2030-05-13T10:00:00Z');
    const invoice = await createInvoice(t, b, '2030-05-20', { send: true, price: 1234.5 });
    const text = await feedText(b);

    expect(text).not.toMatch(/^TIMEZONE-ID/m);
    expect(text).toMatch(/^X-WR-TIMEZONE:UTC\r?$/m);
    for (const line of eventTimeLines(text)) expect(line, line).toMatch(/(Z|;VALUE=DATE:\d{8})$/);

    const { events } = parse(text);
    const activity = events.get(`activity-${call.id}@ledgerleaf`)!;
    expect(activity.startDate.zone?.tzid).toBe('UTC');
    expect(instant(activity.startDate)).toBe('2030-05-13T10:00:00.000Z');
    expect(instant(activity.endDate)).toBe('2030-05-13T10:30:00.000Z');
    const due = events.get(`invoice_due-${invoice}@ledgerleaf`)!;
    expect(due.startDate.isDate).toBe(true);
    expect(due.startDate.toString()).toBe('2030-05-20');
    expect(due.description).toContain('Amount: $1,234.50');
    expectFeedStamp(t, due.component.getFirstPropertyValue('dtstamp'));
  });

  it('a business in New York: timed events carry TZID with its VTIMEZONE, right on both sides of a DST change', async () => {
    const b = await calendarBusiness(t, 'feed-ny@example.com', 'Hudson Works', 'America/New_York');
    // 09:00 on Saturday 2030-03-09 (EST, UTC-5) and on Monday 2030-03-11 (EDT, UTC-4).
    const before = await createActivity(t, b, '2030-03-09T14:00:00Z');
    const after = await createActivity(t, b, '2030-03-11T13:00:00Z');
    // A date east of UTC's midnight stays the same date (not moved by a zone).
    const invoice = await createInvoice(t, b, '2030-03-10', { send: true, price: 98765.4, issueDate: '2030-03-01' });
    const text = await feedText(b);

    expect(text).not.toMatch(/^TIMEZONE-ID/m);
    expect(text).toMatch(/^X-WR-TIMEZONE:America\/New_York\r?$/m);
    for (const line of eventTimeLines(text))
      expect(line, line).toMatch(/^(DTSTART|DTEND);TZID=America\/New_York:\d{8}T\d{6}$|Z$|;VALUE=DATE:\d{8}$/);

    const { calendar, events } = parse(text);
    expect(calendar.getAllSubcomponents('vtimezone').map((zone) => zone.getFirstPropertyValue('tzid'))).toEqual([
      'America/New_York',
    ]);
    const early = events.get(`activity-${before.id}@ledgerleaf`)!;
    const late = events.get(`activity-${after.id}@ledgerleaf`)!;
    expect(early.startDate.toString()).toBe('2030-03-09T09:00:00');
    expect(late.startDate.toString()).toBe('2030-03-11T09:00:00');
    expect(instant(early.startDate)).toBe('2030-03-09T14:00:00.000Z');
    expect(instant(late.startDate)).toBe('2030-03-11T13:00:00.000Z');
    expect(instant(late.endDate)).toBe('2030-03-11T13:30:00.000Z');
    const due = events.get(`invoice_due-${invoice}@ledgerleaf`)!;
    expect(due.startDate.toString()).toBe('2030-03-10');
    expect(due.description).toContain('Amount: $98,765.40');
  });

  it('a business east of UTC keeps its dates: a due date is not written as the day before', async () => {
    const b = await calendarBusiness(t, 'feed-berlin@example.com', 'Spree Works', 'Europe/Berlin');
    const invoice = await createInvoice(t, b, '2030-05-20', { send: true });
    const call = await createActivity(t, b, '2030-05-13T07:00:00Z');
    const { events } = parse(await feedText(b));
    expect(events.get(`invoice_due-${invoice}@ledgerleaf`)!.startDate.toString()).toBe('2030-05-20');
    const activity = events.get(`activity-${call.id}@ledgerleaf`)!;
    expect(activity.startDate.toString()).toBe('2030-05-13T09:00:00');
    expect(instant(activity.startDate)).toBe('2030-05-13T07:00:00.000Z');
  });
});

describe('feedZone', () => {
  it('names the VTIMEZONE’s own TZID, and UTC (a Z) for UTC or a zone without one', () => {
    expect(feedZone('America/New_York')).toBe('America/New_York');
    // An alias is described under its canonical name: the TZID must name the VTIMEZONE written.
    expect(feedZone('US/Eastern')).toBe('America/New_York');
    expect(feedZone('UTC')).toBeNull();
    expect(feedZone('Etc/UTC')).toBeNull();
    expect(feedZone('Nowhere/Atlantis')).toBeNull();
  });
});
