import { Tabs } from '@mantine/core';
import { useLocation, useNavigate } from 'react-router';
import { paths } from '@ledgerleaf/api';

export interface AreaTab {
  label: string;
  /** Where the tab leads; the tab is active on this path and below it. */
  to: string;
  /** Other paths the tab is active for. */
  also?: string[];
}

/** The tab strip of the Invoices/Estimates area (SPEC.md section 2): invoices, estimates, recurring invoices. */
export const INVOICING_AREA_TABS: AreaTab[] = [
  { label: 'Invoices', to: paths.invoices.list, also: [paths.invoices.root] },
  { label: 'Estimates', to: paths.estimates.list },
  { label: 'Recurring', to: paths.recurringInvoices.list },
];

function activeTab(tabs: AreaTab[], pathname: string): string | null {
  const match = tabs.find((tab) =>
    [tab.to, ...(tab.also ?? [])].some((path) => pathname === path || pathname.startsWith(`${path}/`)),
  );
  return match?.to ?? null;
}

/** Renders the area's tabs as navigation; a single tab still shows, so the place is there. */
export function InvoicingAreaTabs({ tabs = INVOICING_AREA_TABS }: { tabs?: AreaTab[] }) {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  return (
    <Tabs
      value={activeTab(tabs, pathname)}
      onChange={(value) => value && navigate(value)}
      mb="md"
      aria-label="Invoicing area"
    >
      <Tabs.List>
        {tabs.map((tab) => (
          <Tabs.Tab key={tab.to} value={tab.to}>
            {tab.label}
          </Tabs.Tab>
        ))}
      </Tabs.List>
    </Tabs>
  );
}
