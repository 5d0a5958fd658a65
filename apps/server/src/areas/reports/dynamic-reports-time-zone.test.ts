import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATE_MODES, DATE_PARTS, addCalendarDays } from '@ledgerleaf/domain';
import { createTestApp, type TestApp } from '../../test/harness';

/*
 * Dynamic reports over fields stored as instants (a lead's created time, an activity's due time):
 * they are the business's calendar dates, in its time zone, for columns, filters and group-by alike.
 * Records near local midnight and around the daylight saving changes of a business in New York,
 * where the UTC date (what a plain `substr` of the instant would give) is the next day, the next
 * week, quarter or year; every answer is checked against a reference computed in plain TypeScript.
 */
const ZONE = 'America/New_York';
let t: TestApp;
let token: string;

/** Instants and their New York dates, worked out by hand (EST is UTC-5, EDT UTC-4; 2026: Mar 8 - Nov 1). */
const LEADS: Array<{ name: string; at: string; local: string }> = [
  { name: 'L1', at: '2026-03-10T03:59:59.000Z', local: '2026-03-09' }, // 23:59:59 EDT
  { name: 'L2', at: '2026-03-10T04:00:00.000Z', local: '2026-03-10' }, // 00:00 EDT
  { name: 'L3', at: '2026-03-08T06:59:00.000Z', local: '2026-03-08' }, // 01:59 EST, a minute before the change
  { name: 'L4', at: '2026-03-08T04:30:00.000Z', local: '2026-03-07' }, // 23:30 EST
  { name: 'L5', at: '2026-03-09T03:00:00.000Z', local: '2026-03-08' }, // Sunday 23:00 EDT (UTC: Monday)
  { name: 'L6', at: '2026-07-01T03:00:00.000Z', local: '2026-06-30' }, // Q2 locally, Q3 in UTC
  { name: 'L7', at: '2027-01-01T02:00:00.000Z', local: '2026-12-31' }, // 2026 locally, 2027 in UTC
  { name: 'L8', at: '2026-11-01T05:30:00.000Z', local: '2026-11-01' }, // 01:30 EDT, before the change back
  { name: 'L9', at: '2026-11-02T04:30:00.000Z', local: '2026-11-01' }, // 23:30 EST
  { name: 'L10', at: '2026-11-02T05:00:00.000Z', local: '2026-11-02' }, // 00:00 EST
];

/** The plain TypeScript reference: an instant's calendar date in the zone. */
function referenceDate(instant: string): string {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(new Date(instant));
  const get = (type: string) => parts.find((part) => part.type === type)!.value;
  return `${get('year')}-${get('month')}-${get('day')}`;
}

function referencePart(date: string, part: (typeof DATE_PARTS)[number]): string {
  switch (part) {
    case 'day':
      return date;
    case 'month':
      return date.slice(0, 7);
    case 'year':
      return date.slice(0, 4);
    case 'quarter':
      return `${date.slice(0, 4)}-Q${String(Math.ceil(Number(date.slice(5, 7)) / 3))}`;
    case 'week': {
      const weekday = new Date(`${date}T00:00:00Z`).getUTCDay();
      return addCalendarDays(date, -((weekday + 6) % 7));
    }
  }
}

const DATE_REFERENCE: Record<(typeof DATE_MODES)[number], (v: string, n: string) => boolean> = {
  dateIs: (v, n) => v === n,
  dateIsNot: (v, n) => v !== n,
  dateBefore: (v, n) => v < n,
  dateAfter: (v, n) => v > n,
};

let activityDue: Array<{ subject: string; at: string }> = [];

beforeAll(async () => {
  t = await createTestApp();
  const registered = await t.register({ email: 'tz@example.com', business_name: 'Zoned', time_zone: ZONE });
  token = registered.token;
  const other = await t.register({ email: 'tz-other@example.com', business_name: 'Elsewhere' });
  for (const lead of LEADS) {
    const created = await t.post('/api/crm/leads', { person_name: lead.name }, { token });
    expect(created.statusCode, created.body).toBe(201);
    await t.database.db
      .updateTable('crm_leads')
      .set({ created_at: lead.at })
      .where('id', '=', created.json().data.id)
      .execute();
  }
  // Another business's lead on the same instant never shows.
  await t.post('/api/crm/leads', { person_name: 'Theirs' }, { token: other.token });

  const types = (await t.get('/api/crm/activity-types', { token })).json().data as Array<{ id: number }>;
  const client = (await t.post('/api/clients', { name: 'Zoned Client', contacts: [] }, { token })).json().data;
  activityDue = [
    { subject: 'A1', at: '2026-05-15T03:30:00.000Z' }, // 23:30 EDT on May 14
    { subject: 'A2', at: '2026-05-15T04:30:00.000Z' }, // 00:30 EDT on May 15
    { subject: 'A3', at: '2026-05-16T03:59:00.000Z' }, // 23:59 EDT on May 15
  ];
  for (const activity of activityDue) {
    const created = await t.post(
      '/api/crm/activities',
      { type_id: types[0]!.id, subject: activity.subject, due_at: activity.at, client_id: client.id },
      { token },
    );
    expect(created.statusCode, created.body).toBe(201);
  }
});
afterAll(async () => {
  await t.close();
});

