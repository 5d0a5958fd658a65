import {
  AGING_BUCKETS,
  AGING_BUCKET_LABELS,
  agingBucketDueRange,
  type Report,
  type ReportCell,
  type ReportQuery,
} from '@ledgerleaf/domain';
import { agingFigures } from '@ledgerleaf/db';
import { count, dayCutoff, dollars, money, shape, text, type ColumnSpec, type ReportContext } from './frame';

export async function aging(ctx: ReportContext, query: ReportQuery): Promise<Report> {
  const asOf = query.as_of ?? ctx.today;
  const bound = (bucket: (typeof AGING_BUCKETS)[number]) => agingBucketDueRange(bucket, asOf).from ?? '';
  const figures = await agingFigures(ctx.db, {
    businessId: ctx.businessId,
    asOf,
    cutoff: dayCutoff(asOf, ctx.timeZone),
    bounds: [bound('1_30'), bound('31_60'), bound('61_90'), bound('91_120')],
  });
  const columns: ColumnSpec[] = [
    text('client', 'Client'),
    count('invoices', 'Open invoices'),
    ...AGING_BUCKETS.map((bucket) => money(`b_${bucket}`, AGING_BUCKET_LABELS[bucket], { drill_params: { bucket } })),
    money('balance', 'Balance'),
  ];
  const bucketKeys = AGING_BUCKETS.map((bucket) => `b_${bucket}`);
  const rows = figures.map((figure) => {
    const cells: Record<string, ReportCell> = { client: figure.client_name, invoices: figure.invoices };
    let balance = 0;
    for (const [i, key] of bucketKeys.entries()) {
      cells[key] = figure.buckets[i]!;
      balance += figure.buckets[i]!;
    }
    cells.balance = balance;
    return {
      key: String(figure.client_id),
      cells,
      drill: { target: 'invoices' as const, params: { as_of: asOf, client_id: String(figure.client_id) } },
    };
  });
  const bucketTotals = AGING_BUCKETS.map((_, i) => figures.reduce((sum, figure) => sum + figure.buckets[i]!, 0));
  return shape('aging', ctx, {
    columns,
    rows,
    exactCells: true,
    asOf,
    totalsDrill: { target: 'invoices', params: { as_of: asOf } },
    chart: {
      type: 'bar',
      labels: AGING_BUCKETS.map((bucket) => AGING_BUCKET_LABELS[bucket]),
      series: [{ name: 'Balance', values: bucketTotals.map(dollars) }],
      unit: 'money',
    },
    notes: [
      `Balances as they were at the end of ${asOf}: invoices issued by then and not void then, less the payments dated on or before it.`,
      'Current is not yet due; the other columns are days past the due date.',
    ],
  });
}
