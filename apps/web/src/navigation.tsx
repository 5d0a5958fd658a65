import {
  IconAddressBook,
  IconCalendar,
  IconChartBar,
  IconChartDots3,
  IconFileInvoice,
  IconLayoutDashboard,
  IconPackage,
  IconSettings,
  IconTargetArrow,
} from '@tabler/icons-react';
import type { AppNavItem } from '@ledgerleaf/ui';

const under = (pathname: string, base: string) => pathname === base || pathname.startsWith(`${base}/`);

/** The side navigation of SPEC.md section 2 ("Application shell"), with its active rules. */
export function navItems(pathname: string): AppNavItem[] {
  const icon = (Icon: typeof IconLayoutDashboard) => <Icon size={20} stroke={1.6} aria-hidden />;
  return [
    { label: 'Dashboard', href: '/dashboard', icon: icon(IconLayoutDashboard), active: under(pathname, '/dashboard') },
    { label: 'CRM', href: '/crm', icon: icon(IconTargetArrow), active: pathname.includes('/crm') },
    {
      label: 'Invoices/Estimates',
      href: '/invoices',
      icon: icon(IconFileInvoice),
      active: ['/invoices', '/recurring-invoices', '/estimates'].some((base) => under(pathname, base)),
    },
    { label: 'Clients', href: '/clients', icon: icon(IconAddressBook), active: under(pathname, '/clients') },
    { label: 'Products/Services', href: '/products', icon: icon(IconPackage), active: under(pathname, '/products') },
    { label: 'Reports', href: '/reports', icon: icon(IconChartBar), active: under(pathname, '/reports') },
    {
      label: 'Dynamic Reports',
      href: '/dynamic-reports',
      icon: icon(IconChartDots3),
      active: under(pathname, '/dynamic-reports'),
    },
    { label: 'Calendar', href: '/calendar', icon: icon(IconCalendar), active: under(pathname, '/calendar') },
    {
      label: 'Settings',
      href: '/user/settings',
      icon: icon(IconSettings),
      active: under(pathname, '/user/settings') || under(pathname, '/settings/invoice-reminders'),
    },
  ];
}

export const GOALS_HREF = '/goals';

export function goalsActive(pathname: string): boolean {
  return under(pathname, '/goals') || pathname === '/goals-info';
}
