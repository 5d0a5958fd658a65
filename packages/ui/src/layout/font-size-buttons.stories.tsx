import type { Meta, StoryObj } from '@storybook/react-vite';
import { Menu, Button } from '@mantine/core';
import { fn } from 'storybook/test';
import { FontSizeButtons, FontSizeMenuItems } from './font-size-buttons';

const meta = {
  title: 'Layout/FontSizeButtons',
  component: FontSizeButtons,
  args: { percent: 100, canDecrease: true, canIncrease: true, onDecrease: fn(), onIncrease: fn() },
} satisfies Meta<typeof FontSizeButtons>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Header: Story = {};

export const Largest: Story = { args: { percent: 150, canIncrease: false } };

/** The same control in the user menu of a phone. */
export const InAMenu: Story = {
  render: (args) => (
    <Menu opened withinPortal={false}>
      <Menu.Target>
        <Button variant="default">User menu</Button>
      </Menu.Target>
      <Menu.Dropdown>
        <FontSizeMenuItems {...args} />
      </Menu.Dropdown>
    </Menu>
  ),
};
