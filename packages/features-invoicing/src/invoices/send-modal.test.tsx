import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { json, renderPage, stubSequence } from '../test/render';
import { invoiceDetail } from './test-fixtures';
import { SendModal } from './send-modal';

afterEach(() => vi.unstubAllGlobals());

const invoice = { id: 11, invoice_number: null, status: 'draft', client: { email: 'ap@acme.test' } };

const sent = () =>
  json(200, {
    data: invoiceDetail({ status: 'sent' }),
    email: { id: 3, to: ['ap@acme.test'], subject: 'Invoice INV-2026-0001 from Olive Bakery', transport: 'log' },
    message: 'Invoice sent to ap@acme.test.',
  });

describe('send modal', () => {
  it('retries the same send with the same Idempotency-Key, so the client is mailed once', async () => {
    const { keys, bodies } = stubSequence(
      (url) => url.endsWith('/api/invoices/11/send'),
      [() => Promise.reject(new TypeError('Failed to fetch')), sent],
    );
    const onSent = vi.fn();
    const { user } = renderPage(<SendModal opened onClose={() => {}} invoice={invoice} onSent={onSent} />);
    const dialog = await screen.findByRole('dialog', { name: 'Send invoice' });
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(await within(dialog).findByRole('alert')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(onSent).toHaveBeenCalledTimes(1));
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[1]).toBe(keys[0]);
    expect(bodies[0]).toEqual({ to: ['ap@acme.test'], subject: '', message: '' });
  });

  it('a changed message after a failure is a new send with a new key', async () => {
    const { keys } = stubSequence(
      (url) => url.endsWith('/api/invoices/11/send'),
      [() => Promise.reject(new TypeError('Failed to fetch')), sent],
    );
    const { user } = renderPage(<SendModal opened onClose={() => {}} invoice={invoice} onSent={() => {}} />);
    const dialog = await screen.findByRole('dialog', { name: 'Send invoice' });
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(await within(dialog).findByRole('alert')).toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: 'Message' }), 'Thanks!');
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(keys).toHaveLength(2));
    expect(keys[1]).not.toBe(keys[0]);
  });
});
