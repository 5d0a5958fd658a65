import { Link, useParams } from 'react-router';
import { Button, Group, Skeleton, Stack } from '@mantine/core';
import { CardSkeleton, EmptyState } from '@ledgerleaf/ui';

/** The `:id` of the route, and whether it can be a record id at all (`/clients/abc/edit` cannot). */
export function useRouteId(): { id: number; valid: boolean } {
  const id = Number(useParams().id);
  return { id, valid: Number.isSafeInteger(id) && id > 0 };
}

/** A record that does not exist (or is another business's): the page's only content, with the way back. */
export function RecordNotFound({ title, backTo, backLabel }: { title: string; backTo: string; backLabel: string }) {
  return (
    <EmptyState
      titleOrder={1}
      title={title}
      message="It may have been deleted."
      action={
        <Button component={Link} to={backTo}>
          {backLabel}
        </Button>
      }
    />
  );
}

/** Cancel (back to the list) and the submit button, at the end of a record's form. */
export function FormActions({ cancelTo, submitLabel, saving }: { cancelTo: string; submitLabel: string; saving: boolean }) {
  return (
    <Group justify="flex-end" gap="sm">
      <Button variant="default" component={Link} to={cancelTo}>
        Cancel
      </Button>
      <Button type="submit" loading={saving}>
        {submitLabel}
      </Button>
    </Group>
  );
}

/** A form page while its data loads: one card per section (`cards` gives each card's lines). */
export function FormSkeleton({ cards }: { cards: number[] }) {
  return (
    <Stack gap="lg" aria-busy="true">
      {cards.map((lines, index) => (
        <CardSkeleton key={index} lines={lines} />
      ))}
      <Skeleton height={36} width={160} ml="auto" />
    </Stack>
  );
}
