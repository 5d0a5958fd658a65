import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addCalendarDays, utcCalendarDate } from '@ledgerleaf/domain';
import { createTestApp, validRegistration, type TestApp } from '../../../test/harness';

/**
 * Invoice and estimate numbers across New Year and across changes of the numbering pattern. The
 * app's clock is moved forward a year at a time, so this file has an app (and a clock) of its own.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const year = () => t.clock().getUTCFullYear();

/** Moves the app's clock just past the next New Year (UTC). */
function advanceToNewYear(): void {
  const now = t.clock();
  t.clock.advance(Date.UTC(now.getUTCFullYear() + 1, 0, 1, 0, 0, 1) - now.getTime());
}

/** A business of its own; `session()` signs in again (a token lasts a day, the clock moves a year). */
async function business(email: string) {
  await t.register({ email, business_name: email });
  const session = async () => {
    const response = await t.post('/web-login', { email, password: validRegistration().password });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().token as string;
  };
  let token = await session();
  const client = (
    await t.post('/api/clients', { name: 'Numbered Client', email: 'ap@numbered.test' }, { token })
  ).json().data.id as number;
  const lines = [{ description: 'Work', quantity: 1, unit_price: 100 }];
  const today = () => utcCalendarDate(t.clock());
  return {
    async newYear() {
      advanceToNewYear();
      token = await session();
    },
    async numbering(settings: { include_year: boolean; yearly_reset: boolean }) {
      const response = await t.put(
        '/api/settings/numbering',
        { prefix: 'INV', separator: '-', padding: 4, ...settings },
        { token },
      );
      expect(response.statusCode, response.body).toBe(200);
    },
    /** Creates a draft and marks it sent: its number. */
    async issueInvoice() {
      const draft = await t.post(
        '/api/invoices',
        { client_id: client, issue_date: today(), due_date: addCalendarDays(today(), 30), lines },
        { token },
      );
      expect(draft.statusCode, draft.body).toBe(201);
      const sent = await t.post(`/api/invoices/${draft.json().data.id}/mark-sent`, undefined, { token });
      expect(sent.statusCode, sent.body).toBe(200);
      return sent.json().data.invoice_number as string;
    },
    async issueEstimate() {
      const draft = await t.post(
        '/api/estimates',
        { client_id: client, issue_date: today(), expiry_date: addCalendarDays(today(), 30), lines },
        { token },
      );
      expect(draft.statusCode, draft.body).toBe(201);
      const sent = await t.post(`/api/estimates/${draft.json().data.id}/mark-sent`, undefined, { token });
      expect(sent.statusCode, sent.body).toBe(200);
      return sent.json().data.estimate_number as string;
    },
    async issuedInvoiceNumbers() {
      const response = await t.get('/api/invoices?status=all&sort=invoice_number&direction=asc&per_page=100', {
        token,
      });
      return (response.json().data as Array<{ invoice_number: string | null }>)
        .map((row) => row.invoice_number)
        .filter((number) => number !== null);
    },
  };
}

describe('invoice numbering over the years', () => {
  it('with the yearly reset (the default) the count restarts at 1 after New Year', async () => {
    const owner = await business('reset@example.com');
    const first = year();
    expect([await owner.issueInvoice(), await owner.issueInvoice()]).toEqual([
      `INV-${first}-0001`,
      `INV-${first}-0002`,
    ]);
    await owner.newYear();
    expect(year()).toBe(first + 1);
    expect([await owner.issueInvoice(), await owner.issueInvoice()]).toEqual([
      `INV-${first + 1}-0001`,
      `INV-${first + 1}-0002`,
    ]);
    expect(await owner.issueEstimate()).toBe(`EST-${first + 1}-0001`);
  });

  it('a changed pattern that makes the counter repeat a used number skips to the next free one (invoices and estimates), never a 500', async () => {
    const owner = await business('patterns@example.com');
    const first = year();
    // Year one: numbers without the year, one count that never restarts.
    await owner.numbering({ include_year: false, yearly_reset: false });
    expect([await owner.issueInvoice(), await owner.issueInvoice()]).toEqual(['INV-0001', 'INV-0002']);
    expect([await owner.issueEstimate(), await owner.issueEstimate()]).toEqual(['EST-0001', 'EST-0002']);
    // Year two: the year in the number, restarting every year: the counter goes back to 1.
    await owner.newYear();
    await owner.numbering({ include_year: true, yearly_reset: true });
    expect(await owner.issueInvoice()).toBe(`INV-${first + 1}-0001`);
    expect(await owner.issueEstimate()).toBe(`EST-${first + 1}-0001`);
    // Back to numbers without the year: counter 2 would be INV-0002 again.
    await owner.numbering({ include_year: false, yearly_reset: false });
    expect(await owner.issueInvoice()).toBe('INV-0003');
    expect(await owner.issueInvoice()).toBe('INV-0004');
    expect(await owner.issueEstimate()).toBe('EST-0003');
    const numbers = await owner.issuedInvoiceNumbers();
    expect(new Set(numbers).size).toBe(numbers.length);
    expect(numbers).toHaveLength(5);
  });
});
