import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INVOICE_BULK_MESSAGES, INVOICE_MESSAGES, addCalendarDays, utcCalendarDate } from '@ledgerleaf/domain';
import { createTestApp, type TestApp } from '../../../test/harness';

let t: TestApp;
let token: string;
let otherToken: string;
const ids = { client: 0, mute: 0, formula: 0 };
const today = () => utcCalendarDate(new Date());

async function invoice(options: { client?: number; amount?: number; send?: boolean } = {}) {
  const response = await t.post(
    '/api/invoices',
    {
      client_id: options.client ?? ids.client,
      issue_date: today(),
      due_date: addCalendarDays(today(), 30),
      lines: [{ description: 'Work', quantity: 1, unit_price: options.amount ?? 100 }],
      ...(options.send ? { send: true } : {}),
    },
    { token },
  );
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data as { id: number; invoice_number: string | null; status: string };
}

beforeAll(async () => {
  t = await createTestApp();
  token = (await t.register({ email: 'bulk@example.com', business_name: 'Bulk Studio' })).token;
  otherToken = (await t.register({ email: 'bulk-other@example.com', business_name: 'Other Studio' })).token;
  const client = async (body: Record<string, unknown>) =>
    (await t.post('/api/clients', body, { token })).json().data.id as number;
  ids.client = await client({ name: 'Harbor Dental', email: 'ap@harbor.test' });
  ids.mute = await client({ name: 'No Mail Co' });
  ids.formula = await client({ name: '=HYPERLINK("http://evil.test","x")', email: 'f@formula.test' });
});
afterAll(async () => {
  await t.close();
});

describe('the emails of an invoice', () => {
  it('lists the invoice email and the payment receipt, newest first, with their status; another business gets 404', async () => {
    const created = await invoice();
    expect((await t.get(`/api/invoices/${created.id}/emails`, { token })).json().data).toEqual([]);
    const sent = await t.post(`/api/invoices/${created.id}/send`, {}, { token });
    expect(sent.statusCode, sent.body).toBe(200);
    const paid = await t.post(
      `/api/invoices/${created.id}/payments`,
      { amount: 100, payment_date: today(), method: 'cash', send_receipt: true },
      { token },
    );
    expect(paid.statusCode, paid.body).toBe(201);
    const response = await t.get(`/api/invoices/${created.id}/emails`, { token });
    expect(response.statusCode).toBe(200);
    const emails = response.json().data as Array<{ id: number; category: string; status: string; to: string[] }>;
    expect(emails.map((email) => email.category)).toEqual(['receipt', 'invoice']);
    expect(emails[1]).toMatchObject({ id: sent.json().email.id, status: 'outbox', to: ['ap@harbor.test'] });
    // Another invoice does not list them.
    const other = await invoice();
    expect((await t.get(`/api/invoices/${other.id}/emails`, { token })).json().data).toEqual([]);
    expect((await t.get(`/api/invoices/${created.id}/emails`, { token: otherToken })).statusCode).toBe(404);
  });
});

