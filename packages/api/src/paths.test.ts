import { describe, expect, it } from 'vitest';
import { pathPatterns, paths } from './paths';

describe('paths', () => {
  it('builds record links from their route patterns', () => {
    expect(paths.invoices.detail(7)).toBe('/invoices/7');
    expect(paths.invoices.detail.pattern).toBe('/invoices/:id');
    expect(paths.invoices.edit(7)).toBe('/invoices/7?edit=1');
    expect(paths.estimates.edit(3)).toBe('/estimates/3?edit=1');
    expect(paths.recurringInvoices.edit(4)).toBe('/recurring-invoices/4?edit=1');
    expect(paths.clients.edit(12)).toBe('/clients/12/edit');
    expect(paths.clients.edit.pattern).toBe('/clients/:id/edit');
    expect(paths.crm.leads.edit(5)).toBe('/crm/leads/5/edit');
    expect(paths.goals.incomeEntry(9)).toBe('/goals/income?id=9');
  });

  it('encodes a token', () => {
    expect(paths.publicInvoice('a/b c')).toBe('/i/a%2Fb%20c');
    expect(paths.resetPassword.pattern).toBe('/reset-password/:token');
  });

  it('lists every route path once, patterns for record pages and no query strings', () => {
    const patterns = pathPatterns();
    expect(new Set(patterns).size).toBe(patterns.length);
    expect(patterns).toContain('/invoices/:id');
    expect(patterns).toContain('/crm/opportunities/:id/edit');
    expect(patterns).toContain('/calendar');
    expect(patterns).toContain('/goals/income');
    expect(patterns.every((path) => path.startsWith('/') && !path.includes('?'))).toBe(true);
  });
});
