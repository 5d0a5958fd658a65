import { Button } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { errorMessage, useCanWrite, useRunSchedulerMutation } from '@ledgerleaf/api';
import { useToast } from '@ledgerleaf/ui';

/**
 * "Run now": one scheduler pass over the business's own work (due recurring invoices, overdue,
 * expiry, reminders, their emails), for the roles that may write; the read-only role does not see it.
 */
export function RunNowButton() {
  const toast = useToast();
  const mayRun = useCanWrite();
  const [run, state] = useRunSchedulerMutation();
  if (!mayRun) return null;
  return (
    <Button
      variant="default"
      loading={state.isLoading}
      leftSection={<IconRefresh size={16} aria-hidden />}
      onClick={async () => {
        const result = await run();
        if ('error' in result)
          toast.show({
            severity: 'error',
            summary: 'The scheduler could not run',
            detail: errorMessage(result.error, 'Please try again.'),
          });
        // The message says what was created, or why nothing was, and when the next run is.
        else
          toast.show({
            severity: result.data.data.invoices_created > 0 ? 'success' : 'info',
            summary: result.data.data.invoices_created > 0 ? 'Scheduler ran' : 'Nothing was due',
            detail: result.data.message,
          });
      }}
    >
      Run now
    </Button>
  );
}
