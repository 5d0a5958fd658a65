import {
  INVOICE_SORT_FIELDS,
  INVOICE_STATUS_FILTERS,
  isCalendarDate,
  type InvoiceListQueryInput,
  type InvoiceStatusFilter,
} from '@ledgerleaf/domain';
import { useListParams } from '@ledgerleaf/ui/routing';
import { dateRangeQuery } from '../shared/date-range-filter';
import { PER_PAGE } from '../shared/list-params';

export type InvoiceSortField = (typeof INVOICE_SORT_FIELDS)[number];

export interface InvoiceListParams {
  status: InvoiceStatusFilter;
  search: string;
  /** The client filter (`client_id` in the URL); empty for all clients. */
  client_id: string;
  date_from: string;
  date_to: string;
  /** The due date range (the dashboard's "Due This Week" opens one); '' when not filtered. */
  due_from: string;
  due_to: string;
  sort: InvoiceSortField;
  direction: 'asc' | 'desc';
  page: number;
}

/** A client id of the URL (`client_id`): a whole number from 1, '' for anything else. */
export function clientFilter(value: string): string {
  const id = Number(value);
  return value !== '' && Number.isSafeInteger(id) && id > 0 ? String(id) : '';
}

/** A date of the URL (`date_from`, `date_to`): a calendar date, '' for anything else. */
export const dateFilter = (value: string): string => (isCalendarDate(value) ? value : '');

/**
 * The invoice list's query in the URL (reload, back and shared links keep the view): a status
 * (all by default, then left out of the URL), the search, a client, an issue date range, a due
 * date range, the sort (newest first by default) and the page.
 */
export function useInvoiceListParams() {
  const list = useListParams({
    sortFields: INVOICE_SORT_FIELDS,
    defaultSort: 'issue_date',
    defaultDirection: 'desc',
    defaults: { status: 'all' },
  });
  const value: InvoiceListParams = {
    ...list.params,
    status: list.oneOf('status', INVOICE_STATUS_FILTERS, 'all'),
    client_id: clientFilter(list.get('client_id')),
    date_from: dateFilter(list.get('date_from')),
    date_to: dateFilter(list.get('date_to')),
    due_from: dateFilter(list.get('due_from')),
    due_to: dateFilter(list.get('due_to')),
  };
  return { ...list, params: value };
}

/** The due date range of the query: both ends, or neither when the range is reversed. */
function dueRangeQuery(from: string, to: string): { due_from: string | undefined; due_to: string | undefined } {
  const { date_from, date_to } = dateRangeQuery(from, to);
  return { due_from: date_from, due_to: date_to };
}

/** What `GET /api/invoices` is asked for these parameters (empty values left out). */
export function toListQuery(params: InvoiceListParams): InvoiceListQueryInput {
  return {
    status: params.status,
    search: params.search || undefined,
    client_id: params.client_id ? Number(params.client_id) : undefined,
    ...dateRangeQuery(params.date_from, params.date_to),
    ...dueRangeQuery(params.due_from, params.due_to),
    sort: params.sort,
    direction: params.direction,
    page: params.page,
    per_page: PER_PAGE,
  };
}
