import { describe, expect, it } from 'vitest';
import { validateWith } from './errors';
import { loginFormErrors } from './login-form';
import fc from 'fast-check';
import {
  EMAIL_PATTERN,
  forgotPasswordRequestSchema,
  formatUsPhone,
  loginRequestSchema,
  registerRequestSchema,
  resetPasswordRequestSchema,
  validatePhone,
  waitlistRequestSchema,
} from './auth';
import { MESSAGES } from './messages';
import { toFieldErrors } from './errors';

const valid = {
  name: 'Ada Lovelace',
  business_name: 'Analytical Engines LLC',
  email: 'ada@example.com',
  phone: '(555) 123-4567',
  password: 'correct horse',
  password_confirmation: 'correct horse',
};

function errorsOf(schema: { safeParse: (v: unknown) => { success: boolean; error?: unknown } }, value: unknown) {
  const result = schema.safeParse(value);
  if (result.success) return {};
  return toFieldErrors(result.error as never);
}

describe('registration rules (SPEC.md section 5)', () => {
  it('accepts a complete, valid form', () => {
    expect(registerRequestSchema.safeParse(valid).success).toBe(true);
  });

  it('phone is optional', () => {
    expect(registerRequestSchema.safeParse({ ...valid, phone: '' }).success).toBe(true);
    expect(registerRequestSchema.safeParse({ ...valid, phone: undefined }).success).toBe(true);
    expect(registerRequestSchema.safeParse({ ...valid, phone: null }).success).toBe(true);
  });

  it.each([
    ['name', '', MESSAGES.nameRequired],
    ['name', '   ', MESSAGES.nameRequired],
    ['name', 'x'.repeat(256), MESSAGES.nameTooLong],
    ['business_name', '', MESSAGES.businessNameRequired],
    ['business_name', 'x'.repeat(256), MESSAGES.businessNameTooLong],
    ['email', '', MESSAGES.emailRequired],
    ['email', 'no-at-sign.com', MESSAGES.emailInvalid],
    ['email', 'user@nodot', MESSAGES.emailInvalid],
    ['email', 'two words@example.com', MESSAGES.emailInvalid],
    ['phone', '555-1234', MESSAGES.phoneInvalid],
    ['phone', '1 (555) 123-45678', MESSAGES.phoneInvalid],
    ['password', 'short', MESSAGES.passwordTooShort],
    ['password', 'x'.repeat(129), MESSAGES.passwordTooLong],
  ])('%s = %j -> %s', (field, value, message) => {
    const input = { ...valid, [field]: value, ...(field === 'password' ? { password_confirmation: value } : {}) };
    expect(errorsOf(registerRequestSchema, input)[field]).toContain(message);
  });

  it('accepts names of exactly 255 characters and passwords of 8 and 128', () => {
    expect(
      registerRequestSchema.safeParse({ ...valid, name: 'x'.repeat(255), business_name: 'y'.repeat(255) }).success,
    ).toBe(true);
    for (const password of ['x'.repeat(8), 'x'.repeat(128)]) {
      expect(registerRequestSchema.safeParse({ ...valid, password, password_confirmation: password }).success).toBe(
        true,
      );
    }
  });

  it('confirmation is required and must equal the password', () => {
    expect(errorsOf(registerRequestSchema, { ...valid, password_confirmation: '' }).password_confirmation).toContain(
      MESSAGES.confirmationRequired,
    );
    expect(
      errorsOf(registerRequestSchema, { ...valid, password_confirmation: 'something else' }).password_confirmation,
    ).toContain(MESSAGES.confirmationMismatch);
  });

  it('reports wrong types and unknown fields per field', () => {
    const errors = errorsOf(registerRequestSchema, { ...valid, name: 42, is_admin: true });
    expect(errors.name).toContain(MESSAGES.nameRequired);
    expect(errors.is_admin?.[0]).toMatch(/Unknown field/);
  });

  it('reports every missing field', () => {
    const errors = errorsOf(registerRequestSchema, {});
    expect(Object.keys(errors).sort()).toEqual(['business_name', 'email', 'name', 'password', 'password_confirmation']);
  });
});

