import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';

export interface LoadErrorProps {
  /** What could not be loaded: "Invoices could not be loaded". */
  title: string;
  /** Why, in words for the person: the server's message or a connection hint. */
  message: string;
  onRetry: () => void;
}

/** The error state of a screen or panel that could not load: what went wrong and a Retry button. */
export function LoadError({ title, message, onRetry }: LoadErrorProps) {
  return (
    <Alert color="red" variant="light" icon={<IconAlertCircle size={20} aria-hidden />} title={title} role="alert">
      <Stack gap="sm">
        <Text size="sm">{message}</Text>
        <Group>
          <Button size="xs" variant="default" onClick={onRetry}>
            Retry
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}
