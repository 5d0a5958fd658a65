import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { routeAccess } from '../plugins/auth';
import { addMember, upload } from '../test/members';
import { createTestApp, type TestApp } from '../test/harness';
import { tinyPng } from '../test/png';
import {
  createContractChecker,
  operationOf,
  operationsOf,
  type ContractChecker,
  type JsonSchema,
  type OpenApiDocument,
} from '../test/openapi-contract';
import { createGoal, inDays, issuedInvoice, owner, today, type Owner } from '../areas/goals/goals.test-helpers';

/* The OpenAPI document is a contract: these answers, which the document once got wrong, conform to it. */

let t: TestApp;
let who: Owner;
let document: OpenApiDocument;
let contract: ContractChecker;

beforeAll(async () => {
  t = await createTestApp();
  who = await owner(t, 'contract@example.com');
  document = (await t.get('/api/openapi.json')).json();
  contract = createContractChecker(document);
});
afterAll(async () => {
  await t.close();
});

function expectConforms(method: string, path: string, response: LightMyRequestResponse) {
  expect(
    contract.violations(method, path, response),
    `${method} ${path} ${response.statusCode} ${response.body}`,
  ).toEqual([]);
}

function requestSchema(method: string, path: string): JsonSchema {
  const schema = operationOf(document, method, path).requestBody?.content['application/json']?.schema;
  if (!schema) throw new Error(`${method} ${path} documents no JSON body`);
  return schema;
}

const line = { description: 'Work', quantity: 1, unit_price: 100 };

describe('request bodies are described field by field, from the schemas the routes parse', () => {
  it('invoices: every field, lines with theirs, `send` on create, nothing else', () => {
    for (const [method, path] of [
      ['POST', '/api/invoices'],
      ['PUT', '/api/invoices/{id}'],
    ] as const) {
      const schema = requestSchema(method, path) as {
        properties: Record<string, { items?: { properties: Record<string, unknown> } }>;
        required: string[];
        additionalProperties: boolean;
      };
      expect(Object.keys(schema.properties)).toEqual(
        expect.arrayContaining(['client_id', 'issue_date', 'due_date', 'lines', 'discount_type', 'notes', 'goal_id']),
      );
      expect(schema.required).toEqual(expect.arrayContaining(['client_id', 'issue_date', 'due_date', 'lines']));
      expect(schema.additionalProperties).toBe(false);
      expect(Object.keys(schema.properties.lines?.items?.properties ?? {})).toEqual(
        expect.arrayContaining(['description', 'quantity', 'unit_price', 'tax_rate_ids', 'product_id']),
      );
      expect('send' in schema.properties).toBe(method === 'POST');
    }
    const body = { client_id: who.clientId, issue_date: today(), due_date: inDays(30), lines: [line], send: true };
    expect(contract.validate(requestSchema('POST', '/api/invoices'), body).valid).toBe(true);
    expect(contract.validate(requestSchema('POST', '/api/invoices'), { ...body, surprise: 1 }).valid).toBe(false);
  });

  it('estimates: expiry_date where invoices have due_date, no goal', () => {
    for (const [method, path] of [
      ['POST', '/api/estimates'],
      ['PUT', '/api/estimates/{id}'],
    ] as const) {
      const schema = requestSchema(method, path) as { properties: Record<string, unknown>; required: string[] };
      expect(schema.required).toEqual(expect.arrayContaining(['client_id', 'issue_date', 'expiry_date', 'lines']));
      expect(Object.keys(schema.properties)).not.toContain('due_date');
      expect(Object.keys(schema.properties)).not.toContain('goal_id');
      expect('send' in schema.properties).toBe(method === 'POST');
    }
  });

  it('recurring invoices: the schedule and the template, and a documented body is accepted', async () => {
    const schema = requestSchema('POST', '/api/recurring-invoices') as {
      properties: Record<string, unknown>;
      required: string[];
    };
    expect(Object.keys(schema.properties)).toEqual(
      expect.arrayContaining([
        'frequency',
        'interval',
        'day_of_month',
        'start_date',
        'end_type',
        'end_date',
        'end_count',
        'payment_terms_days',
        'auto_send',
        'client_id',
        'lines',
        'discount_type',
        'notes',
        'terms',
      ]),
    );
    expect(schema.required).toEqual(expect.arrayContaining(['frequency', 'start_date', 'client_id', 'lines']));
    expect(requestSchema('PUT', '/api/recurring-invoices/{id}')).toEqual(schema);
    const body = { client_id: who.clientId, lines: [line], frequency: 'monthly', start_date: inDays(1) };
    expect(contract.validate(schema, body).valid).toBe(true);
    const created = await t.post('/api/recurring-invoices', body, { token: who.token });
    expect(created.statusCode, created.body).toBe(201);
    expectConforms('POST', '/api/recurring-invoices', created);
  });
});

