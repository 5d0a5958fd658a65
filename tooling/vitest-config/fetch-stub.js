// Stubs fetch at the network edge for unit tests of packages that talk to the API through RTK Query.
import { vi } from 'vitest';

export function json(status, body) {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

/** Routes keyed `METHOD /path`; the anti-forgery cookie answers 204; unknown routes answer 404. */
export function stubFetch(routes) {
  const calls = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input, init) => {
      const request = input instanceof Request ? input : new Request(String(input), init);
      const text = await request.text();
      const url = new URL(request.url);
      const call = {
        method: request.method,
        path: url.pathname,
        body: text ? JSON.parse(text) : undefined,
        query: Object.fromEntries(url.searchParams),
      };
      calls.push(call);
      const route =
        routes[`${call.method} ${call.path}`] ??
        (call.path === '/sanctum/csrf-cookie' ? json(204, undefined) : undefined);
      if (!route) return json(404, { message: 'Not found.' });
      return route instanceof Response ? route.clone() : route(call);
    }),
  );
  return calls;
}

/**
 * Answers the requests whose URL passes `matches` with `responses` in turn (the last one repeats;
 * one may reject to play a network failure) and records their headers and JSON bodies; anything
 * else answers 404. For retry tests: did the second attempt carry the same Idempotency-Key?
 */
export function stubSequence(matches, responses) {
  const requests = [];
  const keys = [];
  const bodies = [];
  let index = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input, init) => {
      const request = input instanceof Request ? input : new Request(String(input), init);
      if (!matches(request.url)) return json(404, { message: 'Not found.' });
      const text = await request.text();
      const body = text ? JSON.parse(text) : undefined;
      requests.push({ headers: request.headers, body });
      keys.push(request.headers.get('Idempotency-Key') ?? '');
      bodies.push(body);
      const respond = responses[Math.min(index, responses.length - 1)];
      index += 1;
      return respond();
    }),
  );
  // Live arrays: a test may destructure them before the requests happen.
  return { requests, keys, bodies };
}
