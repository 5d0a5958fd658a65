import { z } from 'zod';

/*
 * Email delivery (issue 27): what happened to an email, worded the same on every screen, and a
 * business's own outgoing mail server (Settings > Email delivery).
 */

/**
 * What happened to an email:
 * - `outbox`: email is not set up (no SMTP server), so it was kept in the outbox and nobody received it;
 * - `sending`: handed to the mail server, no answer yet, or refused and waiting to be tried again;
 * - `delivered`: the mail server accepted it;
 * - `failed`: the mail server refused it (see its reason), tried again, then given up.
 */
export const EMAIL_DELIVERY_STATES = ['outbox', 'sending', 'delivered', 'failed'] as const;
export type EmailDeliveryState = (typeof EMAIL_DELIVERY_STATES)[number];

/** The badge of each state, on the invoice's Emails card and in Settings > Sent emails. */
export const EMAIL_DELIVERY_LABELS: Record<EmailDeliveryState, string> = {
  outbox: 'Kept in the outbox',
  sending: 'Sending',
  delivered: 'Delivered',
  failed: 'Not delivered',
};

/** How many times a message is tried before it is given up (a refusal that retrying cannot fix is given up at once). */
export const EMAIL_MAX_ATTEMPTS = 3;

export const EMAIL_DELIVERY_MESSAGES = {
  /** Said wherever an email was kept in the outbox or not delivered, with a link to the panel. */
  setUp: 'Set up email in Settings > Email delivery to send it to your client.',
  notSetUp: 'Email is not set up, so your client did not receive it.',
  keptInOutbox: 'Kept in the outbox: email is not set up, so your client did not receive it.',
  /** A refused message: the server's reason and what was done about it. */
  failed: (reason: string, attempts: number) =>
    `Not delivered after ${attempts} ${attempts === 1 ? 'attempt' : 'attempts'}: ${reason}`,
  retrying: (reason: string) => `Refused, trying again: ${reason}`,
  hostRequired: 'Enter the mail server (SMTP host).',
  hostInvalid: 'Enter a host name such as smtp.example.com.',
  portInvalid: 'Enter a port between 1 and 65535.',
  securityInvalid: 'Choose None, STARTTLS or TLS.',
  fromRequired: 'Enter the address your email is sent from.',
  fromInvalid: 'Enter a valid email address.',
  tooLong: 'This is too long.',
  passwordWithoutUser: 'Enter the user name that goes with the password.',
  testToInvalid: 'Enter a valid email address.',
  notConfigured: 'Email is not set up: save the mail server first.',
  ownerOnly: 'Only an owner can set up email delivery.',
  testSubject: 'Test email from Ledgerleaf',
  testBody: (business: string) =>
    `This is a test email from ${business}. Your mail server accepted it, so invoices, estimates and receipts will be delivered the same way.`,
  saved: 'Email delivery saved.',
  removed: 'Email delivery removed: your email is kept in the outbox again.',
  testDelivered: (to: string) => `Test email accepted by the mail server for ${to}.`,
  testFailed: (reason: string) => `The mail server refused the test email: ${reason}`,
  /** Shown by the panel when SMTP_URL is set on the server: it wins over these settings. */
  environmentWins:
    'This server sends all email through the mail server set in its SMTP_URL, which wins over the settings below.',
} as const;

export const SMTP_SECURITY = ['none', 'starttls', 'tls'] as const;
export type SmtpSecurity = (typeof SMTP_SECURITY)[number];
export const SMTP_SECURITY_LABELS: Record<SmtpSecurity, string> = {
  none: 'None',
  starttls: 'STARTTLS',
  tls: 'TLS',
};

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** A host name or an IP address: letters, digits, dots, dashes, colons (IPv6), no spaces or slashes. */
const HOST_PATTERN = /^[A-Za-z0-9.:[\]-]+$/;

/**
 * `PUT /api/settings/email-delivery`. `password`: a new one; omitted (or null) keeps the stored one;
 * `clear_password: true` removes it.
 */
