import { PAYMENT_METHOD_LABELS, type Report, type ReportQuery } from '@ledgerleaf/domain';
import { paymentsReceivedFigures } from '@ledgerleaf/db';
import { count, dollars, money, resolvePeriod, shape, type ReportContext } from './frame';

export async function paymentsReceived(ctx: ReportContext, query: ReportQuery): Promise<Report> {
  const period = resolvePeriod(query, ctx.today);
  const group = query.group ?? 'date';
  const figures = await paymentsReceivedFigures(ctx.db, {
    businessId: ctx.businessId,
    from: period.from,
    to: period.to,
    group,
  });
  const label = (name: string) =>
    group === 'method' ? ((PAYMENT_METHOD_LABELS as Record<string, string>)[name] ?? name) : name;
  const drillParams = (key: string): Record<string, string> =>
    group === 'date'
      ? { from: key, to: key }
      : group === 'method'
        ? { from: period.from, to: period.to, method: key }
        : { from: period.from, to: period.to, client_id: key };
  return shape('payments_received', ctx, {
    columns: [
      {
        key: 'name',
        label: group === 'date' ? 'Date' : group === 'method' ? 'Method' : 'Client',
        kind: group === 'date' ? 'date' : 'text',
      },
      count('payments', 'Payments'),
      money('amount', 'Amount'),
    ],
    rows: figures.map((figure) => ({
      key: figure.key,
      cells: { name: label(figure.name), payments: figure.count, amount: figure.amount_cents },
      drill: { target: 'payments' as const, params: drillParams(figure.key) },
    })),
    period,
    group,
    totalsDrill: { target: 'payments', params: { from: period.from, to: period.to } },
    chart:
      figures.length > 0
        ? {
            type: group === 'date' ? 'bar' : 'pie',
            labels: figures.slice(0, group === 'date' ? 400 : 12).map((figure) => label(figure.name)),
            series: [
              {
                name: 'Amount',
                values: figures.slice(0, group === 'date' ? 400 : 12).map((figure) => dollars(figure.amount_cents)),
              },
            ],
            unit: 'money',
          }
        : null,
    notes: ['Payments by their payment date, on every invoice (also those voided after the payment).'],
  });
}
