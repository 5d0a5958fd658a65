import { CATALOG_STATUS_FILTERS, type CatalogStatusFilter } from '@ledgerleaf/domain';
import { useListParams } from '@ledgerleaf/ui/routing';

/** Rows per page of the invoicing area's lists. */
export const PER_PAGE = 25;

/** The status filter of the catalogue lists (clients, products): active by default. */
export const CATALOG_STATUS_OPTIONS: { label: string; value: CatalogStatusFilter }[] = [
  { label: 'Active', value: 'active' },
  { label: 'Archived', value: 'archived' },
  { label: 'All', value: 'all' },
];

/**
 * A catalogue list's query in the URL (`useListParams`) with its status filter: `active` unless
 * the URL asks for archived or all records; `query` is what the list endpoint takes.
 */
export function useCatalogListParams<Sort extends string>(defaultSort: Sort, sortFields: readonly Sort[]) {
  const list = useListParams({ sortFields, defaultSort });
  const status = list.oneOf('status', CATALOG_STATUS_FILTERS, 'active');
  const { search, sort, direction, page } = list.params;
  return {
    ...list,
    status,
    setStatus: (next: CatalogStatusFilter) => list.setFilter('status', next),
    query: { search: search || undefined, sort, direction, page, per_page: PER_PAGE, status },
  };
}
