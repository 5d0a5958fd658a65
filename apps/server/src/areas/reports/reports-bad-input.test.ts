import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DYNAMIC_MESSAGES, REPORT_MESSAGES } from '@ledgerleaf/domain';
import { createTestApp, type TestApp } from '../../test/harness';

/** Odd queries answer 422 on their field (or 404 for a path), never 500. */
let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await createTestApp();
  token = (await t.register({ email: 'bad@example.com' })).token;
});
afterAll(async () => {
  await t.close();
});

describe('reports bad input', () => {
  it('answers field-keyed 422s', async () => {
    const cases: Array<[string, string, string?]> = [
      ['/api/reports/aging?as_of=2026-02-30', 'as_of'],
      ['/api/reports/sales_by_client?from=2026-05-01&to=2026-04-01', 'to', REPORT_MESSAGES.dateRangeInvalid],
      ['/api/reports/sales_by_client?preset=custom&from=2026-01-01', 'to', REPORT_MESSAGES.customNeedsDates],
      ['/api/reports/sales_by_client?preset=fortnight', 'preset', REPORT_MESSAGES.presetInvalid],
      ['/api/reports/tax_summary?basis=barter', 'basis', REPORT_MESSAGES.basisInvalid],
      ['/api/reports/payments_received?group=moon', 'group', REPORT_MESSAGES.groupInvalid],
      ['/api/reports/sales_by_client?from=1900-01-01&to=2026-01-01', 'to', REPORT_MESSAGES.rangeTooLong],
      ['/api/reports/aging/export.csv?as_of=2026-13-01', 'as_of'],
      ['/api/reports/records/invoices?bucket=31_60', 'as_of', REPORT_MESSAGES.bucketInvalid],
      ['/api/reports/records/invoices?bucket=lots&as_of=2026-01-01', 'bucket'],
      ['/api/reports/records/invoices?client_id=abc', 'client_id'],
      ['/api/reports/records/invoices?per_page=100000', 'per_page'],
      ['/api/reports/records/invoices?product_id=-1', 'product_id'],
      ['/api/reports/records/payments?tax_rate=x&tax_name=VAT', 'tax_rate'],
      ['/api/reports/records/payments/export.xlsx?from=x', 'from'],
      ['/api/reports/aging?as_of=%00', 'as_of'],
    ];
    for (const [url, field, message] of cases) {
      const response = await t.get(url, { token });
      expect(response.statusCode, `${url}: ${response.body}`).toBe(422);
      const errors = response.json().errors as Record<string, string[]>;
      expect(Object.keys(errors), url).toContain(field);
      if (message) expect(errors[field], url).toContain(message);
    }
  });

  it('saved dynamic reports: field-keyed 422s for the name and the definition, 404 for odd ids', async () => {
    const definition = { source: 'invoices', columns: ['total'] };
    const saved = (await t.post('/api/dynamic-reports', { name: 'Good', definition }, { token })).json().data;
    const patch = (url: string, body: unknown) =>
      t.app.inject({
        method: 'PATCH',
        url,
        payload: body as Record<string, unknown>,
        headers: { authorization: `Bearer ${token}` },
      });
    const cases: Array<[Promise<{ statusCode: number; body: string; json: () => unknown }>, string, string?]> = [
      [t.post('/api/dynamic-reports', { definition }, { token }), 'name', DYNAMIC_MESSAGES.nameRequired],
      [t.post('/api/dynamic-reports', { name: '   ', definition }, { token }), 'name', DYNAMIC_MESSAGES.nameRequired],
      [
        t.post('/api/dynamic-reports', { name: 'x'.repeat(121), definition }, { token }),
        'name',
        DYNAMIC_MESSAGES.nameTooLong,
      ],
      [t.post('/api/dynamic-reports', { name: 'No definition' }, { token }), 'definition'],
      [
        t.post(
          '/api/dynamic-reports',
          { name: 'x', definition: { source: 'invoices', columns: ['password_hash'] } },
          { token },
        ),
        'definition.columns.0',
        DYNAMIC_MESSAGES.fieldUnknown,
      ],
      [
        t.post(
          '/api/dynamic-reports',
          {
            name: 'x',
            definition: { ...definition, filters: { conditions: [{ field: 'total', mode: 'contains', value: '1' }] } },
          },
          { token },
        ),
        'definition.filters.conditions.0.mode',
        DYNAMIC_MESSAGES.modeInvalid,
      ],
      [
        t.put(
          `/api/dynamic-reports/${saved.id}`,
          {
            name: 'x',
            definition: { ...definition, filters: { conditions: [{ field: 'total', mode: 'gt', value: 'lots' }] } },
          },
          { token },
        ),
        'definition.filters.conditions.0.value',
        DYNAMIC_MESSAGES.valueNumber,
      ],
      [
        t.put(`/api/dynamic-reports/${saved.id}`, { name: 'x', definition: { source: 'nope' } }, { token }),
        'definition.source',
      ],
      [patch(`/api/dynamic-reports/${saved.id}`, { name: '' }), 'name', DYNAMIC_MESSAGES.nameRequired],
      [patch(`/api/dynamic-reports/${saved.id}`, {}), 'name'],
      [t.post(`/api/dynamic-reports/${saved.id}/duplicate`, { name: '' }, { token }), 'name'],
      [t.post('/api/dynamic-reports/export.csv', { source: 'invoices', columns: ['nope'] }, { token }), 'columns.0'],
      [
        t.post('/api/dynamic-reports/export.pdf', { source: 'invoices' }, { token }),
        'columns',
        DYNAMIC_MESSAGES.columnsRequired,
      ],
      [
        t.post(
          '/api/dynamic-reports/export.xlsx',
          { source: 'invoices', columns: ['total'], chart: 'radar' },
          { token },
        ),
        'chart',
      ],
    ];
    for (const [request, field, message] of cases) {
      const response = await request;
      expect(response.statusCode, `${field}: ${response.body}`).toBe(422);
      const errors = (response.json() as { errors: Record<string, string[]> }).errors;
      expect(Object.keys(errors), field).toContain(field);
      if (message) expect(errors[field], field).toContain(message);
    }
    expect((await t.get(`/api/dynamic-reports/${saved.id}`, { token })).json().data.name).toBe('Good');
    for (const url of [
      '/api/dynamic-reports/abc',
      '/api/dynamic-reports/0',
      '/api/dynamic-reports/99999999',
      '/api/dynamic-reports/-1/export.csv',
      '/api/dynamic-reports/1/export.docx',
    ])
      expect((await t.get(url, { token })).statusCode, url).toBe(404);
  });

  it('answers 404 for a report or record kind that does not exist', async () => {
    for (const url of [
      '/api/reports/aging%20x',
      '/api/reports/records/x',
      '/api/reports/records/x/export.csv',
      '/api/reports/aging/export.docx',
      '/api/reports/records/payments/export.pdf',
    ])
      expect((await t.get(url, { token })).statusCode, url).toBe(404);
  });

  it('takes odd but valid ranges without a 500', async () => {
    for (const url of [
      '/api/reports/income_statement?from=2016-01-01&to=2026-12-31',
      '/api/reports/aging?as_of=1970-01-01',
      '/api/reports/aging?as_of=2099-12-31',
      '/api/reports/goals?preset=custom&from=2026-02-28&to=2026-02-28',
      '/api/reports/records/invoices?tax_name=%27%3B%20drop%20table%20invoices%3B--',
      '/api/reports/records/payments?method=%27%20or%201%3D1',
    ])
      expect((await t.get(url, { token })).statusCode, url).toBe(200);
  });
});
