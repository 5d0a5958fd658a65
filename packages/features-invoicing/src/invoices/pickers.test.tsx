import { Profiler, useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import type { ClientPickerItem } from '@ledgerleaf/domain';
import { SEARCH_DEBOUNCE_MS } from '@ledgerleaf/ui/routing';
import { json, renderPage, stubFetch } from '../test/render';
import { ClientPicker } from './pickers';

afterEach(() => vi.unstubAllGlobals());

const acme = { id: 1, name: 'Acme Corp', email: 'billing@acme.test', payment_terms_days: 15 };
const globex = { id: 2, name: 'Globex', email: null, payment_terms_days: 30 };

/** The picker as the editor holds it, counting the commits (renders that reached the screen) of its subtree. */
function Picker({ onCommit }: { onCommit: () => void }) {
  const [chosen, setChosen] = useState<ClientPickerItem | null>(null);
  return (
    <Profiler id="client-picker" onRender={onCommit}>
      <ClientPicker value={chosen ? String(chosen.id) : ''} label={chosen?.name ?? null} onChange={setChosen} />
    </Profiler>
  );
}

const pause = (ms: number) => act(() => new Promise((resolve) => setTimeout(resolve, ms)));

describe('ClientPicker', () => {
  it('settles after a search: no refetch and no re-render in a loop, the same option elements stay', async () => {
    const calls = stubFetch({
      'GET /api/clients/search': ({ query }) => json(200, { data: query.q === 'Glo' ? [globex] : [acme, globex] }),
    });
    let commits = 0;
    const { user } = renderPage(<Picker onCommit={() => (commits += 1)} />);
    const searches = () => calls.filter((call) => call.path === '/api/clients/search');
    await user.click(screen.getByRole('combobox', { name: /^Client/ }));
    await user.type(screen.getByRole('combobox', { name: /^Client/ }), 'Glo');
    await waitFor(() => expect(searches().at(-1)?.query.q).toBe('Glo'));
    await waitFor(() => expect(screen.queryByRole('option', { name: 'Acme Corp' })).not.toBeInTheDocument());
    const option = screen.getByRole('option', { name: 'Globex' });

    // Quiet now: in three debounce periods nothing may be asked again or drawn again.
    const asked = searches().length;
    const drawn = commits;
    await pause(SEARCH_DEBOUNCE_MS * 3);
    expect(searches()).toHaveLength(asked);
    expect(commits).toBe(drawn);
    expect(screen.getByRole('option', { name: 'Globex' })).toBe(option);
    expect(option.isConnected).toBe(true);
  });

  it('does not search for the chosen client\u2019s name once it is picked', async () => {
    const calls = stubFetch({ 'GET /api/clients/search': json(200, { data: [acme, globex] }) });
    const { user } = renderPage(<Picker onCommit={() => undefined} />);
    await user.click(screen.getByRole('combobox', { name: /^Client/ }));
    await user.click(await screen.findByRole('option', { name: 'Globex' }));
    await waitFor(() => expect(screen.getByRole('combobox', { name: /^Client/ })).toHaveValue('Globex'));
    await pause(SEARCH_DEBOUNCE_MS * 2);
    const searches = calls.filter((call) => call.path === '/api/clients/search');
    expect(searches.map((call) => call.query.q)).toEqual([undefined]);
  });
});
