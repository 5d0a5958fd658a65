import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { UiProvider } from '../theme/ui-provider';
import { ListScaffold, SearchField, StatusTabs, type ListPage } from './list-scaffold';
import { RecordLoader, RecordNotFound, type LoadState } from './record-loader';
import { useUnsavedChangesWarning } from './unsaved-changes';
import { SEARCH_DEBOUNCE_MS, useListParams, useUrlParams } from './url-params';

function Where() {
  const location = useLocation();
  return <p data-testid="where">{location.pathname + location.search}</p>;
}

/** `element` at `/page` (started at `route`), the app's providers and `/other` as a second page. */
function renderAt(element: ReactElement, route = '/page') {
  const router = createMemoryRouter(
    [
      {
        path: '/page',
        element: (
          <>
            {element}
            <Where />
          </>
        ),
      },
      { path: '/other', element: <p>Other page</p> },
    ],
    { initialEntries: [route] },
  );
  render(
    <UiProvider env="test">
      <RouterProvider router={router} />
    </UiProvider>,
  );
  return router;
}

const where = () => screen.getByTestId('where').textContent;

describe('useUrlParams', () => {
  function Screen() {
    const url = useUrlParams({ defaults: { status: 'all' } });
    const status = url.oneOf('status', ['all', 'open', 'paid'] as const, 'all');
    return (
      <>
        <p data-testid="state">{`${status} page ${url.page}`}</p>
        <button type="button" onClick={() => url.update({ status: 'paid' })}>
          Paid
        </button>
        <button type="button" onClick={() => url.update({ status: 'all' })}>
          All
        </button>
        <button type="button" onClick={() => url.update({ page: 3 })}>
          Page 3
        </button>
        <button type="button" onClick={() => url.update({ email: 9 }, { keepPage: true })}>
          Open
        </button>
        <button type="button" onClick={() => url.update({ email: null }, { push: true })}>
          Close
        </button>
      </>
    );
  }

  it('reads only what it expects, with fallbacks', () => {
    renderAt(<Screen />, '/page?status=bogus&page=-4');
    expect(screen.getByTestId('state')).toHaveTextContent('all page 1');
  });

  it('leaves defaults and empty values out, starts again at page 1 unless told, and replaces unless pushing', () => {
    const router = renderAt(<Screen />, '/page?page=2');
    fireEvent.click(screen.getByRole('button', { name: 'Paid' }));
    expect(where()).toBe('/page?status=paid');
    expect(router.state.historyAction).toBe('REPLACE');
    fireEvent.click(screen.getByRole('button', { name: 'Page 3' }));
    expect(where()).toBe('/page?status=paid&page=3');
    fireEvent.click(screen.getByRole('button', { name: 'Open' }));
    expect(where()).toBe('/page?status=paid&page=3&email=9');
    fireEvent.click(screen.getByRole('button', { name: 'All' }));
    expect(where()).toBe('/page?email=9');
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(where()).toBe('/page');
    expect(router.state.historyAction).toBe('PUSH');
  });

  it('does not navigate for an update that changes nothing', () => {
    const router = renderAt(<Screen />, '/page?status=paid');
    const before = router.state.location.key;
    fireEvent.click(screen.getByRole('button', { name: 'Paid' }));
    expect(where()).toBe('/page?status=paid');
    expect(router.state.location.key).toBe(before);
    fireEvent.click(screen.getByRole('button', { name: 'All' }));
    expect(router.state.location.key).not.toBe(before);
  });
});

