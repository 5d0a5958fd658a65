import type { Report, ReportQuery } from '@ledgerleaf/domain';
import { taxAccrualFigures, taxCashFigures } from '@ledgerleaf/db';
import { count, dollars, money, resolvePeriod, shape, text, type ReportContext } from './frame';

export async function taxSummary(ctx: ReportContext, query: ReportQuery): Promise<Report> {
  const period = resolvePeriod(query, ctx.today);
  const basis = query.basis ?? 'accrual';
  const params = { businessId: ctx.businessId, from: period.from, to: period.to };
  const figures = basis === 'cash' ? await taxCashFigures(ctx.db, params) : await taxAccrualFigures(ctx.db, params);
  const rateText = (thousandths: number) => `${String(thousandths / 1000)} %`;
  return shape('tax_summary', ctx, {
    columns: [
      text('tax', 'Tax'),
      text('rate', 'Rate'),
      count('invoices', 'Invoices'),
      money('taxable', 'Taxable amount'),
      money('amount', 'Tax amount'),
    ],
    rows: figures.map((figure) => ({
      key: `${figure.name}|${String(figure.rate_thousandths)}`,
      cells: {
        tax: figure.name,
        rate: rateText(figure.rate_thousandths),
        invoices: figure.invoices,
        taxable: figure.taxable_cents,
        amount: figure.tax_cents,
      },
      drill: {
        target: basis === 'cash' ? ('payments' as const) : ('invoices' as const),
        params: { from: period.from, to: period.to, tax_name: figure.name, tax_rate: String(figure.rate_thousandths) },
      },
    })),
    period,
    basis,
    totalsDrill: { target: basis === 'cash' ? 'payments' : 'invoices', params: { from: period.from, to: period.to } },
    chart:
      figures.length > 0
        ? {
            type: 'pie',
            labels: figures.map((figure) => `${figure.name} ${rateText(figure.rate_thousandths)}`),
            series: [{ name: 'Tax', values: figures.map((figure) => dollars(figure.tax_cents)) }],
            unit: 'money',
          }
        : null,
    notes: [
      basis === 'cash'
        ? 'Tax collected: each payment dated in the period carries its proportional share of its invoice’s taxes (a partial payment its part).'
        : 'Tax charged on invoices issued in the period; drafts and void invoices are not counted.',
      'A line with two taxes counts its taxable amount under each.',
    ],
  });
}
