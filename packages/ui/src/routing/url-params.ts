import { useCallback, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useDebouncedValue } from '@mantine/hooks';

/** A search box reaches the URL (and so the server) once typing pauses this long. */
export const SEARCH_DEBOUNCE_MS = 300;

/** A change of the URL state: a value to set, or '' / null / undefined to leave the key out. */
export type UrlChanges = Record<string, string | number | null | undefined>;

export interface UrlUpdateOptions {
  /** Keep the page number (opening a row's details is no new query); any other change starts at page 1. */
  keepPage?: boolean;
  /** A new history entry (the back button returns here) instead of replacing the current one. */
  push?: boolean;
}

export interface UrlParamsOptions {
  /**
   * Values that are the key's default and so stay out of the URL (`{ status: 'all' }`): the
   * address of the unfiltered list is the list's own path.
   */
  defaults?: Record<string, string>;
}

/**
 * A screen's state that lives in the URL (filters, page, an open row), so that a reload, the back
 * button and a shared link show the same thing. Reading never trusts the URL: `oneOf` and `page`
 * fall back to a default for anything unexpected. Updates replace the history entry unless
 * `push`, and start again at page 1 unless they set the page or `keepPage`.
 */
export function useUrlParams({ defaults = {} }: UrlParamsOptions = {}) {
  const [params, setParams] = useSearchParams();
  // The defaults object is usually a literal: compare by content, not identity.
  const defaultsKey = JSON.stringify(defaults);
  // The address as last rendered, to tell an update that changes nothing (see below).
  const latest = useRef(params);
  latest.current = params;
  const update = useCallback(
    (changes: UrlChanges, { keepPage = false, push = false }: UrlUpdateOptions = {}) => {
      const omitted = JSON.parse(defaultsKey) as Record<string, string>;
      const apply = (current: URLSearchParams) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(changes)) {
          if (value === '' || value === null || value === undefined || omitted[key] === String(value)) next.delete(key);
          else next.set(key, String(value));
        }
        if (!keepPage && !('page' in changes)) next.delete('page');
        return next;
      };
      // An update that changes nothing does not navigate: a widget that reports its state as it
      // mounts (FullCalendar's datesSet) would otherwise navigate during the first render.
      if (apply(latest.current).toString() === latest.current.toString()) return;
      setParams(apply, { replace: !push });
    },
    [setParams, defaultsKey],
  );
  return {
    params,
    /** The value of `key`, '' when it is not in the URL. */
    get: (key: string) => params.get(key) ?? '',
    /** The value of `key` when it is one of `allowed`, otherwise `fallback`. */
    oneOf: <T extends string>(key: string, allowed: readonly T[], fallback: T): T => {
      const value = params.get(key);
      return value !== null && (allowed as readonly string[]).includes(value) ? (value as T) : fallback;
    },
    /** The page number: a whole number from 1, 1 for anything else. */
    page: Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1),
    update,
  };
}

export interface ListParamsOptions<Sort extends string> {
  /** The fields the server sorts by; anything else in the URL falls back to `defaultSort`. */
  sortFields: readonly Sort[];
  defaultSort: Sort;
  /** Lists of documents show the newest first. @default 'asc' */
  defaultDirection?: 'asc' | 'desc';
  defaults?: Record<string, string>;
}

/**
 * A server-paged list's query in the URL: search, sort, direction and page, plus the list's own
 * filters (`filter`, `setFilter`). The search box is local state, sent to the URL (and so to the
 * server) once typing pauses for SEARCH_DEBOUNCE_MS; changing anything but the page starts again at
 * page 1.
 */
export function useListParams<Sort extends string>({
  sortFields,
  defaultSort,
  defaultDirection = 'asc',
  defaults,
}: ListParamsOptions<Sort>) {
  const url = useUrlParams({ defaults });
  const { update } = url;
  const search = url.get('search');
  const sort = url.oneOf('sort', sortFields, defaultSort);
  const other = defaultDirection === 'asc' ? 'desc' : 'asc';
  const direction: 'asc' | 'desc' = url.get('direction') === other ? other : defaultDirection;

  const [searchInput, setSearchInput] = useState(search);
  const [debounced] = useDebouncedValue(searchInput.trim(), SEARCH_DEBOUNCE_MS);
  useEffect(() => {
    if (debounced !== search) update({ search: debounced });
    // Only a settled search input moves the URL; URL changes do not echo back into the input.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- see above
  }, [debounced]);

  return {
    ...url,
    params: { search, sort, direction, page: url.page },
    searchInput,
    setSearchInput,
    clearSearch: () => {
      setSearchInput('');
      update({ search: '' });
    },
    setSort: (next: { field: string; direction: 'asc' | 'desc' }) =>
      update({ sort: next.field, direction: next.direction }),
    setPage: (next: number) => update({ page: next }),
    /** Another filter of the list, '' when unset. */
    filter: url.get,
    setFilter: (key: string, value: string) => update({ [key]: value }),
    /** Several filters in one URL change (Clear dates empties both ends). */
    setFilters: (changes: Record<string, string>) => update(changes),
  };
}
