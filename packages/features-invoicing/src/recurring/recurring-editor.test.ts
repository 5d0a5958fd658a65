import { describe, expect, it } from 'vitest';
import { previewDates, scheduleRequest, type ScheduleValues } from './recurring-editor';

const values = (overrides: Partial<ScheduleValues> = {}): ScheduleValues => ({
  frequency: 'monthly',
  interval: 1,
  day_of_month: '31',
  start_date: '2026-01-15',
  end_type: 'never',
  end_date: '',
  end_count: '',
  payment_terms_days: 30,
  auto_send: false,
  ...overrides,
});

describe('recurring editor schedule', () => {
  it('previews the next five dates with the scheduler’s arithmetic (the 31st falls on shorter months’ last day)', () => {
    expect(previewDates(values())).toEqual(['2026-01-31', '2026-02-28', '2026-03-31', '2026-04-30', '2026-05-31']);
    expect(previewDates(values({ day_of_month: 'last', start_date: '2028-02-01' }))?.[0]).toBe('2028-02-29');
  });

  it('stops at the count and answers null while the schedule is incomplete', () => {
    expect(previewDates(values({ end_type: 'after_count', end_count: 2 }))).toHaveLength(2);
    expect(previewDates(values({ start_date: '' }))).toBeNull();
    expect(previewDates(values({ end_type: 'on_date', end_date: '' }))).toBeNull();
  });

  it('sends only the fields of the chosen end condition', () => {
    expect(scheduleRequest(values({ end_type: 'never', end_count: 4, end_date: '2027-01-01' }))).toMatchObject({
      end_count: null,
      end_date: null,
      day_of_month: 31,
    });
    expect(scheduleRequest(values({ end_type: 'after_count', end_count: 4 }))).toMatchObject({
      end_count: 4,
      end_date: null,
    });
  });
});
