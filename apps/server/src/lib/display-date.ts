import { formatDisplayDate, toDateFormat } from '@ledgerleaf/domain';

/**
 * A date as the business shows it (its date format, business settings; `mm/dd/yy` by default), for
 * everything the server prints for it: the invoice and estimate PDF and every email (invoice,
 * estimate, payment receipt, reminder, recurring invoice). One helper so they all agree with the
 * web's screens, which format through the same `formatDisplayDate`. An unreadable value is printed as
 * given rather than left out of a document.
 */
export function businessDate(value: string, dateFormat: string | null | undefined): string {
  return formatDisplayDate(value, toDateFormat(dateFormat)) || value;
}
