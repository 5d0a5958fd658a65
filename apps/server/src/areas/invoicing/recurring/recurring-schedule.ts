import { LAST_DAY_OF_MONTH, type RecurringSchedule } from '@ledgerleaf/domain';
import type { RecurringInvoiceRow } from '@ledgerleaf/db';

/** Stored day of month: 1..31, -1 for the last day, null for the start date's day. */
export const STORED_LAST_DAY = -1;

export function scheduleOfRow(
  row: Pick<
    RecurringInvoiceRow,
    'frequency' | 'interval_count' | 'day_of_month' | 'start_date' | 'end_type' | 'end_date' | 'end_count'
  >,
): RecurringSchedule {
  return {
    frequency: row.frequency as RecurringSchedule['frequency'],
    interval: Number(row.interval_count),
    day_of_month:
      row.day_of_month === null
        ? null
        : Number(row.day_of_month) === STORED_LAST_DAY
          ? LAST_DAY_OF_MONTH
          : Number(row.day_of_month),
    start_date: row.start_date,
    end_type: row.end_type as RecurringSchedule['end_type'],
    end_date: row.end_date,
    end_count: row.end_count === null ? null : Number(row.end_count),
  };
}

export function storedDayOfMonth(day: RecurringSchedule['day_of_month']): number | null {
  return day === LAST_DAY_OF_MONTH ? STORED_LAST_DAY : day;
}