describe('409 answers carry the status that refused the change, as documented', () => {
  it('invoices: mark-sent, void and delete', async () => {
    const invoice = await issuedInvoice(t, who, 100);
    const markSent = await t.post(`/api/invoices/${invoice.id}/mark-sent`, undefined, { token: who.token });
    expect(markSent.statusCode).toBe(409);
    expect(markSent.json().status).toBe('sent');
    expectConforms('POST', '/api/invoices/{id}/mark-sent', markSent);
    const remove = await t.delete(`/api/invoices/${invoice.id}`, { token: who.token });
    expect(remove.statusCode).toBe(409);
    expectConforms('DELETE', '/api/invoices/{id}', remove);
    const draft = (
      await t.post(
        '/api/invoices',
        { client_id: who.clientId, issue_date: today(), due_date: inDays(30), lines: [line] },
        { token: who.token },
      )
    ).json().data;
    const voided = await t.post(`/api/invoices/${draft.id}/void`, {}, { token: who.token });
    expect(voided.statusCode).toBe(409);
    expectConforms('POST', '/api/invoices/{id}/void', voided);
  });

  it('estimates: mark-sent and convert', async () => {
    const created = await t.post(
      '/api/estimates',
      { client_id: who.clientId, issue_date: today(), expiry_date: inDays(30), lines: [line], send: true },
      { token: who.token },
    );
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().data.id;
    const markSent = await t.post(`/api/estimates/${id}/mark-sent`, undefined, { token: who.token });
    expect(markSent.statusCode).toBe(409);
    expectConforms('POST', '/api/estimates/{id}/mark-sent', markSent);
    expect((await t.post(`/api/estimates/${id}/convert`, undefined, { token: who.token })).statusCode).toBe(200);
    const again = await t.post(`/api/estimates/${id}/convert`, undefined, { token: who.token });
    expect(again.statusCode).toBe(409);
    expect(again.json().status).toBe('converted');
    expectConforms('POST', '/api/estimates/{id}/convert', again);
  });

  it('goals: pause, resume, complete and cancel', async () => {
    const goal = await createGoal(t, who);
    const resume = await t.post(`/api/goals/${goal.id}/resume`, undefined, { token: who.token });
    expect(resume.statusCode).toBe(409);
    expectConforms('POST', '/api/goals/{id}/resume', resume);
    expect((await t.post(`/api/goals/${goal.id}/cancel`, undefined, { token: who.token })).statusCode).toBe(200);
    for (const action of ['pause', 'complete', 'cancel']) {
      const refused = await t.post(`/api/goals/${goal.id}/${action}`, undefined, { token: who.token });
      expect(refused.statusCode, action).toBe(409);
      expect(refused.json().status).toBe('cancelled');
      expectConforms('POST', `/api/goals/{id}/${action}`, refused);
    }
  });

  it('recurring invoices: pause and resume', async () => {
    const created = await t.post(
      '/api/recurring-invoices',
      { client_id: who.clientId, lines: [line], frequency: 'weekly', start_date: inDays(3) },
      { token: who.token },
    );
    const id = created.json().data.id;
    const resume = await t.post(`/api/recurring-invoices/${id}/resume`, undefined, { token: who.token });
    expect(resume.statusCode).toBe(409);
    expect(resume.json().status).toBe('active');
    expectConforms('POST', '/api/recurring-invoices/{id}/resume', resume);
    expect((await t.post(`/api/recurring-invoices/${id}/pause`, undefined, { token: who.token })).statusCode).toBe(200);
    const pause = await t.post(`/api/recurring-invoices/${id}/pause`, undefined, { token: who.token });
    expect(pause.statusCode).toBe(409);
    expectConforms('POST', '/api/recurring-invoices/{id}/pause', pause);
  });
});

