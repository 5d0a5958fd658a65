import { addCalendarDays, startOfZonedDay, type Report, type ReportQuery } from '@ledgerleaf/domain';
import { leadAnalyticsFigures } from '@ledgerleaf/db';
import { count, dollars, money, resolvePeriod, shape, text, type ReportContext } from './frame';

export async function leadSources(ctx: ReportContext, query: ReportQuery): Promise<Report> {
  const period = resolvePeriod(query, ctx.today);
  const figures = await leadAnalyticsFigures(ctx.db, {
    businessId: ctx.businessId,
    since: startOfZonedDay(period.from, ctx.timeZone),
    before: startOfZonedDay(addCalendarDays(period.to, 1), ctx.timeZone),
  });
  return shape('lead_sources', ctx, {
    columns: [
      text('source', 'Lead source'),
      count('leads', 'Leads'),
      count('converted', 'Converted'),
      count('won', 'Won opportunities'),
      money('won_value', 'Won value'),
      money('invoiced', 'Invoiced'),
      money('paid', 'Paid'),
    ],
    rows: figures.by_source.map((source) => ({
      key: source.source_id === null ? 'none' : String(source.source_id),
      cells: {
        source: source.name ?? 'No source',
        leads: source.leads,
        converted: source.converted,
        won: source.won_count,
        won_value: source.won_cents,
        invoiced: source.invoiced_cents,
        paid: source.paid_cents,
      },
      drill: {
        target: 'leads' as const,
        params: { source_id: source.source_id === null ? 'none' : String(source.source_id) },
      },
    })),
    period,
    totalsDrill: { target: 'leads', params: {} },
    chart: {
      type: 'bar',
      labels: figures.by_source.map((source) => source.name ?? 'No source'),
      series: [
        { name: 'Won value', values: figures.by_source.map((source) => dollars(source.won_cents)) },
        { name: 'Paid', values: figures.by_source.map((source) => dollars(source.paid_cents)) },
      ],
      unit: 'money',
    },
    notes: [
      'Leads created in the period by source; won opportunities closed in the period, and the issued, non-void invoices made from them (the CRM’s lead analytics).',
    ],
  });
}
