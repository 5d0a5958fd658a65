import { useState } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { Button, Code, Stack } from '@mantine/core';
import { fn } from 'storybook/test';
import { ConfirmationDialog } from './confirmation-dialog';
import { useConfirm } from './confirmation-provider';

const meta = {
  title: 'Feedback/ConfirmationDialog',
  component: ConfirmationDialog,
  args: { opened: true, onConfirm: fn(), onCancel: fn() },
  argTypes: { type: { control: 'select', options: ['default', 'danger', 'warning', 'info', 'unknown'] } },
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof ConfirmationDialog>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

export const Danger: Story = {
  args: {
    type: 'danger',
    title: 'Delete invoice',
    message: 'Invoice INV-0042 will be deleted.\nThis cannot be undone.',
    confirmText: 'Delete',
  },
};

export const Warning: Story = {
  args: {
    type: 'warning',
    title: 'Unsaved changes',
    message: 'Leave this page and lose your changes?',
    confirmText: 'Leave',
  },
};

export const Info: Story = {
  args: {
    type: 'info',
    title: 'Send reminder',
    message: 'Email a payment reminder to the client now?',
    confirmText: 'Send',
  },
};

export const UnknownTypeFallsBack: Story = {
  args: { type: 'catastrophic', message: 'An unknown type renders with the default styling.' },
};

function UseConfirmDemo() {
  const confirm = useConfirm();
  const [result, setResult] = useState('nothing yet');
  return (
    <Stack align="center" p="xl">
      <Button
        color="red"
        onClick={() => {
          confirm({
            type: 'danger',
            title: 'Delete client',
            message: 'Delete Acme Ltd?\nTheir invoices stay.',
            confirmText: 'Delete',
          }).then(
            (value) => setResult(`resolved ${String(value)}`),
            (reason: unknown) => setResult(`rejected ${String(reason)}`),
          );
        }}
      >
        Delete client
      </Button>
      <Code>{result}</Code>
    </Stack>
  );
}

/** The global dialog through `useConfirm()`: Escape, Cancel and a backdrop click reject with false. */
export const WithUseConfirm: Story = {
  render: () => <UseConfirmDemo />,
};
