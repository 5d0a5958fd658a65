import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { CRM_MESSAGES } from '@ledgerleaf/domain';
import { json, renderPage, stubFetch } from '../test/render';
import { board, card, column, lostReason, owners, stages } from '../test/fixtures';
import { PipelineBoard } from './pipeline-board';

/**
 * jsdom lays nothing out, and dnd-kit's keyboard sensor moves between the rectangles it measures:
 * give the board a layout (columns 300px apart, cards 90px apart) so the arrow keys have somewhere
 * to go, as in a browser.
 */
const realRect = Element.prototype.getBoundingClientRect;
function layOutBoard() {
  Element.prototype.getBoundingClientRect = function (this: Element) {
    const columnEl = this.closest('[data-testid="board-column"]');
    if (!columnEl) return realRect.call(this);
    const columnsEls = [...document.querySelectorAll('[data-testid="board-column"]')];
    const left = columnsEls.indexOf(columnEl) * 300;
    const cardEl = this.closest('[data-testid="board-card"]');
    let top = 60;
    let height = 600;
    if (cardEl) {
      const siblings = [...columnEl.querySelectorAll('[data-testid="board-card"]')];
      top = 100 + siblings.indexOf(cardEl) * 90;
      height = 80;
    } else if (!this.hasAttribute('data-stage-id')) {
      top = 0;
      height = 700;
    }
    return {
      x: left,
      y: top,
      left,
      top,
      width: 272,
      height,
      right: left + 272,
      bottom: top + height,
      toJSON: () => ({}),
    } as DOMRect;
  };
}

beforeEach(layOutBoard);
afterEach(() => {
  Element.prototype.getBoundingClientRect = realRect;
  vi.unstubAllGlobals();
});

function setup(routes: Parameters<typeof stubFetch>[0] = {}) {
  const calls = stubFetch({
    'GET /api/crm/board': json(200, { data: { columns: board() } }),
    'GET /api/crm/lost-reasons': json(200, { data: [lostReason(), lostReason({ id: 2, name: 'No budget' })] }),
    'GET /api/crm/owners': json(200, { data: owners }),
    'POST /api/crm/opportunities/11/move': ({ body }) => {
      const request = body as { stage_id: number };
      const target = stages.find((candidate) => candidate.id === request.stage_id)!;
      const probability = target.probability;
      return json(200, {
        data: card({ stage_id: target.id, probability, weighted_amount: (1200 * probability) / 100 }),
        message: CRM_MESSAGES.opportunityMoved(target.name),
      });
    },
    ...routes,
  });
  const view = renderPage(<PipelineBoard filters={{}} />, {
    path: '/crm/opportunities',
    route: '/crm/opportunities',
    roles: ['owner'],
  });
  return { ...view, calls };
}

const columnNamed = (name: string) =>
  screen
    .getByRole('region', { name: 'Pipeline board' })
    .querySelector(
      `section[aria-labelledby="${screen.getByRole('heading', { name: new RegExp(`^${name}`) }).id}"]`,
    ) as HTMLElement;

const moveCalls = (calls: { method: string; path: string; body: unknown }[]) =>
  calls.filter((call) => call.method === 'POST' && call.path.endsWith('/move'));

