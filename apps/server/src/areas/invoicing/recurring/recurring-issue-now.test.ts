import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RECURRING_MESSAGES } from '@ledgerleaf/domain';
import { createTestApp, validRegistration, type TestApp } from '../../../test/harness';

// 06:00 in Chicago on 2026-11-24: the day has come there, its 09:00 send time has not.
const MORNING = '2026-11-24T12:00:00Z';
const AFTER_SEND_TIME = '2026-11-24T15:30:00Z';

let t: TestApp;
let token: string;
let clientId: number;

/** Sets the test clock to `iso` for `body`, then back. */
async function at<T>(iso: string, body: () => Promise<T>): Promise<T> {
  const shift = Date.parse(iso) - t.clock().getTime();
  t.clock.advance(shift);
  try {
    return await body();
  } finally {
    t.clock.advance(-shift);
  }
}

const recurringBody = (overrides: Record<string, unknown> = {}) => ({
  client_id: clientId,
  lines: [{ description: 'Monthly retainer', quantity: 1, unit_price: 500 }],
  payment_terms_days: 15,
  auto_send: false,
  frequency: 'monthly',
  interval: 1,
  day_of_month: null,
  start_date: '2026-11-24',
  end_type: 'never',
  ...overrides,
});

async function createRecurring(as: string, overrides: Record<string, unknown> = {}) {
  const response = await t.post('/api/recurring-invoices', recurringBody(overrides), { token: as });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data as { id: number };
}

beforeAll(async () => {
  t = await createTestApp();
  const registered = await t.post(
    '/api/register',
    validRegistration({ email: 'recurring-now@example.com', time_zone: 'America/Chicago' }),
  );
  token = registered.json().token;
  clientId = (await t.post('/api/clients', { name: 'Retainer Co', email: 'ap@retainer.test' }, { token })).json().data
    .id;
});
afterAll(async () => {
  await t.close();
});

describe('Run now says why nothing was created and when the next run is', () => {
  it('with no active recurring invoice it says so', async () => {
    const other = await t.register({ email: 'no-recurring@example.com', business_name: 'Quiet Shop' });
    const response = await t.post('/api/recurring-invoices/run-scheduler', undefined, { token: other.token });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ next_run: null, message: RECURRING_MESSAGES.runNoActive });
  });

  it('before the send time: nothing due, the next run in the business zone; after it: created, and the one after', async () => {
    const other = await t.post(
      '/api/register',
      validRegistration({ email: 'run-now-chicago@example.com', time_zone: 'America/Chicago' }),
    );
    const as = other.json().token as string;
    const client = (await t.post('/api/clients', { name: 'Chicago Co' }, { token: as })).json().data.id;
    await at(MORNING, async () => {
      const recurring = await createRecurring(as, { client_id: client });
      const response = await t.post('/api/recurring-invoices/run-scheduler', undefined, { token: as });
      expect(response.statusCode).toBe(200);
      const body = response.json();
      expect(body.data.invoices_created).toBe(0);
      expect(body.next_run).toEqual({
        recurring_invoice_id: recurring.id,
        period: '2026-11-24',
        at: '2026-11-24T15:00:00.000Z',
        send_time: '09:00',
        time_zone: 'America/Chicago',
      });
      expect(body.message).toBe('No invoice was due yet: the next run is on 11/24/26 at 09:00 (America/Chicago).');
    });
    await at(AFTER_SEND_TIME, async () => {
      const body = (await t.post('/api/recurring-invoices/run-scheduler', undefined, { token: as })).json();
      expect(body.data.invoices_created).toBe(1);
      expect(body.message).toBe(
        'The scheduler created 1 invoice. The next run is on 12/24/26 at 09:00 (America/Chicago).',
      );
    });
  });
});

describe('Issue now', () => {
  it("issues the current period's invoice once; a second Issue now answers 409 and says when the next period starts", async () => {
    await at(MORNING, async () => {
      const recurring = await createRecurring(token);
      const issued = await t.post(`/api/recurring-invoices/${recurring.id}/issue-now`, undefined, { token });
      expect(issued.statusCode, issued.body).toBe(201);
      const body = issued.json();
      expect(body.invoice).toMatchObject({ period: '2026-11-24', invoice_number: expect.stringMatching(/^INV-/) });
      expect(body.message).toBe(RECURRING_MESSAGES.issuedNow(body.invoice.invoice_number, '11/24/26'));
      expect(body.data).toMatchObject({ generated_count: 1, next_run_date: '2026-12-24' });
      const invoice = (await t.get(`/api/invoices/${body.invoice.id}`, { token })).json().data;
      expect(invoice).toMatchObject({
        status: 'sent',
        recurring_invoice_id: recurring.id,
        recurring_period: '2026-11-24',
      });

      const again = await t.post(`/api/recurring-invoices/${recurring.id}/issue-now`, undefined, { token });
      expect(again.statusCode).toBe(409);
      expect(again.json().message).toBe(RECURRING_MESSAGES.issueNowAlreadyIssued('11/24/26', '12/24/26'));
      // The scheduler does not issue the period a second time either.
      await at(AFTER_SEND_TIME, async () => {
        await t.post('/api/recurring-invoices/run-scheduler', undefined, { token });
      });
      const produced = await t.database.db
        .selectFrom('invoices')
        .select('recurring_period')
        .where('recurring_invoice_id', '=', recurring.id)
        .execute();
      expect(produced.map((row) => row.recurring_period)).toEqual(['2026-11-24']);
    });
  });

  it('two Issue now at once: one invoice, one 409', async () => {
    await at(MORNING, async () => {
      const recurring = await createRecurring(token);
      const answers = await Promise.all([
        t.post(`/api/recurring-invoices/${recurring.id}/issue-now`, undefined, { token }),
        t.post(`/api/recurring-invoices/${recurring.id}/issue-now`, undefined, { token }),
      ]);
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409]);
      const count = await t.database.db
        .selectFrom('invoices')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('recurring_invoice_id', '=', recurring.id)
        .executeTakeFirstOrThrow();
      expect(Number(count.n)).toBe(1);
    });
  });

  it('nothing to issue before the first period; a paused one is refused; another business gets 404', async () => {
    await at(MORNING, async () => {
      const later = await createRecurring(token, { start_date: '2026-12-01' });
      const early = await t.post(`/api/recurring-invoices/${later.id}/issue-now`, undefined, { token });
      expect(early.statusCode).toBe(409);
      expect(early.json().message).toBe(RECURRING_MESSAGES.issueNowNothingDue('12/01/26'));

      const paused = await createRecurring(token);
      expect((await t.post(`/api/recurring-invoices/${paused.id}/pause`, undefined, { token })).statusCode).toBe(200);
      const refused = await t.post(`/api/recurring-invoices/${paused.id}/issue-now`, undefined, { token });
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toMatchObject({ message: RECURRING_MESSAGES.issueNowNotActive, status: 'paused' });

      const stranger = await t.register({ email: 'issue-now-stranger@example.com', business_name: 'Stranger' });
      const foreign = await t.post(`/api/recurring-invoices/${paused.id}/issue-now`, undefined, {
        token: stranger.token,
      });
      expect(foreign.statusCode).toBe(404);
    });
  });
});
