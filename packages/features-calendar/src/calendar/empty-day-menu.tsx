import { Link } from 'react-router';
import { Button, Modal, Stack, Text } from '@mantine/core';
import { paths } from '@ledgerleaf/api';

/** Where "add to this day" leads: the invoice editor due that day, the CRM's activity form on it. */
export function emptyDayLinks(day: string): { invoice: string; activity: string } {
  return {
    invoice: `${paths.invoices.create}?due_date=${day}`,
    activity: `${paths.crm.reminders}?new_activity=${day}`,
  };
}

/**
 * Clicking an empty day: a new invoice due that day (the invoice editor reads `?due_date=`), or a
 * new activity on it (the CRM's activity form, `?new_activity=` on its reminders). The activity form
 * stays the CRM's own: features do not import each other.
 */
export function EmptyDayMenu({ day, title, onClose }: { day: string | null; title: string; onClose: () => void }) {
  const links = day ? emptyDayLinks(day) : null;
  return (
    <Modal opened={links !== null} onClose={onClose} title={title} closeButtonProps={{ 'aria-label': 'Close' }}>
      {links && (
        <Stack gap="sm">
          <Text size="sm">Add to this day:</Text>
          <Button component={Link} to={links.invoice} variant="light">
            New invoice due this day
          </Button>
          <Button component={Link} to={links.activity} variant="light">
            New activity on this day
          </Button>
        </Stack>
      )}
    </Modal>
  );
}
