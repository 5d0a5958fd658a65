import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  CRM_MESSAGES,
  DEFAULT_ACTIVITY_TYPES,
  DEFAULT_PIPELINE,
  POSITION_STEP,
  REMINDER_MAX_ATTEMPTS,
  applyStageMove,
  crmOverviewFromFigures,
  daysInStage,
  decodeBoardCursor,
  describeReminder,
  encodeBoardCursor,
  endOfZonedToday,
  formatOffset,
  initialStageState,
  isRotting,
  leadConversionRate,
  minutesToOffset,
  offsetToMinutes,
  percentOneDecimal,
  pipelineInvariantError,
  positionBetween,
  rateWindowStart,
  rebalancedPositions,
  reminderBucketOf,
  reminderInstant,
  reminderRetryAt,
  rottingThreshold,
  snoozeTarget,
  stageDeleteError,
  stageTypeChangeError,
  startOfZonedMonth,
  weightedAmountCents,
  winRate,
  zonedDateRange,
  type OpportunityStageState,
  type StageType,
} from './index';

const now = new Date('2026-03-11T15:30:00.000Z'); // a Wednesday; 11:30 in New York (EDT since 2026-03-08)

describe('rates (percent, one decimal, null without a denominator)', () => {
  it('win rate = won / (won + lost)', () => {
    expect(winRate(0, 0)).toBeNull();
    expect(winRate(3, 1)).toBe(75);
    expect(winRate(2, 1)).toBe(66.7);
    expect(winRate(1, 2)).toBe(33.3);
    expect(winRate(1, 7)).toBe(12.5);
    expect(winRate(0, 4)).toBe(0);
    expect(winRate(5, 0)).toBe(100);
  });
  it('lead conversion rate = converted / created', () => {
    expect(leadConversionRate(0, 0)).toBeNull();
    expect(leadConversionRate(1, 3)).toBe(33.3);
    expect(leadConversionRate(1, 200)).toBe(0.5);
    expect(leadConversionRate(1, 2000)).toBe(0.1);
    expect(leadConversionRate(1, 2001)).toBe(0);
  });
  it('rounds half up to one decimal, always within 0-100', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1_000_000 }), fc.integer({ min: 0, max: 1_000_000 }), (den, raw) => {
        const num = raw % (den + 1);
        const rate = percentOneDecimal(num, den) as number;
        expect(rate).toBeGreaterThanOrEqual(0);
        expect(rate).toBeLessThanOrEqual(100);
        expect(Math.round(rate * 10) / 10).toBe(rate);
        expect(Math.abs(rate - (num * 100) / den)).toBeLessThanOrEqual(0.05 + 1e-9);
      }),
    );
    expect(() => percentOneDecimal(-1, 2)).toThrow(RangeError);
  });
  it('the window is the last N days of the business, today included', () => {
    // 2026-03-11 in New York; 90 days back to 2025-12-12 00:00 EST (05:00Z).
    expect(rateWindowStart(now, 90, 'America/New_York').toISOString()).toBe('2025-12-12T05:00:00.000Z');
    expect(rateWindowStart(now, 1, 'UTC').toISOString()).toBe('2026-03-11T00:00:00.000Z');
    expect(() => rateWindowStart(now, 0, 'UTC')).toThrow(RangeError);
  });
  it('this month starts at the local first of the month', () => {
    expect(startOfZonedMonth(now, 'America/New_York').toISOString()).toBe('2026-03-01T05:00:00.000Z');
    expect(startOfZonedMonth(new Date('2026-04-01T02:00:00Z'), 'America/New_York').toISOString()).toBe(
      '2026-03-01T05:00:00.000Z',
    );
    expect(startOfZonedMonth(new Date('2026-04-01T02:00:00Z'), 'Europe/Paris').toISOString()).toBe(
      '2026-03-31T22:00:00.000Z',
    );
  });
  it('date filters become instants of the business day', () => {
    expect(zonedDateRange({ from: '2026-03-01', to: '2026-03-31' }, 'America/New_York')).toEqual({
      since: new Date('2026-03-01T05:00:00.000Z'),
      before: new Date('2026-04-01T04:00:00.000Z'),
    });
    expect(zonedDateRange({}, 'UTC')).toEqual({ since: undefined, before: undefined });
  });
  it('the overview applies the rates to the database figures', () => {
    expect(
      crmOverviewFromFigures({
        open_count: 3,
        open_amount_cents: 1_250_050,
        new_leads_this_month: 4,
        window_leads_created: 3,
        window_leads_converted: 2,
        window_won: 1,
        window_lost: 0,
        has_data: true,
      }),
    ).toEqual({
      openOpportunitiesValue: 12500.5,
      openOpportunitiesCount: 3,
      newLeadsThisMonth: 4,
      leadConversionRate: 66.7,
      winRate: 100,
      hasData: true,
    });
  });
});

