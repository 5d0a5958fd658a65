import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp, validRegistration, type TestApp } from '../test/harness';
import { serverClock } from './clock';

describe('serverClock', () => {
  it('is the system clock without TEST_CLOCK_START', () => {
    const clock = serverClock({});
    const before = Date.now();
    const now = clock().getTime();
    expect(now).toBeGreaterThanOrEqual(before);
    expect(now).toBeLessThanOrEqual(Date.now());
  });

  it('is not shown on /healthz without a test clock', async () => {
    const plain = await createTestApp();
    try {
      expect((await plain.get('/healthz')).headers['x-test-clock']).toBeUndefined();
    } finally {
      await plain.close();
    }
  });

  it('starts at TEST_CLOCK_START and runs on at the real pace', () => {
    let real = Date.parse('2026-11-28T10:00:00Z');
    const clock = serverClock({ testClockStart: new Date('2026-12-31T17:00:00Z') }, () => real);
    expect(clock().toISOString()).toBe('2026-12-31T17:00:00.000Z');
    real += 90_000;
    expect(clock().toISOString()).toBe('2026-12-31T17:01:30.000Z');
  });
});

describe('TEST_CLOCK_START in the app', () => {
  let t: TestApp;
  afterAll(async () => {
    await t.close();
  });

  it('is the services’ now: each business’s today is that instant in its zone', async () => {
    // 17:00 UTC on 2026-12-31: still the year's last day in New York, already 2027 in Tokyo.
    t = await createTestApp({ env: { TEST_CLOCK_START: '2026-12-31T17:00:00Z' }, build: { clock: undefined } });
    const today = async (email: string, timeZone: string) => {
      const registered = await t.post('/api/register', validRegistration({ email, time_zone: timeZone }));
      expect(registered.statusCode, registered.body).toBe(201);
      const answer = await t.get('/api/calendar/events?from=2026-12-01&to=2027-02-01', {
        token: registered.json().token as string,
      });
      expect(answer.statusCode, answer.body).toBe(200);
      return answer.json().today as string;
    };
    expect(await today('clock-ny@example.com', 'America/New_York')).toBe('2026-12-31');
    expect(await today('clock-tokyo@example.com', 'Asia/Tokyo')).toBe('2027-01-01');
    // The browser tests set the browser's clock from the server's, read on /healthz.
    const health = await t.get('/healthz');
    const serverNow = Date.parse(String(health.headers['x-test-clock']));
    expect(serverNow - Date.parse('2026-12-31T17:00:00Z')).toBeGreaterThanOrEqual(0);
    expect(serverNow - Date.parse('2026-12-31T17:00:00Z')).toBeLessThan(60_000);
  });
});
