import { monthsOf, type Report, type ReportQuery } from '@ledgerleaf/domain';
import { incomeByMonthFigures } from '@ledgerleaf/db';
import { dollars, money, monthEnd, resolvePeriod, shape, text, type ReportContext } from './frame';

export async function incomeStatement(ctx: ReportContext, query: ReportQuery): Promise<Report> {
  const period = resolvePeriod(query, ctx.today);
  const basis = query.basis ?? 'cash';
  const figures = await incomeByMonthFigures(ctx.db, {
    businessId: ctx.businessId,
    from: period.from,
    to: period.to,
  });
  const byMonth = new Map(figures.map((figure) => [figure.month, figure]));
  const months = monthsOf(period.from, period.to);
  const rows = months.map((month) => {
    const figure = byMonth.get(month) ?? { month, invoiced_cents: 0, collected_cents: 0, other_income_cents: 0 };
    const from = month + '-01' < period.from ? period.from : `${month}-01`;
    const lastDay = monthEnd(month);
    const to = lastDay > period.to ? period.to : lastDay;
    const revenue = (basis === 'cash' ? figure.collected_cents : figure.invoiced_cents) + figure.other_income_cents;
    return {
      key: month,
      cells: {
        month,
        invoiced: figure.invoiced_cents,
        collected: figure.collected_cents,
        other: figure.other_income_cents,
        revenue,
      },
      drill: { target: basis === 'cash' ? ('payments' as const) : ('invoices' as const), params: { from, to } },
    };
  });
  return shape('income_statement', ctx, {
    columns: [
      text('month', 'Month'),
      money('invoiced', 'Invoiced'),
      money('collected', 'Collected'),
      money('other', 'Other income'),
      money('revenue', basis === 'cash' ? 'Money received' : 'Revenue'),
    ],
    rows,
    period,
    basis,
    totalsDrill: { target: basis === 'cash' ? 'payments' : 'invoices', params: { from: period.from, to: period.to } },
    chart: {
      type: 'line',
      labels: months,
      series: [
        { name: 'Invoiced', values: rows.map((row) => dollars(row.cells.invoiced)) },
        { name: 'Collected', values: rows.map((row) => dollars(row.cells.collected)) },
        { name: 'Other income', values: rows.map((row) => dollars(row.cells.other)) },
      ],
      unit: 'money',
    },
    notes: [
      'Invoiced: invoices issued in the month (drafts and void invoices excluded). Collected: payments by payment date. Other income by its date.',
      basis === 'cash'
        ? 'Money received (cash basis) is collected plus other income: the dashboard’s revenue.'
        : 'Revenue (accrual basis) is invoiced plus other income.',
    ],
  });
}
