import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { ErrorBoundary } from './error-boundary';

function Broken(): never {
  throw new Error('Cannot read properties of undefined (reading "series")');
}

const meta = {
  title: 'Feedback/ErrorBoundary',
  component: ErrorBoundary,
  parameters: { layout: 'padded' },
  args: { onReset: fn(), children: <Broken /> },
  argTypes: { children: { control: false } },
} satisfies Meta<typeof ErrorBoundary>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A child threw while rendering: 'Something went wrong', the error text and 'Try Again'. */
export const Fallback: Story = {};
