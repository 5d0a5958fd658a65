import { expect } from 'vitest';
import { addCalendarDays, utcCalendarDate } from '@ledgerleaf/domain';
import type { TestApp } from '../../test/harness';

/** Test helpers of the goals area (used by its *.test.ts files only). */

export const today = () => utcCalendarDate(new Date());
export const inDays = (days: number) => addCalendarDays(today(), days);

export interface Owner {
  token: string;
  clientId: number;
}

/** Registers an owner with one client. */
export async function owner(t: TestApp, email: string): Promise<Owner> {
  const { token } = await t.register({ email, business_name: `Business ${email}` });
  const client = await t.post('/api/clients', { name: `Client of ${email}`, contacts: [] }, { token });
  expect(client.statusCode, client.body).toBe(201);
  return { token, clientId: client.json().data.id as number };
}

/** An issued invoice of `total`, optionally linked to a goal. */
export async function issuedInvoice(
  t: TestApp,
  who: Owner,
  total: number,
  extra: Record<string, unknown> = {},
): Promise<{ id: number; invoice_number: string }> {
  const response = await t.post(
    '/api/invoices',
    {
      client_id: who.clientId,
      issue_date: today(),
      due_date: inDays(30),
      lines: [{ description: 'Work', quantity: 1, unit_price: total }],
      send: true,
      ...extra,
    },
    { token: who.token },
  );
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data as { id: number; invoice_number: string };
}

export async function pay(t: TestApp, who: Owner, invoiceId: number, amount: number): Promise<number> {
  const response = await t.post(
    `/api/invoices/${invoiceId}/payments`,
    { amount, payment_date: today(), method: 'bank_transfer' },
    { token: who.token },
  );
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data.id as number;
}

export async function createGoal(
  t: TestApp,
  who: Owner,
  body: Record<string, unknown> = {},
): Promise<{ id: number } & Record<string, unknown>> {
  const response = await t.post(
    '/api/goals',
    { title: 'Emergency fund', type: 'financial', target_amount: 1000, target_date: inDays(180), ...body },
    { token: who.token },
  );
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data;
}

export async function goal(t: TestApp, who: Owner, id: number) {
  const response = await t.get(`/api/goals/${id}`, { token: who.token });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data;
}

export const allocate = (t: TestApp, who: Owner, body: Record<string, unknown>, headers: Record<string, string> = {}) =>
  t.post('/api/invoice-payments/allocate-to-goals', body, { token: who.token, headers });

export const income = (body: Record<string, unknown> = {}) => ({
  amount: 500,
  income_date: today(),
  source: 'Consulting',
  reference_number: 'REF-1',
  description: 'Side work',
  goal_allocations: [],
  ...body,
});

export async function count(
  t: TestApp,
  table: 'goals' | 'goal_allocations' | 'other_income' | 'goal_badges' | 'notifications',
  businessWhere?: { column: 'business_id'; value: number },
): Promise<number> {
  let query = t.database.db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n'));
  if (businessWhere) query = query.where(businessWhere.column, '=', businessWhere.value);
  return Number((await query.executeTakeFirstOrThrow()).n);
}
