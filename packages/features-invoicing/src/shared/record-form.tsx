import type { FormEventHandler, ReactNode } from 'react';
import { Link } from 'react-router';
import { Alert, Button, Card, Group, Skeleton, Stack, Title } from '@mantine/core';
import { IconEye } from '@tabler/icons-react';
import { ACCOUNT_MESSAGES } from '@ledgerleaf/domain';
import { CardSkeleton, FormAlert, PageHeader } from '@ledgerleaf/ui';
import { RecordLoader, type LoadState } from '@ledgerleaf/ui/routing';
import { ArchivedNotice } from './archived-notice';

/** Above a form the signed-in role may read but not save (the read-only role; the server refuses its writes with 403). */
export function ReadOnlyNote() {
  return (
    <Alert color="gray" variant="light" icon={<IconEye size={20} aria-hidden />}>
      {ACCOUNT_MESSAGES.readOnlyRole}
    </Alert>
  );
}

/**
 * A record's form and its sections, under the form's error (what the server refused that no field
 * shows); `readOnly` turns every field and button in them off (a disabled fieldset) under a note saying why.
 */
export function FormFields({
  onSubmit,
  formError,
  readOnly,
  children,
}: {
  onSubmit: FormEventHandler<HTMLFormElement>;
  formError: string | null;
  readOnly: boolean;
  children: ReactNode;
}) {
  return (
    <form onSubmit={onSubmit} noValidate>
      <fieldset disabled={readOnly} style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
        <Stack gap="lg">
          {readOnly && <ReadOnlyNote />}
          {formError && <FormAlert>{formError}</FormAlert>}
          {children}
        </Stack>
      </fieldset>
    </form>
  );
}

/** A titled card of a record's form ('Details', 'Addresses'). */
export function FormSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card withBorder padding="lg">
      <Stack gap="md">
        <Title order={2} size="h4">
          {title}
        </Title>
        {children}
      </Stack>
    </Card>
  );
}

/** Cancel (back to the list) and the submit button, at the end of a record's form; read-only, only the way back. */
export function FormActions({
  cancelTo,
  submitLabel,
  saving,
  readOnly = false,
}: {
  cancelTo: string;
  submitLabel: string;
  saving: boolean;
  readOnly?: boolean;
}) {
  if (readOnly) {
    return (
      <Group justify="flex-end" gap="sm">
        <Button variant="default" component={Link} to={cancelTo}>
          Back
        </Button>
      </Group>
    );
  }
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

/**
 * The edit page of a catalogue record (a client, a product): the title (the record's name, `Edit …`
 * for the roles that may write), the archived notice with Restore, and the form once the record has
 * loaded (a skeleton of the form's cards until then, the error with Retry when it could not).
 */
export function CatalogEditFrame<T extends { id: number; name: string; status: string }>({
  record,
  noun,
  archivedWhat = noun,
  readOnly,
  onRestore,
  restoring,
  state,
  errorTitle,
  skeletonCards,
  children,
}: {
  /** The record as loaded so far (the title and the notice need it before the form). */
  record: T | undefined;
  /** 'client': the title `Client` / `Edit client` before the record has loaded. */
  noun: string;
  /** What the archived notice calls it ('item'); the noun unless told. */
  archivedWhat?: string;
  readOnly: boolean;
  onRestore: (id: number) => void;
  restoring: boolean;
  state: LoadState<T>;
  errorTitle: string;
  skeletonCards: number[];
  children: (loaded: T) => ReactNode;
}) {
  const title = record
    ? readOnly
      ? record.name
      : `Edit ${record.name}`
    : readOnly
      ? noun.charAt(0).toUpperCase() + noun.slice(1)
      : `Edit ${noun}`;
  return (
    <>
      <PageHeader title={title} />
      {record?.status === 'archived' && (
        <ArchivedNotice
          what={archivedWhat}
          onRestore={readOnly ? undefined : () => onRestore(record.id)}
          restoring={restoring}
        />
      )}
      <RecordLoader
        state={state}
        errorTitle={errorTitle}
        skeleton={<FormSkeleton cards={skeletonCards} />}
        errorOverData
      >
        {children}
      </RecordLoader>
    </>
  );
}
