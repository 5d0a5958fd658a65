import { vi } from 'vitest';

export interface RecordedCall {
  method: string;
  path: string;
  body: unknown;
  /** The query string as an object: `{ search: 'acme', page: '2' }`. */
  query: Record<string, string>;
}

export function json(status: number, body: unknown): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

type Responder = Response | ((call: RecordedCall) => Response | Promise<Response>);

/** Stubs fetch at the network edge: routes keyed `METHOD /path`; unknown routes answer 404. */
export function stubFetch(routes: Record<string, Responder>) {
  const calls: RecordedCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = input instanceof Request ? input : new Request(String(input), init);
      const text = await request.text();
      const url = new URL(request.url);
      const call = { method: request.method, path: url.pathname, body: text ? JSON.parse(text) : undefined, query: Object.fromEntries(url.searchParams) };
      calls.push(call);
      const route = routes[`${call.method} ${call.path}`] ?? (call.path === '/sanctum/csrf-cookie' ? json(204, undefined) : undefined);
      if (!route) return json(404, { message: 'Not found.' });
      return route instanceof Response ? route.clone() : route(call);
    }),
  );
  return calls;
}
