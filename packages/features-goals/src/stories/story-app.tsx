import { useState, type ReactNode } from 'react';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { makeStore } from '@ledgerleaf/api';

/** A canned API answer, or one that never comes (the loading state). */
export type StoryResponse = { status: number; body: unknown } | 'pending';

/** Answers keyed `METHOD /path` (query strings ignored); anything else answers 404. */
export type StoryApi = Record<string, StoryResponse>;

function installFetch(api: StoryApi): void {
  globalThis.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(String(input), init);
    const path = new URL(request.url, 'http://storybook.local').pathname;
    const answer = api[`${request.method} ${path}`] ?? (path === '/sanctum/csrf-cookie' ? { status: 204, body: undefined } : { status: 404, body: { message: 'Not found.' } });
    if (answer === 'pending') return new Promise<Response>(() => undefined);
    const body = answer.body === undefined ? null : JSON.stringify(answer.body);
    return new Response(body, { status: answer.status, headers: { 'content-type': 'application/json' } });
  };
}

/**
 * A screen as the app shows it, for Storybook: a fresh store, a memory router at `route`, and the
 * API answering from `api` (no server). Each story gets its own store, so states never leak.
 */
export function StoryApp({ api, path, route, children }: { api: StoryApi; path: string; route?: string; children: ReactNode }) {
  const [setup] = useState(() => {
    installFetch(api);
    // The allocation modal reads the stored token (SPEC.md section 6) before it fetches anything.
    localStorage.setItem('token', 'storybook-token');
    const store = makeStore({ auth: { token: 'storybook-token' } });
    const router = createMemoryRouter(
      [
        { path, element: children },
        { path: '*', element: null },
      ],
      { initialEntries: [route ?? path] },
    );
    return { store, router };
  });
  return (
    <Provider store={setup.store}>
      <RouterProvider router={setup.router} />
    </Provider>
  );
}
