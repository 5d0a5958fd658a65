import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { LoadError } from './load-error';

const meta = {
  title: 'Feedback/LoadError',
  component: LoadError,
  parameters: { layout: 'padded' },
  args: { onRetry: fn() },
} satisfies Meta<typeof LoadError>;

export default meta;
type Story = StoryObj<typeof meta>;

/** No answer from the server: the connection hint. */
export const Offline: Story = {
  args: { title: 'Invoices could not be loaded', message: 'Please check your connection and try again.' },
};

/** The server's own message. */
export const ServerMessage: Story = {
  args: { title: 'The client could not be loaded', message: 'The service is temporarily unavailable.' },
};
