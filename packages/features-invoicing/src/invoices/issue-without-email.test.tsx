import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { INVOICE_MESSAGES } from '@ledgerleaf/domain';
import { json, renderPage, stubFetch } from '../test/render';
import { invoiceDetail } from './test-fixtures';
import { InvoiceDetailPage } from './invoice-detail-page';

afterEach(() => vi.unstubAllGlobals());

/* "Send" means email; issuing a draft without email is "Mark as issued" and calls POST /issue (issue 29 item 6). */
describe('issuing a draft invoice without email', () => {
  it('"Mark as issued" calls POST /api/invoices/{id}/issue, not the deprecated /mark-sent', async () => {
    const draft = invoiceDetail({ status: 'draft', invoice_number: null, public_url: null });
    const calls = stubFetch({
      'GET /api/invoices/11': json(200, { data: draft }),
      'POST /api/invoices/11/issue': json(200, {
        data: { ...draft, status: 'sent', invoice_number: 'INV-2026-0003' },
        message: INVOICE_MESSAGES.issued,
      }),
    });
    const { user } = renderPage(<InvoiceDetailPage />, { path: '/invoices/:id', route: '/invoices/11' });
    await screen.findByRole('heading', { level: 1 });
    await user.click(screen.getByRole('button', { name: 'More actions' }));
    expect(screen.queryByRole('menuitem', { name: 'Mark as sent' })).not.toBeInTheDocument();
    await user.click(await screen.findByRole('menuitem', { name: 'Mark as issued' }));
    await waitFor(() =>
      expect(calls.filter((call) => call.method === 'POST').map((call) => call.path)).toEqual([
        '/api/invoices/11/issue',
      ]),
    );
  });
});