describe('file answers declare their content type', () => {
  it('PDF, CSV and ZIP', async () => {
    const invoice = await issuedInvoice(t, who, 50);
    for (const [path, url, type] of [
      ['/api/invoices/{id}/pdf', `/api/invoices/${invoice.id}/pdf`, 'application/pdf'],
      ['/api/clients/export.csv', '/api/clients/export.csv', 'text/csv'],
      ['/api/products/export.csv', '/api/products/export.csv', 'text/csv'],
      ['/api/profile/export', '/api/profile/export', 'application/zip'],
    ] as const) {
      expect(Object.keys(operationOf(document, 'GET', path).responses['200']?.content ?? {}), path).toEqual([type]);
      const response = await t.get(url, { token: who.token });
      expect(response.statusCode, path).toBe(200);
      expectConforms('GET', path, response);
    }
    for (const path of [
      '/api/estimates/{id}/pdf',
      '/api/public/invoices/{token}/pdf',
      '/api/public/estimates/{token}/pdf',
    ])
      expect(Object.keys(operationOf(document, 'GET', path).responses['200']?.content ?? {}), path).toEqual([
        'application/pdf',
      ]);
  });
});

describe('the statuses every operation of a kind can give are documented', () => {
  it('writes: 400, 413, 415 and 419; authenticated operations 401; role-limited writes 403; path parameters 400, 404 and 414', () => {
    for (const { method, path, doc } of operationsOf(document)) {
      const statuses = Object.keys(doc.responses);
      const label = `${method} ${path}`;
      if (method !== 'GET') expect(statuses, label).toEqual(expect.arrayContaining(['400', '413', '415', '419']));
      if (doc.security?.some((scheme) => 'bearerAuth' in scheme) && doc.security.length === 1)
        expect(statuses, label).toContain('401');
      if (doc.parameters?.some((parameter) => parameter.in === 'path'))
        expect(statuses, label).toEqual(expect.arrayContaining(['400', '404', '414']));
      if (doc.requestBody) expect(statuses, label).toContain('422');
    }
    expect(Object.keys(operationOf(document, 'POST', '/api/invoices').responses)).toContain('403');
    expect(Object.keys(operationOf(document, 'GET', '/api/invoices').responses)).not.toContain('403');
    expect(Object.keys(operationOf(document, 'GET', '/api/profile/export').responses)).toContain('403');
    expect(Object.keys(operationOf(document, 'GET', '/api/public/invoices/{token}').responses)).toContain('429');
  });

  it('malformed and too deeply nested JSON answer the documented 400', async () => {
    const deep = `${'['.repeat(3000)}${']'.repeat(3000)}`;
    for (const payload of ['{"email": ', deep, `{"email": ${'{"a":'.repeat(40)}1${'}'.repeat(40)}}`]) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/clients',
        headers: { authorization: `Bearer ${who.token}`, 'content-type': 'application/json' },
        payload,
      });
      expect(response.statusCode).toBe(400);
      expectConforms('POST', '/api/clients', response);
    }
  });

  it('another content type answers the documented 415, a missing anti-forgery echo the documented 419', async () => {
    const text = await t.app.inject({
      method: 'POST',
      url: '/api/clients',
      headers: { authorization: `Bearer ${who.token}`, 'content-type': 'text/plain' },
      payload: 'name=Acme',
    });
    expect(text.statusCode).toBe(415);
    expectConforms('POST', '/api/clients', text);
    const forged = await t.post('/api/clients', { name: 'Acme' }, { csrf: false });
    expect(forged.statusCode).toBe(419);
    expectConforms('POST', '/api/clients', forged);
  });

  it('imports: an invalid body and rows with errors both answer the documented 422', async () => {
    const missing = await t.post('/api/clients/import', {}, { token: who.token });
    expect(missing.statusCode).toBe(422);
    expectConforms('POST', '/api/clients/import', missing);
    const rows = await t.post('/api/clients/import', { csv: 'name,email\n,not-an-email\n' }, { token: who.token });
    expect(rows.statusCode).toBe(422);
    expect(rows.json().rows).toBeDefined();
    expectConforms('POST', '/api/clients/import', rows);
  });
});

