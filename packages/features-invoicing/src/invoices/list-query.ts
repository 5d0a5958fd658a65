import { useCallback, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useDebouncedValue } from '@mantine/hooks';
import {
  INVOICE_SORT_FIELDS,
  INVOICE_STATUS_FILTERS,
  isCalendarDate,
  type InvoiceListQueryInput,
  type InvoiceStatusFilter,
} from '@ledgerleaf/domain';
import { dateRangeQuery } from '../shared/date-range-filter';
import { PER_PAGE, SEARCH_DEBOUNCE_MS } from '../shared/list-params';

export type InvoiceSortField = (typeof INVOICE_SORT_FIELDS)[number];

export interface InvoiceListParams {
  status: InvoiceStatusFilter;
  search: string;
  /** The client filter (`client_id` in the URL); empty for all clients. */
  client_id: string;
  date_from: string;
  date_to: string;
  sort: InvoiceSortField;
  direction: 'asc' | 'desc';
  page: number;
}

/** The list's query lives in the URL (reload, back and shared links keep the view). */
export function useInvoiceListParams() {
  const [params, setParams] = useSearchParams();
  const statusParam = params.get('status') as InvoiceStatusFilter | null;
  const sortParam = params.get('sort') as InvoiceSortField | null;
  const dateFrom = params.get('date_from') ?? '';
  const dateTo = params.get('date_to') ?? '';
  const clientParam = Number(params.get('client_id'));
  const value: InvoiceListParams = {
    status: statusParam && INVOICE_STATUS_FILTERS.includes(statusParam) ? statusParam : 'all',
    search: params.get('search') ?? '',
    client_id: Number.isSafeInteger(clientParam) && clientParam > 0 ? String(clientParam) : '',
    date_from: isCalendarDate(dateFrom) ? dateFrom : '',
    date_to: isCalendarDate(dateTo) ? dateTo : '',
    sort: sortParam && INVOICE_SORT_FIELDS.includes(sortParam) ? sortParam : 'issue_date',
    direction: params.get('direction') === 'asc' ? 'asc' : 'desc',
    page: Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1),
  };

  const update = useCallback(
    (changes: Partial<Record<keyof InvoiceListParams, string | number>>) => {
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const [key, change] of Object.entries(changes)) {
            if (change === '' || change === undefined || (key === 'status' && change === 'all')) next.delete(key);
            else next.set(key, String(change));
          }
          if (!('page' in changes)) next.delete('page');
          return next;
        },
        { replace: true },
      );
    },
    [setParams],
  );

  const [searchInput, setSearchInput] = useState(value.search);
  const [debounced] = useDebouncedValue(searchInput.trim(), SEARCH_DEBOUNCE_MS);
  useEffect(() => {
    if (debounced !== value.search) update({ search: debounced });
    // Only a settled search input moves the URL.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- see above
  }, [debounced]);

  return { params: value, update, searchInput, setSearchInput };
}

/** What `GET /api/invoices` is asked for these parameters (empty values left out). */
export function toListQuery(params: InvoiceListParams): InvoiceListQueryInput {
  return {
    status: params.status,
    search: params.search || undefined,
    client_id: params.client_id ? Number(params.client_id) : undefined,
    ...dateRangeQuery(params.date_from, params.date_to),
    sort: params.sort,
    direction: params.direction,
    page: params.page,
    per_page: PER_PAGE,
  };
}
