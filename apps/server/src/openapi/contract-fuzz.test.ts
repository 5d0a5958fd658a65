import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listOutboxEmails } from '@ledgerleaf/db';
import { addCalendarDays, utcCalendarDate } from '@ledgerleaf/domain';
import { createTestApp, type TestApp } from '../test/harness';
import {
  createContractChecker,
  operationsOf,
  type JsonSchema,
  type OpenApiDocument,
  type Operation,
} from '../test/openapi-contract';
import { tinyPng } from '../test/png';
import { invalidArbitrary, valueArbitrary, type IdSource } from '../test/schema-arbitraries';
import { multipart } from '../test/members';

/*
 * The contract fuzz suite: for every operation of the OpenAPI document the app serves (walked, never
 * listed, so a new route is fuzzed the day it is registered), valid and invalid requests generated
 * from the operation's own schemas, sent as the signed-in owner of a fresh business. Path parameters
 * name the business's real records most of the time (created first, then learned from every answer),
 * otherwise unknown ids, junk, or another business's records. Every answer must be:
 * - never a 5xx;
 * - a status the document lists for the operation;
 * - of the documented content type, with a body valid against the documented schema.
 *
 * Bounded: FUZZ_EXAMPLES valid and as many invalid requests per operation (default 40), plus fixed
 * transport cases (malformed, too deep, oversized and non-JSON bodies, no token, no anti-forgery
 * echo, overlong and undecodable paths). Seeded: FUZZ_SEED (default below) decides every request,
 * and a failure prints it. Reproduce with
 *   FUZZ_SEED=<seed> pnpm --filter @ledgerleaf/server exec vitest run src/openapi/contract-fuzz.test.ts
 */

const DEFAULT_SEED = 13_013;
const SEED = process.env.FUZZ_SEED ? Number.parseInt(process.env.FUZZ_SEED, 10) : DEFAULT_SEED;
const EXAMPLES = process.env.FUZZ_EXAMPLES ? Number.parseInt(process.env.FUZZ_EXAMPLES, 10) : 40;
const REPRODUCE = `FUZZ_SEED=${SEED} pnpm --filter @ledgerleaf/server exec vitest run src/openapi/contract-fuzz.test.ts`;

/**
 * Operations that would end the fuzzing session itself. They are fuzzed all the same, with a token
 * signed in for the request instead of the owner's: logout revokes the token it is called with.
 */
const SESSION_ENDING = new Set(['POST /api/logout']);

const OWNER_PASSWORD = 'correct horse battery';

const t: TestApp = await createTestApp();
const document = (await t.get('/api/openapi.json')).json() as OpenApiDocument;
const contract = createContractChecker(document);

let ownerToken = '';
let sent = 0;
/** FUZZ_STATS=1 prints, per operation, how many answers each status got (to see what the examples reach). */
const stats = new Map<string, Map<number, number>>();

// ---------------------------------------------------------------- real records, learned from answers

/** A record a path parameter can name: its value, and the values of the parameters before it. */
interface PoolEntry {
  value: number | string;
  parents: Record<string, string>;
}
type Side = 'own' | 'foreign';
const pools: Record<Side, Map<string, PoolEntry[]>> = { own: new Map(), foreign: new Map() };

function remember(side: Side, key: string, entry: PoolEntry) {
  const pool = pools[side].get(key) ?? [];
  if (pool.some((known) => known.value === entry.value)) return;
  pool.push(entry);
  // The newest few are enough; deletes make old ones stale.
  if (pool.length > 12) pool.shift();
  pools[side].set(key, pool);
}

/**
 * Learns record ids from an answer: `data.id` of a create (POST to a collection path), the ids of a
 * list (`data: [...]` of a GET), and the tokens of public links (`public_url` `/i/…`, `/e/…`).
 */
