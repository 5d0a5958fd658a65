import { describe, expect, it } from 'vitest';
import { sendToast } from './send-toast';

describe('the toast of a send', () => {
  const answer = (delivery: 'outbox' | 'sending' | 'delivered' | 'failed', message = 'The server message.') => ({
    email: { to: ['ann@acme.test'], delivery, error: delivery === 'failed' ? 'Invalid login' : null },
    message,
  });

  it('calls only a delivered email sent', () => {
    expect(sendToast('Invoice', answer('delivered'), 'INV-1')).toEqual({
      severity: 'success',
      summary: 'Invoice sent',
      detail: 'INV-1 to ann@acme.test',
    });
    expect(sendToast('Estimate', answer('delivered'))).toMatchObject({
      summary: 'Estimate sent',
      detail: 'To ann@acme.test',
    });
  });

  it('says an email kept in the outbox, still sending or not delivered, in the server’s words, longer on screen', () => {
    expect(sendToast('Invoice', answer('outbox', 'Invoice kept in the outbox, not emailed ...'))).toEqual({
      severity: 'warn',
      summary: 'Invoice kept in the outbox',
      detail: 'Invoice kept in the outbox, not emailed ...',
      timeout: 10_000,
    });
    expect(sendToast('Estimate', answer('failed'))).toMatchObject({
      severity: 'error',
      summary: 'Estimate not delivered',
      timeout: false,
    });
    expect(sendToast('Invoice', answer('sending'))).toMatchObject({ severity: 'info', summary: 'Invoice sending' });
  });
});
