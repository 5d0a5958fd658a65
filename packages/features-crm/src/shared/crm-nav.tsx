import { Link, useLocation } from 'react-router';
import { SectionNav } from '@ledgerleaf/ui';
import { paths } from '@ledgerleaf/api';

/** The CRM's section navigation, in its order. Settings covers the three configuration screens. */
export const CRM_NAV = [
  { to: paths.crm.leads.list, label: 'Leads' },
  { to: paths.crm.opportunities.list, label: 'Opportunities' },
  { to: paths.crm.reminders, label: 'Reminders' },
  { to: paths.crm.client360, label: 'Client 360' },
  { to: paths.crm.settings, label: 'Settings' },
];

const SETTINGS_PAGES = [
  paths.crm.settings,
  paths.crm.pipelineStages,
  paths.crm.leadSources,
  paths.crm.activityTypes,
] as const;

/** Which entry a path belongs to: a lead's or opportunity's pages are under their list, configuration under Settings. */
export function activeCrmNav(pathname: string): string {
  if (SETTINGS_PAGES.some((page) => pathname === page)) return paths.crm.settings;
  return (
    CRM_NAV.find((entry) => pathname === entry.to || pathname.startsWith(`${entry.to}/`))?.to ?? paths.crm.leads.list
  );
}

/** The CRM area's own navigation (links, the current one marked `aria-current="page"`). */
export function CrmNav() {
  return (
    <SectionNav label="CRM area" items={CRM_NAV} active={activeCrmNav(useLocation().pathname)} linkComponent={Link} />
  );
}
