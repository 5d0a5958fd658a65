import { describe, expect, it } from 'vitest';
import { composeEstimateEmail } from '../areas/invoicing/estimates/estimate-email';
import { composeInvoiceEmail } from '../areas/invoicing/delivery/invoice-email';
import { businessDate } from './display-date';
import { composeDocumentEmail } from './email-layout';

describe('the document email layout', () => {
  const email = composeDocumentEmail({
    clientName: 'Ann <b>& Co</b>',
    businessName: 'Olive "Bakery"',
    subject: 'Invoice 1\r\nBcc: someone@evil.test',
    opening: 'First line\nsecond line\n\nNext <paragraph>',
    rows: [
      { label: 'Invoice', value: 'INV-1' },
      { label: 'Balance due', value: '$5.00', strong: true },
    ],
    publicUrl: 'https://app.test/i/a?b=1&c=2',
    button: 'View invoice',
    linkIntro: 'View the invoice online:',
  });

  it('keeps the subject on one line', () => {
    expect(email.subject).toBe('Invoice 1 Bcc: someone@evil.test');
  });

  it('writes the text version with the rows and the link', () => {
    expect(email.text).toBe(
      [
        'Hello Ann <b>& Co</b>,',
        '',
        'First line\nsecond line\n\nNext <paragraph>',
        '',
        'Invoice: INV-1',
        'Balance due: $5.00',
        '',
        'View the invoice online:',
        'https://app.test/i/a?b=1&c=2',
        '',
        'Thank you,',
        'Olive "Bakery"',
        '',
      ].join('\n'),
    );
  });

  it('escapes every value in the HTML, paragraphs and line breaks kept', () => {
    expect(email.html).toContain('<p>Hello Ann &lt;b&gt;&amp; Co&lt;/b&gt;,</p>');
    expect(email.html).toContain('<p>First line<br>second line</p>\n<p>Next &lt;paragraph&gt;</p>');
    expect(email.html).toContain('<td><strong>$5.00</strong></td>');
    expect(email.html).toContain('<td>INV-1</td>');
    expect(email.html).toContain('<a href="https://app.test/i/a?b=1&amp;c=2"');
    expect(email.html).toContain('Thank you,<br>Olive &quot;Bakery&quot;');
    expect(email.html).not.toContain('<b>');
  });

  it('is the layout of the invoice and estimate emails that carry the sender’s message', () => {
    const facts = {
      businessName: 'Olive Bakery',
      clientName: 'Ann',
      total: 12.5,
      publicUrl: 'https://app.test/x',
      message: 'Hi <there>',
    };
    const invoice = composeInvoiceEmail({
      ...facts,
      invoiceNumber: 'INV-7',
      balanceDue: 12.5,
      dueDate: '2026-03-31',
      template: { subject: 'ignored', body: 'ignored' },
    });
    expect(invoice.subject).toBe('Invoice INV-7 from Olive Bakery');
    expect(invoice.html).toContain('<p>Hi &lt;there&gt;</p>');
    expect(invoice.html).toContain('View invoice</a>');
    expect(invoice.text).toContain('Balance due: $12.50');
    const estimate = composeEstimateEmail({ ...facts, estimateNumber: 'EST-7', expiryDate: '2026-03-31' });
    expect(estimate.subject).toBe('Estimate EST-7 from Olive Bakery');
    expect(estimate.html).toContain('<p>Hi &lt;there&gt;</p>');
    expect(estimate.html).toContain('View estimate</a>');
    expect(estimate.text).toContain('Valid until: 03/31/26');
    expect(invoice.text).not.toContain('2026-03-31');
  });

  it('dates the invoice and estimate emails in the business date format', () => {
    const facts = { businessName: 'Olive Bakery', clientName: 'Ann', total: 12.5, publicUrl: 'https://app.test/x' };
    const invoice = composeInvoiceEmail({
      ...facts,
      invoiceNumber: 'INV-7',
      balanceDue: 12.5,
      dueDate: '2026-03-31',
      dateFormat: 'dd.mm.yyyy',
    });
    expect(invoice.text).toContain('is due on 31.03.2026.');
    expect(invoice.text).toContain('Due date: 31.03.2026');
    const templated = composeInvoiceEmail({
      ...facts,
      invoiceNumber: 'INV-7',
      balanceDue: 12.5,
      dueDate: '2026-03-31',
      dateFormat: 'yyyy-mm-dd',
      template: { subject: 'Due {{due_date}}', body: 'Pay by {{due_date}}' },
    });
    expect(templated.subject).toBe('Due 2026-03-31');
    expect(templated.text).toContain('Pay by 2026-03-31');
    const estimate = composeEstimateEmail({
      ...facts,
      estimateNumber: 'EST-7',
      expiryDate: '2026-03-31',
      dateFormat: 'dd/mm/yyyy',
    });
    expect(estimate.text).toContain('Valid until: 31/03/2026');
  });

  it('dates the business way, mm/dd/yy by default; an unreadable date is printed as given', () => {
    expect(businessDate('2026-03-31', null)).toBe('03/31/26');
    expect(businessDate('2026-03-31', 'bogus')).toBe('03/31/26');
    expect(businessDate('2026-03-31', 'dd.mm.yyyy')).toBe('31.03.2026');
    expect(businessDate('soon', 'dd.mm.yyyy')).toBe('soon');
  });
});
