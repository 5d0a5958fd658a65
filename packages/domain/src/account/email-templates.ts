import { z } from 'zod';
import { ACCOUNT_MESSAGES } from './messages';

/**
 * Editable emails (issue 5). A template is a subject and a plain-text body with `{{placeholder}}`s.
 * Rendering substitutes the values into the text; the HTML part escapes the template text and every
 * value, so a client named `<b>Evil</b>` shows as text and cannot inject markup.
 */
export const EMAIL_TEMPLATE_KEYS = [
  'invoice',
  'estimate',
  'payment_receipt',
  'reminder',
  'password_reset',
  'activity_reminder',
] as const;
export type EmailTemplateKey = (typeof EMAIL_TEMPLATE_KEYS)[number];

export const EMAIL_TEMPLATE_LABELS: Record<EmailTemplateKey, string> = {
  invoice: 'Invoice',
  estimate: 'Estimate',
  payment_receipt: 'Payment receipt',
  reminder: 'Payment reminder',
  password_reset: 'Password reset',
  activity_reminder: 'CRM activity reminder',
};

export const PLACEHOLDER_LABELS = {
  client_name: 'Client name',
  /** Whom the email greets: the named contacts it goes to (first names), else the client (`greetingName`). */
  recipient_name: 'Recipient name',
  invoice_number: 'Invoice number',
  estimate_number: 'Estimate number',
  amount: 'Amount',
  balance_due: 'Balance due',
  due_date: 'Due date',
  valid_until: 'Valid until',
  payment_date: 'Payment date',
  link: 'Link',
  business_name: 'Business name',
  user_name: 'User name',
  expires_minutes: 'Link lifetime (minutes)',
  activity_subject: 'Activity',
  activity_type: 'Activity type',
  due_at: 'Due date and time',
  record_name: 'Lead, opportunity or client',
} as const;
export type PlaceholderName = keyof typeof PLACEHOLDER_LABELS;

/** The placeholders each email may use (anything else is refused on save). */
export const EMAIL_PLACEHOLDERS: Record<EmailTemplateKey, readonly PlaceholderName[]> = {
  invoice: [
    'client_name',
    'recipient_name',
    'invoice_number',
    'amount',
    'balance_due',
    'due_date',
    'link',
    'business_name',
  ],
  estimate: ['client_name', 'recipient_name', 'estimate_number', 'amount', 'valid_until', 'link', 'business_name'],
  payment_receipt: [
    'client_name',
    'recipient_name',
    'invoice_number',
    'amount',
    'balance_due',
    'payment_date',
    'link',
    'business_name',
  ],
  reminder: [
    'client_name',
    'recipient_name',
    'invoice_number',
    'amount',
    'balance_due',
    'due_date',
    'link',
    'business_name',
  ],
  password_reset: ['user_name', 'link', 'expires_minutes', 'business_name'],
  activity_reminder: [
    'user_name',
    'activity_subject',
    'activity_type',
    'due_at',
    'record_name',
    'link',
    'business_name',
  ],
};

export interface EmailTemplateText {
  subject: string;
  body: string;
}

