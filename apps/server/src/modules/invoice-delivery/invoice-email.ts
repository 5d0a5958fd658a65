import { formatCurrency, renderEmailTemplate, type EmailTemplateText } from '@ledgerleaf/domain';
import { formatPdfDate } from '../../lib/pdf/render-invoice';

export interface InvoiceEmailFacts {
  businessName: string;
  clientName: string;
  invoiceNumber: string;
  total: number;
  balanceDue: number;
  dueDate: string;
  publicUrl: string;
  /** The sender's own words; replaces the default opening paragraph. */
  message?: string | null;
  subject?: string | null;
  /** The business's invoice email template (/user/settings/email-templates); used when the sender wrote no message. */
  template?: EmailTemplateText | null;
}

export interface ComposedEmail {
  subject: string;
  text: string;
  html: string;
}

export function defaultInvoiceSubject(facts: Pick<InvoiceEmailFacts, 'invoiceNumber' | 'businessName'>): string {
  return `Invoice ${facts.invoiceNumber} from ${facts.businessName}`;
}

function escapeHtml(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}

/**
 * The invoice email in text and HTML. Without a message from the sender it is the business's
 * template (values escaped in the HTML); with one, the message opens the standard layout. A subject
 * from the sender wins over the template's.
 */
export function composeInvoiceEmail(facts: InvoiceEmailFacts): ComposedEmail {
  const due = formatPdfDate(facts.dueDate);
  if (facts.template && !facts.message?.trim()) {
    const rendered = renderEmailTemplate(facts.template, {
      client_name: facts.clientName,
      invoice_number: facts.invoiceNumber,
      amount: formatCurrency(facts.total),
      balance_due: formatCurrency(facts.balanceDue),
      due_date: due,
      link: facts.publicUrl,
      business_name: facts.businessName,
    });
    const subject = (facts.subject?.trim() || rendered.subject || defaultInvoiceSubject(facts)).replace(/[\r\n]+/g, ' ');
    return { subject, text: rendered.text, html: rendered.html };
  }
  // One line: a line break in a header would start another header.
  const subject = (facts.subject?.trim() || defaultInvoiceSubject(facts)).replace(/[\r\n]+/g, ' ');
  const opening =
    facts.message?.trim() ||
    `Please find attached invoice ${facts.invoiceNumber} for ${formatCurrency(facts.total)}. The balance of ${formatCurrency(facts.balanceDue)} is due on ${due}.`;
  const text = [
    `Hello ${facts.clientName},`,
    '',
    opening,
    '',
    `Invoice: ${facts.invoiceNumber}`,
    `Balance due: ${formatCurrency(facts.balanceDue)}`,
    `Due date: ${due}`,
    '',
    'View and download the invoice online:',
    facts.publicUrl,
    '',
    'Thank you,',
    facts.businessName,
    '',
  ].join('\n');
  const paragraphs = opening
    .split(/\n{2,}/)
    .map((paragraph) => `<p>${escapeHtml(paragraph).replace(/\n/g, '<br>')}</p>`)
    .join('\n');
  const url = escapeHtml(facts.publicUrl);
  const html = [
    '<!doctype html>',
    '<html><body style="font-family: Helvetica, Arial, sans-serif; color: #1f2933; line-height: 1.5">',
    `<p>Hello ${escapeHtml(facts.clientName)},</p>`,
    paragraphs,
    '<table style="border-collapse: collapse; margin: 16px 0">',
    `<tr><td style="padding: 2px 16px 2px 0; color: #616e7c">Invoice</td><td>${escapeHtml(facts.invoiceNumber)}</td></tr>`,
    `<tr><td style="padding: 2px 16px 2px 0; color: #616e7c">Balance due</td><td><strong>${escapeHtml(formatCurrency(facts.balanceDue))}</strong></td></tr>`,
    `<tr><td style="padding: 2px 16px 2px 0; color: #616e7c">Due date</td><td>${escapeHtml(due)}</td></tr>`,
    '</table>',
    `<p><a href="${url}" style="display: inline-block; padding: 10px 18px; background: #2f6f4f; color: #ffffff; text-decoration: none; border-radius: 4px">View invoice</a></p>`,
    `<p style="font-size: 12px; color: #616e7c">Or open this link: <a href="${url}">${url}</a></p>`,
    `<p>Thank you,<br>${escapeHtml(facts.businessName)}</p>`,
    '</body></html>',
  ].join('\n');
  return { subject, text, html };
}
