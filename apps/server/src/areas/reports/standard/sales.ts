import type { ReportCell, ReportQuery } from '@ledgerleaf/domain';
import { salesByClientFigures, salesByProductFigures, type SalesFigures } from '@ledgerleaf/db';
import {
  count,
  dollars,
  money,
  resolvePeriod,
  shape,
  text,
  type ColumnSpec,
  type ReportContext,
  type RowSpec,
} from './frame';

function salesColumns(first: ColumnSpec): ColumnSpec[] {
  return [
    first,
    count('invoices', 'Invoices'),
    { key: 'quantity', label: 'Quantity', kind: 'quantity', total: 'sum' },
    money('net', 'Net'),
    money('tax', 'Tax'),
    money('total', 'Total'),
    money('paid', 'Paid'),
    money('balance', 'Balance'),
  ];
}

function salesCells(first: string, figure: SalesFigures, nameKey: string): Record<string, ReportCell> {
  return {
    [nameKey]: first,
    invoices: figure.invoices,
    quantity: figure.quantity_thousandths,
    net: figure.net_cents,
    tax: figure.tax_cents,
    total: figure.total_cents,
    paid: figure.paid_cents,
    balance: figure.balance_cents,
  };
}

export async function sales(ctx: ReportContext, report: 'sales_by_client' | 'sales_by_product', query: ReportQuery) {
  const period = resolvePeriod(query, ctx.today);
  const params = { businessId: ctx.businessId, from: period.from, to: period.to };
  const byClient = report === 'sales_by_client';
  const figures = byClient ? await salesByClientFigures(ctx.db, params) : await salesByProductFigures(ctx.db, params);
  const nameKey = byClient ? 'client' : 'product';
  const rows = figures.map((figure): RowSpec => {
    const key = figure.key === null ? 'none' : String(figure.key);
    return {
      key,
      cells: salesCells(figure.key === null ? 'Lines without a product' : figure.name, figure, nameKey),
      drill: {
        target: 'invoices' as const,
        params: byClient
          ? { from: period.from, to: period.to, client_id: key }
          : { from: period.from, to: period.to, product_id: key },
      },
    };
  });
  const top = figures.slice(0, 10);
  return shape(report, ctx, {
    columns: salesColumns(text(nameKey, byClient ? 'Client' : 'Product or service')),
    rows,
    exactCells: true,
    period,
    basis: 'accrual',
    totalsDrill: { target: 'invoices', params: { from: period.from, to: period.to } },
    chart:
      top.length > 0
        ? {
            type: 'bar',
            labels: top.map((figure) => (figure.key === null ? 'No product' : figure.name)),
            series: [{ name: 'Total', values: top.map((figure) => dollars(figure.total_cents)) }],
            unit: 'money',
          }
        : null,
    notes: [
      'Invoices issued in the period (by issue date); drafts and void invoices are not sales.',
      'Net is the total less tax, after discounts. Balance is what is owed now.',
      ...(byClient
        ? []
        : ['A line’s paid amount is its share of what its invoice was paid, split by line total to the cent.']),
    ],
  });
}
