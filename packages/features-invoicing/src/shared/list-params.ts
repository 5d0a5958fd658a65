import { useCallback, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useDebouncedValue } from '@mantine/hooks';
import type { CatalogStatusFilter } from '@ledgerleaf/domain';

export const SEARCH_DEBOUNCE_MS = 300;
export const PER_PAGE = 25;

export interface ListParams {
  search: string;
  sort: string;
  direction: 'asc' | 'desc';
  page: number;
  status: CatalogStatusFilter;
}

const STATUSES: readonly CatalogStatusFilter[] = ['active', 'archived', 'all'];

/** A list's other URL filters: products' `type`; estimates' own `status` (not the catalogue's), `client_id`, `date_from`, `date_to`. */
export type ListFilterKey = 'type' | 'status' | 'client_id' | 'date_from' | 'date_to';

/**
 * The list's query (search, sort, page, status) lives in the URL, so a reload, the back button and
 * a shared link show the same page. The search box is local state, sent to the URL (and so to the
 * server) once typing pauses for SEARCH_DEBOUNCE_MS.
 */
export function useListParams(defaultSort: string, sortFields: readonly string[]) {
  const [params, setParams] = useSearchParams();
  const search = params.get('search') ?? '';
  const sortParam = params.get('sort') ?? '';
  const sort = sortFields.includes(sortParam) ? sortParam : defaultSort;
  const direction = params.get('direction') === 'desc' ? 'desc' : 'asc';
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const statusParam = params.get('status') as CatalogStatusFilter | null;
  const status = statusParam && STATUSES.includes(statusParam) ? statusParam : 'active';

  const update = useCallback(
    (changes: Partial<Record<keyof ListParams | ListFilterKey, string | number>>) => {
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const [key, value] of Object.entries(changes)) {
            if (value === '' || value === undefined) next.delete(key);
            else next.set(key, String(value));
          }
          // Any change but a page change starts again at page 1.
          if (!('page' in changes)) next.delete('page');
          return next;
        },
        { replace: true },
      );
    },
    [setParams],
  );

  const [searchInput, setSearchInput] = useState(search);
  const [debounced] = useDebouncedValue(searchInput.trim(), SEARCH_DEBOUNCE_MS);
  useEffect(() => {
    if (debounced !== search) update({ search: debounced });
    // Only a settled search input moves the URL; URL changes do not echo back into the input.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- see above
  }, [debounced]);

  const value: ListParams = { search, sort, direction, page, status };
  return {
    params: value,
    searchInput,
    setSearchInput,
    clearSearch: () => {
      setSearchInput('');
      update({ search: '' });
    },
    setSort: (next: { field: string; direction: 'asc' | 'desc' }) =>
      update({ sort: next.field, direction: next.direction }),
    setPage: (next: number) => update({ page: next }),
    setStatus: (next: CatalogStatusFilter) => update({ status: next }),
    /** Another filter of the list (see ListFilterKey), '' when unset. */
    filter: (key: ListFilterKey) => params.get(key) ?? '',
    setFilter: (key: ListFilterKey, value: string) => update({ [key]: value }),
    /** Several filters in one URL change (Clear dates empties both ends). */
    setFilters: (changes: Partial<Record<ListFilterKey, string>>) => update(changes),
  };
}
