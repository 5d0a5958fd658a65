import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { DeferredMount } from './deferred-mount';

describe('DeferredMount', () => {
  it('commits the fallback first and renders the children after it, once', async () => {
    const seen: boolean[] = [];
    function Child() {
      // Rendering after the fallback was committed: it is in the document while this renders.
      seen.push(document.querySelector('[data-testid="fallback"]') !== null);
      return <p>content</p>;
    }
    render(
      <DeferredMount fallback={<span data-testid="fallback" />}>
        <Child />
      </DeferredMount>,
    );
    expect(await screen.findByText('content')).toBeInTheDocument();
    expect(screen.queryByTestId('fallback')).toBeNull();
    expect(seen[0]).toBe(true);
  });

  it('later updates of its children render at once, without the fallback again', async () => {
    let fallbacks = 0;
    function Fallback() {
      fallbacks += 1;
      return null;
    }
    function Counter() {
      const [count, setCount] = useState(0);
      return (
        <DeferredMount fallback={<Fallback />}>
          <button type="button" onClick={() => setCount(count + 1)}>
            {`clicked ${count}`}
          </button>
        </DeferredMount>
      );
    }
    render(<Counter />);
    fireEvent.click(await screen.findByRole('button', { name: 'clicked 0' }));
    expect(await screen.findByRole('button', { name: 'clicked 1' })).toBeInTheDocument();
    expect(fallbacks).toBe(1);
  });
});
