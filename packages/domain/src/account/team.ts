import { z } from 'zod';
import { emailSchema } from '../auth';
import { NAME_MAX_LENGTH } from '../constants';
import { MESSAGES } from '../messages';
import { newPasswordSchema, passwordConfirmationSchema } from './profile';
import { ACCOUNT_MESSAGES } from './messages';
import { ACCOUNT_ROLES } from './roles';

/** Invitation links work this long. */
export const INVITATION_TTL_DAYS = 7;

const roleSchema = z.enum(ACCOUNT_ROLES, { error: ACCOUNT_MESSAGES.roleRequired });

export const invitationCreateSchema = z.strictObject({ email: emailSchema, role: roleSchema });
export type InvitationCreate = z.infer<typeof invitationCreateSchema>;

export const roleChangeSchema = z.strictObject({ role: roleSchema });
export type RoleChange = z.infer<typeof roleChangeSchema>;

/** `POST /api/invitations/:token/accept`: the invited person picks their name and password. */
export const invitationAcceptSchema = z
  .strictObject({
    name: z
      .string({ error: MESSAGES.nameRequired })
      .trim()
      .min(1, MESSAGES.nameRequired)
      .max(NAME_MAX_LENGTH, MESSAGES.nameTooLong),
    password: newPasswordSchema,
    password_confirmation: passwordConfirmationSchema,
  })
  .refine((data) => data.password === data.password_confirmation, {
    message: MESSAGES.confirmationMismatch,
    path: ['password_confirmation'],
  });
export type InvitationAccept = z.infer<typeof invitationAcceptSchema>;

export const invitationTokenParamsSchema = z.object({
  token: z
    .string()
    .min(16)
    .max(256)
    .regex(/^[A-Za-z0-9_-]+$/),
});

export const teamMemberSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  role: z.enum(ACCOUNT_ROLES),
  avatar_path: z.string().nullable(),
  created_at: z.string(),
  is_you: z.boolean(),
});
export type TeamMember = z.infer<typeof teamMemberSchema>;

export const invitationViewSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  role: z.enum(ACCOUNT_ROLES),
  expires_at: z.string(),
  created_at: z.string(),
});
export type InvitationView = z.infer<typeof invitationViewSchema>;

export const teamResponseSchema = z.object({
  members: z.array(teamMemberSchema),
  invitations: z.array(invitationViewSchema),
});
export type TeamResponse = z.infer<typeof teamResponseSchema>;

export const teamMemberResponseSchema = z.object({ data: teamMemberSchema, message: z.string() });
export const invitationResponseSchema = z.object({ data: invitationViewSchema, message: z.string() });

/** `GET /api/invitations/:token`: what the guest page shows before accepting. */
export const invitationPreviewSchema = z.object({
  email: z.string(),
  business_name: z.string(),
  role: z.enum(ACCOUNT_ROLES),
});
export type InvitationPreview = z.infer<typeof invitationPreviewSchema>;
export const invitationPreviewResponseSchema = z.object({ data: invitationPreviewSchema });
