import { Badge, Button, Group, Tooltip } from '@mantine/core';
import type { Activity } from '@ledgerleaf/domain';
import { errorMessage, type RequestError } from '@ledgerleaf/api';
import { useRetryActivityRemindersMutation } from '@ledgerleaf/api/crm';
import { useToast } from '@ledgerleaf/ui';

/** The deliveries of an activity's reminders that failed after every retry (the server keeps them visible). */
export function failedDeliveries(activity: Activity) {
  return activity.reminders.flatMap((reminder) =>
    reminder.deliveries.filter((delivery) => delivery.status === 'failed'),
  );
}

/**
 * "Reminder not delivered" with the reason and Retry, when a reminder of the activity could not be
 * delivered (never silently dropped); nothing otherwise.
 */
export function ReminderDeliveryNote({ activity, canRetry }: { activity: Activity; canRetry: boolean }) {
  const toast = useToast();
  const [retry, state] = useRetryActivityRemindersMutation();
  const failed = failedDeliveries(activity);
  if (failed.length === 0) return null;
  const reason = failed
    .map((delivery) => `${delivery.channel === 'email' ? 'Email' : 'In the app'}: ${delivery.last_error ?? 'failed'}`)
    .join('\n');
  return (
    <Group gap={6}>
      <Tooltip label={reason} multiline maw={320}>
        <Badge color="red" variant="dot" tabIndex={0}>
          Reminder not delivered
        </Badge>
      </Tooltip>
      {canRetry && (
        <Button
          size="compact-xs"
          variant="subtle"
          loading={state.isLoading}
          onClick={async () => {
            const result = await retry(activity.id);
            if ('error' in result)
              toast.show({
                severity: 'error',
                summary: 'Not retried',
                detail: errorMessage(result.error as RequestError, 'Please try again.'),
              });
            else
              toast.show({ severity: 'success', summary: result.data.message ?? 'The reminder will be sent again.' });
          }}
        >
          Retry reminder
        </Button>
      )}
    </Group>
  );
}
