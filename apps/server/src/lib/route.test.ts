import Fastify from 'fastify';
import { z } from 'zod';
import { afterEach, describe, expect, it } from 'vitest';
import { AppError } from './errors';
import { ERROR_DOCS, errorDoc } from './error-docs';
import { defineRoute, documentedResponses, type RouteDoc } from './route';

const answerSchema = z.object({ n: z.number() });

async function app(production: boolean) {
  const instance = Fastify({ logger: false });
  instance.decorate('deps', { config: { production } } as never);
  instance.decorate('routeDocs', [] as RouteDoc[]);
  const routes: [string, () => unknown][] = [
    ['/sync', () => ({ n: 1 })],
    ['/async', async () => ({ n: 2 })],
    [
      '/throws',
      () => {
        throw new AppError(409, 'no');
      },
    ],
    ['/drift', () => ({ n: 'not a number' })],
    ['/sent', () => undefined],
  ];
  for (const [url, handler] of routes)
    defineRoute(instance, {
      method: 'GET',
      url,
      summary: url,
      tags: ['test'],
      responses: { 200: { description: 'ok', schema: answerSchema, compiled: true } },
      handler:
        url === '/sent'
          ? ({ reply }) => {
              void reply.code(204).send();
              return undefined;
            }
          : handler,
    });
  await instance.ready();
  return instance;
}

let open: Awaited<ReturnType<typeof app>> | undefined;
afterEach(async () => {
  await open?.close();
  open = undefined;
});

describe('defineRoute handlers', () => {
  it('sends synchronous and asynchronous answers alike, through the contract', async () => {
    open = await app(false);
    expect((await open.inject('/sync')).json()).toEqual({ n: 1 });
    expect((await open.inject('/async')).json()).toEqual({ n: 2 });
    const thrown = await open.inject('/throws');
    expect(thrown.statusCode).toBe(409);
    // Outside production a synchronous answer is still checked against its contract.
    expect((await open.inject('/drift')).statusCode).toBe(500);
    expect((await open.inject('/sent')).statusCode).toBe(204);
  });
});

describe('route declarations', () => {
  it('state only what differs from what their auth implies: a restated 401 or 403 is refused', () => {
    const base = { url: '/api/x', summary: 'x', tags: ['test'], auth: true as const, handler: () => ({}) };
    expect(() =>
      documentedResponses({ ...base, method: 'GET', responses: { 401: ERROR_DOCS.unauthenticated } }),
    ).toThrow('GET /api/x: 401 is implied by its auth; do not restate it');
    expect(() =>
      documentedResponses({ ...base, method: 'PUT', access: 'admin', responses: { 403: ERROR_DOCS.forbidden } }),
    ).toThrow('PUT /api/x: 403 is implied by its auth; do not restate it');
    // Its own wording of an implied status is its business; so is a 401 the route's auth does not imply.
    const worded = errorDoc('Wrong email or password');
    expect(documentedResponses({ ...base, method: 'GET', responses: { 401: worded } })[401]).toBe(worded);
    expect(
      documentedResponses({ ...base, auth: false, method: 'GET', responses: { 401: ERROR_DOCS.unauthenticated } })[401],
    ).toBe(ERROR_DOCS.unauthenticated);
  });
});
