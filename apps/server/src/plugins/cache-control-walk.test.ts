import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNT } from '@ledgerleaf/domain';
import { PasswordHasher } from '../lib/password';
import { seedDemo } from '../demo/demo.seed';
import { createTestApp, TEST_PASSWORD_PARAMS, type TestApp } from '../test/harness';
import { operationsOf, type JsonSchema, type OpenApiDocument } from '../test/openapi-contract';

/*
 * Every authenticated answer says `Cache-Control: no-store`, files included: a walk over every GET
 * of the OpenAPI document that takes a bearer token, as the demo owner (whose business has every
 * kind of record), with real ids in the paths, so each download answers its file. Four CSV
 * downloads once sent no Cache-Control at all.
 */

let t: TestApp;
let token = '';
let document: OpenApiDocument;

beforeAll(async () => {
  t = await createTestApp();
  await seedDemo({ db: t.database.db, hasher: new PasswordHasher(TEST_PASSWORD_PARAMS), clock: t.clock });
  const login = await t.post('/web-login', { email: DEMO_ACCOUNT.email, password: DEMO_ACCOUNT.password });
  token = login.json().token as string;
  document = (await t.get('/api/openapi.json')).json() as OpenApiDocument;
});
afterAll(async () => {
  await t.close();
});

/** The first record of a list the caller can read (`GET /api/invoices` -> its first invoice). */
async function firstOf(listPath: string): Promise<Record<string, unknown> | undefined> {
  const response = await t.get(listPath, { token });
  if (response.statusCode !== 200) return undefined;
  const data = (response.json() as { data?: unknown }).data;
  return Array.isArray(data) ? (data[0] as Record<string, unknown> | undefined) : undefined;
}

let known: Promise<Map<string, string>> | undefined;
/** Values for the path parameters of a walk: real records of the demo business (made once). */
function pathValues(): Promise<Map<string, string>> {
  known ??= findPathValues();
  return known;
}

async function findPathValues(): Promise<Map<string, string>> {
  const values = new Map<string, string>();
  for (const collection of [
    '/api/clients',
    '/api/products',
    '/api/tax-rates',
    '/api/invoices',
    '/api/estimates',
    '/api/goals',
    '/api/other-income',
    '/api/outbox',
    '/api/recurring-invoices',
    '/api/crm/leads',
    '/api/crm/opportunities',
    '/api/crm/activities',
  ]) {
    const record = await firstOf(collection);
    if (record && typeof record.id === 'number') values.set(`${collection}/{id}`, String(record.id));
  }
  const stage = await firstOf('/api/crm/pipeline-stages');
  if (stage) values.set('/api/crm/board/columns/{stageId}', String(stage.id));
  const client = values.get('/api/clients/{id}');
  if (client) values.set('/api/crm/client-360/{clientId}', client);

  const saved = await t.post(
    '/api/dynamic-reports',
    { name: 'Totals', definition: { source: 'invoices', columns: ['total'] } },
    { token },
  );
  expect(saved.statusCode, saved.body).toBe(201);
  values.set('/api/dynamic-reports/{id}', String(saved.json().data.id));

  const sent = (await t.get('/api/invoices?status=sent', { token })).json().data as Array<{ id: number }>;
  const invoice = (await t.get(`/api/invoices/${sent[0]!.id}`, { token })).json().data;
  values.set('/api/public/invoices/{token}', /\/i\/([^/]+)$/.exec(invoice.public_url as string)![1]!);
  const estimates = (await t.get('/api/estimates?status=sent', { token })).json().data as Array<{ id: number }>;
  const estimate = (await t.get(`/api/estimates/${estimates[0]!.id}`, { token })).json().data;
  values.set('/api/public/estimates/{token}', /\/e\/([^/]+)$/.exec(estimate.public_url as string)![1]!);
  const feed = await t.put('/api/calendar/feed', { kinds: ['invoice_due', 'activity'] }, { token });
  values.set('/api/calendar/feeds/{token}', /\/feeds\/([^/]+)$/.exec(feed.json().data.url as string)![1]!);
  return values;
}

/** The path with each parameter filled: a real record's id or token, or the first value its schema allows. */
function fill(
  path: string,
  parameters: Array<{ name: string; in: string; schema: JsonSchema }>,
  values: Map<string, string>,
) {
  return path.replace(/\{([^}]+)\}/g, (_match, name: string) => {
    const known = values.get(`${path.slice(0, path.indexOf(`{${name}}`))}{${name}}`);
    if (known) return encodeURIComponent(known);
    const schema = parameters.find((parameter) => parameter.in === 'path' && parameter.name === name)?.schema;
    const options = (schema?.enum ?? (schema?.anyOf as JsonSchema[] | undefined)?.[0]?.enum) as unknown[] | undefined;
    return encodeURIComponent(String(options?.[0] ?? 1));
  });
}

/** Query parameters some reads need (a calendar range). */
const REQUIRED_QUERY: Record<string, string> = { from: '2026-11-01', to: '2026-11-30' };

describe('Cache-Control: no-store on every authenticated answer', () => {
  it('every authenticated GET of the document, every file download answering its file', async () => {
    const values = await pathValues();
    const authenticated = operationsOf(document).filter(
      (operation) =>
        operation.method === 'GET' && (operation.doc.security ?? []).some((requirement) => 'bearerAuth' in requirement),
    );
    expect(authenticated.length).toBeGreaterThan(80);
    const missing: string[] = [];
    const files: string[] = [];
    for (const operation of authenticated) {
      const parameters = operation.doc.parameters ?? [];
      const query = parameters
        .filter((parameter) => parameter.in === 'query' && parameter.required)
        .map((parameter) => `${parameter.name}=${encodeURIComponent(REQUIRED_QUERY[parameter.name] ?? '1')}`);
      const url = `${fill(operation.path, parameters, values)}${query.length > 0 ? `?${query.join('&')}` : ''}`;
      const response = await t.get(url, { token });
      const cacheControl = String(response.headers['cache-control'] ?? '');
      if (!/\bno-store\b/.test(cacheControl)) missing.push(`${url} ${response.statusCode} "${cacheControl}"`);
      const fileTypes = Object.keys(operation.doc.responses['200']?.content ?? {}).filter(
        (type) => type !== 'application/json',
      );
      if (fileTypes.length > 0) {
        expect(response.statusCode, `${url}: ${response.body.slice(0, 200)}`).toBe(200);
        files.push(operation.path);
      }
    }
    expect(missing).toEqual([]);
    // The downloads reached: the five CSV lists among them.
    expect(files).toEqual(
      expect.arrayContaining([
        '/api/clients/export.csv',
        '/api/products/export.csv',
        '/api/crm/leads/export.csv',
        '/api/crm/opportunities/export.csv',
        '/api/invoices/export.csv',
        '/api/invoices/{id}/pdf',
        '/api/profile/export',
      ]),
    );
  });

  it('a signed-in download keeps a stricter header of its own, a public one without a token keeps its own', async () => {
    const values = await pathValues();
    const pdf = await t.get(`/api/invoices/${values.get('/api/invoices/{id}')}/pdf`, { token });
    expect(pdf.headers['cache-control']).toBe('private, no-store');
    const anonymous = await t.app.inject({
      method: 'GET',
      url: `/api/public/invoices/${values.get('/api/public/invoices/{token}')}/pdf`,
    });
    expect(anonymous.statusCode).toBe(200);
    expect(anonymous.headers['cache-control']).toBe('private, no-store');
    expect((await t.get('/api/openapi.json')).headers['cache-control']).toBe('no-cache');
  });
});
