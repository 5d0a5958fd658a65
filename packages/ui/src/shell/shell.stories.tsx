import type { AnchorHTMLAttributes } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { Box, Stack, Text } from '@mantine/core';
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
import { fn } from 'storybook/test';
import { BetaFeedbackButton, BetaFeedbackDialog, BetaFeedbackThanks } from './beta-feedback';
import { NotificationBell } from './notification-bell';
import type { NotificationView } from './notification-item';
import { QuickAddMenu } from './quick-add-menu';
import { ScrollToTop } from './scroll-to-top';

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

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

const notifications: NotificationView[] = [
  {
    id: 1,
    type: 'Payment',
    title: 'Payment received',
    message: '$1,250.00 recorded on invoice INV-2026-0042, now paid in full.',
    created_at: minutesAgo(0.2),
    read_at: null,
    href: '/invoices/42',
  },
  {
    id: 2,
    type: 'Invoice',
    title: 'Invoice viewed',
    message: 'Invoice INV-2026-0041 was opened by your client.',
    created_at: minutesAgo(14),
    read_at: null,
    href: '/invoices/41',
  },
  {
    id: 3,
    type: 'Goal',
    title: 'Goal reached',
    message: 'You reached "Emergency fund" ($10,000.00).',
    created_at: minutesAgo(60 * 5),
    read_at: null,
  },
  {
    id: 4,
    type: 'Client',
    title: 'New client',
    message: 'Northwind Traders was added to your clients.',
    created_at: minutesAgo(60 * 24 * 3),
    read_at: null,
  },
  {
    id: 5,
    type: 'OtherIncome',
    title: 'Other income recorded',
    message: '$300.00 from Workshop fees.',
    created_at: minutesAgo(60 * 24 * 9),
    read_at: null,
  },
  {
    id: 6,
    type: 'ActivityReminder',
    title: 'Activity reminder',
    message: 'Call Ada Lovelace is due 3/2/2026, 3:00 PM.',
    created_at: minutesAgo(60 * 24 * 10),
    read_at: null,
  },
];

const meta = {
  title: 'Shell/NotificationBell',
  component: NotificationBell,
  parameters: { layout: 'padded' },
  decorators: [
    (Story) => (
      <Box style={{ display: 'flex', justifyContent: 'flex-end', minHeight: 560, paddingRight: 24 }}>
        <Story />
      </Box>
    ),
  ],
  args: {
    unreadCount: 5,
    notifications,
    onMarkRead: fn(),
    onMarkAllRead: fn(),
    onOpenChange: fn(),
    viewAllHref: '/notifications',
    linkComponent: StoryLink,
    defaultOpened: true,
  },
  argTypes: { linkComponent: { control: false } },
} satisfies Meta<typeof NotificationBell>;

export default meta;
type Story = StoryObj<typeof meta>;

export const WithNotifications: Story = {};
export const ManyUnread: Story = { args: { unreadCount: 27, defaultOpened: false } };
export const Empty: Story = { args: { unreadCount: 0, notifications: [] } };
export const Loading: Story = { args: { unreadCount: 2, notifications: [], loading: true } };
export const LoadError: Story = { args: { unreadCount: 0, notifications: [], error: 'Failed to load notifications' } };

const quickAddItems = [
  { label: 'New Invoice', href: '/invoices/create-new', icon: <IconFileInvoice size={16} aria-hidden /> },
  { label: 'New Estimate', href: '/estimates/create-new', icon: <IconFileText size={16} aria-hidden /> },
  { label: 'New Client', href: '/clients/create', icon: <IconUserPlus size={16} aria-hidden /> },
  { label: 'New Recurring Invoice', href: '/recurring-invoices/create', icon: <IconRepeat size={16} aria-hidden /> },
  { label: 'New Product/Service', href: '/products/create', icon: <IconPackage size={16} aria-hidden /> },
  { label: 'Create Goal', href: '/goals/create', icon: <IconTarget size={16} aria-hidden /> },
  { label: 'Add Other Income', onSelect: fn(), icon: <IconCash size={16} aria-hidden /> },
  { label: 'New Lead', href: '/crm/leads/create', icon: <IconUserSearch size={16} aria-hidden /> },
  { label: 'New Opportunity', href: '/crm/opportunities/create', icon: <IconBriefcase size={16} aria-hidden /> },
];

/** The floating quick-add menu, opened. */
export const QuickAdd: StoryObj<typeof QuickAddMenu> = {
  render: () => (
    <Box h={600}>
      <QuickAddMenu items={quickAddItems} linkComponent={StoryLink} defaultOpened />
    </Box>
  ),
};

/** Scroll the preview: the button appears after 300px. */
export const ScrollToTopButton: StoryObj<typeof ScrollToTop> = {
  render: () => (
    <Stack>
      {Array.from({ length: 60 }, (_, index) => (
        <Text key={index}>Line {index + 1}: scroll down, then use the button in the corner.</Text>
      ))}
      <ScrollToTop />
    </Stack>
  ),
};

const typeOptions = [
  { value: 'bug', label: 'Bug Report' },
  { value: 'feature', label: 'Feature Request' },
  { value: 'improvement', label: 'Suggestion' },
  { value: 'other', label: 'Other' },
];
const featureOptions = ['Dashboard', 'Invoices', 'Estimates', 'Clients', 'Reports', 'Other'].map((label) => ({
  value: label.toLowerCase(),
  label,
}));

export const FeedbackForm: StoryObj<typeof BetaFeedbackDialog> = {
  render: () => (
    <>
      <BetaFeedbackButton onClick={fn()} />
      <BetaFeedbackDialog
        opened
        onClose={fn()}
        typeOptions={typeOptions}
        featureOptions={featureOptions}
        validate={(values) => ({
          ...(values.type ? {} : { type: 'Please select a feedback type' }),
          ...(values.feature ? {} : { feature: 'Please select the feature this is about' }),
          ...(values.description.trim() ? {} : { description: 'Please describe your feedback' }),
        })}
        onSubmit={async () => true}
      />
    </>
  ),
};

export const FeedbackThanks: StoryObj<typeof BetaFeedbackThanks> = {
  render: () => (
    <BetaFeedbackThanks
      opened
      onClose={fn()}
      message="Your feedback has been submitted. It goes straight to the people building Ledgerleaf."
      hideAfterMs={600_000}
    />
  ),
};
