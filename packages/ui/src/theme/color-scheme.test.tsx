import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithUi } from '../test-utils';
import { ColorSchemeToggle } from './color-scheme-toggle';
import { ledgerleafColorSchemeManager } from './color-scheme-manager';

const scheme = () => document.documentElement.getAttribute('data-mantine-color-scheme');
const originalMatchMedia = window.matchMedia;

function preferDark(dark: boolean) {
  window.matchMedia = vi.fn((query: string) => ({
    matches: dark && query.includes('prefers-color-scheme: dark'),
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  })) as unknown as typeof window.matchMedia;
}

describe('colour scheme (SPEC.md section 4 "Theme", keys theme/darkMode)', () => {
  afterEach(() => {
    window.matchMedia = originalMatchMedia;
    document.documentElement.removeAttribute('data-mantine-color-scheme');
  });

  it('follows the system (light) when nothing is stored, and stores the toggled choice under theme', () => {
    preferDark(false);
    renderWithUi(<ColorSchemeToggle />);
    expect(scheme()).toBe('light');
    expect(window.localStorage.getItem('theme')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Toggle dark mode' }));
    expect(scheme()).toBe('dark');
    expect(window.localStorage.getItem('theme')).toBe('dark');
    expect(window.localStorage.getItem('darkMode')).toBe('true');
    expect(screen.getByRole('button', { name: 'Toggle dark mode' })).toHaveAttribute('aria-pressed', 'true');

    fireEvent.click(screen.getByRole('button', { name: 'Toggle dark mode' }));
    expect(scheme()).toBe('light');
    expect(window.localStorage.getItem('theme')).toBe('light');
    expect(window.localStorage.getItem('darkMode')).toBe('false');
  });

  it('follows a dark system preference when nothing is stored, without storing it', () => {
    preferDark(true);
    renderWithUi(<ColorSchemeToggle />);
    expect(scheme()).toBe('dark');
    expect(window.localStorage.getItem('theme')).toBeNull();
  });

  it('a stored choice wins over the system preference', () => {
    preferDark(true);
    window.localStorage.setItem('theme', 'light');
    renderWithUi(<ColorSchemeToggle />);
    expect(scheme()).toBe('light');
    expect(screen.getByRole('button', { name: 'Toggle dark mode' })).toHaveAttribute('aria-pressed', 'false');
  });

  it('reads the legacy darkMode flag when theme is absent', () => {
    preferDark(false);
    window.localStorage.setItem('darkMode', 'true');
    renderWithUi(<ColorSchemeToggle />);
    expect(scheme()).toBe('dark');
  });

  it('defaultColorScheme applies when nothing is stored', () => {
    preferDark(false);
    renderWithUi(<ColorSchemeToggle />, { provider: { defaultColorScheme: 'dark' } });
    expect(scheme()).toBe('dark');
  });

  it('manager: auto clears both keys, garbage values are ignored', () => {
    const manager = ledgerleafColorSchemeManager();
    manager.set('dark');
    expect(manager.get('auto')).toBe('dark');
    manager.set('auto');
    expect(window.localStorage.getItem('theme')).toBeNull();
    expect(window.localStorage.getItem('darkMode')).toBeNull();
    window.localStorage.setItem('theme', 'purple');
    expect(manager.get('auto')).toBe('auto');
  });
});
