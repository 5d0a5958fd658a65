import type { AnchorHTMLAttributes } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { Anchor, Button, Card, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import {
  IconCalendar,
  IconChartBar,
  IconFileInvoice,
  IconLayoutDashboard,
  IconPackage,
  IconReportAnalytics,
  IconSettings,
  IconTargetArrow,
  IconUsers,
} from '@tabler/icons-react';
import { fn } from 'storybook/test';
import { CardSkeleton } from '../feedback/card-skeleton';
import { PageHeader } from '../feedback/page-header';
import { NotificationBell } from '../shell/notification-bell';
import { AppLayout } from './app-layout';
import type { AppNavItem } from './app-layout-types';

/** Stands in for the router's Link: an anchor that does not navigate the preview frame. */
function StoryLink({ to, onClick, ...rest }: AnchorHTMLAttributes<HTMLAnchorElement> & { to: string }) {
  return (
    <a
      href={to}
      onClick={(event) => {
        event.preventDefault();
        onClick?.(event);
      }}
      {...rest}
    />
  );
}

const icon = (Icon: typeof IconLayoutDashboard) => <Icon size={20} stroke={1.7} aria-hidden />;

const navItems: AppNavItem[] = [
  { label: 'Dashboard', href: '/dashboard', icon: icon(IconLayoutDashboard), active: true },
  { label: 'CRM', href: '/crm', icon: icon(IconTargetArrow), active: false },
  { label: 'Invoices/Estimates', href: '/invoices', icon: icon(IconFileInvoice), active: false },
  { label: 'Clients', href: '/clients', icon: icon(IconUsers), active: false },
  { label: 'Products/Services', href: '/products', icon: icon(IconPackage), active: false },
  { label: 'Reports', href: '/reports', icon: icon(IconChartBar), active: false },
  { label: 'Dynamic Reports', href: '/dynamic-reports', icon: icon(IconReportAnalytics), active: false },
  { label: 'Calendar', href: '/calendar', icon: icon(IconCalendar), active: false },
  { label: 'Settings', href: '/user/settings', icon: icon(IconSettings), active: false },
];

const kpis = [
  { title: 'Outstanding', value: '$12,480.00', note: '8 invoices' },
  { title: 'Due This Week', value: '$3,150.00', note: '3 invoices' },
  { title: 'Monthly Revenue', value: '$18,920.50', note: '+12.4% from last month' },
  { title: 'Pipeline Value', value: '$46,300.00', note: '11 opportunities' },
];

function DashboardContent({ loading = false }: { loading?: boolean }) {
  return (
    <Stack>
      <PageHeader title="Dashboard" actions={<Button>New Invoice</Button>} />
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }}>
        {loading
          ? kpis.map((kpi) => <CardSkeleton key={kpi.title} />)
          : kpis.map((kpi) => (
              <Card key={kpi.title} padding="lg">
                <Text size="sm" c="dimmed" fw={500}>
                  {kpi.title}
                </Text>
                <Text fz={26} fw={700} mt={4}>
                  {kpi.value}
                </Text>
                <Text size="sm" c="dimmed">
                  {kpi.note}
                </Text>
              </Card>
            ))}
      </SimpleGrid>
      <CardSkeleton withChart lines={1} />
    </Stack>
  );
}

function Footer() {
  return (
    <Group justify="space-between" py="md" c="dimmed" fz="sm" component="footer">
      <Group gap="md">
        {['Features', 'FAQ', 'Support', 'Terms', 'Privacy'].map((label) => (
          <Anchor key={label} href="#" size="sm" c="dimmed">
            {label}
          </Anchor>
        ))}
      </Group>
      <Text size="sm">© {new Date().getFullYear()} Ledgerleaf</Text>
    </Group>
  );
}

const meta = {
  title: 'Layout/AppLayout',
  component: AppLayout,
  parameters: { layout: 'fullscreen' },
  args: {
    user: {
      name: 'Dana Demo',
      email: 'demo@ledgerleaf.app',
      businessName: 'Leaf & Ledger Studio',
      avatarUrl: null,
      logoUrl: null,
    },
    navItems,
    goalsHref: '/goals',
    goalsActive: false,
    linkComponent: StoryLink,
    onSignOut: fn(),
    fontSize: { percent: 100, canDecrease: true, canIncrease: true, onDecrease: fn(), onIncrease: fn() },
    headerExtra: (
      <NotificationBell
        unreadCount={3}
        notifications={[
          {
            id: 1,
            type: 'Payment',
            title: 'Payment received',
            message: '$1,250.00 recorded on invoice INV-2026-0042.',
            created_at: new Date().toISOString(),
            read_at: null,
          },
          {
            id: 2,
            type: 'Invoice',
            title: 'Invoice viewed',
            message: 'Invoice INV-2026-0041 was opened by your client.',
            created_at: new Date(Date.now() - 3_600_000).toISOString(),
            read_at: null,
          },
          {
            id: 3,
            type: 'Client',
            title: 'New client',
            message: 'Northwind Traders was added to your clients.',
            created_at: new Date(Date.now() - 86_400_000).toISOString(),
            read_at: null,
          },
        ]}
        onMarkRead={fn()}
        onMarkAllRead={fn()}
        viewAllHref="/notifications"
        linkComponent={StoryLink}
      />
    ),
    footer: <Footer />,
    children: <DashboardContent />,
  },
  argTypes: { linkComponent: { control: false }, navItems: { control: false }, children: { control: false } },
} satisfies Meta<typeof AppLayout>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Expanded: Story = {
  beforeEach: () => {
    window.localStorage.setItem('sideNavCollapsed', 'false');
  },
};

export const Collapsed: Story = {
  beforeEach: () => {
    window.localStorage.setItem('sideNavCollapsed', 'true');
  },
};

export const Loading: Story = {
  beforeEach: () => {
    window.localStorage.setItem('sideNavCollapsed', 'false');
  },
  args: { children: <DashboardContent loading />, user: { name: null, email: 'someone@example.com' } },
};

/**
 * Below 768px (open it in a phone viewport): text size and dark mode are items of the user menu, so
 * the header keeps the burger, the logo, the bell and the menu at 150 % text (issue 11).
 */
export const PhoneLargeText: Story = {
  globals: { viewport: { value: 'mobile2', isRotated: false } },
  beforeEach: () => {
    document.documentElement.style.fontSize = '150%';
    return () => {
      document.documentElement.style.fontSize = '';
    };
  },
  args: {
    fontSize: { percent: 150, canDecrease: true, canIncrease: false, onDecrease: fn(), onIncrease: fn() },
  },
};
