import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { loggerOptions } from '../app';
import { lazyChildLoggerFactory } from './request-logger';

async function appLogging(level: string) {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, callback) {
      lines.push(String(chunk));
      callback();
    },
  });
  const app = Fastify({
    logger: { ...(loggerOptions(level) as Record<string, unknown>), stream },
    childLoggerFactory: lazyChildLoggerFactory,
  });
  let children = 0;
  const child = app.log.child.bind(app.log);
  app.log.child = (...args: Parameters<typeof child>) => {
    children += 1;
    return child(...args);
  };
  app.get('/quiet', async (request) => {
    request.log.info({ token: 'secret' }, 'quiet line');
    return { ok: true };
  });
  app.get('/loud', async (request) => {
    request.log.warn({ token: 'secret' }, 'loud line');
    return { ok: true };
  });
  await app.ready();
  return { app, lines, children: () => children };
}

describe('request logger', () => {
  it('makes no pino child for a request that logs nothing at an enabled level', async () => {
    const { app, lines, children } = await appLogging('warn');
    expect((await app.inject({ method: 'GET', url: '/quiet' })).statusCode).toBe(200);
    expect(children()).toBe(0);
    expect(lines).toEqual([]);
    await app.close();
  });

  it('logs through the pino child with the request id and redaction when a request logs', async () => {
    const { app, lines, children } = await appLogging('warn');
    expect((await app.inject({ method: 'GET', url: '/loud' })).statusCode).toBe(200);
    expect(children()).toBe(1);
    const entry = JSON.parse(lines.join('')) as Record<string, unknown>;
    expect(entry).toMatchObject({ msg: 'loud line', reqId: expect.any(String), token: '[redacted]' });
    expect(entry.level).toBe(40);
    await app.close();
  });
});
