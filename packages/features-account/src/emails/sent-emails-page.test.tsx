import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { OutboxEmailDetail, OutboxEmailItem, OutboxPage } from '@ledgerleaf/domain';
import { json, renderPage, stubFetch } from '../test/render';
import { signIn } from '../test/fixtures';
import { SENT_EMAILS_PER_PAGE, SentEmailsPage, formatBytes, frameDocument } from './sent-emails-page';

beforeEach(() => signIn('member'));
afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

function email(overrides: Partial<OutboxEmailItem> = {}): OutboxEmailItem {
  return {
    id: 7,
    to: ['ann@acme.test', 'bob@acme.test'],
    subject: 'Payment received for invoice INV-2026-0001',
    text: 'Hello Acme,\n\nThank you for your payment.',
    category: 'receipt',
    transport: 'log',
    status: 'outbox',
    error: null,
    attempts: 0,
    attachments: [{ filename: 'INV-2026-0001.pdf', content_type: 'application/pdf', size: 12_800 }],
    created_at: '2026-11-22T10:05:00Z',
    sent_at: '2026-11-22T10:05:00Z',
    ...overrides,
  };
}

function page(items: OutboxEmailItem[], meta: Partial<OutboxPage['meta']> = {}): OutboxPage {
  return { data: items, meta: { page: 1, per_page: SENT_EMAILS_PER_PAGE, total: items.length, last_page: 1, ...meta } };
}

const render = (route = '/user/settings/emails') =>
  renderPage(<SentEmailsPage />, { path: '/user/settings/emails', route });

