import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addCalendarDays } from '../invoicing/due-date';
import {
  dueRuns,
  isLeapYear,
  localCalendarDate,
  occurrenceDate,
  occurrenceIndexOnOrAfter,
  periodDueAt,
  projectedRunDates,
  remainingCount,
  upcomingRunDates,
  zonedDateTimeFormatter,
  type RecurringSchedule,
} from './schedule';

const base: RecurringSchedule = {
  frequency: 'monthly',
  interval: 1,
  day_of_month: null,
  start_date: '2026-01-31',
  end_type: 'never',
  end_date: null,
  end_count: null,
};
const s = (overrides: Partial<RecurringSchedule>): RecurringSchedule => ({ ...base, ...overrides });

describe('occurrenceDate', () => {
  it('steps days and weeks from the start date', () => {
    expect(upcomingRunDates(s({ frequency: 'daily', interval: 3, start_date: '2026-02-27' }), { count: 3 })).toEqual([
      '2026-02-27',
      '2026-03-02',
      '2026-03-05',
    ]);
    expect(upcomingRunDates(s({ frequency: 'weekly', interval: 2, start_date: '2026-12-24' }), { count: 3 })).toEqual([
      '2026-12-24',
      '2027-01-07',
      '2027-01-21',
    ]);
  });

  it('runs a schedule on the 31st on the last day of shorter months, and back on the 31st after', () => {
    expect(upcomingRunDates(s({ day_of_month: 31, start_date: '2026-01-15' }), { count: 5 })).toEqual([
      '2026-01-31',
      '2026-02-28',
      '2026-03-31',
      '2026-04-30',
      '2026-05-31',
    ]);
  });

  it('takes the start day when no day is chosen, and clamps it too', () => {
    expect(upcomingRunDates(s({ start_date: '2026-01-31' }), { count: 3 })).toEqual([
      '2026-01-31',
      '2026-02-28',
      '2026-03-31',
    ]);
  });

  it('has a "last day" choice that follows leap years', () => {
    expect(upcomingRunDates(s({ day_of_month: 'last', start_date: '2028-01-01' }), { count: 3 })).toEqual([
      '2028-01-31',
      '2028-02-29',
      '2028-03-31',
    ]);
  });

  it('starts the next month when the chosen day has passed in the start month', () => {
    expect(upcomingRunDates(s({ day_of_month: 10, start_date: '2026-03-20' }), { count: 2 })).toEqual([
      '2026-04-10',
      '2026-05-10',
    ]);
    expect(upcomingRunDates(s({ day_of_month: 10, interval: 3, start_date: '2026-03-20' }), { count: 2 })).toEqual([
      '2026-06-10',
      '2026-09-10',
    ]);
  });

  it('runs yearly on Feb 29 in leap years and Feb 28 otherwise', () => {
    expect(upcomingRunDates(s({ frequency: 'yearly', start_date: '2028-02-29' }), { count: 5 })).toEqual([
      '2028-02-29',
      '2029-02-28',
      '2030-02-28',
      '2031-02-28',
      '2032-02-29',
    ]);
  });

  it('stops at the end date (inclusive) and after the count', () => {
    expect(
      upcomingRunDates(s({ start_date: '2026-01-10', end_type: 'on_date', end_date: '2026-03-10' }), { count: 5 }),
    ).toEqual(['2026-01-10', '2026-02-10', '2026-03-10']);
    expect(
      upcomingRunDates(s({ start_date: '2026-01-10', end_type: 'after_count', end_count: 2 }), { count: 5 }),
    ).toEqual(['2026-01-10', '2026-02-10']);
    expect(
      upcomingRunDates(s({ start_date: '2026-01-10', end_type: 'after_count', end_count: 4 }), {
        count: 5,
        fromIndex: 3,
        generated: 3,
      }),
    ).toEqual(['2026-04-10']);
    expect(remainingCount({ end_type: 'after_count', end_count: 4 }, 6)).toBe(0);
    expect(remainingCount({ end_type: 'never', end_count: null }, 6)).toBeNull();
  });
});

