import type { Meta, StoryObj } from '@storybook/react-vite';
import { FormAlert } from './form-alert';

const meta = {
  title: 'Feedback/FormAlert',
  component: FormAlert,
  parameters: { layout: 'padded' },
} satisfies Meta<typeof FormAlert>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The server's message, and an error whose field is not on screen, one per line. */
export const ServerError: Story = {
  args: {
    children:
      'The invoice could not be saved.\nlines.12.description: The description may not be longer than 2000 characters.',
  },
};

export const Success: Story = {
  args: { kind: 'success', children: 'Check your inbox: the reset link is on its way.' },
};