function learn(
  side: Side,
  method: string,
  path: string,
  params: Record<string, string>,
  response: LightMyRequestResponse,
) {
  if (response.statusCode >= 300 || !String(response.headers['content-type'] ?? '').startsWith('application/json'))
    return;
  let body: { data?: unknown };
  try {
    body = JSON.parse(response.body);
  } catch {
    return;
  }
  const data = body?.data;
  const items = Array.isArray(data) ? (method === 'GET' ? data.slice(0, 12) : []) : data ? [data] : [];
  for (const item of items) {
    if (!item || typeof item !== 'object') continue;
    const record = item as Record<string, unknown>;
    if (typeof record.id === 'number' && (method === 'GET' || method === 'POST'))
      remember(side, path, { value: record.id, parents: params });
    const link = typeof record.public_url === 'string' ? /\/(i|e)\/([A-Za-z0-9_-]+)$/.exec(record.public_url) : null;
    if (link?.[2])
      remember(side, link[1] === 'i' ? '/api/public/invoices' : '/api/public/estimates', {
        value: link[2],
        parents: {},
      });
  }
}

/** `/api/invoices/{id}/payments/{paymentId}`, `paymentId` -> `/api/invoices/{id}/payments`. */
function poolKey(path: string, param: string): string {
  return path.slice(0, path.indexOf(`/{${param}}`));
}

/** Real ids for a body or query field: `client_id` -> `/api/clients`, `tax_rate_id` -> `/api/tax-rates`. */
const idSource: IdSource = (name) => {
  const collect = (side: Side) => {
    const stem = name
      .replace(/_ids?$/, '')
      .replace(/Id$/, '')
      .replace(/_/g, '-');
    const ids: number[] = [];
    for (const [key, entries] of pools[side]) {
      const last = key.split('/').pop() ?? '';
      if (name === 'id' || [stem, `${stem}s`, `${stem}es`].includes(last))
        for (const entry of entries) if (typeof entry.value === 'number') ids.push(entry.value);
    }
    return [...new Set(ids)];
  };
  return { own: collect('own'), foreign: collect('foreign') };
};

// ---------------------------------------------------------------- requests

interface Attempt {
  kind: string;
  method: Operation['method'];
  path: string;
  url: string;
  params: Record<string, string>;
  headers: Record<string, string>;
  payload?: string | Buffer;
  /** The owner's token is replaced by a freshly signed-in one (SESSION_ENDING). */
  freshToken?: boolean;
}

interface Failure {
  attempt: Attempt;
  status: number;
  problems: string[];
  answer: string;
}

function truncate(text: string, length = 400): string {
  return text.length > length ? `${text.slice(0, length)}… (${text.length} characters)` : text;
}

async function xsrfHeaders(): Promise<Record<string, string>> {
  const value = await t.xsrf();
  return { cookie: `XSRF-TOKEN=${value}`, 'x-xsrf-token': value };
}

/** A token of the owner signed in for one request (from its own address, so no throttle counts it). */
async function freshOwnerToken(): Promise<string> {
  const user = await t.get('/api/user', { token: ownerToken });
  const email = user.statusCode === 200 ? (user.json().email as string) : '';
  const login = await t.post('/web-login', { email, password: OWNER_PASSWORD }, { ip: '10.13.0.1' });
  return login.statusCode === 200 ? (login.json().token as string) : 'signed-out-token';
}

async function send(attempt: Attempt): Promise<LightMyRequestResponse> {
  const headers = { ...attempt.headers };
  if (attempt.freshToken && headers.authorization === `Bearer ${ownerToken}`)
    headers.authorization = `Bearer ${await freshOwnerToken()}`;
  sent += 1;
  return t.app.inject({
    method: attempt.method,
    url: attempt.url,
    headers,
    ...(attempt.payload === undefined ? {} : { payload: attempt.payload }),
  });
}

function buildUrl(path: string, params: Record<string, string>, query: Record<string, string>, raw = false): string {
  const filled = path.replace(/\{(\w+)\}/g, (_match, name: string) =>
    raw ? (params[name] ?? '') : encodeURIComponent(params[name] ?? ''),
  );
  const search = new URLSearchParams(query).toString();
  return search ? `${filled}?${search}` : filled;
}

