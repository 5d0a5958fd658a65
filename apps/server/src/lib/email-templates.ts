import {
  DEFAULT_EMAIL_TEMPLATES,
  renderEmailTemplate,
  type EmailTemplateKey,
  type EmailTemplateText,
  type EmailValues,
  type RenderedEmail,
} from '@ledgerleaf/domain';
import { findEmailTemplate, type Db } from '@ledgerleaf/db';

/** The business's text for an email, or the default. */
export async function emailTemplateFor(db: Db, businessId: number, key: EmailTemplateKey): Promise<EmailTemplateText> {
  const row = await findEmailTemplate(db, { businessId, key });
  return row ? { subject: row.subject, body: row.body } : DEFAULT_EMAIL_TEMPLATES[key];
}

/**
 * Renders one of the product's emails with the business's template (or the default):
 * `{ subject, text, html }`, the HTML with the template and every value escaped. The estimates and
 * reminders helpers call it with `estimate` and `reminder` and the values EMAIL_PLACEHOLDERS lists
 * (formatted strings: `amount: '$1,250.00'`, `due_date: '03/31/26'`).
 */
export async function renderEmail(
  db: Db,
  businessId: number,
  key: EmailTemplateKey,
  vars: EmailValues,
): Promise<RenderedEmail> {
  return renderEmailTemplate(await emailTemplateFor(db, businessId, key), vars);
}
