import { act, screen, within } from '@testing-library/react';
import { fireEvent } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithUi } from '../test-utils';
import { useToast } from './toast-provider';
import { createToastStore, toastStore } from './toast-store';
import type { ToastOptions } from './toast-store';

function Trigger({ toast }: { toast: ToastOptions }) {
  const { show, toasts } = useToast();
  return (
    <>
      <button type="button" onClick={() => show(toast)}>
        show
      </button>
      <span data-testid="count">{toasts.length}</span>
    </>
  );
}

describe('ToastProvider and useToast', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    act(() => toastStore.clear());
    vi.useRealTimers();
  });

  it('places toasts bottom left of the content, clear of the page actions (top right) and the floating buttons (issue 11)', () => {
    const store = createToastStore();
    renderWithUi(<Trigger toast={{ severity: 'success', summary: 'Payment recorded.' }} />, {
      provider: { toastStore: store },
    });
    fireEvent.click(screen.getByRole('button', { name: 'show' }));
    const viewport = screen.getByTestId('toast-viewport');
    expect(viewport).toHaveAttribute('data-placement', 'bottom-start');
    expect(viewport.style.bottom).not.toBe('');
    expect(viewport.style.top).toBe('');
    expect(viewport.style.right).toBe('');
    expect(viewport.style.left).toContain('--app-shell-navbar-offset');
  });

  it('shows a toast as role=status with summary, detail, progress bar and a Close button', () => {
    const store = createToastStore();
    renderWithUi(<Trigger toast={{ severity: 'success', summary: 'Saved', detail: 'Invoice INV-1 saved' }} />, {
      provider: { toastStore: store },
    });
    fireEvent.click(screen.getByRole('button', { name: 'show' }));
    const toast = screen.getByRole('status');
    expect(within(toast).getByText('Saved')).toBeInTheDocument();
    expect(within(toast).getByText('Invoice INV-1 saved')).toBeInTheDocument();
    expect(within(toast).getByTestId('toast-progress')).toBeInTheDocument();
    expect(screen.getByTestId('count')).toHaveTextContent('1');

    fireEvent.click(within(toast).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(screen.getByTestId('count')).toHaveTextContent('0');
  });

  it('renders errors as role=alert and removes them after 10000 ms', () => {
    const store = createToastStore();
    renderWithUi(<Trigger toast={{ severity: 'error', summary: 'Error', detail: 'Failed to save' }} />, {
      provider: { toastStore: store },
    });
    fireEvent.click(screen.getByRole('button', { name: 'show' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Failed to save');
    act(() => vi.advanceTimersByTime(9999));
    expect(screen.getByRole('alert')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('removes a default toast after 5000 ms', () => {
    const store = createToastStore();
    renderWithUi(<Trigger toast={{ severity: 'info', summary: 'Heads up' }} />, { provider: { toastStore: store } });
    fireEvent.click(screen.getByRole('button', { name: 'show' }));
    act(() => vi.advanceTimersByTime(4999));
    expect(screen.getByText('Heads up')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByText('Heads up')).not.toBeInTheDocument();
  });

  it('keeps a persistent toast (timeout false) without a progress bar', () => {
    const store = createToastStore();
    renderWithUi(<Trigger toast={{ severity: 'warn', summary: 'Offline', timeout: false }} />, {
      provider: { toastStore: store },
    });
    fireEvent.click(screen.getByRole('button', { name: 'show' }));
    act(() => vi.advanceTimersByTime(120000));
    expect(screen.getByText('Offline')).toBeInTheDocument();
    expect(screen.queryByTestId('toast-progress')).not.toBeInTheDocument();
  });

  it('renders toasts raised from non-React code through the global toastStore', () => {
    renderWithUi(<p>app</p>);
    act(() => {
      toastStore.show({ severity: 'info', summary: 'From the API layer' });
    });
    expect(screen.getByRole('status')).toHaveTextContent('From the API layer');
  });

  it('pauses the countdown while the pointer is over the toast', () => {
    const store = createToastStore();
    renderWithUi(<Trigger toast={{ severity: 'info', summary: 'Hover me' }} />, { provider: { toastStore: store } });
    fireEvent.click(screen.getByRole('button', { name: 'show' }));
    act(() => vi.advanceTimersByTime(3000));
    fireEvent.mouseEnter(screen.getByRole('status'));
    act(() => vi.advanceTimersByTime(20000));
    expect(screen.getByText('Hover me')).toBeInTheDocument();
    fireEvent.mouseLeave(screen.getByRole('status'));
    act(() => vi.advanceTimersByTime(2000));
    expect(screen.queryByText('Hover me')).not.toBeInTheDocument();
  });
});
