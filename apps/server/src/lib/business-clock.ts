import { DEFAULT_RECURRING_CONFIG, localCalendarDate } from '@ledgerleaf/domain';
import { findRecurringSettings, type Db } from '@ledgerleaf/db';
import type { Deps } from './context';

/**
 * The business's clock, read by every area: its time zone (the one its recurring settings keep; a
 * business that never saved them is in the default's) and what "today" means there. Dates a person
 * reads (due dates, "this week", report periods, reminders) are days in this zone; instants are UTC.
 */
export async function businessTimeZone(db: Db, businessId: number): Promise<string> {
  const row = await findRecurringSettings(db, { businessId });
  return row?.time_zone ?? DEFAULT_RECURRING_CONFIG.time_zone;
}

/** Today in the business's time zone by the app's clock, as YYYY-MM-DD. */
export async function businessToday(deps: Pick<Deps, 'clock'>, db: Db, businessId: number): Promise<string> {
  return localCalendarDate(deps.clock(), await businessTimeZone(db, businessId));
}