describe('weighted amount', () => {
  it('is amount x probability, rounded to the cent half up', () => {
    expect(weightedAmountCents(10_000, 25)).toBe(2500);
    expect(weightedAmountCents(1, 50)).toBe(1); // 0.5 cent rounds up
    expect(weightedAmountCents(1, 49)).toBe(0);
    expect(weightedAmountCents(333, 33)).toBe(110); // 109.89
    expect(weightedAmountCents(99_999_999_999, 100)).toBe(99_999_999_999);
    expect(() => weightedAmountCents(100, 101)).toThrow(RangeError);
    expect(() => weightedAmountCents(-1, 10)).toThrow(RangeError);
  });
  it('never exceeds the amount and is off by at most half a cent', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 99_999_999_999 }), fc.integer({ min: 0, max: 100 }), (amount, p) => {
        const weighted = weightedAmountCents(amount, p);
        expect(weighted).toBeLessThanOrEqual(amount);
        expect(Math.abs(weighted - (amount * p) / 100)).toBeLessThanOrEqual(0.5);
      }),
    );
  });
});

describe('the pipeline invariant', () => {
  const stages = (types: StageType[]) => types.map((type, index) => ({ id: index + 1, type }));
  it('needs an open, a won and a lost stage', () => {
    expect(pipelineInvariantError(DEFAULT_PIPELINE)).toBeNull();
    expect(pipelineInvariantError(stages(['won', 'lost']))).toBe(CRM_MESSAGES.pipelineNeedsOpen);
    expect(pipelineInvariantError(stages(['open', 'lost']))).toBe(CRM_MESSAGES.pipelineNeedsWon);
    expect(pipelineInvariantError(stages(['open', 'won']))).toBe(CRM_MESSAGES.pipelineNeedsLost);
    expect(pipelineInvariantError([])).toBe(CRM_MESSAGES.pipelineNeedsOpen);
  });
  it('refuses a delete or a type change that breaks it', () => {
    const pipeline = stages(['open', 'open', 'won', 'lost', 'lost']);
    expect(stageDeleteError(pipeline, 1)).toBeNull();
    expect(stageDeleteError(pipeline, 3)).toBe(CRM_MESSAGES.pipelineNeedsWon);
    expect(stageDeleteError(pipeline, 4)).toBeNull();
    expect(stageTypeChangeError(pipeline, 3, 'open')).toBe(CRM_MESSAGES.pipelineNeedsWon);
    expect(stageTypeChangeError(pipeline, 5, 'won')).toBeNull();
    expect(stageTypeChangeError(stages(['open', 'won', 'lost']), 1, 'lost')).toBe(CRM_MESSAGES.pipelineNeedsOpen);
  });
  it('the default pipeline is New, Qualified, Proposal, Negotiation, Won, Lost', () => {
    expect(DEFAULT_PIPELINE.map((stage) => `${stage.name}:${stage.type}:${stage.probability}`)).toEqual([
      'New:open:10',
      'Qualified:open:25',
      'Proposal:open:50',
      'Negotiation:open:75',
      'Won:won:100',
      'Lost:lost:0',
    ]);
  });
  it('default activity types suggest types that exist', () => {
    const names = DEFAULT_ACTIVITY_TYPES.map((type) => type.name);
    expect(names).toEqual(['Call', 'Email', 'Meeting', 'Task', 'Follow-up']);
    for (const type of DEFAULT_ACTIVITY_TYPES) if (type.next_type_name) expect(names).toContain(type.next_type_name);
  });
});

