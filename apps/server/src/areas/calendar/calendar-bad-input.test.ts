import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CALENDAR_MESSAGES, COMMON_MESSAGES } from '@ledgerleaf/domain';
import { createTestApp, type TestApp } from '../../test/harness';
import { NOW, calendarBusiness, createActivity, setClock, type CalendarBusiness } from './calendar.test-helpers';

let t: TestApp;
let b: CalendarBusiness;
let activityId: number;

beforeAll(async () => {
  t = await createTestApp();
  setClock(t, NOW);
  b = await calendarBusiness(t, 'bad-cal@example.com');
  activityId = (await createActivity(t, b, '2030-05-13T13:00:00Z')).id;
});
afterAll(async () => {
  await t.close();
});

describe('bad input answers 4xx JSON, field-keyed 422s, never 500', () => {
  it('event queries', async () => {
    const cases: Array<[string, Record<string, string[] | undefined>]> = [
      ['', { from: undefined, to: undefined }],
      ['from=2030-02-30&to=2030-03-01', { from: [COMMON_MESSAGES.dateInvalid] }],
      ['from=2030-05-01&to=2031-05-03', { to: [CALENDAR_MESSAGES.rangeTooLong] }],
      ['from=2030-05-01&to=2030-04-01', { to: [CALENDAR_MESSAGES.rangeOrder] }],
      ['from=0001-01-01&to=0001-02-01', { from: undefined, to: undefined }],
      ['from=2030-05-01T00:00:00Z&to=2030-06-01', { from: [COMMON_MESSAGES.dateInvalid] }],
      ['from=2030-05-01&to=2030-06-01&person_id=abc', { person_id: undefined }],
      ['from=2030-05-01&to=2030-06-01&person_id=99999999999', { person_id: undefined }],
      ['from=2030-05-01&to=2030-06-01&kinds=activity,%00', { kinds: undefined }],
      ['from=2030-05-01&to=2030-06-01&kinds=activity,parties', { kinds: [CALENDAR_MESSAGES.kindInvalid] }],
      ['from[]=1&to=2030-06-01', { from: undefined }],
    ];
    for (const [query, errors] of cases) {
      const response = await t.get(`/api/calendar/events?${query}`, { token: b.token });
      expect(response.statusCode, query).toBe(422);
      const body = response.json();
      for (const [field, messages] of Object.entries(errors)) {
        expect(body.errors[field], `${query} ${field}`).toBeDefined();
        if (messages) expect(body.errors[field], query).toEqual(messages);
      }
    }
  });

  it('moves and feed settings', async () => {
    const moves: unknown[] = [
      {},
      { date: '2030-05-20' },
      { date: '2030-05-20', time: '25:00' },
      { date: '20/05/2030', time: '10:00' },
      { date: '2030-05-20', time: '10:00', extra: 1 },
      [],
      'text',
    ];
    for (const body of moves) {
      const response = await t.post(`/api/calendar/activities/${activityId}/move`, body, { token: b.token });
      expect([400, 415, 422], JSON.stringify(body)).toContain(response.statusCode);
      expect(response.json().message).toBeTypeOf('string');
    }
    expect(
      (await t.post('/api/calendar/activities/abc/move', { date: '2030-05-20', time: '10:00' }, { token: b.token }))
        .statusCode,
    ).toBe(404);
    const feeds: unknown[] = [{}, { kinds: [] }, { kinds: ['payment'] }, { kinds: 'activity' }, { kinds: [1] }];
    for (const body of feeds) {
      const response = await t.put('/api/calendar/feed', body, { token: b.token });
      expect(response.statusCode, JSON.stringify(body)).toBe(422);
      expect(Object.keys(response.json().errors)[0]).toMatch(/^kinds/);
    }
    expect((await t.put('/api/calendar/feed', { kinds: [] }, { token: b.token })).json().errors.kinds).toEqual([
      CALENDAR_MESSAGES.kindsRequired,
    ]);
  });

  it('without a session the calendar answers 401, the feed needs only its token', async () => {
    expect((await t.get('/api/calendar/events?from=2030-05-01&to=2030-06-01')).statusCode).toBe(401);
    expect((await t.get('/api/calendar/feed')).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/calendar/feeds/not-a-token.ics' })).statusCode).toBe(404);
  });
});
