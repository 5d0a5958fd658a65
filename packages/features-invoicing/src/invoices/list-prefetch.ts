import { catalogApi, invoiceApi, type AppStore } from '@ledgerleaf/api';
import { toListQuery, type InvoiceListParams } from './list-query';
import { PICKER_LIMIT } from './pickers';

/** The list as the navigation opens it (`/invoices/all`, nothing in the query string). */
export const DEFAULT_INVOICE_LIST_PARAMS: InvoiceListParams = {
  status: 'all',
  search: '',
  client_id: '',
  date_from: '',
  date_to: '',
  due_from: '',
  due_to: '',
  sort: 'issue_date',
  direction: 'desc',
  page: 1,
};

/**
 * Asks for the invoice list's first page and its client filter's options while start-up still
 * checks the session (the app calls a route's `handle.prefetch` as it preloads the screen), so
 * they are not one more round trip after the page has drawn: the page's own queries find them in
 * the cache (the same arguments). Only for the list as the navigation opens it; another query
 * string loads as the page draws.
 */
export function prefetchInvoiceList(store: AppStore, search: string): void {
  if (search !== '' && search !== '?') return;
  void store.dispatch(invoiceApi.util.prefetch('listInvoices', toListQuery(DEFAULT_INVOICE_LIST_PARAMS), {}));
  void store.dispatch(catalogApi.util.prefetch('searchClients', { q: undefined, limit: PICKER_LIMIT }, {}));
}
