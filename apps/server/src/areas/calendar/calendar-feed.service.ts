import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone.js';
import utc from 'dayjs/plugin/utc.js';
import ical from 'ical-generator';
import { getVtimezoneComponent } from '@touch4it/ical-timezones';
import {
  CALENDAR_FEED_DAYS_AHEAD,
  CALENDAR_FEED_DAYS_BACK,
  CALENDAR_FEED_KINDS,
  CALENDAR_MESSAGES,
  isAllDayEvent,
  addCalendarDays,
  zonedToday,
  type CalendarEvent,
  type CalendarFeed,
  type CalendarFeedKind,
  type CalendarFeedRequest,
} from '@ledgerleaf/domain';
import {
  deleteCalendarFeed,
  findBusinessById,
  findCalendarFeed,
  findCalendarFeedByTokenHash,
  saveCalendarFeed,
  type CalendarFeedRow,
} from '@ledgerleaf/db';
import type { AuthContext, Deps } from '../../lib/context';
import { generateToken, sha256Hex } from '../../lib/crypto';
import { notFound } from '../../lib/errors';
import { businessTimeZone } from '../crm/crm-common';
import { collectEvents, feedWindow } from './calendar.service';

dayjs.extend(utc);
dayjs.extend(timezone);

/*
 * Each person's private iCalendar feed (RFC 5545). The address carries a random token (32 bytes,
 * base64url); only its SHA-256 is stored (unique), so the feed is found by the token's hash, a
 * regenerated token makes the old address answer 404 at once, and turning the feed off deletes it.
 * The feed holds the kinds its person chose, their own activities only, of their own business.
 */

/** How long activities last in a calendar app (they have a due time, no length). */
const ACTIVITY_MINUTES = 30;

function kindsOf(row: Pick<CalendarFeedRow, 'kinds'>): CalendarFeedKind[] {
  const known = new Set<string>(CALENDAR_FEED_KINDS);
  return row.kinds.split(',').filter((kind): kind is CalendarFeedKind => known.has(kind));
}

export function feedUrl(appUrl: string, token: string): string {
  return `${appUrl}/api/calendar/feeds/${token}.ics`;
}

function feedView(row: CalendarFeedRow | undefined, url: string | null = null): CalendarFeed {
  if (!row) return { enabled: false, kinds: [...CALENDAR_FEED_KINDS], url: null, created_at: null, updated_at: null };
  return {
    enabled: true,
    kinds: kindsOf(row),
    url,
    created_at: new Date(row.created_at).toISOString(),
    updated_at: new Date(row.updated_at).toISOString(),
  };
}

export async function getFeed(deps: Deps, { auth }: { auth: AuthContext }): Promise<CalendarFeed> {
  return feedView(await findCalendarFeed(deps.db, { businessId: auth.businessId, userId: auth.userId }));
}

/** Turns the caller's feed on (answering its address, once) or changes its kinds (the address stays). */
export async function saveFeed(
  deps: Deps,
  { auth, input }: { auth: AuthContext; input: CalendarFeedRequest },
): Promise<{ data: CalendarFeed; message: string }> {
  const key = { businessId: auth.businessId, userId: auth.userId };
  const kinds = CALENDAR_FEED_KINDS.filter((kind) => input.kinds.includes(kind)).join(',');
  return deps.db.transaction().execute(async (tx) => {
    const existing = await findCalendarFeed(tx, key);
    const token = existing ? undefined : generateToken();
    const row = await saveCalendarFeed(tx, {
      ...key,
      kinds,
      tokenHash: token ? sha256Hex(token) : undefined,
      now: deps.clock(),
    });
    return token
      ? { data: feedView(row, feedUrl(deps.config.appUrl, token)), message: CALENDAR_MESSAGES.feedOn }
      : { data: feedView(row), message: CALENDAR_MESSAGES.feedSaved };
  });
}

