import { errorMessage, errorStatus, type RequestError } from './errors';

/** What a screen's error state says when the server gave no message of its own. */
export const LOAD_ERROR_FALLBACK = 'Please check your connection and try again.';

/** The message of a screen or panel that could not load: the server's, else a connection hint. */
export function loadErrorMessage(error: RequestError): string {
  return errorMessage(error, LOAD_ERROR_FALLBACK);
}

/** The parts of an RTK Query hook's result a screen's states need. */
export interface QueryLike<T> {
  data?: T | undefined;
  isLoading: boolean;
  isFetching: boolean;
  isError: boolean;
  error?: unknown;
  refetch: () => unknown;
}

/**
 * A query's result as the design system's loading, error and empty states read it (`LoadState` in
 * `@ledgerleaf/ui`, which knows nothing of the API): the data, whether it is loading, the error as
 * the message to show, whether the record does not exist (404: another business's ids answer so
 * too) and a retry.
 */
export interface QueryState<T> {
  data: T | undefined;
  /** The first load, nothing to show yet. */
  loading: boolean;
  /** Any request in flight, a later page or a refresh included. */
  fetching: boolean;
  /** The message of the last failure, null when the last request succeeded. */
  error: string | null;
  notFound: boolean;
  retry: () => void;
}

export function queryState<T>(query: QueryLike<T>): QueryState<T> {
  const error = query.error as RequestError;
  return {
    data: query.data,
    loading: query.isLoading,
    fetching: query.isFetching,
    error: query.isError ? loadErrorMessage(error) : null,
    notFound: errorStatus(error) === 404,
    retry: () => void query.refetch(),
  };
}