describe('what the document once left out (issue 28)', () => {
  it('every operation documents its 500: `{ message }` and nothing else', () => {
    for (const { method, path, doc } of operationsOf(document)) {
      const schema = doc.responses['500']?.content?.['application/json']?.schema;
      expect(schema, `${method} ${path}`).toMatchObject({
        type: 'object',
        properties: { message: { type: 'string' } },
        required: ['message'],
        additionalProperties: false,
      });
    }
  });

  it('a 500 answers as documented', async () => {
    const broken = await createTestApp();
    try {
      const { token } = await broken.register();
      // The database goes away under the app: every request that needs it fails unexpectedly.
      await broken.database.destroy();
      const response = await broken.get('/api/clients', { token });
      expect(response.statusCode).toBe(500);
      expect(response.json()).toEqual({ message: 'Something went wrong on our side. Please try again.' });
      expectConforms('GET', '/api/clients', response);
    } finally {
      await broken.close();
    }
  });

  it("no request body is documented as an empty schema; an email template's is its subject and body", () => {
    for (const { method, path, doc } of operationsOf(document)) {
      const schema = doc.requestBody?.content['application/json']?.schema;
      if (schema) expect(Object.keys(schema).length, `${method} ${path}`).toBeGreaterThan(0);
    }
    const template = requestSchema('PUT', '/api/email-templates/{key}') as {
      properties: Record<string, { type?: string }>;
      required: string[];
      additionalProperties: boolean;
    };
    expect(Object.keys(template.properties)).toEqual(['subject', 'body']);
    expect(template.properties.subject?.type).toBe('string');
    expect(template.required).toEqual(['subject', 'body']);
    expect(template.additionalProperties).toBe(false);
    const body = { subject: 'Invoice {{invoice_number}}', body: 'Hello {{client_name}}' };
    expect(contract.validate(template, body).valid).toBe(true);
    expect(contract.validate(template, { ...body, extra: 1 }).valid).toBe(false);
  });

  it('the operations that honour an Idempotency-Key declare the header, and each of them reads it', async () => {
    const declaring = operationsOf(document).filter(({ doc }) =>
      (doc.parameters ?? []).some((parameter) => parameter.in === 'header' && parameter.name === 'Idempotency-Key'),
    );
    expect(declaring.map(({ method, path }) => `${method} ${path}`).sort()).toEqual([
      'POST /api/invoice-payments/allocate-to-goals',
      'POST /api/invoices/{id}/payments',
      'POST /api/invoices/{id}/payments/{paymentId}/receipt',
      'POST /api/invoices/{id}/send',
      'POST /api/other-income/multiple-goals',
    ]);
    for (const { method, path } of declaring) {
      const response = await t.app.inject({
        method,
        url: path.replace(/\{[^}]+\}/g, '1'),
        headers: { authorization: `Bearer ${who.token}`, 'idempotency-key': 'not a valid key' },
        payload: {},
      });
      expect(response.statusCode, `${method} ${path}`).toBe(422);
      expect(Object.keys(response.json().errors), `${method} ${path}`).toContain('Idempotency-Key');
      expectConforms(method, path, response);
    }
    // Routes read the key only as `idempotent` routes (lib/route.ts), so none honours it undeclared.
    const modules = fileURLToPath(new URL('../areas', import.meta.url));
    const sources = readdirSync(modules, { recursive: true, encoding: 'utf8' }).filter(
      (file) => file.endsWith('.ts') && !file.endsWith('.test.ts'),
    );
    for (const file of sources) {
      const text = readFileSync(join(modules, file), 'utf8');
      expect(/idempotencyKeyOf\(|headers\[['"]idempotency-key['"]\]/i.test(text), file).toBe(false);
    }
  });

  it('self-service operations document no 403: a read-only member changes their own avatar', async () => {
    for (const route of t.app.routeDocs) {
      if (route.auth && routeAccess(route.method, route.url, route.access) === 'self')
        expect(Object.keys(route.responses), `${route.method} ${route.url}`).not.toContain('403');
    }
    for (const method of ['POST', 'DELETE'] as const) {
      expect(Object.keys(operationOf(document, method, '/api/profile/avatar').responses)).not.toContain('403');
      expect(Object.keys(operationOf(document, method, '/api/settings/business/logo').responses)).toContain('403');
    }
    const accountant = await addMember(t, who.token, 'books@example.com', 'accountant');
    const uploaded = await upload(t, '/api/profile/avatar', accountant.token, {
      name: 'me.png',
      type: 'image/png',
      bytes: tinyPng(),
    });
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    expectConforms('POST', '/api/profile/avatar', uploaded);
    const removed = await t.delete('/api/profile/avatar', { token: accountant.token });
    expect(removed.statusCode).toBe(200);
    expectConforms('DELETE', '/api/profile/avatar', removed);
    const logo = await upload(t, '/api/settings/business/logo', accountant.token, {
      name: 'logo.png',
      type: 'image/png',
      bytes: tinyPng(),
    });
    expect(logo.statusCode).toBe(403);
  });
});
