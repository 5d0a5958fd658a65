import type { Meta, StoryObj } from '@storybook/react-vite';
import { PasswordStrength } from './password-strength';

const meta = {
  title: 'Forms/PasswordStrength',
  component: PasswordStrength,
  decorators: [
    (Story) => (
      <div style={{ width: 320 }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof PasswordStrength>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Weak: Story = { args: { value: 'leaf' } };
export const Medium: Story = { args: { value: 'ledgerleaf1' } };
export const Strong: Story = { args: { value: 'Ledger-Leaf-2024' } };
