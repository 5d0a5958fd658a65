import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness';
import { count, createGoal, issuedInvoice, owner, pay, type Owner } from './goals.test-helpers';

let t: TestApp;
let me: Owner;
let goalId = 0;
let incomeId = 0;
let invoiceId = 0;
let paymentId = 0;

beforeAll(async () => {
  t = await createTestApp();
  me = await owner(t, 'odd@example.com');
  goalId = (await createGoal(t, me, { title: 'Odd' })).id;
  incomeId = (
    await t.post(
      '/api/other-income/multiple-goals',
      { amount: 5, income_date: '2026-01-01', source: 'x' },
      { token: me.token },
    )
  ).json().data.id;
  invoiceId = (await issuedInvoice(t, me, 10)).id;
  paymentId = await pay(t, me, invoiceId, 10);
});
afterAll(async () => {
  await t.close();
});

const payloads: string[] = [
  'null',
  '5',
  '"a string"',
  '[]',
  '{}',
  '{"amount":1e400,"target_amount":1e400,"payment_amount":1e400}',
  '{"amount":"12","income_date":20260101,"source":["a"],"goal_allocations":{"goal_id":1}}',
  '{"amount":1,"income_date":"2026-01-01","source":"s","goal_allocations":[null,{"goal_id":{},"amount":[]}]}',
  '{"title":{},"target_amount":-1,"target_date":"2026-13-45","type":null,"status":"completed"}',
  '{"invoice_id":"x","payment_id":-1,"payment_amount":"a","allocations":[{"goal_id":1.5,"amount":0.001}]}',
  '{"allocations":[' + Array.from({ length: 500 }, () => '{"goal_id":1,"amount":1}').join(',') + ']}',
  '{"show_allocation_modal":null}',
  '{"title":"\\u0000","source":"\\u0000"}',
  '{"a":',
  '{"constructor":{"prototype":{"polluted":true}}}',
];

describe('bad input on the goals routes never reaches a 500 and changes nothing', () => {
  it('odd bodies answer 4xx JSON with a message', async () => {
    const before = {
      goals: await count(t, 'goals'),
      income: await count(t, 'other_income'),
      allocations: await count(t, 'goal_allocations'),
    };
    const routes: Array<{ method: 'POST' | 'PUT'; url: string }> = [
      { method: 'POST', url: '/api/goals' },
      { method: 'PUT', url: `/api/goals/${goalId}` },
      { method: 'POST', url: '/api/other-income/multiple-goals' },
      { method: 'PUT', url: `/api/other-income/${incomeId}` },
      { method: 'POST', url: '/api/invoice-payments/allocate-to-goals' },
      { method: 'POST', url: '/api/goal-allocation-preferences' },
    ];
    for (const route of routes) {
      for (const payload of payloads) {
        const response = await t.app.inject({
          method: route.method,
          url: route.url,
          headers: { 'content-type': 'application/json', authorization: `Bearer ${me.token}` },
          payload,
        });
        const label = `${route.method} ${route.url} ${payload.slice(0, 60)}`;
        expect(response.statusCode, label).toBeGreaterThanOrEqual(400);
        expect(response.statusCode, label).toBeLessThan(500);
        expect(typeof response.json().message, label).toBe('string');
      }
    }
    expect({
      goals: await count(t, 'goals'),
      income: await count(t, 'other_income'),
      allocations: await count(t, 'goal_allocations'),
    }).toEqual(before);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('odd queries and ids answer 4xx', async () => {
    const urls = [
      '/api/goals?page=0',
      '/api/goals?per_page=1000',
      '/api/goals?sort=password',
      '/api/goals?search=%00',
      '/api/goals/0',
      '/api/goals/-1',
      '/api/goals/1e3',
      '/api/goals/99999999999999999999',
      `/api/goals/${goalId}/contributions?page=-1`,
      '/api/other-income?date_from=yesterday',
      '/api/other-income?sort=user_id',
      '/api/other-income/abc',
    ];
    for (const url of urls) {
      const response = await t.get(url, { token: me.token });
      expect(response.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, url).toBeLessThan(500);
    }
    expect(paymentId).toBeGreaterThan(0);
  });
});
