import type { ReactElement } from 'react';
import { renderPage } from '@ledgerleaf/vitest-config/render';

/**
 * A piece of the shell at `path` in the one page harness (store, Mantine in its test environment,
 * memory router), with a stored token as a signed-in session has; `/elsewhere` is a second page.
 */
export function renderShell(element: ReactElement, { path = '/' }: { path?: string } = {}) {
  localStorage.setItem('token', 'tok');
  return renderPage(element, {
    path: '*',
    route: path,
    auth: { token: 'tok' },
    extraRoutes: [{ path: '/elsewhere', element: <p>Elsewhere</p> }],
  });
}
