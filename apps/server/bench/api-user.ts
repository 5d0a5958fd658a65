/**
 * `pnpm bench`: GET /api/user (real app, temp SQLite database, valid bearer token) against a bare
 * Fastify route started in the same process, both on 127.0.0.1 with autocannon. Loopback only,
 * bounded in time (BENCH_DURATION seconds each, default 10; BENCH_CONNECTIONS, default 10).
 * Prints and writes bench/results.json: { apiUser: {rps, p99}, bare: {rps, p99}, ratio }.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import Fastify, { type FastifyInstance } from 'fastify';
import { buildApp, loggerOptions } from '../src/app';
import { loadConfig, resolveAppKey } from '../src/env';
import { openDatabase } from '../src/runtime';

const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const HOST = '127.0.0.1';

interface Figures {
  rps: number;
  p99: number;
  p50: number;
  requests: number;
  non2xx: number;
  errors: number;
}

function address(app: FastifyInstance): string {
  const info = app.server.address();
  if (!info || typeof info === 'string') throw new Error('server has no TCP address');
  return `http://${HOST}:${info.port}`;
}

async function run(url: string, headers: Record<string, string>, seconds: number): Promise<Figures> {
  // The load generator runs in its own worker thread, so it does not share the servers' event loop.
  const result = await autocannon({ url, connections: CONNECTIONS, duration: seconds, headers, workers: 1 });
  return {
    rps: Math.round(result.requests.average),
    p99: result.latency.p99,
    p50: result.latency.p50,
    requests: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors,
  };
}

async function main(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'ledgerleaf-bench-'));
  // Production settings: warn-level logs, OWASP argon2 (only the registration pays it).
  const config = loadConfig(
    { DATA_DIR: dataDir, HOST, PORT: '0', DEMO: '0', NODE_ENV: 'production', WEB_DIST_DIR: join(dataDir, 'no-web') },
    dataDir,
  );
  const { database } = await openDatabase(config, { migrate: true });
  const app = await buildApp({
    config: { ...config, appKey: resolveAppKey(config) },
    database,
    logger: loggerOptions('warn'),
  });
  const bare = Fastify({ logger: loggerOptions('warn') });
  bare.get('/bare', async () => ({ ok: true }));

  try {
    await app.listen({ host: HOST, port: 0 });
    await bare.listen({ host: HOST, port: 0 });
    const base = address(app);

    const csrf = await fetch(`${base}/sanctum/csrf-cookie`);
    const xsrf = /XSRF-TOKEN=([^;]+)/.exec(csrf.headers.get('set-cookie') ?? '')?.[1];
    if (!xsrf) throw new Error('no XSRF-TOKEN cookie');
    const registered = await fetch(`${base}/api/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: `XSRF-TOKEN=${xsrf}`, 'x-xsrf-token': xsrf },
      body: JSON.stringify({
        name: 'Bench Owner',
        business_name: 'Bench Bakery',
        email: 'bench@example.com',
        phone: '4155550100',
        password: 'bench password 123',
        password_confirmation: 'bench password 123',
      }),
    });
    if (registered.status !== 201) throw new Error(`register failed: ${registered.status} ${await registered.text()}`);
    const { token } = (await registered.json()) as { token: string };
    const auth = { authorization: `Bearer ${token}`, accept: 'application/json' };

    console.log(`Warming up (2 s each), then ${DURATION} s per target with ${CONNECTIONS} connections on ${HOST}...`);
    await run(`${base}/api/user`, auth, 2);
    await run(`${address(bare)}/bare`, {}, 2);
    const apiUser = await run(`${base}/api/user`, auth, DURATION);
    const bareFigures = await run(`${address(bare)}/bare`, {}, DURATION);
    if (apiUser.non2xx > 0 || apiUser.errors > 0)
      throw new Error(`GET /api/user had ${apiUser.non2xx} non-2xx answers and ${apiUser.errors} errors`);

    const results = {
      apiUser: { rps: apiUser.rps, p99: apiUser.p99 },
      bare: { rps: bareFigures.rps, p99: bareFigures.p99 },
      ratio: Number((apiUser.rps / bareFigures.rps).toFixed(3)),
      durationSeconds: DURATION,
      connections: CONNECTIONS,
      details: {
        apiUser,
        bare: bareFigures,
        durationSeconds: DURATION,
        connections: CONNECTIONS,
        database: database.dialect,
        node: process.version,
        date: new Date().toISOString(),
        command: 'pnpm bench',
      },
    };
    const out = fileURLToPath(new URL('./results.json', import.meta.url));
    writeFileSync(out, `${JSON.stringify(results, null, 2)}\n`);
    console.log(JSON.stringify({ apiUser: results.apiUser, bare: results.bare, ratio: results.ratio }, null, 2));
    console.log(`Written to ${out}`);
  } finally {
    await bare.close();
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
