import { useState } from 'react';
import { DateInput, type DateInputProps } from '@mantine/dates';

/**
 * The app's one date field: Mantine's DateInput, so people type a date in their business's format
 * (`11/23/26`) or pick it from a calendar whose weeks start on the business's first day (the app's
 * DatesProvider). The value in and out is a `YYYY-MM-DD` string (`''` when empty), what the API
 * and the domain schemas take. Typing is parsed by the field's own format, not dayjs's lenient
 * guess, and an ISO `2026-11-23` is always understood too.
 */
export interface DateFieldProps extends Omit<
  DateInputProps,
  'value' | 'defaultValue' | 'onChange' | 'valueFormat' | 'dateParser' | 'minDate' | 'maxDate'
> {
  /** `YYYY-MM-DD`, or `''` for no date. */
  value?: string | null | undefined;
  /** Called with `YYYY-MM-DD`, or `''` when cleared. */
  onChange: (value: string) => void;
  /** The display and typing format in dayjs tokens, `MM/DD/YY` (the default), `DD.MM.YYYY`…; the caller passes the business's. */
  valueFormat?: string;
  /** `YYYY-MM-DD` bounds. */
  minDate?: string;
  maxDate?: string;
}

export const DEFAULT_DATE_FIELD_FORMAT = 'MM/DD/YY';

const CALENDAR_LABELS = {
  previousMonth: 'Previous month',
  nextMonth: 'Next month',
  previousYear: 'Previous year',
  nextYear: 'Next year',
  previousDecade: 'Previous decade',
  nextDecade: 'Next decade',
  monthLevelControl: 'Choose the month',
  yearLevelControl: 'Choose the year',
};

const pad = (value: number) => String(value).padStart(2, '0');

function isoOf(year: number, month: number, day: number): string | null {
  if (!Number.isInteger(year) || year < 1000 || year > 9999 || month < 1 || month > 12 || day < 1) return null;
  if (day > new Date(Date.UTC(year, month, 0)).getUTCDate()) return null;
  return `${year}-${pad(month)}-${pad(day)}`;
}

/**
 * What a person typed, read with the field's format (`MM/DD/YY`, `DD.MM.YYYY`, `YYYY-MM-DD`…) as a
 * `YYYY-MM-DD` date; null while it is not a whole, real date. A two-digit year is 2000-2068 or
 * 1969-1999 (dayjs's rule); any separator between the parts is accepted.
 */
export function parseDateInput(text: string, valueFormat: string = DEFAULT_DATE_FIELD_FORMAT): string | null {
  const input = text.trim();
  const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(input);
  if (iso) return isoOf(Number(iso[1]), Number(iso[2]), Number(iso[3]));
  const tokens = valueFormat
    .toUpperCase()
    .split(/[^A-Z]+/)
    .filter(Boolean);
  const parts = input.split(/[^0-9]+/).filter(Boolean);
  if (tokens.length !== 3 || parts.length !== 3) return null;
  let year = Number.NaN;
  let month = Number.NaN;
  let day = Number.NaN;
  for (const [index, token] of tokens.entries()) {
    const part = parts[index]!;
    if (token.startsWith('Y')) {
      // `YY` takes two digits or four; `YYYY` only four, so typing 2026 never stops at 2020.
      if (part.length === 4) year = Number(part);
      else if (part.length === 2 && token === 'YY') year = Number(part) + (Number(part) > 68 ? 1900 : 2000);
      else return null;
    } else if (token.startsWith('M')) {
      if (part.length > 2) return null;
      month = Number(part);
    } else if (token.startsWith('D')) {
      if (part.length > 2) return null;
      day = Number(part);
    } else return null;
  }
  return isoOf(year, month, day);
}

export function DateField({
  value,
  onChange,
  valueFormat = DEFAULT_DATE_FIELD_FORMAT,
  placeholder,
  minDate,
  maxDate,
  allowDeselect = true,
  clearButtonProps,
  popoverProps,
  ...props
}: DateFieldProps) {
  // While the calendar is open, Escape is the calendar's: the attribute tells an enclosing Mantine
  // Modal (or Drawer) to leave the key alone, so Escape closes the picker and not the form (issue 11).
  const [pickerOpen, setPickerOpen] = useState(false);
  return (
    <DateInput
      // A new format (the business changed its setting) re-renders the typed text in it.
      key={valueFormat}
      {...props}
      data-mantine-stop-propagation={pickerOpen || undefined}
      popoverProps={{
        ...popoverProps,
        onOpen: () => {
          setPickerOpen(true);
          popoverProps?.onOpen?.();
        },
        onClose: () => {
          setPickerOpen(false);
          popoverProps?.onClose?.();
        },
      }}
      value={value ? value : null}
      onChange={(next) => onChange(next ? next.slice(0, 10) : '')}
      valueFormat={valueFormat}
      dateParser={(text) => parseDateInput(text, valueFormat)}
      placeholder={placeholder ?? valueFormat.toLowerCase()}
      minDate={minDate || undefined}
      maxDate={maxDate || undefined}
      ariaLabels={CALENDAR_LABELS}
      // The clear button (a `clearable` field) is named for screen readers; the field's label says which date.
      clearButtonProps={{ 'aria-label': 'Clear date', ...clearButtonProps }}
      // Emptying the text empties the value (a required field then says so) rather than silently putting the old date back.
      allowDeselect={allowDeselect}
    />
  );
}