const dateArb = fc
  .date({ min: new Date('1990-01-01T00:00:00Z'), max: new Date('2200-12-31T00:00:00Z'), noInvalidDate: true })
  .map((d) => d.toISOString().slice(0, 10));
const scheduleArb = fc.record({
  frequency: fc.constantFrom('daily', 'weekly', 'monthly', 'yearly'),
  interval: fc.integer({ min: 1, max: 24 }),
  day_of_month: fc.oneof(fc.constant(null), fc.constant('last'), fc.integer({ min: 1, max: 31 })),
  start_date: dateArb,
  end_type: fc.constant('never'),
  end_date: fc.constant(null),
  end_count: fc.constant(null),
}) as fc.Arbitrary<RecurringSchedule>;

describe('schedule properties', () => {
  it('dates strictly increase, are real dates, and never come before the start', () => {
    fc.assert(
      fc.property(scheduleArb, fc.integer({ min: 0, max: 200 }), (schedule, index) => {
        const a = occurrenceDate(schedule, index);
        const b = occurrenceDate(schedule, index + 1);
        expect(b > a).toBe(true);
        expect(a >= schedule.start_date).toBe(true);
        expect(new Date(`${b}T00:00:00Z`).toISOString().slice(0, 10)).toBe(b);
      }),
    );
  });

  it('monthly dates fall on the chosen day or the month’s last day', () => {
    fc.assert(
      fc.property(scheduleArb, fc.integer({ min: 0, max: 100 }), (schedule, index) => {
        if (schedule.frequency !== 'monthly' || typeof schedule.day_of_month !== 'number') return;
        const date = occurrenceDate(schedule, index);
        const day = Number(date.slice(8, 10));
        const last = new Date(Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)), 0)).getUTCDate();
        expect(day).toBe(Math.min(schedule.day_of_month, last));
      }),
    );
  });

  it('occurrenceIndexOnOrAfter finds the first occurrence on or after a date', () => {
    fc.assert(
      fc.property(scheduleArb, dateArb, (schedule, date) => {
        const index = occurrenceIndexOnOrAfter(schedule, date);
        expect(occurrenceDate(schedule, index) >= date).toBe(true);
        if (index > 0) expect(occurrenceDate(schedule, index - 1) < date).toBe(true);
      }),
    );
  });

  it('count limits hold: never more dates than the count, and the end date is never passed', () => {
    fc.assert(
      fc.property(
        scheduleArb,
        fc.integer({ min: 1, max: 30 }),
        fc.integer({ min: 0, max: 40 }),
        dateArb,
        (schedule, endCount, generated, endDate) => {
          const counted = upcomingRunDates(
            { ...schedule, end_type: 'after_count', end_count: endCount },
            { count: 50, generated },
          );
          expect(counted.length).toBe(Math.max(0, Math.min(50, endCount - generated)));
          const dated = upcomingRunDates({ ...schedule, end_type: 'on_date', end_date: endDate }, { count: 20 });
          for (const date of dated) expect(date <= endDate).toBe(true);
        },
      ),
    );
  });
});