/** Query values as a client sends them: strings, objects as JSON. */
function queryStrings(query: unknown): Record<string, string> {
  if (!query || typeof query !== 'object' || Array.isArray(query)) return {};
  return Object.fromEntries(
    Object.entries(query)
      .filter(([, value]) => value !== undefined)
      .map(([key, value]) => [key, typeof value === 'string' ? value : JSON.stringify(value)]),
  );
}

// Not `..`: a client resolves dot segments, so the request would be another operation's.
const JUNK_PATH_VALUES = ['abc', '0', '-1', '1.5', '1e3', '99999999999999999999', ' ', 'null', 'a..b', '😀', '%00'];

/** A FNV-1a hash of the seed and the operation: each operation its own stream, the same on every run. */
function seedOf(operation: Operation): number {
  let hash = 0x811c9dc5 ^ SEED;
  for (const char of `${operation.method} ${operation.path}`) hash = Math.imul(hash ^ char.charCodeAt(0), 0x01000193);
  return hash >>> 0;
}

const OVERSIZED = JSON.stringify({ filler: 'x'.repeat(1024 * 1024 + 1024) });
const TOO_DEEP = `{"value": ${'['.repeat(40)}${']'.repeat(40)}}`;

/** Every request of one operation: valid and invalid examples, then the fixed transport cases. */
async function attemptsFor(operation: Operation): Promise<Attempt[]> {
  const { method, path, doc } = operation;
  const label = `${method} ${path}`;
  const bearer = doc.security?.some((scheme) => 'bearerAuth' in scheme) ?? false;
  const optional = bearer && (doc.security?.length ?? 0) > 1;
  const csrf = doc.parameters?.some((parameter) => parameter.in === 'header' && parameter.name === 'X-XSRF-TOKEN');
  const pathParams = (doc.parameters ?? []).filter((parameter) => parameter.in === 'path');
  const queryParams = (doc.parameters ?? []).filter((parameter) => parameter.in === 'query');
  const jsonBody = doc.requestBody?.content['application/json']?.schema;
  const upload = doc.requestBody?.content['multipart/form-data']?.schema as
    { properties: Record<string, unknown> } | undefined;
  const uploadField = upload ? Object.keys(upload.properties)[0]! : '';
  const freshToken = SESSION_ENDING.has(label);

  // Path parameters: a real record (its parents too) of the business, of another business, or generated.
  const schemaParams = fc.record(
    Object.fromEntries(
      pathParams.map((parameter) => [
        parameter.name,
        valueArbitrary(parameter.schema, idSource, parameter.name).map((value) => String(value)),
      ]),
    ),
  ) as fc.Arbitrary<Record<string, string>>;
  const last = pathParams[pathParams.length - 1]?.name;
  const fromPool = (side: Side) => {
    const entries = last ? (pools[side].get(poolKey(path, last)) ?? []) : [];
    return entries.length > 0
      ? fc
          .tuple(fc.constantFrom(...entries), schemaParams)
          .map(([entry, generated]) => ({ ...generated, ...entry.parents, [last!]: String(entry.value) }))
      : null;
  };
  const own = fromPool('own');
  const foreign = fromPool('foreign');
  const validParams = fc.oneof(
    { weight: 2, arbitrary: schemaParams },
    ...(own ? [{ weight: 6, arbitrary: own }] : []),
    ...(foreign ? [{ weight: 2, arbitrary: foreign }] : []),
  );
  const queryRecord = fc.record(
    Object.fromEntries(
      queryParams.map((parameter) => [parameter.name, valueArbitrary(parameter.schema, idSource, parameter.name)]),
    ),
    { requiredKeys: queryParams.filter((parameter) => parameter.required).map((parameter) => parameter.name) },
  );
  const body = jsonBody ? valueArbitrary(jsonBody as JsonSchema, idSource) : fc.constant(undefined);
  const png = tinyPng();

  const baseHeaders = async (withToken: boolean): Promise<Record<string, string>> => ({
    accept: 'application/json',
    ...(withToken && bearer ? { authorization: `Bearer ${ownerToken}` } : {}),
    ...(csrf ? await xsrfHeaders() : {}),
  });
  const jsonHeaders = (payload: unknown): Record<string, string> =>
    payload === undefined ? {} : { 'content-type': 'application/json' };

  const attempts: Attempt[] = [];
  const seed = seedOf(operation);

  // Valid examples.
  const valid = fc.sample(fc.tuple(validParams, queryRecord, body, fc.boolean()), { seed, numRuns: EXAMPLES });
  for (const [index, [params, query, payload, withToken]] of valid.entries()) {
    const uploadBody = upload ? multipart(uploadField, 'picture.png', 'image/png', png) : null;
    attempts.push({
      kind: `valid #${index}`,
      method,
      path,
      url: buildUrl(path, params, queryStrings(query)),
      params,
      headers: {
        ...(await baseHeaders(!optional || withToken)),
        ...(uploadBody ? uploadBody.headers : jsonHeaders(payload)),
      },
      ...(uploadBody
        ? { payload: uploadBody.payload }
        : payload === undefined
          ? {}
          : { payload: JSON.stringify(payload) }),
      freshToken,
    });
  }

  // Invalid examples: one part broken (the body, the query or a path parameter).
  const invalid = fc.sample(
    fc.tuple(
      validParams,
      queryRecord,
      invalidArbitrary(body),
      invalidArbitrary(queryRecord),
      fc.constantFrom(...JUNK_PATH_VALUES),
      fc.nat(),
      fc.uint8Array({ maxLength: 64 }),
    ),
    { seed: seed ^ 0x5eed, numRuns: EXAMPLES },
  );
  for (const [index, [params, query, badBody, badQuery, junk, pick]] of invalid.entries()) {
    const parts = [
      ...(jsonBody || upload ? ['body'] : []),
      ...(queryParams.length > 0 ? ['query'] : []),
      ...(pathParams.length > 0 ? ['path'] : []),
    ];
    const part = parts.length > 0 ? parts[pick % parts.length] : 'none';
    const brokenParams =
      part === 'path' && pathParams.length > 0
        ? { ...params, [pathParams[pick % pathParams.length]!.name]: junk }
        : params;
    const finalQuery = part === 'query' ? queryStrings(badQuery) : queryStrings(query);
    let headers = await baseHeaders(true);
    let payload: string | Buffer | undefined;
    if (upload) {
      const uploadBody =
        part === 'body'
          ? multipart(
              pick % 2 === 0 ? uploadField : 'other',
              'picture.png',
              'image/png',
              Buffer.from(invalid[index]![6]),
            )
          : multipart(uploadField, 'picture.png', 'image/png', png);
      headers = { ...headers, ...uploadBody.headers };
      payload = uploadBody.payload;
    } else {
      const value = part === 'body' ? badBody : fc.sample(body, { seed: seed + index, numRuns: 1 })[0];
      headers = { ...headers, ...jsonHeaders(value) };
      payload = value === undefined ? undefined : JSON.stringify(value);
    }
    attempts.push({
      kind: `invalid #${index} (${part})`,
      method,
      path,
      url: buildUrl(path, brokenParams, finalQuery),
      params: brokenParams,
      headers,
      ...(payload === undefined ? {} : { payload }),
      freshToken,
    });
  }

  // Transport cases, the same for every operation of a kind.
  const [someParams] = fc.sample(validParams, { seed: seed + 1, numRuns: 1 });
  const params = someParams ?? {};
  const url = buildUrl(path, params, {});
  const transport = async (kind: string, headers: Record<string, string>, payload?: string, targetUrl = url) =>
    attempts.push({
      kind,
      method,
      path,
      url: targetUrl,
      params,
      headers,
      ...(payload === undefined ? {} : { payload }),
      freshToken,
    });
  if (bearer && !optional) {
    await transport('no token', { accept: 'application/json', ...(method === 'GET' ? {} : await xsrfHeaders()) });
    await transport('unknown token', {
      accept: 'application/json',
      authorization: 'Bearer not-a-real-token-0000000000000000000000000',
    });
  }
  if (method !== 'GET') {
    const json = { ...(await baseHeaders(true)), 'content-type': 'application/json' };
    await transport('malformed JSON', json, '{"name": "unterminated');
    await transport('JSON nested 41 deep', json, TOO_DEEP);
    await transport('over 1 MiB', json, OVERSIZED);
    await transport('text/plain', { ...(await baseHeaders(true)), 'content-type': 'text/plain' }, 'name=value');
    await transport(
      'no anti-forgery echo, no token',
      { accept: 'application/json', 'content-type': 'application/json' },
      '{}',
    );
  }
  if (pathParams.length > 0) {
    const first = pathParams[0]!.name;
    await transport(
      'path parameter of 201 characters',
      await baseHeaders(true),
      undefined,
      buildUrl(path, { ...params, [first]: '1'.repeat(201) }, {}),
    );
    await transport(
      'undecodable path',
      await baseHeaders(true),
      undefined,
      buildUrl(path, { ...params, [first]: '%E0%A4%A' }, {}, true),
    );
  }
  return attempts;
}

