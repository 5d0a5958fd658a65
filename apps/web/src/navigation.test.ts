import { describe, expect, it } from 'vitest';
import { goalsActive, navItems } from './navigation';

const active = (pathname: string) =>
  navItems(pathname)
    .filter((item) => item.active)
    .map((item) => item.label);

describe('navItems (SPEC.md section 2, application shell)', () => {
  it('has the entries in order with their targets', () => {
    expect(navItems('/dashboard').map(({ label, href }) => [label, href])).toEqual([
      ['Dashboard', '/dashboard'],
      ['CRM', '/crm'],
      ['Invoices/Estimates', '/invoices'],
      ['Clients', '/clients'],
      ['Products/Services', '/products'],
      ['Reports', '/reports'],
      ['Dynamic Reports', '/dynamic-reports'],
      ['Calendar', '/calendar'],
      ['Settings', '/user/settings'],
    ]);
  });

  it.each([
    ['/dashboard', ['Dashboard']],
    ['/crm/leads/4/edit', ['CRM']],
    ['/crm', ['CRM']],
    ['/invoices/all', ['Invoices/Estimates']],
    ['/recurring-invoices/create', ['Invoices/Estimates']],
    ['/estimates/12', ['Invoices/Estimates']],
    ['/clients/3/edit', ['Clients']],
    ['/products/create', ['Products/Services']],
    ['/reports', ['Reports']],
    ['/dynamic-reports', ['Dynamic Reports']],
    ['/calendar', ['Calendar']],
    ['/user/settings/email-templates', ['Settings']],
    ['/settings/invoice-reminders', ['Settings']],
    ['/profile', []],
  ])('%s activates %j', (pathname, expected) => {
    expect(active(pathname)).toEqual(expected);
  });

  it('marks the Goals Tracker button active under /goals', () => {
    expect(goalsActive('/goals')).toBe(true);
    expect(goalsActive('/goals/badges')).toBe(true);
    expect(goalsActive('/dashboard')).toBe(false);
  });
});
