import {
  ACCOUNT_MESSAGES,
  DEFAULT_EMAIL_TEMPLATES,
  EMAIL_PLACEHOLDERS,
  EMAIL_TEMPLATE_KEYS,
  EMAIL_TEMPLATE_LABELS,
  renderEmailTemplate,
  type EmailTemplateKey,
  type EmailTemplateRequest,
  type EmailTemplateText,
  type EmailTemplateView,
  type EmailValues,
  type RenderedEmail,
} from '@ledgerleaf/domain';
import {
  deleteEmailTemplate,
  findEmailTemplate,
  listEmailTemplates,
  saveEmailTemplate as saveEmailTemplateRow,
  type Db,
} from '@ledgerleaf/db';
import type { AuthContext, Deps } from '../../../lib/context';
import { notFound } from '../../../lib/errors';
import { publish } from '../../../lib/events';

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

export async function listEmailTemplateViews(db: Db, businessId: number): Promise<EmailTemplateView[]> {
  const rows = new Map((await listEmailTemplates(db, { businessId })).map((row) => [row.template_key, row]));
  return EMAIL_TEMPLATE_KEYS.map((key) => {
    const row = rows.get(key);
    const text = row ? { subject: row.subject, body: row.body } : DEFAULT_EMAIL_TEMPLATES[key];
    return {
      key,
      label: EMAIL_TEMPLATE_LABELS[key],
      ...text,
      is_default: !row,
      placeholders: [...EMAIL_PLACEHOLDERS[key]],
    };
  });
}

/** `GET /api/email-templates`: every email the product sends, as the business has it. */
export async function getEmailTemplates(deps: Deps, { auth }: { auth: AuthContext }): Promise<EmailTemplateView[]> {
  return listEmailTemplateViews(deps.db, auth.businessId);
}

async function templateView(deps: Deps, auth: AuthContext, key: EmailTemplateKey): Promise<EmailTemplateView> {
  const view = (await listEmailTemplateViews(deps.db, auth.businessId)).find((candidate) => candidate.key === key);
  if (!view) throw notFound(ACCOUNT_MESSAGES.templateNotFound);
  return view;
}

/** Saves the business's subject and body of one email (checked against that email's placeholders by the route). */
export async function saveEmailTemplate(
  deps: Deps,
  { auth, key, input }: { auth: AuthContext; key: EmailTemplateKey; input: EmailTemplateRequest },
): Promise<EmailTemplateView> {
  await deps.db.transaction().execute(async (tx) => {
    const now = deps.clock();
    await saveEmailTemplateRow(tx, { businessId: auth.businessId, key, subject: input.subject, body: input.body, now });
    await publish(tx, {
      type: 'settings.email_template_updated',
      businessId: auth.businessId,
      userId: auth.userId,
      subject: { type: 'business', id: auth.businessId },
      data: { key },
      at: now,
    });
  });
  return templateView(deps, auth, key);
}

/** Back to the product's default text for one email. */
export async function resetEmailTemplate(
  deps: Deps,
  { auth, key }: { auth: AuthContext; key: EmailTemplateKey },
): Promise<EmailTemplateView> {
  await deleteEmailTemplate(deps.db, { businessId: auth.businessId, key });
  return templateView(deps, auth, key);
}
