import { describe, expect, it } from 'vitest';
import {
  ACCOUNT_MESSAGES,
  DEFAULT_EMAIL_TEMPLATES,
  canWrite,
  describeReminderOffset,
  emailTemplateRequestSchema,
  isAdmin,
  isOwner,
  placeholdersIn,
  roleMay,
  userMay,
  renderEmailTemplate,
  reminderStepsRequestSchema,
  sniffImageType,
} from './index';
import { formatDateAs } from '../date-display';

describe('roles', () => {
  it('reads the three shapes of roles (SPEC.md section 6)', () => {
    for (const roles of [[{ name: 'admin' }], ['admin'], 'member, admin']) expect(isAdmin({ roles })).toBe(true);
    expect(isAdmin({ roles: [{ name: 'member' }] })).toBe(false);
    expect(isOwner({ roles: 'Owner' })).toBe(true);
    expect(canWrite({ roles: ['member'] })).toBe(true);
    expect(canWrite({ roles: 'accountant' })).toBe(false);
    expect(canWrite({ roles: [] })).toBe(false);
    expect(canWrite(null)).toBe(false);
  });

  it("has one table of what each role may do, the server's and the web's", () => {
    const table = Object.fromEntries(
      ['owner', 'admin', 'member', 'accountant', 'auditor'].map((role) => [
        role,
        (['read', 'self', 'write', 'admin'] as const).filter((access) => roleMay(role, access)),
      ]),
    );
    expect(table).toEqual({
      owner: ['read', 'self', 'write', 'admin'],
      admin: ['read', 'self', 'write', 'admin'],
      member: ['read', 'self', 'write'],
      accountant: ['read', 'self'],
      auditor: ['read', 'self'],
    });
    expect(userMay({ roles: 'accountant, Member' }, 'write')).toBe(true);
    expect(userMay({ roles: [{ name: 'OWNER' }] }, 'admin')).toBe(true);
    expect(userMay(null, 'read')).toBe(false);
  });
});

describe('email templates', () => {
  it('escapes values and template text in the HTML, keeps the text as written, and the subject on one line', () => {
    const rendered = renderEmailTemplate(
      { subject: 'Hi {{client_name}}\nBcc: x', body: 'Dear {{client_name}} & co,\n\nOpen {{link}}' },
      { client_name: '<img src=x onerror=alert(1)>', link: 'https://x.test/i/a?b=1&c=2' },
    );
    expect(rendered.subject).toBe('Hi <img src=x onerror=alert(1)> Bcc: x');
    expect(rendered.text).toBe('Dear <img src=x onerror=alert(1)> & co,\n\nOpen https://x.test/i/a?b=1&c=2\n');
    expect(rendered.html).toContain('<p>Dear &lt;img src=x onerror=alert(1)&gt; &amp; co,</p>');
    expect(rendered.html).toContain('<a href="https://x.test/i/a?b=1&amp;c=2">https://x.test/i/a?b=1&amp;c=2</a>');
    expect(rendered.html).not.toContain('<img');
  });

  it('links only web addresses, and missing values are empty', () => {
    const rendered = renderEmailTemplate(
      { subject: 's', body: '{{link}} {{amount}}' },
      { link: 'javascript:alert(1)' },
    );
    expect(rendered.html).not.toContain('<a ');
    expect(rendered.text).toBe('javascript:alert(1) \n');
  });

  it('refuses placeholders the email does not have; the defaults use only allowed ones', () => {
    expect(placeholdersIn('{{a}} {{ b }} {{a}}')).toEqual(['a', 'b']);
    const result = emailTemplateRequestSchema('password_reset').safeParse({ subject: 'x', body: '{{client_name}}' });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(ACCOUNT_MESSAGES.unknownPlaceholder('client_name'));
    for (const [key, template] of Object.entries(DEFAULT_EMAIL_TEMPLATES)) {
      expect(
        emailTemplateRequestSchema(key as keyof typeof DEFAULT_EMAIL_TEMPLATES).safeParse(template).success,
        key,
      ).toBe(true);
    }
  });
});

/** The bytes of an ASCII string (the domain package has neither DOM nor Node types, so no TextEncoder). */
const ascii = (text: string) => Uint8Array.from(text, (char) => char.charCodeAt(0));

describe('uploads', () => {
  it('recognises PNG, JPEG and WebP by their bytes only', () => {
    expect(sniffImageType(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0]))).toBe('image/png');
    expect(sniffImageType(new Uint8Array([0xff, 0xd8, 0xff, 0xe0]))).toBe('image/jpeg');
    expect(sniffImageType(ascii('RIFF\x00\x00\x00\x00WEBPVP8 '))).toBe('image/webp');
    expect(sniffImageType(ascii('RIFF\x00\x00\x00\x00WAVEfmt '))).toBeNull();
    expect(sniffImageType(ascii('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
    expect(sniffImageType(new Uint8Array([0x89, 0x50]))).toBeNull();
  });
});

describe('business settings and reminders', () => {
  it('formats dates with each format, mm/dd/yy by default', () => {
    expect(formatDateAs('2026-03-31', 'mm/dd/yy')).toBe('03/31/26');
    expect(formatDateAs('2026-03-31', 'dd.mm.yyyy')).toBe('31.03.2026');
    expect(formatDateAs('2026-03-31', 'unknown')).toBe('03/31/26');
    expect(formatDateAs('not a date', 'mm/dd/yy')).toBe('not a date');
  });

  it('sorts the steps, refuses duplicates and out-of-range days, and words the offsets', () => {
    expect(
      reminderStepsRequestSchema
        .parse({
          steps: [
            { offset_days: 7, enabled: true },
            { offset_days: -3, enabled: false },
          ],
        })
        .steps.map((step) => step.offset_days),
    ).toEqual([-3, 7]);
    expect(reminderStepsRequestSchema.safeParse({ steps: [{ offset_days: 1.5, enabled: true }] }).success).toBe(false);
    expect(reminderStepsRequestSchema.safeParse({ steps: [{ offset_days: -61, enabled: true }] }).success).toBe(false);
    expect(describeReminderOffset(-1)).toBe('1 day before the due date');
    expect(describeReminderOffset(0)).toBe('On the due date');
    expect(describeReminderOffset(14)).toBe('14 days after the due date');
  });
});