describe('phone formatting', () => {
  it('formats exactly 10 digits as (XXX) XXX-XXXX', () => {
    expect(formatUsPhone('5551234567')).toBe('(555) 123-4567');
    expect(formatUsPhone('555.123.4567')).toBe('(555) 123-4567');
    expect(formatUsPhone('555123456')).toBe('555123456');
  });

  it('validatePhone: any string with exactly 10 digits is valid, others are not', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 30 }), (value) => {
        const digits = value.replace(/\D/g, '').length;
        const verdict = validatePhone(value);
        if (value.trim() === '') return verdict === null;
        return digits === 10 ? verdict === null : verdict === MESSAGES.phoneInvalid;
      }),
    );
  });

  it('formatting is idempotent', () => {
    fc.assert(
      fc.property(
        fc.stringMatching(/^\d{10}$/),
        (digits) => formatUsPhone(formatUsPhone(digits)) === formatUsPhone(digits),
      ),
    );
  });
});

describe('login rules', () => {
  it('email and password are required', () => {
    const errors = errorsOf(loginRequestSchema, { email: '', password: '' });
    expect(errors.email).toContain(MESSAGES.emailRequired);
    expect(errors.password).toContain(MESSAGES.passwordRequired);
  });
  it('accepts an optional remember flag and refuses unknown fields', () => {
    expect(loginRequestSchema.safeParse({ email: 'a@b.co', password: 'x', remember: true }).success).toBe(true);
    expect(loginRequestSchema.safeParse({ email: 'a@b.co', password: 'x', role: 'admin' }).success).toBe(false);
  });
});

describe('the sign-in form checks without zod', () => {
  const lengths = fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 20 }), fc.integer({ min: 120, max: 300 }));
  const text = lengths.chain((length) =>
    fc.string({ minLength: length, maxLength: length, unit: fc.constantFrom('a', ' ', '@', '.', '\t', 'é') }),
  );
  it('answers what loginRequestSchema answers, message for message', () => {
    fc.assert(
      fc.property(text, text, (email, password) => {
        expect(loginFormErrors({ email, password })).toEqual(
          validateWith(loginRequestSchema, { email, password }).errors,
        );
      }),
    );
  });
  it('at the edges of the lengths', () => {
    for (const email of ['', '   ', 'a@b.co', `${'a'.repeat(250)}@b.co`, ` ${'a'.repeat(249)}@b.co `])
      for (const password of ['', 'x', 'x'.repeat(128), 'x'.repeat(129)])
        expect(loginFormErrors({ email, password })).toEqual(
          validateWith(loginRequestSchema, { email, password }).errors,
        );
  });
});

describe('waiting list rules', () => {
  it('email is required and must look like an email', () => {
    expect(errorsOf(waitlistRequestSchema, { email: '', timestamp: 1 }).email).toContain(MESSAGES.emailRequired);
    expect(errorsOf(waitlistRequestSchema, { email: 'nope', timestamp: 1 }).email).toContain(MESSAGES.emailInvalid);
  });
  it('carries the honeypot and the load timestamp', () => {
    const parsed = waitlistRequestSchema.parse({ email: 'a@b.co', timestamp: 1700000000000 });
    expect(parsed.website).toBe('');
    expect(waitlistRequestSchema.safeParse({ email: 'a@b.co', website: '', timestamp: 'soon' }).success).toBe(false);
  });
});

describe('password reset rules', () => {
  it('forgot-password requires a valid email', () => {
    expect(forgotPasswordRequestSchema.safeParse({ email: 'a@b.co' }).success).toBe(true);
    expect(forgotPasswordRequestSchema.safeParse({ email: 'a' }).success).toBe(false);
  });
  it('reset requires a token and a confirmed password of at least 8 characters', () => {
    expect(
      resetPasswordRequestSchema.safeParse({ token: 't', password: 'longenough', password_confirmation: 'longenough' })
        .success,
    ).toBe(true);
    expect(
      errorsOf(resetPasswordRequestSchema, { token: 't', password: 'short', password_confirmation: 'short' }).password,
    ).toContain(MESSAGES.passwordTooShort);
    expect(
      errorsOf(resetPasswordRequestSchema, { token: 't', password: 'longenough', password_confirmation: 'different' })
        .password_confirmation,
    ).toContain(MESSAGES.confirmationMismatch);
  });
});

describe('email pattern', () => {
  it('is text, an @ and a dotted domain', () => {
    expect(EMAIL_PATTERN.test('a@b.c')).toBe(true);
    expect(EMAIL_PATTERN.test('a@b')).toBe(false);
    expect(EMAIL_PATTERN.test('@b.c')).toBe(false);
  });
});
