import {
  findInvoiceDataVersion,
  summarizeInvoices,
  type Db,
  type InvoiceListFilter,
  type InvoiceListSummaryCents,
} from '@ledgerleaf/db';
import type { Deps } from '../../../lib/context';

/** Entries kept per app instance; the oldest goes first. */
export const INVOICE_SUMMARY_CACHE_SIZE = 1000;

/**
 * The invoice list's count and totals add up every matching row (tens of milliseconds at 100,000
 * invoices). They change only when the business's invoices (or its clients' names) change, which
 * database triggers record in `businesses.invoice_data_version` (migration 0011). So the summary is
 * kept per (business, version, filter, day): a request reads the version with one primary-key
 * lookup and recomputes only after a change. Every server instance keeps its own entries, and a
 * stale one can never be served, because any write moves the version the key contains.
 */
export class InvoiceSummaryCache {
  private readonly entries = new Map<string, InvoiceListSummaryCents>();
  hits = 0;
  misses = 0;

  constructor(private readonly capacity = INVOICE_SUMMARY_CACHE_SIZE) {}

  async summarize(db: Db, filter: InvoiceListFilter): Promise<InvoiceListSummaryCents> {
    const version = await findInvoiceDataVersion(db, { businessId: filter.businessId });
    if (version === undefined) return summarizeInvoices(db, filter);
    const key = JSON.stringify([
      filter.businessId,
      version,
      filter.today,
      filter.status,
      filter.search?.trim().toLowerCase() ?? '',
      filter.clientId ?? null,
      filter.goalId ?? null,
      filter.dateFrom ?? null,
      filter.dateTo ?? null,
      filter.dueFrom ?? null,
      filter.dueTo ?? null,
    ]);
    const cached = this.entries.get(key);
    if (cached) {
      // Refresh its place: the Map's order is the eviction order.
      this.entries.delete(key);
      this.entries.set(key, cached);
      this.hits += 1;
      return cached;
    }
    this.misses += 1;
    const summary = await summarizeInvoices(db, filter);
    this.entries.set(key, summary);
    if (this.entries.size > this.capacity) this.entries.delete(this.entries.keys().next().value as string);
    return summary;
  }

  get size(): number {
    return this.entries.size;
  }
}

const caches = new WeakMap<Deps, InvoiceSummaryCache>();

/** The cache of one app instance (its `deps`). */
export function invoiceSummaryCache(deps: Deps): InvoiceSummaryCache {
  let cache = caches.get(deps);
  if (!cache) {
    cache = new InvoiceSummaryCache();
    caches.set(deps, cache);
  }
  return cache;
}
