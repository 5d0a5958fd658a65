import { expect } from 'vitest';
import type { TestApp } from '../../test/harness';

/** Test helpers of the dashboard's tests: records made through the real API. */
export async function client(t: TestApp, token: string, name: string) {
  const response = await t.post('/api/clients', { name }, { token });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data as { id: number };
}

export async function invoice(
  t: TestApp,
  token: string,
  body: { client_id: number; issue_date: string; due_date: string; total: number; send?: boolean },
) {
  const response = await t.post(
    '/api/invoices',
    {
      client_id: body.client_id,
      issue_date: body.issue_date,
      due_date: body.due_date,
      lines: [{ description: 'Work', quantity: 1, unit_price: body.total }],
      send: body.send ?? true,
    },
    { token },
  );
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data as { id: number };
}

export async function payment(t: TestApp, token: string, invoiceId: number, amount: number, date: string) {
  const response = await t.post(
    `/api/invoices/${invoiceId}/payments`,
    { amount, payment_date: date, method: 'bank_transfer' },
    { token },
  );
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data as { id: number };
}

export async function otherIncome(t: TestApp, token: string, amount: number, date: string) {
  const response = await t.post(
    '/api/other-income/multiple-goals',
    { amount, income_date: date, source: 'Grant' },
    { token },
  );
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data as { id: number };
}
