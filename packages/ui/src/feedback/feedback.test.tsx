import { fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithUi } from '../test-utils';
import { CardSkeleton } from './card-skeleton';
import { EmptyState } from './empty-state';
import { ErrorBoundary } from './error-boundary';
import { FormAlert } from './form-alert';
import { FullPageLoader } from './full-page-loader';
import { LoadError } from './load-error';
import { PageHeader } from './page-header';

function Bomb({ explode }: { explode: boolean }) {
  if (explode) throw new Error('Chart data is malformed');
  return <p>Chart</p>;
}

describe('ErrorBoundary', () => {
  it("shows 'Something went wrong', the error text and 'Try Again', which resets", () => {
    const onReset = vi.fn();
    const onError = vi.fn();
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    function Harness() {
      const [explode, setExplode] = useState(true);
      return (
        <ErrorBoundary
          onReset={() => {
            onReset();
            setExplode(false);
          }}
          onError={onError}
        >
          <Bomb explode={explode} />
        </ErrorBoundary>
      );
    }
    renderWithUi(<Harness />);
    expect(screen.getByRole('alert')).toHaveTextContent('Something went wrong');
    expect(screen.getByText('Chart data is malformed')).toBeInTheDocument();
    expect(onError).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(onReset).toHaveBeenCalledTimes(1);
    expect(screen.getByText('Chart')).toBeInTheDocument();
    consoleError.mockRestore();
  });
});

describe('small components', () => {
  it('FullPageLoader is a status with its label', () => {
    renderWithUi(<FullPageLoader label="Initializing application..." />);
    expect(screen.getByRole('status')).toHaveTextContent('Initializing application...');
  });

  it('PageHeader renders an h1 and actions', () => {
    renderWithUi(<PageHeader title="Dashboard" actions={<button type="button">New Invoice</button>} />);
    expect(screen.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'New Invoice' })).toBeInTheDocument();
  });

  it('PageHeader renders an h2 inside a frame that has the h1', () => {
    renderWithUi(<PageHeader title="Roles management" titleOrder={2} />);
    expect(screen.getByRole('heading', { level: 2, name: 'Roles management' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { level: 1 })).not.toBeInTheDocument();
  });

  it('EmptyState renders title, message and action', () => {
    renderWithUi(
      <EmptyState
        title="No notifications"
        message="You're all caught up!"
        action={<button type="button">Refresh</button>}
      />,
    );
    expect(screen.getByRole('heading', { name: 'No notifications' })).toBeInTheDocument();
    expect(screen.getByText("You're all caught up!")).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Refresh' })).toBeInTheDocument();
  });

  it('CardSkeleton is busy and announces loading', () => {
    renderWithUi(<CardSkeleton withChart />);
    expect(screen.getByTestId('card-skeleton')).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByText('Loading...')).toBeInTheDocument();
  });

  it('FormAlert is an alert keeping line breaks; a success is a status', () => {
    const { rerender } = renderWithUi(<FormAlert>{'The invoice could not be saved.\nlines.2: Too long'}</FormAlert>);
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('The invoice could not be saved.');
    expect(alert.querySelector('[class*="message"]')).toHaveStyle({ whiteSpace: 'pre-line' });
    rerender(<FormAlert kind="success">Password changed</FormAlert>);
    expect(screen.getByRole('status')).toHaveTextContent('Password changed');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('LoadError says what failed and why, and retries', () => {
    const onRetry = vi.fn();
    renderWithUi(<LoadError title="Invoices could not be loaded" message="Database unavailable" onRetry={onRetry} />);
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Invoices could not be loaded');
    expect(alert).toHaveTextContent('Database unavailable');
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });
});
