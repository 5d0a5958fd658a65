import { LOCALE } from '@ledgerleaf/domain';

const percentFormat = new Intl.NumberFormat(LOCALE, { maximumFractionDigits: 3 });

/** `8.875%` */
export function formatPercent(rate: number): string {
  return `${percentFormat.format(rate)}%`;
}