const run = async (body: unknown) => {
  const response = await t.post('/api/dynamic-reports/run', body, { token });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { rows: Array<Record<string, string | number | null>> };
};

describe('dynamic reports: instants are the business’s dates', () => {
  it('the reference agrees with the dates worked out by hand', () => {
    for (const lead of LEADS) expect(referenceDate(lead.at), lead.name).toBe(lead.local);
  });

  it('shows an instant as its date in the business’s time zone', async () => {
    const { rows } = await run({ source: 'leads', columns: ['person_name', 'created_at'] });
    expect(Object.fromEntries(rows.map((row) => [row.person_name, row.created_at]))).toEqual(
      Object.fromEntries(LEADS.map((lead) => [lead.name, referenceDate(lead.at)])),
    );
  });

  it('filters dateIs, dateIsNot, dateBefore and dateAfter by the local date', async () => {
    const dates = [...new Set(LEADS.map((lead) => lead.local))];
    const values = [...new Set(dates.flatMap((date) => [addCalendarDays(date, -1), date, addCalendarDays(date, 1)]))];
    for (const mode of DATE_MODES) {
      for (const value of values) {
        const { rows } = await run({
          source: 'leads',
          columns: ['person_name'],
          filters: { match: 'all', conditions: [{ field: 'created_at', mode, value }] },
        });
        const expected = LEADS.filter((lead) => DATE_REFERENCE[mode](referenceDate(lead.at), value))
          .map((lead) => lead.name)
          .sort();
        expect(rows.map((row) => String(row.person_name)).sort(), `${mode} ${value}`).toEqual(expected);
      }
    }
  });

  it('groups by day, week (Monday), month, quarter and year of the local date', async () => {
    for (const part of DATE_PARTS) {
      const { rows } = await run({
        source: 'leads',
        columns: ['person_name'],
        group_by: {
          field: 'created_at',
          date_part: part,
          aggregates: [{ fn: 'count' }, { fn: 'min', field: 'created_at' }],
        },
      });
      const expected = new Map<string, { count: number; min: string }>();
      for (const lead of LEADS) {
        const date = referenceDate(lead.at);
        const key = referencePart(date, part);
        const group = expected.get(key) ?? { count: 0, min: date };
        group.count += 1;
        if (date < group.min) group.min = date;
        expected.set(key, group);
      }
      expect(
        rows.map((row) => [row.group, row.a0, row.a1]),
        part,
      ).toEqual(
        [...expected.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([key, g]) => [key, g.count, g.min]),
      );
    }
  });

  it('an activity due just before local midnight is on that day', async () => {
    const { rows } = await run({
      source: 'activities',
      columns: ['subject', 'due_at'],
      filters: { match: 'all', conditions: [{ field: 'due_at', mode: 'dateIs', value: '2026-05-15' }] },
      sort: { field: 'due_at', direction: 'asc' },
    });
    expect(rows.map((row) => [row.subject, row.due_at])).toEqual([
      ['A2', '2026-05-15'],
      ['A3', '2026-05-15'],
    ]);
    const grouped = await run({
      source: 'activities',
      columns: ['subject'],
      group_by: { field: 'due_at', date_part: 'day', aggregates: [{ fn: 'count' }] },
    });
    const expected = new Map<string, number>();
    for (const activity of activityDue) {
      const date = referenceDate(activity.at);
      expected.set(date, (expected.get(date) ?? 0) + 1);
    }
    expect(grouped.rows.map((row) => [row.group, row.a0])).toEqual(
      [...expected.entries()].sort(([a], [b]) => a.localeCompare(b)),
    );
  });
});