// ---------------------------------------------------------------- fixtures

/** A business with a few of everything, created through the API (and learned like any answer). */
async function seedBusiness(side: Side, email: string): Promise<string> {
  const { token } = await t.register({ email, business_name: `Fuzz ${side}` });
  const today = utcCalendarDate(new Date());
  const create = async (path: string, body: unknown, params: Record<string, string> = {}) => {
    const response = await t.post(buildUrl(path, params, {}), body, { token });
    if (response.statusCode >= 300) throw new Error(`fixture ${path}: ${response.statusCode} ${response.body}`);
    learn(side, 'POST', path, params, response);
    return response.json().data as { id: number };
  };
  const tax = await create('/api/tax-rates', { name: 'Sales tax', rate: 8.25 });
  const product = await create('/api/products', { name: 'Workshop', unit_price: 120, default_tax_rate_id: tax.id });
  const client = await create('/api/clients', {
    name: 'Acme Studio',
    email: `ap-${side}@acme.test`,
    contacts: [{ name: 'Ann', email: `ann-${side}@acme.test` }],
  });
  await create('/api/clients', { name: 'Unused Client', contacts: [] });
  const goal = await create('/api/goals', {
    title: 'Emergency fund',
    type: 'financial',
    target_amount: 5000,
    target_date: addCalendarDays(today, 200),
  });
  const line = {
    product_id: product.id,
    description: 'Workshop',
    quantity: 2,
    unit_price: 120,
    tax_rate_ids: [tax.id],
  };
  const invoice = { client_id: client.id, issue_date: today, due_date: addCalendarDays(today, 30), lines: [line] };
  await create('/api/invoices', invoice);
  const issued = await create('/api/invoices', { ...invoice, goal_id: goal.id, send: true });
  await create('/api/invoices', { ...invoice, send: true });
  await create(
    '/api/invoices/{id}/payments',
    { amount: 50, payment_date: today, method: 'bank_transfer' },
    { id: String(issued.id) },
  );
  const estimate = { client_id: client.id, issue_date: today, expiry_date: addCalendarDays(today, 30), lines: [line] };
  await create('/api/estimates', estimate);
  await create('/api/estimates', { ...estimate, send: true });
  await create('/api/recurring-invoices', {
    client_id: client.id,
    lines: [line],
    frequency: 'monthly',
    start_date: addCalendarDays(today, 5),
  });
  await create('/api/other-income/multiple-goals', {
    amount: 100,
    date: today,
    source: 'Gift',
    allocations: [{ goal_id: goal.id, amount: 100 }],
  }).catch(() => undefined);
  const invited = await t.post(
    '/api/team/invitations',
    { email: `mate-${side}@example.com`, role: 'member' },
    { token },
  );
  if (invited.statusCode === 201) {
    const [mail] = await listOutboxEmails(t.database.db, { to: `mate-${side}@example.com` });
    const link = /\/invitations\/([A-Za-z0-9_-]+)/.exec(mail?.text_body ?? '');
    if (link?.[1]) remember(side, '/api/invitations', { value: link[1], parents: {} });
  }
  // Lists teach the rest (outbox emails, notifications, other income, team).
  for (const path of ['/api/outbox', '/api/notifications', '/api/other-income', '/api/goals', '/api/invoices'])
    learn(side, 'GET', path, {}, await t.get(path, { token }));
  return token;
}

