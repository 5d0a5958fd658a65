import { Link, useLocation } from 'react-router';
import {
  IconBriefcase,
  IconCash,
  IconFileInvoice,
  IconFileText,
  IconPackage,
  IconRepeat,
  IconTarget,
  IconUserPlus,
  IconUserSearch,
} from '@tabler/icons-react';
import { useCanWrite, paths } from '@ledgerleaf/api';
import { useGoalsActions } from '@ledgerleaf/features-goals';
import { QuickAddMenu, type QuickAddItem } from '@ledgerleaf/ui';

const icon = (Icon: typeof IconFileInvoice) => <Icon size={16} stroke={1.7} aria-hidden />;

/**
 * The nine entries of SPEC.md section 2 ("Floating quick-add menu"), in its order. Every one creates
 * something, so a role that may not write (the read-only accountant; the server refuses its writes)
 * gets none.
 */
export function quickAddItems(openOtherIncome: () => void, canWrite: boolean): QuickAddItem[] {
  if (!canWrite) return [];
  return [
    { label: 'New Invoice', href: paths.invoices.create, icon: icon(IconFileInvoice) },
    { label: 'New Estimate', href: paths.estimates.create, icon: icon(IconFileText) },
    { label: 'New Client', href: paths.clients.create, icon: icon(IconUserPlus) },
    { label: 'New Recurring Invoice', href: paths.recurringInvoices.create, icon: icon(IconRepeat) },
    { label: 'New Product/Service', href: paths.products.create, icon: icon(IconPackage) },
    // The named route goals.create.
    { label: 'Create Goal', href: paths.goals.create, icon: icon(IconTarget) },
    { label: 'Add Other Income', onSelect: openOtherIncome, icon: icon(IconCash) },
    { label: 'New Lead', href: paths.crm.leads.create, icon: icon(IconUserSearch) },
    { label: 'New Opportunity', href: paths.crm.opportunities.create, icon: icon(IconBriefcase) },
  ];
}

/**
 * Whether a location is an editor (a create or edit screen): `/…/create`, `/…/create-new`,
 * `/…/:id/edit`, or a record page at `?edit=1`. The quick-add button is not shown there: it would
 * cover the editor's figures and buttons, and starting something else mid-edit is not what it is for.
 */
export function isEditorLocation(pathname: string, search = ''): boolean {
  return /\/(create|create-new|edit)\/?$/.test(pathname) || new URLSearchParams(search).get('edit') === '1';
}

/** The floating quick-add menu; 'Add Other Income' opens the goals area's other income modal. Not shown when it would be empty, nor on editors. */
export function QuickAdd() {
  const { openOtherIncome } = useGoalsActions();
  const { pathname, search } = useLocation();
  const items = quickAddItems(openOtherIncome, useCanWrite());
  if (items.length === 0 || isEditorLocation(pathname, search)) return null;
  return <QuickAddMenu items={items} linkComponent={Link} />;
}
