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
import { paths } from '@ledgerleaf/api';

const under = (pathname: string, base: string) => pathname === base || pathname.startsWith(`${base}/`);

/**
 * The side navigation (SPEC.md section 2, "Application shell"), in its order. An entry is active on
 * its own path and the paths under it, and also: CRM on any path containing /crm, Invoices/Estimates
 * on the estimates and recurring invoices, Settings on the invoice reminders.
 */
export function navItems(pathname: string): AppNavItem[] {
  const icon = (Icon: typeof IconLayoutDashboard) => <Icon size={20} stroke={1.6} aria-hidden />;
  return [
    {
      label: 'Dashboard',
      href: paths.dashboard,
      icon: icon(IconLayoutDashboard),
      active: under(pathname, paths.dashboard),
    },
    { label: 'CRM', href: paths.crm.root, icon: icon(IconTargetArrow), active: pathname.includes(paths.crm.root) },
    {
      label: 'Invoices/Estimates',
      href: paths.invoices.root,
      icon: icon(IconFileInvoice),
      active: [paths.invoices.root, paths.recurringInvoices.list, paths.estimates.list].some((base) =>
        under(pathname, base),
      ),
    },
    {
      label: 'Clients',
      href: paths.clients.list,
      icon: icon(IconAddressBook),
      active: under(pathname, paths.clients.list),
    },
    {
      label: 'Products/Services',
      href: paths.products.list,
      icon: icon(IconPackage),
      active: under(pathname, paths.products.list),
    },
    { label: 'Reports', href: paths.reports, icon: icon(IconChartBar), active: under(pathname, paths.reports) },
    {
      label: 'Dynamic Reports',
      href: paths.dynamicReports,
      icon: icon(IconChartDots3),
      active: under(pathname, paths.dynamicReports),
    },
    { label: 'Calendar', href: paths.calendar, icon: icon(IconCalendar), active: under(pathname, paths.calendar) },
    {
      label: 'Settings',
      href: paths.settings.root,
      icon: icon(IconSettings),
      active: under(pathname, paths.settings.root) || under(pathname, paths.settings.invoiceReminders),
    },
  ];
}

export const GOALS_HREF = paths.goals.list;

export function goalsActive(pathname: string): boolean {
  return under(pathname, paths.goals.list) || pathname === paths.goals.info;
}
