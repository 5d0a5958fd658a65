import type { Meta, StoryObj } from '@storybook/react-vite';
import { Button } from '@mantine/core';
import { IconBellOff } from '@tabler/icons-react';
import { EmptyState } from './empty-state';

const meta = {
  title: 'Feedback/EmptyState',
  component: EmptyState,
  parameters: { layout: 'padded' },
} satisfies Meta<typeof EmptyState>;

export default meta;
type Story = StoryObj<typeof meta>;

export const WithAction: Story = {
  args: {
    title: 'No invoices yet',
    message: 'Create your first invoice to start getting paid.',
    action: <Button>Create invoice</Button>,
  },
};

export const Notifications: Story = {
  args: { icon: <IconBellOff size={28} aria-hidden />, title: 'No notifications', message: "You're all caught up!" },
};
