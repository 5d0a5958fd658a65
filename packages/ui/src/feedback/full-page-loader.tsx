import { Center, Loader, Stack, Text } from '@mantine/core';

export interface FullPageLoaderProps {
  /** Text under the spinner, e.g. 'Initializing application...'. */
  label?: string;
}

/** Fills the viewport with a centred spinner and a line of text (role=status). */
export function FullPageLoader({ label = 'Loading...' }: FullPageLoaderProps) {
  return (
    <Center mih="100dvh" p="md" role="status" aria-live="polite">
      <Stack align="center" gap="md">
        <Loader size="lg" aria-hidden />
        <Text c="dimmed" size="sm">
          {label}
        </Text>
      </Stack>
    </Center>
  );
}