describe('due runs, time zones and daylight saving', () => {
  const monthly = s({ start_date: '2026-01-31', day_of_month: 31 });

  it('a period is due at the send time in the business’s zone', () => {
    expect(periodDueAt('2026-01-31', '09:00', 'America/New_York').toISOString()).toBe('2026-01-31T14:00:00.000Z');
    expect(periodDueAt('2026-07-31', '09:00', 'America/New_York').toISOString()).toBe('2026-07-31T13:00:00.000Z');
    const input = {
      schedule: monthly,
      nextIndex: 0,
      generated: 0,
      sendTime: '09:00',
      timeZone: 'America/New_York',
      missedRuns: 'catch_up' as const,
    };
    expect(dueRuns({ ...input, now: new Date('2026-01-31T13:59:00Z') }).run).toEqual([]);
    expect(dueRuns({ ...input, now: new Date('2026-01-31T14:00:00Z') }).run).toEqual([
      { index: 0, period: '2026-01-31' },
    ]);
  });

  /** Ticks every `stepMinutes` over [from, to), advancing like the scheduler does; answers each period with the tick that ran it. */
  function tick(sendTime: string, timeZone: string, from: string, to: string, stepMinutes = 5): Map<string, string> {
    const daily = s({ frequency: 'daily', start_date: from.slice(0, 10) });
    const ran = new Map<string, string>();
    let nextIndex = 0;
    for (let t = Date.parse(from); t < Date.parse(to); t += stepMinutes * 60_000) {
      const due = dueRuns({
        schedule: daily,
        nextIndex,
        generated: nextIndex,
        sendTime,
        timeZone,
        now: new Date(t),
        missedRuns: 'catch_up',
      });
      for (const run of due.run) {
        expect(ran.has(run.period), `${run.period} ran twice`).toBe(false);
        ran.set(run.period, new Date(t).toISOString());
        nextIndex = run.index + 1;
      }
    }
    return ran;
  }

  it('fall back: a send time in the repeated hour is due at its first occurrence, and runs once', () => {
    // 2026-11-01, New York: 01:00-02:00 happens twice (EDT, then EST). 01:30 EDT is 05:30Z, 01:30 EST 06:30Z.
    expect(periodDueAt('2026-11-01', '01:30', 'America/New_York').toISOString()).toBe('2026-11-01T05:30:00.000Z');
    expect(periodDueAt('2026-10-31', '01:30', 'America/New_York').toISOString()).toBe('2026-10-31T05:30:00.000Z');
    expect(periodDueAt('2026-11-02', '01:30', 'America/New_York').toISOString()).toBe('2026-11-02T06:30:00.000Z');
    // Lord Howe moves by half an hour: 01:45 on 2026-04-05 is first at +11:00.
    expect(periodDueAt('2026-04-05', '01:45', 'Australia/Lord_Howe').toISOString()).toBe('2026-04-04T14:45:00.000Z');
    const ran = tick('01:30', 'America/New_York', '2026-10-31T00:00:00Z', '2026-11-03T00:00:00Z');
    expect([...ran.keys()]).toEqual(['2026-10-31', '2026-11-01', '2026-11-02']);
    // Run in the first 01:30 (a tick lands exactly on it), not again when 01:30 comes round an hour later.
    expect(ran.get('2026-11-01')).toBe('2026-11-01T05:30:00.000Z');
    expect(
      dueRuns({
        schedule: s({ frequency: 'daily', start_date: '2026-11-01' }),
        nextIndex: 1,
        generated: 1,
        sendTime: '01:30',
        timeZone: 'America/New_York',
        now: new Date('2026-11-01T06:30:00Z'),
        missedRuns: 'catch_up',
      }).run,
    ).toEqual([]);
  });

  it('spring forward: a send time in the skipped hour moves forward by the gap, and runs once that day', () => {
    // 2026-03-08, New York: 02:00 EST jumps to 03:00 EDT; 02:30 does not exist and becomes 03:30 EDT (07:30Z).
    expect(periodDueAt('2026-03-08', '02:30', 'America/New_York').toISOString()).toBe('2026-03-08T07:30:00.000Z');
    expect(periodDueAt('2026-03-08', '03:30', 'America/New_York').toISOString()).toBe('2026-03-08T07:30:00.000Z');
    expect(periodDueAt('2026-03-07', '02:30', 'America/New_York').toISOString()).toBe('2026-03-07T07:30:00.000Z');
    expect(periodDueAt('2026-03-09', '02:30', 'America/New_York').toISOString()).toBe('2026-03-09T06:30:00.000Z');
    expect(periodDueAt('2026-10-04', '02:15', 'Australia/Lord_Howe').toISOString()).toBe('2026-10-03T15:45:00.000Z');
    const ran = tick('02:30', 'America/New_York', '2026-03-07T00:00:00Z', '2026-03-10T00:00:00Z');
    expect([...ran.keys()]).toEqual(['2026-03-07', '2026-03-08', '2026-03-09']);
    expect(ran.get('2026-03-08')).toBe('2026-03-08T07:30:00.000Z');
  });

  it('across both changes every day runs once, at its due instant', () => {
    const end = '2026-11-04T00:00:00Z';
    const ran = tick('02:30', 'America/New_York', '2026-03-07T00:00:00Z', end, 15);
    const expected: Array<[string, string]> = [];
    for (let day = 0; day < 242; day += 1) {
      const period = addCalendarDays('2026-03-07', day);
      expected.push([period, periodDueAt(period, '02:30', 'America/New_York').toISOString()]);
    }
    expect([...ran.entries()]).toEqual(expected); // Mar 7 to Nov 3, each day once, none skipped
  });

  it('at every send time, around every change, the next day is due 23 to 25 hours later', () => {
    const changes = ['2026-03-08', '2026-03-29', '2026-04-05', '2026-09-27', '2026-10-04', '2026-10-25', '2026-11-01'];
    for (const timeZone of ['America/New_York', 'Europe/London', 'Australia/Lord_Howe', 'Pacific/Chatham', 'UTC']) {
      for (let minutes = 0; minutes < 24 * 60; minutes += 15) {
        const sendTime = `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
        for (const change of changes) {
          for (const period of [addCalendarDays(change, -1), change]) {
            const hours =
              (periodDueAt(addCalendarDays(period, 1), sendTime, timeZone).getTime() -
                periodDueAt(period, sendTime, timeZone).getTime()) /
              3_600_000;
            expect(hours >= 23 && hours <= 25, `${timeZone} ${period} ${sendTime}: ${hours}h`).toBe(true);
          }
        }
      }
    }
  });

  it('catch-up runs every missed period; skip runs only the latest and reports the others', () => {
    const input = {
      schedule: s({ start_date: '2026-01-05' }),
      nextIndex: 0,
      generated: 0,
      sendTime: '09:00',
      timeZone: 'UTC',
      now: new Date('2026-04-06T10:00:00Z'),
    };
    expect(dueRuns({ ...input, missedRuns: 'catch_up' }).run.map((r) => r.period)).toEqual([
      '2026-01-05',
      '2026-02-05',
      '2026-03-05',
      '2026-04-05',
    ]);
    const skipped = dueRuns({ ...input, missedRuns: 'skip' });
    expect(skipped.run.map((r) => r.period)).toEqual(['2026-04-05']);
    expect(skipped.skipped.map((r) => r.period)).toEqual(['2026-01-05', '2026-02-05', '2026-03-05']);
  });

  it('catch-up stops at the count', () => {
    const input = {
      schedule: s({ start_date: '2026-01-05', end_type: 'after_count', end_count: 2 }),
      nextIndex: 0,
      generated: 0,
      sendTime: '09:00',
      timeZone: 'UTC',
      now: new Date('2026-06-06T10:00:00Z'),
      missedRuns: 'catch_up' as const,
    };
    expect(dueRuns(input).run).toHaveLength(2);
    expect(dueRuns({ ...input, generated: 2 }).run).toHaveLength(0);
  });

  it('knows leap years', () => {
    expect([2024, 2000, 1900, 2026].map(isLeapYear)).toEqual([true, true, false, false]);
  });
});

describe('projectedRunDates (the calendar) agrees with the scheduler', () => {
  it('projects exactly the periods dueRuns would run, within the range', () => {
    fc.assert(
      fc.property(
        scheduleArb,
        fc.integer({ min: 0, max: 30 }),
        fc.integer({ min: 0, max: 12 }),
        fc.constantFrom<RecurringSchedule['end_type']>('never', 'on_date', 'after_count'),
        fc.integer({ min: -30, max: 700 }),
        fc.integer({ min: 1, max: 400 }),
        (schedule, nextIndex, extra, endType, offset, days) => {
          const from = addCalendarDays(schedule.start_date, offset);
          const bounded: RecurringSchedule = {
            ...schedule,
            end_type: endType,
            end_date: endType === 'on_date' ? addCalendarDays(schedule.start_date, 200) : null,
            end_count: endType === 'after_count' ? nextIndex + extra : null,
          };
          const to = addCalendarDays(from, days);
          const projected = projectedRunDates(bounded, { nextIndex, generated: nextIndex, from, to });
          // The scheduler, run once at the end of the range under catch-up, runs every period up to it.
          const due = dueRuns({
            schedule: bounded,
            nextIndex,
            generated: nextIndex,
            sendTime: '00:00',
            timeZone: 'UTC',
            now: new Date(`${to}T00:00:00Z`),
            missedRuns: 'catch_up',
            limit: 100_000,
          }).run.filter((run) => run.period >= from && run.period < to);
          expect(projected).toEqual(due.filter((run) => run.period < to));
        },
      ),
      { numRuns: 150 },
    );
  });

  it('stops at the count and the end date', () => {
    const monthly = s({ start_date: '2026-01-15', end_type: 'after_count', end_count: 3 });
    expect(
      projectedRunDates(monthly, { nextIndex: 1, generated: 1, from: '2026-01-01', to: '2027-01-01' }).map(
        (run) => run.period,
      ),
    ).toEqual(['2026-02-15', '2026-03-15']);
    const dated = s({ start_date: '2026-01-31', end_type: 'on_date', end_date: '2026-04-29' });
    expect(
      projectedRunDates(dated, { nextIndex: 0, generated: 0, from: '2026-02-01', to: '2026-12-01' }).map(
        (run) => run.period,
      ),
    ).toEqual(['2026-02-28', '2026-03-31']);
  });
});

describe('zonedDateTimeFormatter and localCalendarDate', () => {
  it('writes an instant as the zone’s wall clock with its offset, across daylight saving changes', () => {
    const ny = zonedDateTimeFormatter('America/New_York');
    expect(ny('2030-05-13T13:00:00.000Z')).toBe('2030-05-13T09:00:00-04:00');
    expect(ny(Date.parse('2030-01-13T13:00:00Z'))).toBe('2030-01-13T08:00:00-05:00');
    // The day clocks go back (2026-11-01, 06:00Z): before and after the change on the same UTC day.
    expect(ny('2026-11-01T05:30:00Z')).toBe('2026-11-01T01:30:00-04:00');
    expect(ny('2026-11-01T06:30:00Z')).toBe('2026-11-01T01:30:00-05:00');
    // Spring forward (2026-03-08, 07:00Z).
    expect(ny(new Date('2026-03-08T06:59:00Z'))).toBe('2026-03-08T01:59:00-05:00');
    expect(ny('2026-03-08T07:00:00Z')).toBe('2026-03-08T03:00:00-04:00');
    expect(zonedDateTimeFormatter('Asia/Kathmandu')('2030-05-13T00:00:00Z')).toBe('2030-05-13T05:45:00+05:45');
    expect(zonedDateTimeFormatter('UTC')('2030-05-13T23:59:59Z')).toBe('2030-05-13T23:59:59+00:00');
    expect(() => ny('not a date')).toThrow(RangeError);
  });

  it('agrees with Intl for any instant and zone', () => {
    const zones = ['America/New_York', 'Europe/London', 'Australia/Lord_Howe', 'Asia/Kolkata', 'Pacific/Chatham'];
    fc.assert(
      fc.property(
        fc.integer({ min: Date.UTC(2000, 0, 1), max: Date.UTC(2040, 0, 1) }),
        fc.constantFrom(...zones),
        (ms, zone) => {
          const at = Math.floor(ms / 1000) * 1000;
          const text = zonedDateTimeFormatter(zone)(at);
          expect(Date.parse(text)).toBe(at);
          const wall = new Intl.DateTimeFormat('sv-SE', {
            timeZone: zone,
            year: 'numeric',
            month: '2-digit',
            day: '2-digit',
            hour: '2-digit',
            minute: '2-digit',
            second: '2-digit',
            hourCycle: 'h23',
          })
            .format(at)
            .replace(' ', 'T');
          expect(text.slice(0, 19)).toBe(wall);
          expect(localCalendarDate(new Date(at), zone)).toBe(wall.slice(0, 10));
        },
      ),
      { numRuns: 300 },
    );
  });
});