describe('bulk actions', () => {
  it('mark sent: each invoice in its own transaction; what was done, and what was skipped and why', async () => {
    const draft = await invoice();
    const issued = await invoice({ send: true });
    const theirs = (
      await t.post(
        '/api/invoices',
        {
          client_id: (await t.post('/api/clients', { name: 'Theirs' }, { token: otherToken })).json().data.id,
          issue_date: today(),
          due_date: today(),
          lines: [{ description: 'Work', quantity: 1, unit_price: 5 }],
        },
        { token: otherToken },
      )
    ).json().data.id as number;
    const response = await t.post(
      '/api/invoices/bulk',
      { action: 'mark_sent', ids: [draft.id, issued.id, theirs, draft.id] },
      { token },
    );
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body.data.done).toEqual([{ id: draft.id, invoice_number: expect.stringMatching(/^INV-/) }]);
    expect(body.data.skipped).toEqual([
      { id: issued.id, invoice_number: issued.invoice_number, reason: 'This invoice has already been sent.' },
      { id: theirs, invoice_number: null, reason: INVOICE_BULK_MESSAGES.notFound },
    ]);
    expect(body.message).toBe('1 invoice marked as sent; 2 skipped.');
    // Another business's invoice is untouched.
    expect((await t.get(`/api/invoices/${theirs}`, { token: otherToken })).json().data.status).toBe('draft');
  });

  it('send: emails each (filed under the invoice); a client without an address is skipped with the reason', async () => {
    const mailed = await invoice();
    const mute = await invoice({ client: ids.mute });
    const body = (await t.post('/api/invoices/bulk', { action: 'send', ids: [mailed.id, mute.id] }, { token })).json();
    expect(body.data.done.map((row: { id: number }) => row.id)).toEqual([mailed.id]);
    expect(body.data.skipped).toHaveLength(1);
    expect(body.data.skipped[0]).toMatchObject({ id: mute.id, invoice_number: null });
    expect(body.data.skipped[0].reason).toMatch(/email/i);
    expect((await t.get(`/api/invoices/${mailed.id}/emails`, { token })).json().data).toHaveLength(1);
    expect((await t.get(`/api/invoices/${mute.id}`, { token })).json().data.status).toBe('draft');
  });

  it('void: issued ones are voided with the reason; a draft is skipped (drafts are deleted, not voided)', async () => {
    const issued = await invoice({ send: true });
    const draft = await invoice();
    const body = (
      await t.post('/api/invoices/bulk', { action: 'void', ids: [issued.id, draft.id], reason: 'Duplicate' }, { token })
    ).json();
    expect(body.data.done).toEqual([{ id: issued.id, invoice_number: issued.invoice_number }]);
    expect(body.data.skipped).toEqual([{ id: draft.id, invoice_number: null, reason: INVOICE_MESSAGES.notVoidable }]);
    expect((await t.get(`/api/invoices/${issued.id}`, { token })).json().data.status).toBe('void');
  });

  it('refuses a bad request with field errors', async () => {
    for (const bad of [
      { action: 'delete', ids: [1] },
      { action: 'void', ids: [] },
      { action: 'void', ids: Array.from({ length: 101 }, (_, index) => index + 1) },
      { action: 'void', ids: ['x'] },
    ]) {
      const response = await t.post('/api/invoices/bulk', bad, { token });
      expect(response.statusCode, JSON.stringify(bad)).toBe(422);
    }
  });

  it('downloads the PDFs as one zip; another business’s ids are left out, none at all is 404', async () => {
    const first = await invoice({ send: true });
    const second = await invoice();
    const response = await t.post('/api/invoices/bulk/pdf', { ids: [first.id, second.id, 999_999] }, { token });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/zip');
    expect(response.headers['content-disposition']).toBe('attachment; filename="invoices.zip"');
    const files = unzipSync(new Uint8Array(response.rawPayload));
    const names = Object.keys(files).sort();
    expect(names).toEqual([`${first.invoice_number}.pdf`, `draft-harbor-dental-${today()}.pdf`].sort());
    for (const name of names) expect(Buffer.from(files[name]!.subarray(0, 5)).toString('latin1')).toBe('%PDF-');
    expect((await t.post('/api/invoices/bulk/pdf', { ids: [first.id] }, { token: otherToken })).statusCode).toBe(404);
  });
});

describe('the CSV export', () => {
  it('exports what the filters match, balances owed now, formula cells guarded', async () => {
    await invoice({ client: ids.formula, amount: 42, send: true });
    const all = await t.get('/api/invoices/export.csv?sort=invoice_number&direction=asc', { token });
    expect(all.statusCode).toBe(200);
    expect(all.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(all.headers['content-disposition']).toBe('attachment; filename="invoices.csv"');
    const lines = all.body.trim().split('\r\n');
    expect(lines[0]).toBe('number,status,client,issue_date,due_date,currency,total,amount_paid,balance_due');
    const listed = (await t.get('/api/invoices?per_page=100', { token })).json();
    expect(lines).toHaveLength(listed.meta.total + 1);
    expect(all.body).toContain(`"'=HYPERLINK(""http://evil.test"",""x"")"`);
    // Drafts and void invoices owe nothing.
    for (const line of lines.filter((row) => row.startsWith('Draft,') || row.includes(',Void,')))
      expect(line.endsWith(',0.00')).toBe(true);
    const unpaid = await t.get('/api/invoices/export.csv?status=unpaid', { token });
    const unpaidLines = unpaid.body.trim().split('\r\n').slice(1);
    expect(unpaidLines.length).toBe((await t.get('/api/invoices?status=unpaid', { token })).json().meta.total);
    expect(unpaidLines.every((line) => !line.startsWith('Draft,'))).toBe(true);
    expect((await t.get('/api/invoices/export.csv?status=bogus', { token })).statusCode).toBe(422);
    const theirs = await t.get('/api/invoices/export.csv', { token: otherToken });
    expect(theirs.body).not.toContain('Harbor Dental');
  });
});
