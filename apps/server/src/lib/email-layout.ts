import { escapeHtml } from '@ledgerleaf/domain';

/*
 * The layout of the emails that carry a document (invoice, estimate) when the sender typed their own
 * message: greeting, the message, a few facts, a button to the public page, the link spelt out, and
 * the business's name, in text and HTML with every value escaped. Without a message these emails are
 * the business's templates (`renderEmailTemplate`), which escape the same way.
 */

export interface ComposedEmail {
  subject: string;
  text: string;
  html: string;
}

export interface DocumentEmailLayout {
  clientName: string;
  businessName: string;
  subject: string;
  /** The opening paragraphs (blank lines separate them). */
  opening: string;
  /** Label and value lines under the opening; `strong` sets the value in bold in the HTML. */
  rows: ReadonlyArray<{ label: string; value: string; strong?: boolean }>;
  publicUrl: string;
  /** The button's words, `View invoice`. */
  button: string;
  /** The line above the link in the text version, `View and download the invoice online:`. */
  linkIntro: string;
}

/** A header on one line: a line break in a header would start another header. */
export function oneLineSubject(subject: string): string {
  return subject.replace(/[\r\n]+/g, ' ');
}

export function composeDocumentEmail(layout: DocumentEmailLayout): ComposedEmail {
  const text = [
    `Hello ${layout.clientName},`,
    '',
    layout.opening,
    '',
    ...layout.rows.map((row) => `${row.label}: ${row.value}`),
    '',
    layout.linkIntro,
    layout.publicUrl,
    '',
    'Thank you,',
    layout.businessName,
    '',
  ].join('\n');
  const url = escapeHtml(layout.publicUrl);
  const html = [
    '<!doctype html>',
    '<html><body style="font-family: Helvetica, Arial, sans-serif; color: #1f2933; line-height: 1.5">',
    `<p>Hello ${escapeHtml(layout.clientName)},</p>`,
    layout.opening
      .split(/\n{2,}/)
      .map((paragraph) => `<p>${escapeHtml(paragraph).replace(/\n/g, '<br>')}</p>`)
      .join('\n'),
    '<table style="border-collapse: collapse; margin: 16px 0">',
    ...layout.rows.map((row) => {
      const value = escapeHtml(row.value);
      return `<tr><td style="padding: 2px 16px 2px 0; color: #616e7c">${escapeHtml(row.label)}</td><td>${row.strong ? `<strong>${value}</strong>` : value}</td></tr>`;
    }),
    '</table>',
    `<p><a href="${url}" style="display: inline-block; padding: 10px 18px; background: #2f6f4f; color: #ffffff; text-decoration: none; border-radius: 4px">${escapeHtml(layout.button)}</a></p>`,
    `<p style="font-size: 12px; color: #616e7c">Or open this link: <a href="${url}">${url}</a></p>`,
    `<p>Thank you,<br>${escapeHtml(layout.businessName)}</p>`,
    '</body></html>',
  ].join('\n');
  return { subject: oneLineSubject(layout.subject), text, html };
}
