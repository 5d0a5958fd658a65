import type { ReactNode } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { Anchor, Button, Stack } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { CardSkeleton } from '../feedback/card-skeleton';
import { EmptyState } from '../feedback/empty-state';
import { LoadError } from '../feedback/load-error';

/**
 * What a screen's loading, error and empty states read of a request; `queryState(query)` in
 * `@ledgerleaf/api` makes one from an RTK Query hook's result.
 */
export interface LoadState<T> {
  data: T | undefined;
  /** The first load: nothing to show yet. */
  loading: boolean;
  /** Any request in flight (a later page, a refresh). */
  fetching?: boolean;
  /** The message of the last failure, null when the last request succeeded. */
  error: string | null;
  /** The record does not exist, or is another business's (the server answers 404 to both). */
  notFound?: boolean;
  retry: () => void;
}

/** The `:id` of the route, and whether it can be a record id at all (`/clients/abc/edit` cannot). */
export function useRouteId(): { id: number; valid: boolean } {
  const id = Number(useParams().id);
  return { id, valid: Number.isSafeInteger(id) && id > 0 };
}

/** Whether the record page was opened as its editor (`?edit=1`: invoices, estimates, recurring invoices). */
export function useEditMode(): boolean {
  return useSearchParams()[0].get('edit') === '1';
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

/** A record page while it loads: its header card and its body card. */
export function RecordSkeleton() {
  return (
    <Stack gap="lg" aria-busy="true">
      <CardSkeleton lines={2} />
      <CardSkeleton lines={8} />
    </Stack>
  );
}

export interface RecordLoaderProps<T> {
  state: LoadState<T>;
  /** The route's id cannot be a record id: not found without asking the server. */
  invalid?: boolean;
  /** Shown, alone, when the record does not exist (usually a RecordNotFound). */
  notFound?: ReactNode;
  /** "The invoice could not be loaded". */
  errorTitle: string;
  /** While the record loads. @default RecordSkeleton */
  skeleton?: ReactNode;
  /** Above the loading and error states, for a page whose loaded view draws its own header. */
  header?: ReactNode;
  /**
   * A failed refresh shows the error even though an earlier answer is at hand (a page that asks
   * again on every visit, or a form that must not be saved over what it could not re-read).
   * Otherwise the earlier answer stays on screen.
   */
  errorOverData?: boolean;
  children: (record: T) => ReactNode;
}

/**
 * The states of a page that shows one record (`/invoices/:id`, `/clients/:id/edit`): not found
 * (a bad id or a 404), loading, could not load (with Retry), and the record itself.
 */
export function RecordLoader<T>({
  state,
  invalid = false,
  notFound,
  errorTitle,
  skeleton,
  header,
  errorOverData = false,
  children,
}: RecordLoaderProps<T>) {
  if ((invalid || state.notFound) && notFound !== undefined) return <>{notFound}</>;
  const failed = state.error !== null && (errorOverData || state.data === undefined);
  if (!state.loading && !failed && state.data !== undefined) return <>{children(state.data)}</>;
  return (
    <>
      {header}
      {failed && !state.loading ? (
        <LoadError title={errorTitle} message={state.error ?? ''} onRetry={state.retry} />
      ) : (
        (skeleton ?? <RecordSkeleton />)
      )}
    </>
  );
}

/** A record page's way back to its list, above the page's title: "← All invoices". */
export function BackLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Anchor component={Link} to={to} size="sm" mb="xs" display="inline-flex" style={{ alignItems: 'center', gap: 4 }}>
      <IconArrowLeft size={14} aria-hidden /> {children}
    </Anchor>
  );
}