describe('SentEmailsPage', () => {
  it('lists each email with its date, recipients, subject, kind, attachments and how it left', async () => {
    const calls = stubFetch({
      'GET /api/outbox': json(
        200,
        page(
          [
            email(),
            email({
              id: 6,
              subject: 'Invoice INV-2026-0001 from Olive Bakery',
              category: 'invoice',
              transport: 'smtp',
              status: 'failed',
              error: 'Mailbox unavailable',
              attempts: 3,
              attachments: [],
            }),
            email({ id: 5, subject: 'Estimate EST-1', category: 'estimate', transport: 'smtp', status: 'delivered' }),
          ],
          { total: 3 },
        ),
      ),
    });
    render();
    await screen.findByText('Invoice INV-2026-0001 from Olive Bakery');
    const table = screen.getByRole('table', { name: 'Sent emails' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(3);
    expect(rows[0]).toHaveTextContent('ann@acme.test, bob@acme.test');
    expect(rows[0]).toHaveTextContent('Payment receipt');
    expect(rows[0]).toHaveTextContent('INV-2026-0001.pdf (13 KB)');
    expect(rows[0]).toHaveTextContent('Kept in the outbox');
    expect(rows[1]).toHaveTextContent('Invoice');
    expect(rows[1]).toHaveTextContent('Not delivered');
    expect(rows[1]).toHaveTextContent('None');
    // Only an email the mail server accepted is called delivered; none is called sent.
    expect(rows[2]).toHaveTextContent('Delivered');
    expect(table).not.toHaveTextContent(/\bSent\b/);
    // An email kept here means email is not set up: the page says what that means and where to set it up.
    expect(screen.getByText(/were not delivered: email is not set up/)).toBeInTheDocument();
    expect(screen.getByText(/were refused by the mail server/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Set up email delivery' })).toHaveAttribute(
      'href',
      '/user/settings?tab=email',
    );
    expect(calls.find((call) => call.path === '/api/outbox')?.query).toEqual({
      page: '1',
      per_page: String(SENT_EMAILS_PER_PAGE),
    });
  });

  it('asks the server for the page in the URL and moves through pages', async () => {
    const calls = stubFetch({
      'GET /api/outbox': (call) =>
        json(
          200,
          page([email({ id: Number(call.query.page), subject: `Email on page ${call.query.page}` })], {
            page: Number(call.query.page),
            total: 60,
            last_page: 3,
          }),
        ),
    });
    const { user } = render('/user/settings/emails?page=2');
    expect(await screen.findByText('Email on page 2')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Page 3' }));
    expect(await screen.findByText('Email on page 3')).toBeInTheDocument();
    expect(calls.filter((call) => call.path === '/api/outbox').map((call) => call.query.page)).toEqual(['2', '3']);
  });

  it('opens one email: its text, and its HTML only inside a sandboxed frame', async () => {
    const detail: OutboxEmailDetail = {
      ...email(),
      html: '<!doctype html>\n<html><body><p>Hello &lt;b&gt;Acme&lt;/b&gt;</p><script>alert(1)</script></body></html>',
    };
    stubFetch({ 'GET /api/outbox': json(200, page([email()])), 'GET /api/outbox/7': json(200, { data: detail }) });
    const { user, router } = render();
    await user.click(await screen.findByRole('button', { name: 'Payment received for invoice INV-2026-0001' }));
    const dialog = await screen.findByRole('dialog', { name: 'Payment received for invoice INV-2026-0001' });
    expect(router.state.location.search).toBe('?email=7');
    const frame = await within(dialog).findByTitle('Email body');
    // No scripts, no same origin: the stored HTML cannot reach the app.
    expect(frame.getAttribute('sandbox')).toBe('allow-popups allow-popups-to-escape-sandbox');
    expect(frame.getAttribute('srcdoc')).toContain('<base target="_blank"><body><p>Hello &lt;b&gt;Acme&lt;/b&gt;</p>');
    // Nothing of it is rendered into the page itself.
    expect(document.querySelector('script')).toBeNull();
    await user.click(within(dialog).getByRole('tab', { name: 'Plain text' }));
    expect(await within(dialog).findByTestId('email-text')).toHaveTextContent('Thank you for your payment.');
    expect(within(dialog).getByText('ann@acme.test, bob@acme.test')).toBeInTheDocument();
    // Kept in the outbox: the message says nobody received it, and where email is set up.
    expect(within(dialog).getByText(/Kept in the outbox: email is not set up/)).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: 'Set up email delivery' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('shows a text-only email as text', async () => {
    stubFetch({
      'GET /api/outbox': json(200, page([email()])),
      'GET /api/outbox/7': json(200, { data: { ...email(), html: null } }),
    });
    render('/user/settings/emails?email=7');
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByTestId('email-text')).toHaveTextContent('Hello Acme,');
    expect(within(dialog).queryByTitle('Email body')).not.toBeInTheDocument();
  });

  it('explains the outbox when nothing was sent yet', async () => {
    stubFetch({ 'GET /api/outbox': json(200, page([])) });
    render();
    expect(await screen.findByText('No emails yet')).toBeInTheDocument();
    expect(
      screen.getByText(/Until email is set up \(Settings > Email delivery\), emails are not delivered but kept here/),
    ).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('shows a loading state, then an error with a retry that loads again', async () => {
    let attempts = 0;
    stubFetch({
      'GET /api/outbox': () => {
        attempts += 1;
        return attempts === 1
          ? json(500, { message: 'Something went wrong on our side. Please try again.' })
          : json(200, page([email()]));
      },
    });
    const { user } = render();
    expect(screen.getByRole('table', { name: 'Sent emails' })).toHaveAttribute('aria-busy', 'true');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Sent emails could not be loaded');
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(
      await screen.findByRole('button', { name: 'Payment received for invoice INV-2026-0001' }),
    ).toBeInTheDocument();
  });
});

describe('helpers', () => {
  it('formats sizes and puts the base target where the parser reads it', () => {
    expect([formatBytes(900), formatBytes(12_800), formatBytes(3 * 1024 * 1024)]).toEqual(['900 B', '13 KB', '3.0 MB']);
    expect(frameDocument('<p>x</p>')).toBe('<base target="_blank"><p>x</p>');
    expect(frameDocument('<html><head><title>t</title></head><body>x</body></html>')).toBe(
      '<html><head><base target="_blank"><title>t</title></head><body>x</body></html>',
    );
  });
});
