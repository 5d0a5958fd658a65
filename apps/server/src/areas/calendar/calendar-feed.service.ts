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
  formatCurrency,
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
import { businessTimeZone } from '../../lib/business-clock';
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

/**
 * The zone timed events are written in: the TZID of the business's zone's VTIMEZONE (an alias such as
 * US/Eastern is described as America/New_York, and the TZID must name the VTIMEZONE), or null (UTC,
 * written with a Z) for UTC itself or a zone the VTIMEZONE data does not know.
 */
export function feedZone(timeZone: string): string | null {
  const component = getVtimezoneComponent(timeZone);
  const tzid = component?.match(/^TZID:(.+?)\r?$/m)?.[1];
  if (!tzid || tzid === 'Etc/UTC' || timeZone === 'UTC') return null;
  return tzid;
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
  // Timed events carry their zone: TZID of the business's zone with its VTIMEZONE, or UTC with a Z
  // when the zone is UTC or has no VTIMEZONE to describe it (a TZID without one is not valid RFC 5545).
  // The calendar itself names no zone to the library, so it writes DTSTAMP in UTC and no non-standard
  // TIMEZONE-ID line; X-WR-TIMEZONE tells the apps that read it which zone the business keeps.
  const eventZone = feedZone(timeZone);
  const calendar = ical({
    name: `${business?.name ?? 'Ledgerleaf'} · Ledgerleaf`,
    prodId: { company: 'Ledgerleaf', product: 'Calendar', language: 'EN' },
    timezone: { name: null, generator: getVtimezoneComponent },
    ttl: 60 * 60,
    x: { 'X-WR-TIMEZONE': timeZone },
  });
  const appUrl = deps.config.appUrl;
  for (const event of events) {
    const allDay = isAllDayEvent(event);
    // Dates are written as they are (VALUE=DATE): the library formats a zone-less date in UTC, so the
    // day is given as UTC midnight.
    const start = allDay ? dayjs.utc(event.start) : dayjs(event.start);
    const end = allDay ? dayjs.utc(addCalendarDays(event.start, 1)) : start.add(ACTIVITY_MINUTES, 'minute');
    calendar.createEvent({
      // Stable: the same record gives the same UID in every fetch, so a subscribed calendar updates it.
      id: `${event.id}@ledgerleaf`,
      start,
      end,
      allDay,
      stamp: now,
      ...(allDay || !eventZone ? {} : { timezone: eventZone }),
      summary: event.title,
      description: [
        event.status ? `Status: ${event.status}` : null,
        event.amount !== undefined ? `Amount: ${formatCurrency(event.amount)}` : null,
        event.assignee ? `Assigned to ${event.assignee.name}` : null,
      ]
        .filter(Boolean)
        .join('\n'),
      url: eventUrl(appUrl, event),
    });
  }
  return calendar.toString();
}