describe('stage moves', () => {
  const open = { id: 1, type: 'open' as const, probability: 25 };
  const open2 = { id: 2, type: 'open' as const, probability: 60 };
  const won = { id: 5, type: 'won' as const, probability: 100 };
  const lost = { id: 6, type: 'lost' as const, probability: 0 };
  const inOpen = { stage_id: 1, stage_type: 'open' as const, probability: 40, closed_at: null, lost_reason_id: null };

  it('won: probability 100 and the closed date set', () => {
    expect(applyStageMove(inOpen, won, { now })).toEqual({
      ok: true,
      probability: 100,
      closed_at: now.toISOString(),
      lost_reason_id: null,
    });
  });
  it('lost: probability 0, and a lost reason is required', () => {
    expect(applyStageMove(inOpen, lost, { now })).toEqual({
      ok: false,
      field: 'lost_reason_id',
      message: CRM_MESSAGES.lostReasonRequired,
    });
    expect(applyStageMove(inOpen, lost, { now, lostReasonId: 3 })).toEqual({
      ok: true,
      probability: 0,
      closed_at: now.toISOString(),
      lost_reason_id: 3,
    });
  });
  it('keeps the closed date and reason when staying closed', () => {
    const inLost = {
      stage_id: 6,
      stage_type: 'lost' as const,
      probability: 0,
      closed_at: '2026-01-01T00:00:00.000Z',
      lost_reason_id: 4,
    };
    expect(applyStageMove(inLost, lost, { now })).toEqual({
      ok: true,
      probability: 0,
      closed_at: '2026-01-01T00:00:00.000Z',
      lost_reason_id: 4,
    });
    // Lost to won: a new closed date, the reason cleared.
    expect(applyStageMove(inLost, won, { now })).toMatchObject({ closed_at: now.toISOString(), lost_reason_id: null });
  });
  it('reopen clears the closed date and the reason, and takes the stage default', () => {
    const inWon = {
      stage_id: 5,
      stage_type: 'won' as const,
      probability: 100,
      closed_at: now.toISOString(),
      lost_reason_id: null,
    };
    expect(applyStageMove(inWon, open, { now })).toEqual({
      ok: true,
      probability: 25,
      closed_at: null,
      lost_reason_id: null,
    });
    expect(
      applyStageMove({ ...inWon, stage_type: 'lost', lost_reason_id: 2 }, open2, { now, probability: 70 }),
    ).toEqual({
      ok: true,
      probability: 70,
      closed_at: null,
      lost_reason_id: null,
    });
  });
  it('an open move takes the new stage default; staying keeps an override', () => {
    expect(applyStageMove(inOpen, open2, { now })).toMatchObject({ probability: 60 });
    expect(applyStageMove(inOpen, open, { now })).toMatchObject({ probability: 40 });
    expect(applyStageMove(inOpen, open, { now, probability: 90 })).toMatchObject({ probability: 90 });
    // A probability given for a closed stage is ignored.
    expect(applyStageMove(inOpen, won, { now, probability: 10 })).toMatchObject({ probability: 100 });
  });
  it('a new opportunity starts with its stage default', () => {
    expect(initialStageState(open2, { now })).toMatchObject({ ok: true, probability: 60, closed_at: null });
    expect(initialStageState(lost, { now })).toMatchObject({ ok: false });
  });
  it('holds for any sequence of moves', () => {
    const stages = [open, open2, won, lost];
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.integer({ min: 0, max: 3 }), fc.option(fc.integer({ min: 1, max: 9 })))),
        (moves) => {
          let state: OpportunityStageState & { stage_id: number } = { ...inOpen };
          for (const [index, reason] of moves) {
            const target = stages[index] as (typeof stages)[number];
            const result = applyStageMove(state, target, { now, lostReasonId: reason });
            if (!result.ok) {
              expect(target.type).toBe('lost');
              continue;
            }
            state = { ...result, stage_id: target.id, stage_type: target.type };
            expect(state.closed_at !== null).toBe(target.type !== 'open');
            expect(state.lost_reason_id !== null).toBe(target.type === 'lost');
            if (target.type === 'won') expect(state.probability).toBe(100);
            if (target.type === 'lost') expect(state.probability).toBe(0);
          }
        },
      ),
    );
  });
});