/** A new address for the caller's feed; the old one answers 404 from now on. */
export async function regenerateFeed(
  deps: Deps,
  { auth }: { auth: AuthContext },
): Promise<{ data: CalendarFeed; message: string }> {
  const key = { businessId: auth.businessId, userId: auth.userId };
  const existing = await findCalendarFeed(deps.db, key);
  if (!existing) throw notFound(CALENDAR_MESSAGES.feedNotFound);
  const token = generateToken();
  const row = await saveCalendarFeed(deps.db, {
    ...key,
    kinds: existing.kinds,
    tokenHash: sha256Hex(token),
    now: deps.clock(),
  });
  return { data: feedView(row, feedUrl(deps.config.appUrl, token)), message: CALENDAR_MESSAGES.feedRegenerated };
}

export async function turnOffFeed(
  deps: Deps,
  { auth }: { auth: AuthContext },
): Promise<{ data: CalendarFeed; message: string }> {
  await deleteCalendarFeed(deps.db, { businessId: auth.businessId, userId: auth.userId });
  return { data: feedView(undefined), message: CALENDAR_MESSAGES.feedOff };
}

function eventUrl(appUrl: string, event: CalendarEvent): string {
  const { type, id } = event.record;
  switch (type) {
    case 'invoice':
      return `${appUrl}/invoices/${id}`;
    case 'recurring_invoice':
      return `${appUrl}/recurring-invoices/${id}`;
    case 'estimate':
      return `${appUrl}/estimates/${id}`;
    case 'goal':
      return `${appUrl}/goals/${id}`;
    case 'lead':
      return `${appUrl}/crm/leads/${id}/edit`;
    case 'opportunity':
      return `${appUrl}/crm/opportunities/${id}/edit`;
    case 'client':
      return `${appUrl}/crm/client-360?client=${id}`;
  }
}

/** The iCalendar text of the feed behind `token`; 404 for a token that names no feed. */
export async function feedCalendar(deps: Deps, { token }: { token: string }): Promise<string> {
  const feed = await findCalendarFeedByTokenHash(deps.db, { tokenHash: sha256Hex(token) });
  if (!feed) throw notFound(CALENDAR_MESSAGES.feedNotFound);
  const timeZone = await businessTimeZone(deps.db, feed.business_id);
  const business = await findBusinessById(deps.db, { businessId: feed.business_id });
  const now = deps.clock();
  const window = feedWindow(zonedToday(now, timeZone), CALENDAR_FEED_DAYS_BACK, CALENDAR_FEED_DAYS_AHEAD);
  const events = await collectEvents(deps.db, {
    businessId: feed.business_id,
    ...window,
    kinds: kindsOf(feed),
    timeZone,
    now,
    // A person's feed: their own activities.
    assigneeUserId: feed.user_id,
    canWrite: false,
  });
  const calendar = ical({
    name: `${business?.name ?? 'Ledgerleaf'} · Ledgerleaf`,
    prodId: { company: 'Ledgerleaf', product: 'Calendar', language: 'EN' },
    timezone: { name: timeZone, generator: getVtimezoneComponent },
    ttl: 60 * 60,
  });
  const appUrl = deps.config.appUrl;
  for (const event of events) {
    const allDay = isAllDayEvent(event);
    const start = allDay ? dayjs.tz(event.start, timeZone) : dayjs(event.start).tz(timeZone);
    const end = allDay ? dayjs.tz(addCalendarDays(event.start, 1), timeZone) : start.add(ACTIVITY_MINUTES, 'minute');
    calendar.createEvent({
      // Stable: the same record gives the same UID in every fetch, so a subscribed calendar updates it.
      id: `${event.id}@ledgerleaf`,
      start,
      end,
      allDay,
      ...(allDay ? {} : { timezone: timeZone }),
      summary: event.title,
      description: [
        event.status ? `Status: ${event.status}` : null,
        event.amount !== undefined ? `Amount: $${event.amount.toFixed(2)}` : null,
        event.assignee ? `Assigned to ${event.assignee.name}` : null,
      ]
        .filter(Boolean)
        .join('\n'),
      url: eventUrl(appUrl, event),
    });
  }
  // DTSTAMP is a UTC instant (RFC 5545 3.8.7.2); the library writes it in the calendar's zone without
  // its Z, so it is written here: the time the feed was made.
  const stamp = now
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
  return calendar.toString().replace(/^DTSTAMP:.*$/gm, `DTSTAMP:${stamp}`);
}
