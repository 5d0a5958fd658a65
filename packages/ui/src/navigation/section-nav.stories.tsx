import type { Meta, StoryObj } from '@storybook/react-vite';
import type { AnchorHTMLAttributes } from 'react';
import { SectionNav } from './section-nav';

function StoryLink({ to, ...rest }: AnchorHTMLAttributes<HTMLAnchorElement> & { to: string }) {
  return <a href={to} {...rest} onClick={(event) => event.preventDefault()} />;
}

const meta = {
  title: 'Navigation/SectionNav',
  component: SectionNav,
  args: {
    label: 'Goals area',
    items: [
      { to: '/goals', label: 'Goal Tracker' },
      { to: '/goals/analytics', label: 'Analytics' },
      { to: '/goals/badges', label: 'Goal Achievements' },
      { to: '/goals-info', label: 'How goals work' },
    ],
    active: '/goals/analytics',
    linkComponent: StoryLink,
  },
  argTypes: { linkComponent: { control: false } },
} satisfies Meta<typeof SectionNav>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