describe('rotting', () => {
  it('flags an open card longer in its stage than the threshold', () => {
    const day = 86_400_000;
    const entered = (ms: number) => new Date(now.getTime() - ms);
    expect(daysInStage(entered(15 * day + 3_600_000), now)).toBe(15);
    expect(isRotting({ stageType: 'open', rottingDays: 14, enteredAt: entered(15 * day), now })).toBe(true);
    expect(isRotting({ stageType: 'open', rottingDays: 14, enteredAt: entered(15 * day - 1), now })).toBe(false);
    expect(isRotting({ stageType: 'open', rottingDays: 14, enteredAt: entered(14 * day), now })).toBe(false);
    expect(isRotting({ stageType: 'open', rottingDays: null, enteredAt: entered(400 * day), now })).toBe(false);
    expect(isRotting({ stageType: 'won', rottingDays: 1, enteredAt: entered(400 * day), now })).toBe(false);
    expect(daysInStage(new Date(now.getTime() + day), now)).toBe(0);
  });
  it('the query threshold agrees with isRotting', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 365 }), fc.integer({ min: 0, max: 400 * 86_400_000 }), (days, age) => {
        const enteredAt = new Date(now.getTime() - age);
        expect(enteredAt.getTime() <= rottingThreshold(days, now).getTime()).toBe(
          isRotting({ stageType: 'open', rottingDays: days, enteredAt, now }),
        );
      }),
    );
  });
});

describe('fractional positions', () => {
  it('places cards at the ends and between neighbours', () => {
    expect(positionBetween(null, null)).toEqual({ position: 0 });
    expect(positionBetween(null, 0)).toEqual({ position: -POSITION_STEP });
    expect(positionBetween(2048, null)).toEqual({ position: 2048 + POSITION_STEP });
    expect(positionBetween(1024, 2048)).toEqual({ position: 1536 });
    expect(positionBetween(5, 5)).toEqual({ rebalance: true });
    expect(positionBetween(6, 5)).toEqual({ rebalance: true });
    expect(positionBetween(2 ** 50, null)).toEqual({ rebalance: true });
  });
  it('signals a rebalance when the gap is exhausted, and the rebalanced column has room again', () => {
    let previous = 1024;
    const next = 2048;
    let moves = 0;
    for (;;) {
      const result = positionBetween(previous, next);
      if ('rebalance' in result) break;
      expect(result.position).toBeGreaterThan(previous);
      expect(result.position).toBeLessThan(next);
      previous = result.position;
      moves += 1;
    }
    expect(moves).toBeGreaterThan(30);
    expect(moves).toBeLessThan(60);
    const fresh = rebalancedPositions(3);
    expect(fresh).toEqual([1024, 2048, 3072]);
    expect(positionBetween(fresh[0] as number, fresh[1] as number)).toEqual({ position: 1536 });
  });
  it('any sequence of inserts keeps a strictly ordered column (rebalancing when told)', () => {
    fc.assert(
      fc.property(fc.array(fc.nat(), { maxLength: 200 }), (picks) => {
        let column: number[] = [];
        for (const pick of picks) {
          const at = pick % (column.length + 1);
          let result = positionBetween(column[at - 1] ?? null, column[at] ?? null);
          if ('rebalance' in result) {
            column = rebalancedPositions(column.length);
            result = positionBetween(column[at - 1] ?? null, column[at] ?? null);
          }
          expect('position' in result).toBe(true);
          column.splice(at, 0, (result as { position: number }).position);
        }
        for (let i = 1; i < column.length; i += 1) expect(column[i - 1] as number).toBeLessThan(column[i] as number);
      }),
    );
  });
  it('board cursors round-trip', () => {
    fc.assert(
      fc.property(
        fc.double({ noNaN: true, noDefaultInfinity: true, min: -(2 ** 50), max: 2 ** 50 }),
        fc.integer({ min: 1, max: 2 ** 40 }),
        (position, id) => {
          expect(decodeBoardCursor(encodeBoardCursor({ position, id }))).toEqual({
            position: position === 0 ? 0 : position,
            id,
          });
        },
      ),
    );
    expect(decodeBoardCursor('abc')).toBeNull();
    expect(decodeBoardCursor('1~0')).toBeNull();
    expect(decodeBoardCursor('1.5~7')).toEqual({ position: 1.5, id: 7 });
  });
});

