import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { json, renderPage, stubFetch } from '../test/render';
import { EstimateEditor } from './estimate-editor';

afterEach(() => vi.unstubAllGlobals());

describe('estimate editor', () => {
  it('its notes are shown on the estimate, not "on the invoice" (issue 27 item 14)', async () => {
    stubFetch({
      'GET /api/tax-rates': json(200, { data: [] }),
      'GET /api/settings/invoicing': json(200, { data: { default_payment_terms_days: 30, prices_include_tax: false } }),
      'GET /api/clients/search': json(200, { data: [] }),
      'GET /api/products/search': json(200, { data: [] }),
    });
    renderPage(<EstimateEditor />, { path: '/estimates/create-new', route: '/estimates/create-new' });
    const notes = await screen.findByRole('textbox', { name: 'Notes' });
    expect(notes).toHaveAccessibleDescription('Shown on the estimate, e.g. a thank-you.');
    expect(document.body).not.toHaveTextContent('Shown on the invoice');
  });
});
