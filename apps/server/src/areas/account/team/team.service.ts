import {
  ACCOUNT_MESSAGES,
  INVITATION_TTL_DAYS,
  MESSAGES,
  escapeHtml,
  isAccountRole,
  type AccountRole,
  type AuthResponse,
  type InvitationAccept,
  type InvitationCreate,
  type InvitationPreview,
  type InvitationView,
  type TeamMember,
  type TeamResponse,
} from '@ledgerleaf/domain';
import {
  countOwners,
  createAccessToken,
  createInvitation,
  createUser,
  deleteUser,
  emailExists,
  findPendingInvitationByToken,
  findUserProfile,
  isUniqueViolation,
  listPendingInvitations,
  listTeamMembers,
  markInvitationAccepted,
  normalizeEmail,
  revokeInvitation,
  updateUserRole,
  type TeamInvitationRow,
  type TeamMemberRow,
} from '@ledgerleaf/db';
import type { AuthContext, Deps } from '../../../lib/context';
import { generateToken, sha256Hex } from '../../../lib/crypto';
import { AppError, notFound, validationError } from '../../../lib/errors';
import { publish } from '../../../lib/events';
import { forbidden } from '../../../plugins/auth';
import { ACCESS_TOKEN_TTL_MS } from '../../auth/auth.service';
import { toApiUser } from '../../auth/user-view';
import { removeUpload } from '../profile/uploads';

const asRole = (role: string): AccountRole => (isAccountRole(role) ? role : 'member');

function toMember(row: TeamMemberRow, auth: AuthContext): TeamMember {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    role: asRole(row.role),
    avatar_path: row.avatar_path,
    created_at: row.created_at,
    is_you: row.id === auth.userId,
  };
}

function toInvitation(row: TeamInvitationRow): InvitationView {
  return {
    id: row.id,
    email: row.email,
    role: asRole(row.role),
    expires_at: row.expires_at,
    created_at: row.created_at,
  };
}

export async function getTeam(deps: Deps, { auth }: { auth: AuthContext }): Promise<TeamResponse> {
  const members = await listTeamMembers(deps.db, { businessId: auth.businessId });
  const invitations = await listPendingInvitations(deps.db, { businessId: auth.businessId, now: deps.clock() });
  return { members: members.map((row) => toMember(row, auth)), invitations: invitations.map(toInvitation) };
}

export function invitationLink(appUrl: string, token: string): string {
  return `${appUrl}/invitations/${token}`;
}

/** Only an owner may hand out or take away the owner role. */
function checkOwnerRole(auth: AuthContext, ...roles: string[]): void {
  if (roles.includes('owner') && auth.user.role !== 'owner') throw forbidden(ACCOUNT_MESSAGES.ownerOnly);
}

/**
 * Invites a person by email: a single-use link valid INVITATION_TTL_DAYS, only its SHA-256 stored.
 * A new invitation to the same address replaces the pending one.
 */
export async function inviteMember(
  deps: Deps,
  { auth, input }: { auth: AuthContext; input: InvitationCreate },
): Promise<InvitationView> {
  checkOwnerRole(auth, input.role);
  const email = normalizeEmail(input.email);
  const members = await listTeamMembers(deps.db, { businessId: auth.businessId });
  if (members.some((member) => member.email === email))
    throw validationError({ email: [ACCOUNT_MESSAGES.alreadyMember] });
  // Email addresses are unique across businesses: someone with an account elsewhere cannot join.
  if (await emailExists(deps.db, { email })) throw validationError({ email: [ACCOUNT_MESSAGES.emailUsedElsewhere] });
  const token = generateToken();
  const now = deps.clock();
  const invitation = await deps.db.transaction().execute(async (tx) => {
    for (const pending of await listPendingInvitations(tx, { businessId: auth.businessId, now, email })) {
      await revokeInvitation(tx, { businessId: auth.businessId, invitationId: pending.id, now });
    }
    const row = await createInvitation(tx, {
      businessId: auth.businessId,
      email,
      role: input.role,
      tokenHash: sha256Hex(token),
      invitedByUserId: auth.userId,
      expiresAt: new Date(now.getTime() + INVITATION_TTL_DAYS * 24 * 60 * 60_000),
      now,
    });
    await publish(tx, {
      type: 'team.invited',
      businessId: auth.businessId,
      userId: auth.userId,
      subject: { type: 'invitation', id: row.id },
      data: { email, role: input.role },
      at: now,
    });
    return row;
  });
  const link = invitationLink(deps.config.appUrl, token);
  const business = auth.user.business_name;
  await deps.mailer.send({
    businessId: auth.businessId,
    to: email,
    subject: `${auth.user.name} invited you to ${business} on Ledgerleaf`.replace(/[\r\n]+/g, ' '),
    text: [
      'Hello,',
      '',
      `${auth.user.name} invited you to join ${business} on Ledgerleaf.`,
      `Open this link within ${INVITATION_TTL_DAYS} days to choose your password and sign in:`,
      '',
      link,
      '',
      'If you did not expect this invitation, ignore this email.',
    ].join('\n'),
    html: `<p>Hello,</p><p>${escapeHtml(auth.user.name)} invited you to join ${escapeHtml(business)} on Ledgerleaf.</p><p><a href="${escapeHtml(link)}">Accept the invitation</a> (the link works once, within ${INVITATION_TTL_DAYS} days).</p><p>If you did not expect this invitation, ignore this email.</p>`,
  });
  return toInvitation(invitation);
}

