import { formatCurrency } from '@ledgerleaf/domain';
import { formatPdfDate } from '../../lib/pdf/render-invoice';
import type { ComposedEmail } from '../invoice-delivery/invoice-email';

/*
 * The estimate email when the sender typed their own message (otherwise the business's `estimate`
 * template through the account area's `renderEmail`), built the way invoice-email.ts builds the
 * invoice email: text and HTML, the sender's words, the public link.
 */

/** `03/31/26` (SPEC.md section 9: mm/dd/yy), the form the email templates' dates take. */
export function shortDate(date: string): string {
  return `${date.slice(5, 7)}/${date.slice(8, 10)}/${date.slice(2, 4)}`;
}

function escapeHtml(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}

function compose(facts: { clientName: string; businessName: string; subject: string; opening: string; rows: Array<[string, string]>; publicUrl: string; button: string }): ComposedEmail {
  const subject = facts.subject.replace(/[\r\n]+/g, ' ');
  const text = [`Hello ${facts.clientName},`, '', facts.opening, '', ...facts.rows.map(([label, value]) => `${label}: ${value}`), '', `${facts.button} online:`, facts.publicUrl, '', 'Thank you,', facts.businessName, ''].join('\n');
  const url = escapeHtml(facts.publicUrl);
  const html = [
    '<!doctype html>',
    '<html><body style="font-family: Helvetica, Arial, sans-serif; color: #1f2933; line-height: 1.5">',
    `<p>Hello ${escapeHtml(facts.clientName)},</p>`,
    facts.opening
      .split(/\n{2,}/)
      .map((paragraph) => `<p>${escapeHtml(paragraph).replace(/\n/g, '<br>')}</p>`)
      .join('\n'),
    '<table style="border-collapse: collapse; margin: 16px 0">',
    ...facts.rows.map(([label, value]) => `<tr><td style="padding: 2px 16px 2px 0; color: #616e7c">${escapeHtml(label)}</td><td>${escapeHtml(value)}</td></tr>`),
    '</table>',
    `<p><a href="${url}" style="display: inline-block; padding: 10px 18px; background: #2f6f4f; color: #ffffff; text-decoration: none; border-radius: 4px">${escapeHtml(facts.button)}</a></p>`,
    `<p style="font-size: 12px; color: #616e7c">Or open this link: <a href="${url}">${url}</a></p>`,
    `<p>Thank you,<br>${escapeHtml(facts.businessName)}</p>`,
    '</body></html>',
  ].join('\n');
  return { subject, text, html };
}

export function composeEstimateEmail(facts: { businessName: string; clientName: string; estimateNumber: string; total: number; expiryDate: string; publicUrl: string; message?: string | null; subject?: string | null }): ComposedEmail {
  const expiry = formatPdfDate(facts.expiryDate);
  return compose({
    clientName: facts.clientName,
    businessName: facts.businessName,
    subject: facts.subject?.trim() || `Estimate ${facts.estimateNumber} from ${facts.businessName}`,
    opening: facts.message?.trim() || `Please find attached estimate ${facts.estimateNumber} for ${formatCurrency(facts.total)}. It is valid until ${expiry}; you can accept or decline it online.`,
    rows: [
      ['Estimate', facts.estimateNumber],
      ['Total', formatCurrency(facts.total)],
      ['Valid until', expiry],
    ],
    publicUrl: facts.publicUrl,
    button: 'View estimate',
  });
}