export const DEFAULT_EMAIL_TEMPLATES: Record<EmailTemplateKey, EmailTemplateText> = {
  invoice: {
    subject: 'Invoice {{invoice_number}} from {{business_name}}',
    body: [
      'Hello {{recipient_name}},',
      '',
      'Please find attached invoice {{invoice_number}} for {{amount}}. The balance of {{balance_due}} is due on {{due_date}}.',
      '',
      'Invoice: {{invoice_number}}',
      'Balance due: {{balance_due}}',
      'Due date: {{due_date}}',
      '',
      'View and download the invoice online:',
      '{{link}}',
      '',
      'Thank you,',
      '{{business_name}}',
    ].join('\n'),
  },
  estimate: {
    subject: 'Estimate {{estimate_number}} from {{business_name}}',
    body: [
      'Hello {{recipient_name}},',
      '',
      'Please find attached estimate {{estimate_number}} for {{amount}}, valid until {{valid_until}}.',
      '',
      'View the estimate online:',
      '{{link}}',
      '',
      'Thank you,',
      '{{business_name}}',
    ].join('\n'),
  },
  payment_receipt: {
    subject: 'Payment received for invoice {{invoice_number}}',
    body: [
      'Hello {{recipient_name}},',
      '',
      'Thank you for your payment of {{amount}} on {{payment_date}} for invoice {{invoice_number}}.',
      'Balance due: {{balance_due}}',
      '',
      'View the invoice online:',
      '{{link}}',
      '',
      'Thank you,',
      '{{business_name}}',
    ].join('\n'),
  },
  reminder: {
    subject: 'Reminder: invoice {{invoice_number}} is due on {{due_date}}',
    body: [
      'Hello {{recipient_name}},',
      '',
      'This is a friendly reminder that invoice {{invoice_number}} has a balance of {{balance_due}}, due on {{due_date}}.',
      '',
      'View and pay the invoice online:',
      '{{link}}',
      '',
      'If you have already paid, please ignore this message.',
      '',
      'Thank you,',
      '{{business_name}}',
    ].join('\n'),
  },
  password_reset: {
    subject: 'Reset your Ledgerleaf password',
    body: [
      'Hello {{user_name}},',
      '',
      'Someone (hopefully you) asked to reset the password of your Ledgerleaf account.',
      'Open this link within {{expires_minutes}} minutes to choose a new password:',
      '',
      '{{link}}',
      '',
      'The link works once. If you did not ask for it, ignore this email: your password stays as it is.',
    ].join('\n'),
  },
  activity_reminder: {
    subject: 'Reminder: {{activity_subject}} is due {{due_at}}',
    body: [
      'Hello {{user_name}},',
      '',
      'Your {{activity_type}} "{{activity_subject}}" with {{record_name}} is due {{due_at}}.',
      '',
      'Open your reminders:',
      '{{link}}',
      '',
      '{{business_name}}',
    ].join('\n'),
  },
};

/** Sample values for the live preview. */
export const SAMPLE_EMAIL_VALUES: Record<PlaceholderName, string> = {
  client_name: 'Acme Studio',
  recipient_name: 'Ana',
  invoice_number: 'INV-2026-0042',
  estimate_number: 'EST-2026-0007',
  amount: '$1,250.00',
  balance_due: '$1,250.00',
  due_date: '03/31/26',
  valid_until: '04/15/26',
  payment_date: '03/20/26',
  link: 'https://ledgerleaf.example/i/sample',
  business_name: 'Olive Bakery',
  user_name: 'Jane Doe',
  expires_minutes: '60',
  activity_subject: 'Call about the proposal',
  activity_type: 'Call',
  due_at: 'Mar 31, 2026, 10:00 AM',
  record_name: 'Acme Studio',
};

const PLACEHOLDER_PATTERN = /\{\{\s*([a-zA-Z0-9_]+)\s*\}\}/g;

/** The placeholder names a text uses, in order of first use. */
export function placeholdersIn(text: string): string[] {
  const names: string[] = [];
  for (const match of text.matchAll(PLACEHOLDER_PATTERN)) {
    const name = match[1]!;
    if (!names.includes(name)) names.push(name);
  }
  return names;
}

export type EmailValues = Partial<Record<string, string | null | undefined>>;

/** Substitutes the values (missing ones become empty) into a plain text. */
export function fillPlaceholders(text: string, values: EmailValues): string {
  return text.replace(PLACEHOLDER_PATTERN, (_whole, name: string) => values[name] ?? '');
}

export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