export const emailDeliverySettingsSchema = z.strictObject({
  host: z
    .string({ error: EMAIL_DELIVERY_MESSAGES.hostRequired })
    .trim()
    .min(1, EMAIL_DELIVERY_MESSAGES.hostRequired)
    .max(255, EMAIL_DELIVERY_MESSAGES.tooLong)
    .regex(HOST_PATTERN, EMAIL_DELIVERY_MESSAGES.hostInvalid),
  port: z.coerce
    .number({ error: EMAIL_DELIVERY_MESSAGES.portInvalid })
    .int(EMAIL_DELIVERY_MESSAGES.portInvalid)
    .min(1, EMAIL_DELIVERY_MESSAGES.portInvalid)
    .max(65535, EMAIL_DELIVERY_MESSAGES.portInvalid),
  security: z.enum(SMTP_SECURITY, { error: EMAIL_DELIVERY_MESSAGES.securityInvalid }),
  username: z
    .string()
    .max(255, EMAIL_DELIVERY_MESSAGES.tooLong)
    .nullish()
    .transform((value) => (value == null || value.trim() === '' ? null : value.trim())),
  password: z.string().max(1000, EMAIL_DELIVERY_MESSAGES.tooLong).nullish(),
  clear_password: z.boolean().optional(),
  from_address: z
    .string({ error: EMAIL_DELIVERY_MESSAGES.fromRequired })
    .trim()
    .min(1, EMAIL_DELIVERY_MESSAGES.fromRequired)
    .max(320, EMAIL_DELIVERY_MESSAGES.tooLong)
    .regex(EMAIL_PATTERN, EMAIL_DELIVERY_MESSAGES.fromInvalid),
});
export type EmailDeliverySettingsInput = z.input<typeof emailDeliverySettingsSchema>;
export type EmailDeliverySettingsRequest = z.output<typeof emailDeliverySettingsSchema>;

/** Where the server's email goes: SMTP_URL (wins), the business's own server, or nowhere (kept in the outbox). */
export const EMAIL_DELIVERY_SOURCES = ['environment', 'business', 'none'] as const;
export type EmailDeliverySource = (typeof EMAIL_DELIVERY_SOURCES)[number];

/** `GET /api/settings/email-delivery`: the stored settings without the password (only whether one is set). */
export const emailDeliveryViewSchema = z.object({
  source: z.enum(EMAIL_DELIVERY_SOURCES),
  settings: z
    .object({
      host: z.string(),
      port: z.number().int(),
      security: z.enum(SMTP_SECURITY),
      username: z.string().nullable(),
      password_set: z.boolean(),
      from_address: z.string(),
      updated_at: z.string(),
    })
    .nullable(),
});
export type EmailDeliveryView = z.infer<typeof emailDeliveryViewSchema>;
export const emailDeliveryResponseSchema = z.object({ data: emailDeliveryViewSchema, message: z.string().optional() });
export type EmailDeliveryResponse = z.infer<typeof emailDeliveryResponseSchema>;

/** `POST /api/settings/email-delivery/test`: to the signed-in owner's address unless `to` is given. */
export const emailDeliveryTestSchema = z.strictObject({
  to: z
    .string()
    .trim()
    .max(320, EMAIL_DELIVERY_MESSAGES.tooLong)
    .regex(EMAIL_PATTERN, EMAIL_DELIVERY_MESSAGES.testToInvalid)
    .optional(),
});
export type EmailDeliveryTestRequest = z.infer<typeof emailDeliveryTestSchema>;
export const emailDeliveryTestResponseSchema = z.object({
  data: z.object({
    delivery: z.enum(EMAIL_DELIVERY_STATES),
    to: z.string(),
    error: z.string().nullable(),
  }),
  message: z.string(),
});
export type EmailDeliveryTestResponse = z.infer<typeof emailDeliveryTestResponseSchema>;

/**
 * What sending an invoice or an estimate answers, by what happened to its email. `delivered` keeps
 * the wording it always had ("Invoice sent to ...").
 */
export function documentEmailMessage(
  kind: 'Invoice' | 'Estimate',
  to: readonly string[],
  outcome: { delivery: EmailDeliveryState; error: string | null },
): string {
  const who = to.join(', ');
  switch (outcome.delivery) {
    case 'delivered':
      return `${kind} sent to ${who}.`;
    case 'sending':
      return `${kind} handed to the mail server for ${who}; it is still sending (the Emails card shows when it is delivered).`;
    case 'outbox':
      return `${kind} kept in the outbox, not emailed to ${who}: email is not set up. ${EMAIL_DELIVERY_MESSAGES.setUp}`;
    case 'failed':
      return `${kind} not delivered to ${who}: ${outcome.error ?? 'the mail server refused it'}.`;
  }
}