describe('useListParams', () => {
  function List() {
    const list = useListParams({
      sortFields: ['name', 'created_at'],
      defaultSort: 'created_at',
      defaultDirection: 'desc',
    });
    return (
      <>
        <p data-testid="params">{JSON.stringify(list.params)}</p>
        <input aria-label="Search" value={list.searchInput} onChange={(e) => list.setSearchInput(e.target.value)} />
        <button type="button" onClick={() => list.setSort({ field: 'name', direction: 'asc' })}>
          Sort
        </button>
      </>
    );
  }

  it('falls back to the default sort and direction', () => {
    renderAt(<List />, '/page?sort=secret&direction=sideways&page=2');
    expect(JSON.parse(screen.getByTestId('params').textContent!)).toEqual({
      search: '',
      sort: 'created_at',
      direction: 'desc',
      page: 2,
    });
  });

  it('sends the search to the URL once typing pauses, back at page 1', async () => {
    vi.useFakeTimers();
    try {
      renderAt(<List />, '/page?page=4');
      fireEvent.change(screen.getByLabelText('Search'), { target: { value: ' acme ' } });
      act(() => vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS - 50));
      expect(where()).toBe('/page?page=4');
      act(() => vi.advanceTimersByTime(100));
      expect(where()).toBe('/page?search=acme');
      fireEvent.click(screen.getByRole('button', { name: 'Sort' }));
      expect(where()).toBe('/page?search=acme&sort=name&direction=asc');
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('useUnsavedChangesWarning', () => {
  function Form({ watchQuery }: { watchQuery: boolean }) {
    useUnsavedChangesWarning(() => true, { watchQuery });
    const location = useLocation();
    return <p>{location.search ? 'Viewing' : 'Editing'}</p>;
  }

  it('asks before leaving for another path', async () => {
    const router = renderAt(<Form watchQuery={false} />);
    act(() => void router.navigate('/other'));
    expect(await screen.findByRole('dialog', { name: 'Discard changes?' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Stay' }));
    await waitFor(() => expect(where()).toBe('/page'));
  });

  it('lets the query string change unless told to watch it', async () => {
    const router = renderAt(<Form watchQuery={false} />);
    act(() => void router.navigate('/page?edit=0'));
    expect(await screen.findByText('Viewing')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('asks when the query string changes if it watches it', async () => {
    const router = renderAt(<Form watchQuery />);
    act(() => void router.navigate('/page?edit=0'));
    expect(await screen.findByRole('dialog', { name: 'Discard changes?' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Leave page' }));
    expect(await screen.findByText('Viewing')).toBeInTheDocument();
  });
});

const state = <T,>(patch: Partial<LoadState<T>>): LoadState<T> => ({
  data: undefined,
  loading: false,
  error: null,
  notFound: false,
  retry: () => undefined,
  ...patch,
});

describe('RecordLoader', () => {
  const loader = (value: LoadState<{ name: string }>, extra: { errorOverData?: boolean; invalid?: boolean } = {}) => (
    <RecordLoader
      state={value}
      notFound={<RecordNotFound title="Invoice not found" backTo="/other" backLabel="Back to invoices" />}
      errorTitle="The invoice could not be loaded"
      {...extra}
    >
      {(record) => <h1>{record.name}</h1>}
    </RecordLoader>
  );

  it('shows not found for a bad id or a 404, with the way back', () => {
    renderAt(loader(state({ loading: true }), { invalid: true }));
    expect(screen.getByRole('heading', { level: 1, name: 'Invoice not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to invoices' })).toHaveAttribute('href', '/other');
  });

  it('shows a skeleton while loading, the error with Retry, then the record', () => {
    const retry = vi.fn();
    renderAt(loader(state({ loading: true })));
    expect(document.querySelector('[aria-busy="true"]')).not.toBeNull();
    cleanupAndRender(loader(state({ error: 'Database unavailable', retry })));
    expect(screen.getByRole('alert')).toHaveTextContent('The invoice could not be loaded');
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(retry).toHaveBeenCalled();
    cleanupAndRender(loader(state({ data: { name: 'INV-0001' } })));
    expect(screen.getByRole('heading', { name: 'INV-0001' })).toBeInTheDocument();
  });

  it('keeps an earlier answer on a failed refresh unless the error must win', () => {
    renderAt(loader(state({ data: { name: 'INV-0001' }, error: 'Offline' })));
    expect(screen.getByRole('heading', { name: 'INV-0001' })).toBeInTheDocument();
    cleanupAndRender(loader(state({ data: { name: 'INV-0001' }, error: 'Offline' }), { errorOverData: true }));
    expect(screen.getByRole('alert')).toHaveTextContent('Offline');
  });
});

function cleanupAndRender(element: ReactElement) {
  cleanup();
  renderAt(element);
}

describe('ListScaffold', () => {
  interface Row {
    id: number;
    name: string;
  }
  const page = (rows: Row[]): ListPage<Row> => ({
    data: rows,
    meta: { page: 1, last_page: 1, total: rows.length, per_page: 25 },
  });
  const scaffold = (value: LoadState<ListPage<Row>>, filtered = false) => (
    <ListScaffold<Row>
      filters={
        <>
          <StatusTabs
            label="Status"
            value="all"
            onChange={() => undefined}
            tabs={[
              { value: 'all', label: 'All' },
              { value: 'paid', label: 'Paid' },
            ]}
          />
          <SearchField
            label="Search rows"
            placeholder="Search"
            value="acme"
            onChange={() => undefined}
            onClear={() => undefined}
          />
        </>
      }
      state={value}
      errorTitle="Rows could not be loaded"
      filtered={filtered}
      empty={{ title: 'No rows yet' }}
      noMatch={{ title: 'No matching rows' }}
      table={{
        label: 'Rows',
        columns: [{ key: 'name', header: 'Name', render: (row) => <a href={`/row/${row.id}`}>{row.name}</a> }],
        rowKey: (row) => row.id,
        page: 1,
      }}
      rowLinks
    />
  );

  it('draws its filters, the empty states and the error', () => {
    renderAt(scaffold(state({ data: page([]) })));
    expect(screen.getByRole('tab', { name: 'All' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Clear search' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'No rows yet' })).toBeInTheDocument();
    cleanupAndRender(scaffold(state({ data: page([]) }), true));
    expect(screen.getByRole('heading', { name: 'No matching rows' })).toBeInTheDocument();
    cleanupAndRender(scaffold(state({ error: 'Offline' })));
    expect(screen.getByRole('alert')).toHaveTextContent('Rows could not be loaded');
  });

  it("opens a row's link from a click anywhere on the row", async () => {
    const router = createMemoryRouter(
      [
        { path: '/page', element: scaffold(state({ data: page([{ id: 4, name: 'Acme' }]) })) },
        { path: '/row/:id', element: <p>Row page</p> },
      ],
      { initialEntries: ['/page'] },
    );
    render(
      <UiProvider env="test">
        <RouterProvider router={router} />
      </UiProvider>,
    );
    fireEvent.click(screen.getByRole('cell', { name: 'Acme' }));
    expect(await screen.findByText('Row page')).toBeInTheDocument();
  });
});