export async function cancelInvitation(
  deps: Deps,
  { auth, invitationId }: { auth: AuthContext; invitationId: number },
): Promise<void> {
  if (!(await revokeInvitation(deps.db, { businessId: auth.businessId, invitationId, now: deps.clock() })))
    throw notFound(ACCOUNT_MESSAGES.invitationNotFound);
}

async function requireMember(deps: Deps, auth: AuthContext, userId: number): Promise<TeamMemberRow> {
  const member = (await listTeamMembers(deps.db, { businessId: auth.businessId })).find((row) => row.id === userId);
  if (!member) throw notFound(ACCOUNT_MESSAGES.memberNotFound);
  return member;
}

/** Changes a member's role; the last owner keeps theirs, and only owners touch the owner role. */
export async function changeRole(
  deps: Deps,
  { auth, userId, role }: { auth: AuthContext; userId: number; role: AccountRole },
): Promise<TeamMember> {
  const member = await requireMember(deps, auth, userId);
  checkOwnerRole(auth, member.role, role);
  await deps.db.transaction().execute(async (tx) => {
    if (member.role === 'owner' && role !== 'owner' && (await countOwners(tx, { businessId: auth.businessId })) <= 1) {
      throw validationError({ role: [ACCOUNT_MESSAGES.lastOwner] });
    }
    const now = deps.clock();
    await updateUserRole(tx, { businessId: auth.businessId, userId, role, now });
    await publish(tx, {
      type: 'team.role_changed',
      businessId: auth.businessId,
      userId: auth.userId,
      subject: { type: 'user', id: userId },
      data: { from: member.role, to: role },
      at: now,
    });
  });
  return toMember({ ...member, role }, auth);
}

/** Removes a member (their tokens go with them); never oneself, never the last owner. */
export async function removeMember(deps: Deps, { auth, userId }: { auth: AuthContext; userId: number }): Promise<void> {
  const member = await requireMember(deps, auth, userId);
  if (member.id === auth.userId) throw new AppError(409, ACCOUNT_MESSAGES.cannotRemoveSelf);
  checkOwnerRole(auth, member.role);
  await deps.db.transaction().execute(async (tx) => {
    if (member.role === 'owner' && (await countOwners(tx, { businessId: auth.businessId })) <= 1)
      throw new AppError(409, ACCOUNT_MESSAGES.lastOwner);
    await publish(tx, {
      type: 'team.member_removed',
      businessId: auth.businessId,
      userId: auth.userId,
      subject: { type: 'user', id: userId },
      data: { email: member.email, role: member.role },
      at: deps.clock(),
    });
    await deleteUser(tx, { businessId: auth.businessId, userId });
  });
  removeUpload(deps.config.uploadsDir, member.avatar_path);
}

function invitationInvalid(): AppError {
  return new AppError(404, ACCOUNT_MESSAGES.invitationInvalid);
}

export async function previewInvitation(deps: Deps, { token }: { token: string }): Promise<InvitationPreview> {
  const invitation = await findPendingInvitationByToken(deps.db, { tokenHash: sha256Hex(token), now: deps.clock() });
  if (!invitation) throw invitationInvalid();
  return { email: invitation.email, business_name: invitation.business_name, role: asRole(invitation.role) };
}

/** Creates the invited person's account with the invitation's email and role, and signs them in. */
export async function acceptInvitation(
  deps: Deps,
  { token, input }: { token: string; input: InvitationAccept },
): Promise<AuthResponse> {
  const tokenHash = sha256Hex(token);
  if (!(await findPendingInvitationByToken(deps.db, { tokenHash, now: deps.clock() }))) throw invitationInvalid();
  const passwordHash = await deps.hasher.hash(input.password);
  try {
    return await deps.db.transaction().execute(async (tx) => {
      const now = deps.clock();
      const invitation = await findPendingInvitationByToken(tx, { tokenHash, now });
      if (!invitation || !(await markInvitationAccepted(tx, { invitationId: invitation.id, now })))
        throw invitationInvalid();
      const user = await createUser(tx, {
        businessId: invitation.business_id,
        name: input.name,
        email: invitation.email,
        passwordHash,
        role: asRole(invitation.role),
        now,
      });
      const plain = generateToken();
      await createAccessToken(tx, {
        businessId: invitation.business_id,
        userId: user.id,
        name: 'web',
        tokenHash: sha256Hex(plain),
        expiresAt: new Date(now.getTime() + ACCESS_TOKEN_TTL_MS),
        now,
      });
      await publish(tx, {
        type: 'team.joined',
        businessId: invitation.business_id,
        userId: user.id,
        subject: { type: 'user', id: user.id },
        data: { role: invitation.role },
        at: now,
      });
      const profile = await findUserProfile(tx, { businessId: invitation.business_id, userId: user.id });
      if (!profile) throw new AppError(500, 'invited user not found');
      return { token: plain, user: toApiUser(profile) };
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw validationError({ email: [MESSAGES.emailTaken] });
    throw error;
  }
}