/** Creates before reads, reads before changes, deletes last: records live as long as possible. */
function phaseOf(operation: Operation): number {
  if (operation.method === 'DELETE') return 3;
  if (operation.method === 'POST' && !operation.path.includes('{')) return 0;
  if (operation.method === 'GET') return 1;
  return 2;
}

const operations = operationsOf(document)
  .map((operation, index) => ({ operation, index }))
  .sort((a, b) => phaseOf(a.operation) - phaseOf(b.operation) || a.index - b.index)
  .map(({ operation }) => operation);

beforeAll(async () => {
  await seedBusiness('foreign', 'fuzz-other@example.com');
  ownerToken = await seedBusiness('own', 'fuzz-owner@example.com');
});

afterAll(async () => {
  if (process.env.FUZZ_STATS)
    for (const [label, counts] of stats)
      console.info(`${label}: ${[...counts].map(([status, count]) => `${status}×${count}`).join(' ')}`);
  console.info(
    `contract fuzz: ${sent} requests over ${operations.length} operations (seed ${SEED}, ${EXAMPLES} valid and ${EXAMPLES} invalid examples each)`,
  );
  await t.close();
});

describe(`contract fuzz (seed ${SEED})`, () => {
  it('walks every operation of the document', () => {
    expect(operations.length).toBeGreaterThan(100);
  });

  for (const operation of operations) {
    it(`${operation.method} ${operation.path}`, { timeout: 120_000 }, async () => {
      const failures: Failure[] = [];
      for (const attempt of await attemptsFor(operation)) {
        const response = await send(attempt);
        learn('own', operation.method, operation.path, attempt.params, response);
        const counts = stats.get(`${operation.method} ${operation.path}`) ?? new Map<number, number>();
        counts.set(response.statusCode, (counts.get(response.statusCode) ?? 0) + 1);
        stats.set(`${operation.method} ${operation.path}`, counts);
        const problems = [
          ...(response.statusCode >= 500 ? [`a ${response.statusCode}`] : []),
          ...contract.violations(operation.method, operation.path, response),
        ];
        if (problems.length > 0)
          failures.push({ attempt, status: response.statusCode, problems, answer: truncate(response.body) });
      }
      const report = failures
        .map(
          ({ attempt, status, problems, answer }) =>
            `- ${attempt.kind}: ${attempt.method} ${truncate(attempt.url, 200)} -> ${status}: ${problems.join('; ')}\n` +
            `    body: ${attempt.payload === undefined ? '(none)' : truncate(String(attempt.payload), 300)}\n` +
            `    answer: ${answer}`,
        )
        .join('\n');
      expect(failures.length, `seed ${SEED}; reproduce with ${REPRODUCE}\n${report}`).toBe(0);
    });
  }

  // A body the rules refuse never reaches the database: an operation whose valid examples are all
  // 422 is not fuzzed where it can fail. Dynamic report definitions name fields only the document's
  // per-source variants tell (issue 28: PostgreSQL-only 500s stayed hidden while every generated
  // definition was refused): at least a quarter of the examples must run.
  it('reaches the database with dynamic report definitions', () => {
    const run = stats.get('POST /api/dynamic-reports/run');
    if (!run) return; // filtered out (-t)
    expect(run.get(200) ?? 0, [...run].map(([status, count]) => `${status}×${count}`).join(' ')).toBeGreaterThanOrEqual(
      Math.ceil(EXAMPLES / 4),
    );
  });
});
