import type { AddressInfo } from 'node:net';
import createClient from 'openapi-fetch';
import type { OpenAPI3 } from 'openapi-typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { utcCalendarDate } from '@ledgerleaf/domain';
import type { paths } from '../test/generated/openapi';
import { createTestApp, type TestApp } from '../test/harness';
import { operationsOf, type OpenApiDocument } from '../test/openapi-contract';
import { openApiTypes } from '../test/openapi-types';
import { tinyPng } from '../test/png';

/*
 * A client generated from the OpenAPI document can call the API: openapi-typescript generates the
 * types from the served document (before each typecheck, into src/test/generated/openapi.ts, which
 * this file is type-checked against), and openapi-fetch calls a listening app with them: a sign-up
 * with the anti-forgery header, JSON reads and writes, a typed 422, an email template (whose body the
 * document once described as `{}`), a payment retried with its Idempotency-Key, a PDF, an upload.
 */

let t: TestApp;
let baseUrl = '';

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await t.close();
});

describe('a client generated from the OpenAPI document', () => {
  it('openapi-typescript reads the served document: every operation is in the generated types', async () => {
    const document = (await t.get('/api/openapi.json')).json() as OpenApiDocument;
    const types = await openApiTypes(document as unknown as OpenAPI3);
    const operations = operationsOf(document);
    expect(operations.length).toBeGreaterThan(150);
    for (const { doc } of operations) expect(types, doc.operationId).toContain(`    ${doc.operationId}: {`);
  });

  it('calls operations on a listening app, typed by the generated types', async () => {
    const anonymous = createClient<paths>({ baseUrl });
    const cookie = await anonymous.GET('/sanctum/csrf-cookie');
    const xsrf = /XSRF-TOKEN=([^;]+)/.exec(cookie.response.headers.get('set-cookie') ?? '')?.[1] ?? '';
    expect(xsrf).not.toBe('');

    // A cookie-relying write: the document's X-XSRF-TOKEN header parameter, the cookie beside it.
    const registered = await anonymous.POST('/api/register', {
      params: { header: { 'X-XSRF-TOKEN': decodeURIComponent(xsrf) } },
      headers: { cookie: `XSRF-TOKEN=${xsrf}` },
      body: {
        name: 'Olive Owner',
        business_name: 'Olive Bakery',
        email: 'olive@example.com',
        password: 'correct horse battery',
        password_confirmation: 'correct horse battery',
      },
    });
    expect(registered.response.status, JSON.stringify(registered.error)).toBe(201);
    const token = registered.data!.token;

    const api = createClient<paths>({ baseUrl, headers: { authorization: `Bearer ${token}` } });
    const user = await api.GET('/api/user');
    expect(user.data?.email).toBe('olive@example.com');
    expect(user.response.headers.get('cache-control')).toBe('no-store');

    const created = await api.POST('/api/clients', { body: { name: 'Acme Co', email: 'ap@acme.test' } });
    expect(created.response.status).toBe(201);
    const clientId = created.data!.data.id;
    const read = await api.GET('/api/clients/{id}', { params: { path: { id: clientId } } });
    expect(read.data?.data.name).toBe('Acme Co');

    // An error answer is typed as documented: `{ message, errors? }` (a 500 is `{ message }` only).
    const invalid = await api.POST('/api/clients', { body: { name: '' } });
    expect(invalid.response.status).toBe(422);
    const errors = invalid.error && 'errors' in invalid.error ? invalid.error.errors : undefined;
    expect(Object.keys(errors ?? {})).toContain('name');

    const template = await api.PUT('/api/email-templates/{key}', {
      params: { path: { key: 'invoice' } },
      body: { subject: 'Invoice {{invoice_number}}', body: 'Hello {{client_name}},\n\nThank you.' },
    });
    expect(template.response.status, JSON.stringify(template.error)).toBe(200);
    expect(template.data?.data.subject).toBe('Invoice {{invoice_number}}');

    const today = utcCalendarDate(new Date());
    const invoice = await api.POST('/api/invoices', {
      body: {
        client_id: clientId,
        issue_date: today,
        due_date: today,
        lines: [{ description: 'Bread', quantity: 2, unit_price: 50 }],
        send: true,
      },
    });
    expect(invoice.response.status, JSON.stringify(invoice.error)).toBe(201);
    const invoiceId = invoice.data!.data.id;

    // The Idempotency-Key header the document declares: a retry replays the first answer.
    const pay = () =>
      api.POST('/api/invoices/{id}/payments', {
        params: { path: { id: invoiceId }, header: { 'Idempotency-Key': 'client-test-payment-1' } },
        body: { amount: 40, payment_date: today, method: 'cash' },
      });
    const first = await pay();
    const retry = await pay();
    expect(first.response.status, JSON.stringify(first.error)).toBe(201);
    expect(retry.response.status).toBe(201);
    expect(retry.data).toEqual(first.data);
    expect(retry.response.headers.get('idempotency-key')).toBe('client-test-payment-1');
    const payments = await api.GET('/api/invoices/{id}/payments', { params: { path: { id: invoiceId } } });
    expect(payments.data?.data).toHaveLength(1);

    const pdf = await api.GET('/api/invoices/{id}/pdf', {
      params: { path: { id: invoiceId } },
      parseAs: 'arrayBuffer',
    });
    expect(pdf.response.headers.get('content-type')).toMatch(/^application\/pdf/);
    expect(Buffer.from(pdf.data!).subarray(0, 5).toString('latin1')).toBe('%PDF-');

    // A multipart upload: the document's form field, sent as form data.
    const avatar = await api.POST('/api/profile/avatar', {
      body: { file: '' },
      bodySerializer: () => {
        const form = new FormData();
        form.append('file', new Blob([new Uint8Array(tinyPng())], { type: 'image/png' }), 'avatar.png');
        return form;
      },
    });
    expect(avatar.response.status, JSON.stringify(avatar.error)).toBe(200);
    expect(avatar.data?.data.avatar_path).toEqual(expect.any(String));
  });
});
