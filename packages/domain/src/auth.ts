import { z } from 'zod';
import { EMAIL_MAX_LENGTH, NAME_MAX_LENGTH, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, PHONE_DIGITS } from './constants';
import { MESSAGES } from './messages';

/** SPEC.md section 5: "text, an @, and a dotted domain". */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const emailSchema = z
  .string({ error: MESSAGES.emailRequired })
  .trim()
  .min(1, MESSAGES.emailRequired)
  .max(EMAIL_MAX_LENGTH, MESSAGES.emailTooLong)
  .regex(EMAIL_PATTERN, MESSAGES.emailInvalid);

/** Keeps the digits of a phone number. */
export function phoneDigits(value: string): string {
  return value.replace(/\D/g, '');
}

/** Formats 10 digits as (XXX) XXX-XXXX; anything else is returned unchanged. */
export function formatUsPhone(value: string): string {
  const digits = phoneDigits(value);
  if (digits.length !== PHONE_DIGITS) return value;
  return `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`;
}

/** Optional; if given it must contain exactly 10 digits (SPEC.md section 5). */
export function validatePhone(value: string | null | undefined): string | null {
  if (value == null || value.trim() === '') return null;
  return phoneDigits(value).length === PHONE_DIGITS ? null : MESSAGES.phoneInvalid;
}

const phoneSchema = z
  .string({ error: MESSAGES.phoneInvalid })
  .max(32, MESSAGES.phoneInvalid)
  .nullish()
  .refine((value) => validatePhone(value) === null, MESSAGES.phoneInvalid);

const passwordSchema = z
  .string({ error: MESSAGES.passwordRequired })
  .min(1, MESSAGES.passwordRequired)
  .min(PASSWORD_MIN_LENGTH, MESSAGES.passwordTooShort)
  .max(PASSWORD_MAX_LENGTH, MESSAGES.passwordTooLong);

const confirmationSchema = z
  .string({ error: MESSAGES.confirmationRequired })
  .min(1, MESSAGES.confirmationRequired)
  .max(PASSWORD_MAX_LENGTH, MESSAGES.passwordTooLong);

export const registerRequestSchema = z
  .strictObject({
    name: z
      .string({ error: MESSAGES.nameRequired })
      .trim()
      .min(1, MESSAGES.nameRequired)
      .max(NAME_MAX_LENGTH, MESSAGES.nameTooLong),
    business_name: z
      .string({ error: MESSAGES.businessNameRequired })
      .trim()
      .min(1, MESSAGES.businessNameRequired)
      .max(NAME_MAX_LENGTH, MESSAGES.businessNameTooLong),
    email: emailSchema,
    phone: phoneSchema,
    password: passwordSchema,
    password_confirmation: confirmationSchema,
    /**
     * The browser's IANA time zone (`Intl.DateTimeFormat().resolvedOptions().timeZone`): the
     * business's zone for recurring runs, overdue and reminders. The server checks it and falls back
     * to UTC for a zone it does not know; it is changed later in the recurring invoice settings.
     */
    time_zone: z.string().max(100).nullish(),
  })
  .refine((data) => data.password === data.password_confirmation, {
    message: MESSAGES.confirmationMismatch,
    path: ['password_confirmation'],
  });
export type RegisterRequest = z.infer<typeof registerRequestSchema>;

export const loginRequestSchema = z.strictObject({
  email: z
    .string({ error: MESSAGES.emailRequired })
    .trim()
    .min(1, MESSAGES.emailRequired)
    .max(EMAIL_MAX_LENGTH, MESSAGES.emailTooLong),
  password: z
    .string({ error: MESSAGES.passwordRequired })
    .min(1, MESSAGES.passwordRequired)
    .max(PASSWORD_MAX_LENGTH, MESSAGES.passwordTooLong),
  remember: z.boolean().optional(),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

export const waitlistRequestSchema = z.strictObject({
  email: emailSchema,
  /** Honeypot: people never see it, so it is always empty. */
  website: z.string().max(2048).optional().default(''),
  /** When the form was loaded (ms since the epoch). */
  timestamp: z.number().int().nonnegative(),
});
export type WaitlistRequest = z.infer<typeof waitlistRequestSchema>;

export const waitlistResponseSchema = z.object({
  success: z.boolean(),
  message: z.string(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
});
export type WaitlistResponse = z.infer<typeof waitlistResponseSchema>;

export const forgotPasswordRequestSchema = z.strictObject({ email: emailSchema });
export type ForgotPasswordRequest = z.infer<typeof forgotPasswordRequestSchema>;

export const resetPasswordRequestSchema = z
  .strictObject({
    token: z.string().min(1, MESSAGES.resetInvalid).max(256, MESSAGES.resetInvalid),
    password: passwordSchema,
    password_confirmation: confirmationSchema,
    /**
     * The browser's IANA time zone (`Intl.DateTimeFormat().resolvedOptions().timeZone`): the
     * business's zone for recurring runs, overdue and reminders. The server checks it and falls back
     * to UTC for a zone it does not know; it is changed later in the recurring invoice settings.
     */
    time_zone: z.string().max(100).nullish(),
  })
  .refine((data) => data.password === data.password_confirmation, {
    message: MESSAGES.confirmationMismatch,
    path: ['password_confirmation'],
  });
export type ResetPasswordRequest = z.infer<typeof resetPasswordRequestSchema>;

export const messageResponseSchema = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof messageResponseSchema>;
