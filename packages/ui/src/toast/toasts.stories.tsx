import { useEffect } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { Button, Group, Stack, Text } from '@mantine/core';
import { useToast } from './toast-provider';
import type { ToastOptions } from './toast-store';

const samples: ToastOptions[] = [
  { severity: 'success', summary: 'Success', detail: 'Other income recorded successfully' },
  { severity: 'info', summary: 'Heads up', detail: 'Recurring invoice INV-R-12 runs tomorrow.' },
  { severity: 'warn', summary: 'Check the due date', detail: 'Invoice INV-0042 is due today.' },
  { severity: 'error', summary: 'Error', detail: 'Failed to record income. Please try again.' },
];

function ToastPlayground() {
  const { show, clear, toasts } = useToast();
  return (
    <Stack align="flex-start">
      <Group>
        {samples.map((sample) => (
          <Button key={sample.severity} variant="light" onClick={() => show(sample)}>
            {sample.severity}
          </Button>
        ))}
        <Button
          variant="outline"
          onClick={() =>
            show({
              severity: 'info',
              summary: 'Persistent',
              detail: 'Stays until closed (timeout: false).',
              timeout: false,
            })
          }
        >
          persistent
        </Button>
        <Button variant="default" onClick={clear}>
          clear
        </Button>
      </Group>
      <Text size="sm" c="dimmed">
        {toasts.length} shown. Default timeout 5 s, errors 10 s; hover pauses the countdown.
      </Text>
    </Stack>
  );
}

/** Shows one toast of every severity (persistent, so they stay for review). */
function AllSeverities({ persistent }: { persistent: boolean }) {
  const { show, remove } = useToast();
  useEffect(() => {
    const ids = samples.map((sample) => show({ ...sample, ...(persistent ? { timeout: false } : {}) }));
    return () => ids.forEach(remove);
  }, [persistent, show, remove]);
  return <Text c="dimmed">Toasts render top-right.</Text>;
}

const meta = {
  title: 'Feedback/Toasts',
  component: ToastPlayground,
  parameters: { layout: 'padded' },
} satisfies Meta<typeof ToastPlayground>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Playground: Story = {};

export const EachSeverity: Story = {
  render: () => <AllSeverities persistent={false} />,
};

export const Persistent: Story = {
  render: () => <AllSeverities persistent />,
};