function htmlValue(name: string, value: string): string {
  const escaped = escapeHtml(value);
  // The link becomes a link, only when it is a web address.
  if (name === 'link' && /^https?:\/\//i.test(value)) return `<a href="${escaped}">${escaped}</a>`;
  return escaped;
}

export interface RenderedEmail {
  subject: string;
  text: string;
  html: string;
}

/**
 * The email from a template and values: subject on one line (a line break in a header would start
 * another header), the text body, and an HTML body in which the template and values are escaped.
 */
export function renderEmailTemplate(template: EmailTemplateText, given: EmailValues): RenderedEmail {
  // Whom the email greets defaults to the client: a caller that knows no named recipient greets the client.
  const values: EmailValues =
    given.recipient_name === undefined && given.client_name !== undefined
      ? { ...given, recipient_name: given.client_name }
      : given;
  const subject = fillPlaceholders(template.subject, values)
    .replace(/[\r\n]+/g, ' ')
    .trim();
  const text = fillPlaceholders(template.body, values);
  const pieces: string[] = [];
  let last = 0;
  for (const match of template.body.matchAll(PLACEHOLDER_PATTERN)) {
    pieces.push(escapeHtml(template.body.slice(last, match.index)));
    pieces.push(htmlValue(match[1]!, values[match[1]!] ?? ''));
    last = match.index + match[0].length;
  }
  pieces.push(escapeHtml(template.body.slice(last)));
  const paragraphs = pieces
    .join('')
    .split(/\n{2,}/)
    .map((paragraph) => `<p>${paragraph.replace(/\r?\n/g, '<br>')}</p>`)
    .join('\n');
  const html = [
    '<!doctype html>',
    '<html><body style="font-family: Helvetica, Arial, sans-serif; color: #1f2933; line-height: 1.5">',
    paragraphs,
    '</body></html>',
  ].join('\n');
  return { subject, text: text.endsWith('\n') ? text : `${text}\n`, html };
}

export const EMAIL_SUBJECT_MAX = 255;
export const EMAIL_BODY_MAX = 10000;

/** `PUT /api/email-templates/:key`; unknown placeholders for that email are refused. */
export function emailTemplateRequestSchema(key: EmailTemplateKey) {
  const allowed = EMAIL_PLACEHOLDERS[key] as readonly string[];
  const unknownIn = (text: string) => placeholdersIn(text).find((name) => !allowed.includes(name));
  return z.strictObject({
    subject: z
      .string({ error: ACCOUNT_MESSAGES.subjectRequired })
      .trim()
      .min(1, ACCOUNT_MESSAGES.subjectRequired)
      .max(EMAIL_SUBJECT_MAX, ACCOUNT_MESSAGES.subjectTooLong)
      .refine((value) => !/[\r\n]/.test(value), ACCOUNT_MESSAGES.subjectOneLine)
      .superRefine((value, context) => {
        const unknown = unknownIn(value);
        if (unknown) context.addIssue({ code: 'custom', message: ACCOUNT_MESSAGES.unknownPlaceholder(unknown) });
      }),
    body: z
      .string({ error: ACCOUNT_MESSAGES.bodyRequired })
      .refine((value) => value.trim().length > 0, ACCOUNT_MESSAGES.bodyRequired)
      .refine((value) => value.length <= EMAIL_BODY_MAX, ACCOUNT_MESSAGES.bodyTooLong)
      .superRefine((value, context) => {
        const unknown = unknownIn(value);
        if (unknown) context.addIssue({ code: 'custom', message: ACCOUNT_MESSAGES.unknownPlaceholder(unknown) });
      }),
  });
}
export type EmailTemplateRequest = z.infer<ReturnType<typeof emailTemplateRequestSchema>>;

export const emailTemplateKeyParamsSchema = z.object({ key: z.enum(EMAIL_TEMPLATE_KEYS) });

export const emailTemplateViewSchema = z.object({
  key: z.enum(EMAIL_TEMPLATE_KEYS),
  label: z.string(),
  subject: z.string(),
  body: z.string(),
  /** True while the business uses the default text. */
  is_default: z.boolean(),
  placeholders: z.array(z.string()),
});
export type EmailTemplateView = z.infer<typeof emailTemplateViewSchema>;
export const emailTemplateListResponseSchema = z.object({ data: z.array(emailTemplateViewSchema) });
export type EmailTemplateListResponse = z.infer<typeof emailTemplateListResponseSchema>;
export const emailTemplateResponseSchema = z.object({ data: emailTemplateViewSchema, message: z.string().optional() });
export type EmailTemplateResponse = z.infer<typeof emailTemplateResponseSchema>;
