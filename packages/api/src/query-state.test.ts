import { describe, expect, it, vi } from 'vitest';
import { LOAD_ERROR_FALLBACK, queryState } from './query-state';

const base = { isLoading: false, isFetching: false, isError: false, refetch: vi.fn() };

describe('queryState', () => {
  it('passes the data through while nothing failed', () => {
    const state = queryState({ ...base, data: { id: 1 }, isFetching: true });
    expect(state).toMatchObject({ data: { id: 1 }, loading: false, fetching: true, error: null, notFound: false });
  });

  it("gives the server's message of a failure, or the connection hint", () => {
    const failed = { ...base, isError: true, error: { status: 500, data: { message: 'Database unavailable' } } };
    expect(queryState(failed).error).toBe('Database unavailable');
    expect(queryState({ ...base, isError: true, error: { status: 502, data: null } }).error).toBe(LOAD_ERROR_FALLBACK);
  });

  it('tells a record that does not exist (404) and retries through refetch', () => {
    const refetch = vi.fn();
    const state = queryState({
      ...base,
      refetch,
      isError: true,
      error: { status: 404, data: { message: 'Not found' } },
    });
    expect(state.notFound).toBe(true);
    state.retry();
    expect(refetch).toHaveBeenCalledTimes(1);
  });
});
