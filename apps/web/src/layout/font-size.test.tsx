import { afterEach, describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { UiProvider } from '@ledgerleaf/ui';
import { applyFontSize, readFontSizeIndex } from './font-size';
import { FontSizeControl } from './font-size-control';

afterEach(() => {
  document.documentElement.style.fontSize = '';
});

describe('font size', () => {
  it('defaults to index 1 (100 %) and ignores stored nonsense', () => {
    expect(readFontSizeIndex()).toBe(1);
    localStorage.setItem('fontSizePreference', '99');
    expect(readFontSizeIndex()).toBe(1);
    localStorage.setItem('fontSizePreference', '4');
    expect(readFontSizeIndex()).toBe(4);
  });

  it('applies the step to the root element', () => {
    applyFontSize(6);
    expect(document.documentElement.style.fontSize).toBe('150%');
    applyFontSize(1);
    expect(document.documentElement.style.fontSize).toBe('');
  });

  it('steps through 90-150 %, stores the index and stops at the ends', async () => {
    const user = userEvent.setup();
    render(
      <UiProvider env="test">
        <FontSizeControl />
      </UiProvider>,
    );
    await user.click(screen.getByRole('button', { name: 'Increase font size' }));
    expect(localStorage.getItem('fontSizePreference')).toBe('2');
    expect(document.documentElement.style.fontSize).toBe('110%');
    await user.click(screen.getByRole('button', { name: 'Decrease font size' }));
    await user.click(screen.getByRole('button', { name: 'Decrease font size' }));
    expect(document.documentElement.style.fontSize).toBe('90%');
    expect(screen.getByRole('button', { name: 'Decrease font size' })).toBeDisabled();
  });
});
