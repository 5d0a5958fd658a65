import { paths } from '@ledgerleaf/api';
import type { ReportDrill } from '@ledgerleaf/domain';

/** Drill targets shown in the report's own records panel (the records as they were, with their own totals). */
export const isRecordDrill = (drill: ReportDrill): drill is ReportDrill & { target: 'invoices' | 'payments' } =>
  drill.target === 'invoices' || drill.target === 'payments';

const withQuery = (path: string, params: Record<string, string>) => {
  const search = new URLSearchParams(params).toString();
  return search ? `${path}?${search}` : path;
};

/** The page of the app that lists the records behind a row (other targets than invoices and payments). */
export function drillLink(drill: ReportDrill): string {
  const p = drill.params;
  switch (drill.target) {
    case 'invoices':
      return withQuery(paths.invoices.list, {
        ...(p.client_id ? { client_id: p.client_id } : {}),
        ...(p.from ? { date_from: p.from } : {}),
        ...(p.to ? { date_to: p.to } : {}),
      });
    case 'invoice_list':
      return withQuery(paths.invoices.list, p);
    case 'payments':
      return withQuery(paths.invoices.list, p.client_id ? { client_id: p.client_id } : {});
    case 'estimates':
      return withQuery(paths.estimates.list, p.status ? { status: p.status } : {});
    case 'recurring':
      return withQuery(paths.recurringInvoices.list, p.status ? { status: p.status } : {});
    case 'opportunities':
      return withQuery(paths.crm.opportunities.list, p.stage_id ? { stage_id: p.stage_id } : {});
    case 'leads':
      return withQuery(paths.crm.leads.list, p.source_id && p.source_id !== 'none' ? { source_id: p.source_id } : {});
    case 'goal':
      return p.id ? paths.goals.detail(p.id) : paths.goals.list;
    case 'income':
      return paths.goals.income;
  }
}

/** A records drill in the URL (`drill=invoices&d_as_of=…&d_bucket=…`) and back. */
export const DRILL_PREFIX = 'd_';

export function drillToUrl(drill: ReportDrill | null): Record<string, string | null> {
  return drill
    ? {
        drill: drill.target,
        ...Object.fromEntries(Object.entries(drill.params).map(([k, v]) => [DRILL_PREFIX + k, v])),
      }
    : {};
}
