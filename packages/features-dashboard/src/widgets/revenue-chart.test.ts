import { describe, expect, it } from 'vitest';
import { monthPaymentsUrl } from './revenue-chart';

describe('the revenue chart', () => {
  it("opens a month's payments in the Payments received report, first to last day", () => {
    expect(monthPaymentsUrl('2026-02')).toBe(
      '/reports?report=payments_received&preset=custom&from=2026-02-01&to=2026-02-28&group=date',
    );
    expect(monthPaymentsUrl('2028-02')).toContain('&to=2028-02-29&');
    expect(monthPaymentsUrl('2026-12')).toContain('from=2026-12-01&to=2026-12-31');
  });
});
