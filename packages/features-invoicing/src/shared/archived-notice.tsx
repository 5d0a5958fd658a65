import { Alert, Button, Group, Text } from '@mantine/core';
import { IconArchive } from '@tabler/icons-react';

/** Shown above the form of an archived record, with the way back (none without `onRestore`: a role that may not write). */
export function ArchivedNotice({
  what,
  onRestore,
  restoring,
}: {
  what: string;
  onRestore?: (() => void) | undefined;
  restoring: boolean;
}) {
  return (
    <Alert color="gray" variant="light" icon={<IconArchive size={20} aria-hidden />} mb="lg">
      <Group justify="space-between" gap="sm">
        <Text size="sm">This {what} is archived: it is hidden from lists and pickers, and its history is kept.</Text>
        {onRestore && (
          <Button size="xs" variant="default" onClick={onRestore} loading={restoring}>
            Restore
          </Button>
        )}
      </Group>
    </Alert>
  );
}
