import { useState, type ReactElement, type ReactNode } from 'react';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider, useLocation, type RouteObject } from 'react-router';
import { clearAuthStorage, makeStore, writeToken, writeUser } from '@ledgerleaf/api';
import type { User } from '@ledgerleaf/domain';

/**
 * The Storybook harness of the feature packages (ARCHITECTURE.md, "Storybook"): a screen as the app
 * shows it, with a fresh store, a memory router and the API answering from canned data, so every
 * state (loading, empty, error, loaded, server validation errors) is browsable without a server.
 * Only `*.stories.tsx` files import it (the lint preset refuses it anywhere else).
 */

/** What a canned answer may look at: the request as the screen sent it. */
export interface StoryRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  body: unknown;
}

/** A canned answer (optionally after `delay` ms, to show a busy button), or one that never comes (the loading state). */
export type StoryResponse = { status: number; body?: unknown; delay?: number } | 'pending';

/** An answer, or a function of the request that gives one (e.g. 422 for a POST, 200 for the GET). */
export type StoryResponder = StoryResponse | ((request: StoryRequest) => StoryResponse);

/**
 * Answers keyed `METHOD /path` or, more specific, `METHOD /path?query` (the query string exactly as
 * sent). Unknown `/api/*` calls and unknown writes answer 404; the anti-forgery cookie answers 204.
 */
export type StoryApi = Record<string, StoryResponder>;

/** 200 with `body`. */
export const ok = (body: unknown): StoryResponse => ({ status: 200, body });
/** 201 with `body`. */
export const created = (body: unknown): StoryResponse => ({ status: 201, body });
/** An error answer as the server gives it: `{ message, errors? }`. */
export const fail = (status: number, message: string, errors?: Record<string, string[]>): StoryResponse => ({
  status,
  body: errors ? { message, errors } : { message },
});
/** 422 with field-keyed messages; the message is the first of them, as the server does. */
export const invalid = (errors: Record<string, string[]>): StoryResponse =>
  fail(422, Object.values(errors).flat()[0] ?? 'The given data was invalid.', errors);
/** The answer that never comes: the screen stays in its loading state. */
export const pending: StoryResponse = 'pending';
/** A 500, for the error states. */
export const serverError: StoryResponse = fail(500, 'Server error');

/** The signed-in person of the stories: the business owner (every action allowed). */
export const storyUser: User = {
  id: 1,
  name: 'Olive Owner',
  email: 'olive@olive.test',
  business_name: 'Olive Bakery',
  company_logo: null,
  avatar_path: null,
  roles: [{ name: 'owner' }],
};

const ORIGINAL_FETCH = Symbol.for('ledgerleaf.storybook.fetch');
type FetchHolder = typeof globalThis & { [ORIGINAL_FETCH]?: typeof fetch };

function respond(answer: StoryResponse): Promise<Response> {
  if (answer === 'pending') return new Promise<Response>(() => undefined);
  const body = answer.body === undefined || answer.status === 204 ? null : JSON.stringify(answer.body);
  const response = () => new Response(body, { status: answer.status, headers: { 'content-type': 'application/json' } });
  if (!answer.delay) return Promise.resolve(response());
  return new Promise((resolve) => setTimeout(() => resolve(response()), answer.delay));
}

/**
 * Replaces fetch for the API's paths. fetch is global, so the last story rendered owns it: one
 * screen story at a time (the canvas; a docs page showing several would share the last one's answers).
 */
function installFetch(api: StoryApi): void {
  const holder = globalThis as FetchHolder;
  const original = (holder[ORIGINAL_FETCH] ??= globalThis.fetch.bind(globalThis));
  globalThis.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(String(input), init);
    const url = new URL(request.url, globalThis.location?.href ?? 'http://storybook.local');
    const key = `${request.method} ${url.pathname}`;
    const responder = api[`${key}${url.search}`] ?? api[key];
    if (responder === undefined) {
      if (url.pathname === '/sanctum/csrf-cookie') return respond({ status: 204 });
      // Storybook and Vite only read; any other unknown write (`/web-login`, `/early-access`) is the app's.
      if (url.pathname.startsWith('/api/') || request.method !== 'GET') return respond(fail(404, 'Not found.'));
      // Storybook's and Vite's own requests.
      return original(request);
    }
    if (typeof responder !== 'function') return respond(responder);
    const text = await request.text();
    let body: unknown = undefined;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      body = text;
    }
    return respond(
      responder({ method: request.method, path: url.pathname, query: Object.fromEntries(url.searchParams), body }),
    );
  };
}

/** Where a screen went when it navigated away (after a save, a cancel, a link): the story says so. */
function Elsewhere() {
  const location = useLocation();
  return (
    <p style={{ padding: 16, fontFamily: 'sans-serif' }}>
      The screen navigated to {location.pathname + location.search}.
    </p>
  );
}

export interface StoryAppProps {
  /** The canned answers. */
  api: StoryApi;
  /** The route pattern the screen is mounted at, e.g. `/invoices/:id`. */
  path: string;
  /** The URL the story opens, e.g. `/invoices/11?tab=payments`; defaults to `path`. */
  route?: string;
  /** The signed-in person; `null` for the guest pages (sign-in, public invoice). Defaults to `storyUser`. */
  user?: User | null;
  /** Other screens the story may navigate to (otherwise a line says where it went). */
  routes?: RouteObject[];
  children: ReactNode;
}

/** A screen as the app shows it. Each story gets its own store, so states never leak between stories. */
export function StoryApp({ api, path, route, user = storyUser, routes = [], children }: StoryAppProps) {
  const [setup] = useState(() => {
    installFetch(api);
    // Some screens read the stored session (SPEC.md section 6) as well as the store.
    if (user) {
      writeToken('storybook-token');
      writeUser(user);
    } else {
      clearAuthStorage();
    }
    const store = makeStore({
      auth: user
        ? { token: 'storybook-token', user, status: 'authenticated', tokenValidated: true, initialized: true }
        : { token: null, user: null, status: 'unauthenticated', tokenValidated: false, initialized: true },
    });
    const router = createMemoryRouter([{ path, element: children }, ...routes, { path: '*', Component: Elsewhere }], {
      initialEntries: [route ?? path],
    });
    return { store, router };
  });
  return (
    <Provider store={setup.store}>
      <RouterProvider router={setup.router} />
    </Provider>
  );
}

/**
 * A screen story in one line: `export const Loading: Story = screenStory(<ClientsPage />, { path: '/clients', api: { 'GET /api/clients': pending } })`.
 */
export function screenStory(
  element: ReactNode,
  options: Omit<StoryAppProps, 'children'>,
): { render: () => ReactElement } {
  return { render: () => <StoryApp {...options}>{element}</StoryApp> };
}
