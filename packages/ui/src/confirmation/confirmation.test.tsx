import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { render } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { renderWithUi } from '../test-utils';
import { theme } from '../theme/theme';
import { ConfirmationDialog } from './confirmation-dialog';
import { useAsk, useConfirm } from './confirmation-provider';
import type { ConfirmationOptions } from './confirmation-dialog';

type Outcome = { settled: 'resolved' | 'rejected'; value: unknown } | null;

function Harness({ options, onOutcome }: { options?: ConfirmationOptions; onOutcome: (o: Outcome) => void }) {
  const confirm = useConfirm();
  return (
    <button
      type="button"
      onClick={() => {
        confirm(options).then(
          (value) => onOutcome({ settled: 'resolved', value }),
          (value: unknown) => onOutcome({ settled: 'rejected', value }),
        );
      }}
    >
      Delete
    </button>
  );
}

function open(options?: ConfirmationOptions) {
  let outcome: Outcome = null;
  renderWithUi(<Harness {...(options ? { options } : {})} onOutcome={(o) => (outcome = o)} />);
  fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
  return { dialog: () => screen.getByRole('dialog'), outcome: () => outcome };
}

describe('confirmation dialog (SPEC.md sections 3, 4, 5, 9)', () => {
  it('shows the defaults: Confirmation / Are you sure you want to proceed? / Confirm / Cancel', async () => {
    const { dialog } = open();
    const d = dialog();
    expect(within(d).getByText('Confirmation')).toBeInTheDocument();
    expect(within(d).getByText('Are you sure you want to proceed?')).toBeInTheDocument();
    expect(within(d).getByRole('button', { name: 'Confirm' })).toBeInTheDocument();
    expect(within(d).getByRole('button', { name: 'Cancel' })).toBeInTheDocument();
    expect(d.closest('[data-confirmation-type]') ?? document.querySelector('[data-confirmation-type]')).toHaveAttribute(
      'data-confirmation-type',
      'default',
    );
  });

  it('resolves true on Confirm and closes', async () => {
    const { dialog, outcome } = open({ title: 'Delete invoice', confirmText: 'Delete', type: 'danger' });
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(outcome()).toEqual({ settled: 'resolved', value: true }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('rejects with false on the Cancel button', async () => {
    const { dialog, outcome } = open({ cancelText: 'Keep it' });
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Keep it' }));
    await waitFor(() => expect(outcome()).toEqual({ settled: 'rejected', value: false }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('rejects with false on Escape', async () => {
    const { dialog, outcome } = open();
    fireEvent.keyDown(dialog(), { key: 'Escape', code: 'Escape' });
    await waitFor(() => expect(outcome()).toEqual({ settled: 'rejected', value: false }));
  });

  it('rejects with false on a backdrop click', async () => {
    const { outcome } = open();
    const overlay = document.querySelector('.mantine-Modal-overlay');
    expect(overlay).not.toBeNull();
    fireEvent.click(overlay as Element);
    await waitFor(() => expect(outcome()).toEqual({ settled: 'rejected', value: false }));
  });

  it('settles once when Cancel is clicked twice', async () => {
    let count = 0;
    renderWithUi(<Harness onOutcome={() => (count += 1)} />);
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    const cancel = within(screen.getByRole('dialog')).getByRole('button', { name: 'Cancel' });
    fireEvent.click(cancel);
    fireEvent.click(cancel);
    await waitFor(() => expect(count).toBe(1));
  });

  it('queues a second request until the first is answered', async () => {
    const outcomes: Outcome[] = [];
    function Two() {
      const confirm = useConfirm();
      return (
        <button
          type="button"
          onClick={() => {
            for (const title of ['First', 'Second']) {
              confirm({ title }).then(
                (value) => outcomes.push({ settled: 'resolved', value }),
                (value: unknown) => outcomes.push({ settled: 'rejected', value }),
              );
            }
          }}
        >
          Ask
        </button>
      );
    }
    renderWithUi(<Two />);
    fireEvent.click(screen.getByRole('button', { name: 'Ask' }));
    expect(within(screen.getByRole('dialog')).getByText('First')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(within(screen.getByRole('dialog')).getByText('Second')).toBeInTheDocument());
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() =>
      expect(outcomes).toEqual([
        { settled: 'resolved', value: true },
        { settled: 'rejected', value: false },
      ]),
    );
  });

  it('renders line breaks in the message as <br>', () => {
    const { dialog } = open({ message: 'Line one\nLine two\nLine three' });
    const message = within(dialog()).getByTestId('confirmation-message');
    expect(message.querySelectorAll('br')).toHaveLength(2);
    expect(message.innerHTML).not.toContain('\n');
    expect(message).toHaveTextContent('Line oneLine twoLine three');
  });

  it.each(['danger', 'warning', 'info', 'default'])('styles type %s', (type) => {
    open({ type });
    expect(document.querySelector('[data-confirmation-type]')).toHaveAttribute('data-confirmation-type', type);
  });

  it('falls back to default styling for an unknown type', () => {
    open({ type: 'catastrophic' });
    expect(document.querySelector('[data-confirmation-type]')).toHaveAttribute('data-confirmation-type', 'default');
  });

  it("loads the dialog's code once the browser is idle after the screen mounts, not during its first draw", () => {
    const requestIdleCallback = vi.fn((_callback: IdleRequestCallback, _options?: IdleRequestOptions) => 7);
    const cancelIdleCallback = vi.fn();
    vi.stubGlobal('requestIdleCallback', requestIdleCallback);
    vi.stubGlobal('cancelIdleCallback', cancelIdleCallback);
    try {
      const { unmount } = renderWithUi(<Harness onOutcome={() => undefined} />);
      expect(requestIdleCallback).toHaveBeenCalledTimes(1);
      expect(requestIdleCallback.mock.calls[0]![1]).toEqual({ timeout: 2000 });
      unmount();
      expect(cancelIdleCallback).toHaveBeenCalledWith(7);
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('throws a helpful error when used outside the provider', () => {
    function Orphan() {
      useConfirm();
      return null;
    }
    const spy = console.error;
    console.error = () => {};
    try {
      expect(() =>
        render(
          <MantineProvider theme={theme} env="test">
            <Orphan />
          </MantineProvider>,
        ),
      ).toThrow(/ConfirmationProvider/);
    } finally {
      console.error = spy;
    }
  });

  it('ConfirmationDialog is usable on its own', () => {
    let confirmed = 0;
    let cancelled = 0;
    render(
      <MantineProvider theme={theme} env="test">
        <ConfirmationDialog
          opened
          title="Archive"
          onConfirm={() => (confirmed += 1)}
          onCancel={() => (cancelled += 1)}
        />
      </MantineProvider>,
    );
    act(() => {
      fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
      fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    });
    expect(confirmed).toBe(1);
    expect(cancelled).toBe(1);
  });
});

describe('useAsk', () => {
  function Asker({ onAnswer }: { onAnswer: (answer: boolean) => void }) {
    const ask = useAsk();
    return (
      <button
        type="button"
        onClick={() => void ask({ title: 'Archive client?', confirmText: 'Archive' }).then(onAnswer)}
      >
        Archive
      </button>
    );
  }

  it('answers true on Confirm and false on Cancel, never rejecting', async () => {
    const answers: boolean[] = [];
    renderWithUi(<Asker onAnswer={(answer) => answers.push(answer)} />);
    fireEvent.click(screen.getByRole('button', { name: 'Archive' }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Archive' }));
    await waitFor(() => expect(answers).toEqual([true]));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    fireEvent.click(screen.getByRole('button', { name: 'Archive' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(answers).toEqual([true, false]));
  });
});
