import { useContext, useMemo, useSyncExternalStore } from 'react';
import { ReactReduxContext } from 'react-redux';
import {
  dateInputFormat,
  DEFAULT_DISPLAY_PREFERENCES,
  formatDisplayDate,
  formatDisplayDateTime,
  toDateFormat,
  toFirstDayOfWeek,
  type DateFormat,
  type DisplayPreferences,
  type FirstDayOfWeek,
} from '@ledgerleaf/domain';
import type { AuthState } from './auth-slice';

/** A date formatter: `yyyy-MM-dd` as is, a timestamp as the viewer's local date, `''` when missing. */
export type DateFormatter = (value: string | null | undefined) => string;

export interface DateFormatting {
  /** The business's date format, `mm/dd/yy` by default. */
  dateFormat: DateFormat;
  /** 0 Sunday (default), 1 Monday: the first column of date pickers. */
  firstDayOfWeek: FirstDayOfWeek;
  /** The date field's `valueFormat` for the date format (`MM/DD/YY`). */
  inputFormat: string;
  /** `yyyy-MM-dd` as is, a timestamp as the viewer's local date; `''` when missing or unreadable. */
  formatDate: DateFormatter;
  /** A timestamp's local date and time, `11/23/26, 4:49 PM`. */
  formatDateTime: DateFormatter;
}

/** The formatters for given preferences: the public pages (no one signed in) use the business's from their payload. */
export function dateFormatting(preferences: Partial<DisplayPreferences> | null | undefined): DateFormatting {
  const dateFormat = toDateFormat(preferences?.date_format);
  return {
    dateFormat,
    firstDayOfWeek: toFirstDayOfWeek(preferences?.first_day_of_week ?? DEFAULT_DISPLAY_PREFERENCES.first_day_of_week),
    inputFormat: dateInputFormat(dateFormat),
    formatDate: (value) => formatDisplayDate(value, dateFormat),
    formatDateTime: (value) => formatDisplayDateTime(value, dateFormat),
  };
}

const noSubscription = () => () => undefined;

/**
 * The signed-in user's date formatting, from the business's preferences the auth slice holds (no
 * request of its own); the defaults when signed out or outside a store. Saving the business settings
 * updates the stored user, so every screen using this re-renders in the new format at once.
 */
export function useDateFormat(): DateFormatting {
  const store = useContext(ReactReduxContext)?.store;
  const read = () => (store?.getState() as { auth?: AuthState } | undefined)?.auth?.user?.preferences;
  const preferences = useSyncExternalStore(store ? store.subscribe : noSubscription, read, read);
  const dateFormat = preferences?.date_format;
  const firstDayOfWeek = preferences?.first_day_of_week;
  return useMemo(
    () => dateFormatting({ date_format: dateFormat, first_day_of_week: firstDayOfWeek }),
    [dateFormat, firstDayOfWeek],
  );
}
