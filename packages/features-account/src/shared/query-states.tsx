import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { errorMessage, type RequestError } from '@ledgerleaf/api';

/** The error state of a screen or panel: what went wrong and a retry. */
export function LoadError({ title, error, onRetry }: { title: string; error: RequestError; onRetry: () => void }) {
  return (
    <Alert color="red" variant="light" icon={<IconAlertCircle size={20} aria-hidden />} title={title} role="alert">
      <Stack gap="sm">
        <Text size="sm">{errorMessage(error, 'Please check your connection and try again.')}</Text>
        <Group>
          <Button size="xs" variant="default" onClick={onRetry}>
            Retry
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}
