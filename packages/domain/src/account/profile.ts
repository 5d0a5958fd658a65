import { z } from 'zod';
import { emailSchema, validatePhone } from '../auth';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../constants';
import { MESSAGES } from '../messages';
import { userSchema } from '../user';
import { ACCOUNT_MESSAGES } from './messages';

/** Optional 10-digit US phone (SPEC.md section 5), as at registration. */
export const profilePhoneSchema = z
  .string({ error: MESSAGES.phoneInvalid })
  .max(32, MESSAGES.phoneInvalid)
  .nullish()
  .refine((value) => validatePhone(value) === null, MESSAGES.phoneInvalid)
  .transform((value) => (value == null || value.trim() === '' ? null : value.trim()));

export const newPasswordSchema = z
  .string({ error: MESSAGES.passwordRequired })
  .min(1, MESSAGES.passwordRequired)
  .min(PASSWORD_MIN_LENGTH, MESSAGES.passwordTooShort)
  .max(PASSWORD_MAX_LENGTH, MESSAGES.passwordTooLong);

export const passwordConfirmationSchema = z
  .string({ error: MESSAGES.confirmationRequired })
  .min(1, MESSAGES.confirmationRequired)
  .max(PASSWORD_MAX_LENGTH, MESSAGES.passwordTooLong);

export const currentPasswordSchema = z
  .string({ error: ACCOUNT_MESSAGES.currentPasswordRequired })
  .min(1, ACCOUNT_MESSAGES.currentPasswordRequired)
  .max(PASSWORD_MAX_LENGTH, MESSAGES.passwordTooLong);

/** `PUT /api/profile`: name and business name cannot change after registration (SPEC.md section 2). */
export const profileUpdateSchema = z.strictObject({
  email: emailSchema,
  phone: profilePhoneSchema,
});
export type ProfileUpdate = z.input<typeof profileUpdateSchema>;

/** `GET /api/profile`: the user as `GET /api/user` shows it, plus phone and role. */
export const profileSchema = userSchema.extend({
  phone: z.string().nullable(),
  role: z.string(),
  business_id: z.number().int(),
});
export type Profile = z.infer<typeof profileSchema>;
export const profileResponseSchema = z.object({ data: profileSchema, message: z.string().optional() });
export type ProfileResponse = z.infer<typeof profileResponseSchema>;

/** `POST /api/profile/password`: ASVS 7.4.3, the other sessions are revoked. */
export const passwordChangeSchema = z
  .strictObject({
    current_password: currentPasswordSchema,
    password: newPasswordSchema,
    password_confirmation: passwordConfirmationSchema,
  })
  .refine((data) => data.password === data.password_confirmation, {
    message: MESSAGES.confirmationMismatch,
    path: ['password_confirmation'],
  })
  .refine((data) => data.password !== data.current_password, {
    message: ACCOUNT_MESSAGES.newPasswordSame,
    path: ['password'],
  });
export type PasswordChange = z.infer<typeof passwordChangeSchema>;

/** The word typed to confirm deleting the account. */
export const DELETE_CONFIRMATION_WORD = 'DELETE';

/** `POST /api/profile/delete`: the password and the typed word. */
export const accountDeletionSchema = z.strictObject({
  current_password: currentPasswordSchema,
  confirmation: z
    .string({ error: ACCOUNT_MESSAGES.deleteConfirmationWrong })
    .refine((value) => value.trim() === DELETE_CONFIRMATION_WORD, ACCOUNT_MESSAGES.deleteConfirmationWrong),
});
export type AccountDeletion = z.infer<typeof accountDeletionSchema>;

export const accountDeletionResponseSchema = z.object({ message: z.string(), business_deleted: z.boolean() });
export type AccountDeletionResponse = z.infer<typeof accountDeletionResponseSchema>;

export const signOutOthersResponseSchema = z.object({ message: z.string(), revoked: z.number().int() });
export type SignOutOthersResponse = z.infer<typeof signOutOthersResponseSchema>;
