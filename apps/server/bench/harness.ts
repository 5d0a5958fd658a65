/**
 * What the HTTP benches share (`api-user.ts`, `scale.ts`, `crm.ts`, `calendar.ts`, `dashboard.ts`): the real app on a fresh SQLite
 * database in a temporary folder, listening on loopback; a bare Fastify route to compare with; an
 * owner registered through the API like a person would; and autocannon runs.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import Fastify, { type FastifyInstance } from 'fastify';
import { buildApp, loggerOptions } from '../src/app';
import { loadConfig, resolveAppKey } from '../src/env';
import { openDatabase } from '../src/runtime';

export const HOST = '127.0.0.1';
export const DURATION = Number(process.env.BENCH_DURATION ?? 10);

export function address(app: FastifyInstance): string {
  const info = app.server.address();
  if (!info || typeof info === 'string') throw new Error('server has no TCP address');
  return `http://${HOST}:${info.port}`;
}

/**
 * The real app with production settings (warn-level logs, OWASP argon2: only the registration pays
 * it) on a migrated SQLite file of its own; `close` stops it and removes the folder.
 */
export async function startBenchApp(prefix: string) {
  const dataDir = mkdtempSync(join(tmpdir(), `ledgerleaf-${prefix}-`));
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
  // Seeding blocks the event loop for minutes; when it ends, the server's keep-alive timer of the
  // registration's idle connection and the next request fire together (ECONNRESET). Idle
  // connections stay open instead: a bench's own client is the only one.
  app.server.keepAliveTimeout = 0;
  await app.listen({ host: HOST, port: 0 });
  return {
    app,
    database,
    base: address(app),
    close: async () => {
      await app.close();
      // BENCH_KEEP=1 keeps the seeded database to look at afterwards.
      if (process.env.BENCH_KEEP) console.log(`Kept ${dataDir}`);
      else rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A bare Fastify route (`GET /bare`) on loopback: the floor the app's figures are compared with. */
export async function startBareServer() {
  const bare = Fastify({ logger: loggerOptions('warn') });
  bare.get('/bare', async () => ({ ok: true }));
  await bare.listen({ host: HOST, port: 0 });
  return { url: `${address(bare)}/bare`, close: () => bare.close() };
}

/** Registers an owner and their business through the API; answers the headers of their requests. */
export async function registerOwner(
  base: string,
  owner: { name: string; business_name: string; email: string; phone?: string; time_zone?: string },
): Promise<Record<string, string>> {
  const csrf = await fetch(`${base}/sanctum/csrf-cookie`);
  const xsrf = /XSRF-TOKEN=([^;]+)/.exec(csrf.headers.get('set-cookie') ?? '')?.[1];
  if (!xsrf) throw new Error('no XSRF-TOKEN cookie');
  const registered = await fetch(`${base}/api/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: `XSRF-TOKEN=${xsrf}`, 'x-xsrf-token': xsrf },
    body: JSON.stringify({ ...owner, password: 'bench password 123', password_confirmation: 'bench password 123' }),
  });
  if (registered.status !== 201) throw new Error(`register failed: ${registered.status} ${await registered.text()}`);
  const { token } = (await registered.json()) as { token: string };
  return { authorization: `Bearer ${token}`, accept: 'application/json' };
}

export interface Figures {
  rps: number;
  p50: number;
  p99: number;
  requests: number;
  non2xx: number;
  errors: number;
}

/** Autocannon on one URL; the load generator runs in its own worker thread, off the servers' event loop. */
export async function measure(
  url: string,
  headers: Record<string, string>,
  { seconds, connections }: { seconds: number; connections: number },
): Promise<Figures> {
  const result = await autocannon({ url, connections, duration: seconds, headers, workers: 1 });
  return {
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    requests: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors,
  };
}

/** `measure`, refusing any answer that is not 2xx; rps, p50 and p99. */
export async function measureOk(
  url: string,
  headers: Record<string, string>,
  options: { seconds: number; connections: number },
) {
  const figures = await measure(url, headers, options);
  if (figures.non2xx > 0 || figures.errors > 0)
    throw new Error(`${url}: ${figures.non2xx} non-2xx answers, ${figures.errors} errors`);
  return { rps: figures.rps, p50: figures.p50, p99: figures.p99 };
}

/** The invoice statuses of the seeded benches, in the order the i-th invoice takes them. */
export const BENCH_INVOICE_STATUSES = [
  'draft',
  'sent',
  'viewed',
  'partial',
  'paid',
  'paid',
  'paid',
  'overdue',
  'void',
] as const;

/** A seeded client row (a company, net 30) named `name`, created and updated `at`; searched by its name unless told. */
export function benchClientRow(
  businessId: number,
  name: string,
  at: string,
  email: string | null = null,
  searchText = name.toLowerCase(),
) {
  return {
    business_id: businessId,
    kind: 'company',
    name,
    sort_name: name.toLowerCase(),
    email,
    payment_terms_days: 30,
    is_active: true,
    search_text: searchText,
    created_at: at,
    updated_at: at,
  };
}

/**
 * The i-th seeded invoice row (no lines, no tax): its status the i-th of `statuses`, a total between
 * $100 and $5,100, paid in full when paid and half when partial, nothing owed when void.
 */
export function benchInvoiceRow(
  i: number,
  params: {
    businessId: number;
    clientIds: readonly number[];
    issueDate: string;
    dueDate: string;
    /** created_at and updated_at. */
    at: string;
    statuses?: readonly (typeof BENCH_INVOICE_STATUSES)[number][];
  },
) {
  const statuses = params.statuses ?? BENCH_INVOICE_STATUSES;
  const status = statuses[i % statuses.length]!;
  const total = 10_000 + ((i * 7919) % 500_000);
  const paid = status === 'paid' ? total : status === 'partial' ? Math.floor(total / 2) : 0;
  return {
    business_id: params.businessId,
    client_id: params.clientIds[i % params.clientIds.length]!,
    invoice_number: status === 'draft' ? null : `INV-${String(i + 1).padStart(6, '0')}`,
    status,
    issue_date: params.issueDate,
    due_date: params.dueDate,
    currency: 'USD',
    prices_include_tax: false,
    subtotal_cents: total,
    line_discount_cents: 0,
    discount_cents: 0,
    tax_cents: 0,
    total_cents: total,
    paid_cents: paid,
    balance_cents: status === 'void' ? 0 : total - paid,
    public_token: randomBytes(32).toString('base64url'),
    created_at: params.at,
    updated_at: params.at,
  };
}

/**
 * Latency right after a write: each sample makes one write through the API, then times the call
 * alone (`runs` samples; p50 and p99 in milliseconds).
 */
export async function afterWrite(
  url: string,
  headers: Record<string, string>,
  write: () => Promise<void>,
  runs: number,
) {
  const samples: number[] = [];
  for (let i = 0; i < runs; i += 1) {
    await write();
    const started = performance.now();
    const response = await fetch(url, { headers });
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`${url}: ${response.status}`);
    samples.push(performance.now() - started);
  }
  samples.sort((a, b) => a - b);
  const at = (q: number) => Number(samples[Math.min(samples.length - 1, Math.floor(q * samples.length))]!.toFixed(1));
  return { runs, p50: at(0.5), p99: at(0.99) };
}

/** The UTC calendar day `daysAgo` days before now (`2026-11-28`). */
export function isoDay(daysAgo: number): string {
  return new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);
}

/** Writes a bench's figures to `bench/<file>` and prints `shown` (the figures unless told); answers the path. */
export function writeResults(file: string, results: unknown, shown: unknown = results): string {
  const out = fileURLToPath(new URL(`./${file}`, import.meta.url));
  writeFileSync(out, `${JSON.stringify(results, null, 2)}\n`);
  console.log(JSON.stringify(shown, null, 2));
  return out;
}

/** Runs a bench's `main`, exiting 1 with the error when it fails. */
export function runBench(main: () => Promise<void>): void {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
