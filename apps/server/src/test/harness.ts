import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { createTestDatabase, type TestDatabase } from '@ledgerleaf/db/testing';
import { buildApp, type BuildAppOptions } from '../app';
import { loadConfig } from '../env';
import type { PasswordHashingParams } from '../lib/password';

/** Cheap argon2id for tests; production's parameters are asserted in password.test.ts. */
export const TEST_PASSWORD_PARAMS: PasswordHashingParams = { memoryCost: 1024, timeCost: 1, parallelism: 1 };
export const TEST_APP_KEY = 'test-app-key-0123456789abcdefghijklmnopqrstuvwxyz';

export interface TestClock {
  (): Date;
  advance(ms: number): void;
}

function createClock(): TestClock {
  let offset = 0;
  const clock = (() => new Date(Date.now() + offset)) as TestClock;
  clock.advance = (ms: number) => {
    offset += ms;
  };
  return clock;
}

export interface RequestOptions {
  /** Bearer token. */
  token?: string;
  /** Send a valid XSRF cookie and header (default true for writes without a token). */
  csrf?: boolean;
  ip?: string;
  headers?: Record<string, string>;
}

export interface TestApp {
  app: FastifyInstance;
  database: TestDatabase;
  clock: TestClock;
  dataDir: string;
  /** A fresh XSRF-TOKEN cookie value. */
  xsrf(): Promise<string>;
  post(url: string, body?: unknown, options?: RequestOptions): Promise<LightMyRequestResponse>;
  get(url: string, options?: RequestOptions): Promise<LightMyRequestResponse>;
  put(url: string, body?: unknown, options?: RequestOptions): Promise<LightMyRequestResponse>;
  delete(url: string, options?: RequestOptions): Promise<LightMyRequestResponse>;
  /** Registers an owner and answers the token and user. */
  register(
    overrides?: Record<string, unknown>,
  ): Promise<{ token: string; user: { id: number; email: string; business_name: string } }>;
  close(): Promise<void>;
}

export const validRegistration = (overrides: Record<string, unknown> = {}) => ({
  name: 'Olive Owner',
  business_name: 'Olive Bakery',
  email: 'olive@example.com',
  phone: '4155550100',
  password: 'correct horse battery',
  password_confirmation: 'correct horse battery',
  ...overrides,
});

/**
 * A fresh database and app per call; `close()` removes both. `database` gives the app that one
 * instead (another instance on the same database: `close()` then calls its `cleanup`).
 */
export async function createTestApp(
  options: {
    env?: Record<string, string>;
    build?: Partial<Omit<BuildAppOptions, 'config' | 'database'>>;
    database?: TestDatabase;
  } = {},
): Promise<TestApp> {
  const dataDir = mkdtempSync(join(tmpdir(), 'ledgerleaf-server-'));
  const config = loadConfig(
    { DATA_DIR: dataDir, WEB_DIST_DIR: join(dataDir, 'no-web'), APP_URL: 'http://localhost:3000', ...options.env },
    dataDir,
  );
  const database = options.database ?? (await createTestDatabase());
  const clock = createClock();
  const app = await buildApp({
    config: { ...config, appKey: TEST_APP_KEY },
    database,
    logger: false,
    passwordHashing: TEST_PASSWORD_PARAMS,
    clock,
    ...options.build,
  });

  const xsrf = async () => {
    const response = await app.inject({ method: 'GET', url: '/sanctum/csrf-cookie' });
    const cookie = response.cookies.find((candidate) => candidate.name === 'XSRF-TOKEN');
    if (!cookie) throw new Error('no XSRF-TOKEN cookie');
    return cookie.value;
  };

  const headersFor = async (write: boolean, requestOptions: RequestOptions) => {
    const headers: Record<string, string> = {
      accept: 'application/json',
      'x-requested-with': 'XMLHttpRequest',
      ...requestOptions.headers,
    };
    if (requestOptions.token) headers.authorization = `Bearer ${requestOptions.token}`;
    if (write && (requestOptions.csrf ?? !requestOptions.token)) {
      const value = await xsrf();
      headers.cookie = `XSRF-TOKEN=${value}`;
      headers['x-xsrf-token'] = value;
    }
    return headers;
  };

  const test: TestApp = {
    app,
    database,
    clock,
    dataDir,
    xsrf,
    async post(url, body, requestOptions = {}) {
      return app.inject({
        method: 'POST',
        url,
        headers: await headersFor(true, requestOptions),
        ...(body === undefined ? {} : { payload: body as Record<string, unknown> }),
        ...(requestOptions.ip ? { remoteAddress: requestOptions.ip } : {}),
      });
    },
    async get(url, requestOptions = {}) {
      return app.inject({
        method: 'GET',
        url,
        headers: await headersFor(false, requestOptions),
        ...(requestOptions.ip ? { remoteAddress: requestOptions.ip } : {}),
      });
    },
    async put(url, body, requestOptions = {}) {
      return app.inject({
        method: 'PUT',
        url,
        headers: await headersFor(true, requestOptions),
        ...(body === undefined ? {} : { payload: body as Record<string, unknown> }),
      });
    },
    async delete(url, requestOptions = {}) {
      return app.inject({ method: 'DELETE', url, headers: await headersFor(true, requestOptions) });
    },
    async register(overrides = {}) {
      const response = await test.post('/api/register', validRegistration(overrides));
      if (response.statusCode !== 201) throw new Error(`register failed: ${response.statusCode} ${response.body}`);
      return response.json();
    },
    async close() {
      await app.close();
      // app.close() destroyed the connection; cleanup drops a PostgreSQL schema.
      await database.cleanup();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
  return test;
}
