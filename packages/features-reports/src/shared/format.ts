import { formatCurrency, type ReportCell, type ReportColumnKind } from '@ledgerleaf/domain';

/** A report cell as the table and the chart's tooltip show it (money in the business's currency, percent with one decimal). */
export function formatCell(kind: ReportColumnKind, value: ReportCell, formatDate: (value: string) => string): string {
  if (value === null) return kind === 'percent' || kind === 'days' ? '–' : '';
  if (typeof value === 'string') return kind === 'date' ? formatDate(value) || value : value;
  switch (kind) {
    case 'money':
      return formatCurrency(value);
    case 'percent':
      return `${value.toFixed(1)} %`;
    case 'days':
      return `${value.toFixed(1)} days`;
    case 'quantity':
      return String(Math.round(value * 1000) / 1000);
    default:
      return value.toLocaleString('en-US');
  }
}

/** Numbers read right-aligned. */
export const alignOf = (kind: ReportColumnKind): 'left' | 'right' =>
  kind === 'text' || kind === 'date' ? 'left' : 'right';