describe('reminders and snoozes', () => {
  it('a reminder fires its offset before the due time', () => {
    expect(reminderInstant('2026-03-11T15:00:00.000Z', 30).toISOString()).toBe('2026-03-11T14:30:00.000Z');
    expect(reminderInstant(new Date('2026-03-11T15:00:00.000Z'), 0).toISOString()).toBe('2026-03-11T15:00:00.000Z');
    expect(reminderInstant('2026-03-11T15:00:00.000Z', 1440).toISOString()).toBe('2026-03-10T15:00:00.000Z');
    expect(() => reminderInstant('2026-03-11T15:00:00.000Z', -5)).toThrow(RangeError);
  });
  it('offsets read as numbers and units', () => {
    expect(minutesToOffset(2880)).toEqual({ value: 2, unit: 'days' });
    expect(minutesToOffset(90)).toEqual({ value: 90, unit: 'minutes' });
    expect(minutesToOffset(10080)).toEqual({ value: 1, unit: 'weeks' });
    expect(minutesToOffset(0)).toEqual({ value: 0, unit: 'minutes' });
    expect(offsetToMinutes(3, 'hours')).toBe(180);
    expect(formatOffset(60)).toBe('1 hour');
    expect(formatOffset(2880)).toBe('2 days');
    expect(describeReminder(0)).toBe('At the due time');
    expect(describeReminder(15)).toBe('15 minutes before');
  });
  it('buckets: overdue before now, today until the local midnight, upcoming after', () => {
    const bounds = { now, endOfToday: endOfZonedToday(now, 'America/New_York') };
    expect(bounds.endOfToday.toISOString()).toBe('2026-03-12T04:00:00.000Z');
    expect(reminderBucketOf('2026-03-11T15:29:59.000Z', bounds)).toBe('overdue');
    expect(reminderBucketOf('2026-03-11T15:30:00.000Z', bounds)).toBe('today');
    expect(reminderBucketOf('2026-03-12T03:59:59.000Z', bounds)).toBe('today');
    expect(reminderBucketOf('2026-03-12T04:00:00.000Z', bounds)).toBe('upcoming');
  });
  it('snoozes in the business time zone', () => {
    const zone = 'America/New_York';
    expect(snoozeTarget({ option: '1_hour', now, timeZone: zone }).toISOString()).toBe('2026-03-11T16:30:00.000Z');
    expect(snoozeTarget({ option: 'tomorrow', now, timeZone: zone }).toISOString()).toBe('2026-03-12T13:00:00.000Z');
    // Wednesday -> the next Monday, 2026-03-16, 09:00 EDT.
    expect(snoozeTarget({ option: 'next_week', now, timeZone: zone }).toISOString()).toBe('2026-03-16T13:00:00.000Z');
    // From a Monday: the Monday after; from a Sunday: the next day.
    expect(
      snoozeTarget({ option: 'next_week', now: new Date('2026-03-16T15:00:00Z'), timeZone: zone }).toISOString(),
    ).toBe('2026-03-23T13:00:00.000Z');
    expect(
      snoozeTarget({ option: 'next_week', now: new Date('2026-03-15T15:00:00Z'), timeZone: zone }).toISOString(),
    ).toBe('2026-03-16T13:00:00.000Z');
    // Late on Saturday in New York is already Sunday in UTC: the local date decides.
    expect(
      snoozeTarget({ option: 'tomorrow', now: new Date('2026-03-15T02:00:00Z'), timeZone: zone }).toISOString(),
    ).toBe('2026-03-15T13:00:00.000Z');
    expect(snoozeTarget({ option: 'date', date: '2026-03-20', time: '14:15', now, timeZone: zone }).toISOString()).toBe(
      '2026-03-20T18:15:00.000Z',
    );
    // Across the spring-forward night: 09:00 EST before, 09:00 EDT after.
    expect(
      snoozeTarget({ option: 'tomorrow', now: new Date('2026-03-07T18:00:00Z'), timeZone: zone }).toISOString(),
    ).toBe('2026-03-08T13:00:00.000Z');
    expect(snoozeTarget({ option: 'date', date: '2026-03-08', time: '02:30', now, timeZone: zone }).toISOString()).toBe(
      '2026-03-08T07:30:00.000Z',
    );
    expect(() => snoozeTarget({ option: 'date', now, timeZone: zone })).toThrow(RangeError);
  });
  it('retries a failed delivery later, then gives up visibly', () => {
    expect(reminderRetryAt(1, now)?.toISOString()).toBe('2026-03-11T15:31:00.000Z');
    expect(reminderRetryAt(2, now)?.toISOString()).toBe('2026-03-11T15:35:00.000Z');
    expect(reminderRetryAt(4, now)?.toISOString()).toBe('2026-03-11T16:30:00.000Z');
    expect(reminderRetryAt(REMINDER_MAX_ATTEMPTS, now)).toBeNull();
  });
});