describe('Pipeline board', () => {
  it('shows each stage with its count, total and weighted amount, and flags rotting cards', async () => {
    setup();
    await screen.findByRole('article', { name: 'Bakery website' });
    const fresh = columnNamed('New');
    expect(within(fresh).getByLabelText('2 opportunities')).toBeInTheDocument();
    expect(within(fresh).getByText('$2,000.00')).toBeInTheDocument();
    expect(within(fresh).getByText('$200.00')).toBeInTheDocument();
    const rotting = screen.getByRole('article', { name: 'Wedding cake order' });
    expect(rotting).toHaveAttribute('data-rotting', 'true');
    expect(within(rotting).getByText(/Rotting · 20d/)).toBeInTheDocument();
    expect(screen.getByRole('article', { name: 'Bakery website' })).not.toHaveAttribute('data-rotting');
  });

  it('moves a card with the keyboard: Space picks it up, the right arrow moves it a stage, Space drops it', async () => {
    const { calls } = setup();
    const handle = await screen.findByRole('button', { name: 'Drag Bakery website' });
    act(() => handle.focus());
    fireEvent.keyDown(handle, { code: 'Space', key: ' ' });
    await act(async () => new Promise((resolve) => setTimeout(resolve, 20)));
    fireEvent.keyDown(document, { code: 'ArrowRight', key: 'ArrowRight' });
    await act(async () => new Promise((resolve) => setTimeout(resolve, 20)));
    fireEvent.keyDown(document, { code: 'Space', key: ' ' });
    await waitFor(() => expect(moveCalls(calls)).toHaveLength(1));
    expect(moveCalls(calls)[0]!.body).toMatchObject({ stage_id: 2, previous_id: null, next_id: null });
    await waitFor(() =>
      expect(within(columnNamed('Proposal')).getByRole('article', { name: 'Bakery website' })).toBeInTheDocument(),
    );
    expect(within(columnNamed('Proposal')).getByLabelText('1 opportunities')).toBeInTheDocument();
    expect(within(columnNamed('New')).getByLabelText('1 opportunities')).toBeInTheDocument();
    expect(await screen.findByText('Moved to Proposal.')).toBeInTheDocument();
  });

  it('asks for the lost reason when a card is dropped on a lost stage, and Cancel puts it back', async () => {
    const { user, calls } = setup();
    const handle = await screen.findByRole('button', { name: 'Drag Bakery website' });
    act(() => handle.focus());
    fireEvent.keyDown(handle, { code: 'Space', key: ' ' });
    for (let step = 0; step < 3; step += 1) {
      await act(async () => new Promise((resolve) => setTimeout(resolve, 20)));
      fireEvent.keyDown(document, { code: 'ArrowRight', key: 'ArrowRight' });
    }
    await act(async () => new Promise((resolve) => setTimeout(resolve, 20)));
    fireEvent.keyDown(document, { code: 'Space', key: ' ' });
    const dialog = await screen.findByRole('dialog', { name: 'Why was it lost?' });
    expect(moveCalls(calls)).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(within(columnNamed('New')).getByRole('article', { name: 'Bakery website' })).toBeInTheDocument();
    expect(moveCalls(calls)).toHaveLength(0);
  });

  it('a move to a lost stage needs a reason and sends it', async () => {
    const { user, calls } = setup();
    await user.click(await screen.findByRole('button', { name: 'Move Bakery website to' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Lost' }));
    const dialog = await screen.findByRole('dialog', { name: 'Why was it lost?' });
    await user.click(within(dialog).getByRole('button', { name: 'Mark as lost' }));
    expect(within(dialog).getByText(CRM_MESSAGES.lostReasonRequired)).toBeInTheDocument();
    expect(moveCalls(calls)).toHaveLength(0);
    await user.click(within(dialog).getByRole('combobox', { name: 'Lost reason' }));
    await user.click(await within(dialog).findByRole('option', { name: 'No budget' }));
    await user.click(within(dialog).getByRole('button', { name: 'Mark as lost' }));
    await waitFor(() => expect(moveCalls(calls)).toHaveLength(1));
    expect(moveCalls(calls)[0]!.body).toMatchObject({
      stage_id: 4,
      lost_reason_id: 2,
      previous_id: null,
      next_id: null,
    });
  });

  it('puts the card back when the server refuses the move', async () => {
    const { user } = setup({
      'POST /api/crm/opportunities/11/move': json(422, { message: CRM_MESSAGES.stageInvalid, errors: {} }),
    });
    await user.click(await screen.findByRole('button', { name: 'Move Bakery website to' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Proposal' }));
    expect(await screen.findByText(CRM_MESSAGES.stageInvalid)).toBeInTheDocument();
    expect(within(columnNamed('New')).getByRole('article', { name: 'Bakery website' })).toBeInTheDocument();
  });

  it('loads a column a page at a time', async () => {
    const first = board();
    first[0] = { ...first[0]!, count: 3, next_cursor: 'cursor-1' };
    const { user, calls } = setup({
      'GET /api/crm/board': json(200, { data: { columns: first } }),
      'GET /api/crm/board/columns/1': json(200, {
        data: column(stages[0]!, [card({ id: 14, title: 'Birthday party' })], { count: 3, next_cursor: null }),
      }),
    });
    await user.click(await screen.findByRole('button', { name: 'Load more (1 more)' }));
    expect(await within(columnNamed('New')).findByRole('article', { name: 'Birthday party' })).toBeInTheDocument();
    expect(calls.find((call) => call.path === '/api/crm/board/columns/1')!.query).toMatchObject({ cursor: 'cursor-1' });
    expect(screen.queryByRole('button', { name: /Load more/ })).not.toBeInTheDocument();
  });

  it('a won card creates an invoice for its client and amount, links it and opens its editor', async () => {
    const { user, calls } = setup({
      'POST /api/invoices': json(201, { data: { id: 77 } }),
      'POST /api/crm/opportunities/13/documents': json(200, { data: {}, message: 'Linked.' }),
    });
    const won = await screen.findByRole('article', { name: 'Cafe catering' });
    await user.click(within(won).getByRole('button', { name: 'Create invoice' }));
    expect(await screen.findByTestId('location')).toHaveTextContent('/invoices/77?edit=1');
    expect(calls.find((call) => call.path === '/api/invoices')!.body).toMatchObject({
      client_id: 5,
      lines: [{ description: 'Cafe catering', quantity: 1, unit_price: 3000 }],
    });
    expect(calls.find((call) => call.path === '/api/crm/opportunities/13/documents')!.body).toEqual({
      kind: 'invoice',
      id: 77,
    });
  });

  it('shows an error with a retry when the board cannot load', async () => {
    setup({ 'GET /api/crm/board': json(500, { message: 'Server error' }) });
    expect(await screen.findByText('The pipeline could not be loaded')).toBeInTheDocument();
  });
});
