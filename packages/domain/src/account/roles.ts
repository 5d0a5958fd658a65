import { hasRole, roleNames } from '../user-helpers';
import type { User } from '../user';

/**
 * Team roles (issue 5; SPEC.md section 6 names no roles). `owner` and `admin` manage the team and
 * the business settings; `member` works with invoices, clients and the rest; `accountant` reads
 * everything and changes nothing but their own profile and password.
 */
export const ACCOUNT_ROLES = ['owner', 'admin', 'member', 'accountant'] as const;
export type AccountRole = (typeof ACCOUNT_ROLES)[number];

export const ROLE_LABELS: Record<AccountRole, string> = {
  owner: 'Owner',
  admin: 'Admin',
  member: 'Member',
  accountant: 'Accountant (read-only)',
};

export const ROLE_DESCRIPTIONS: Record<AccountRole, string> = {
  owner: 'Everything, including deleting the business. Only an owner can make someone an owner.',
  admin: 'Everything but deleting the business: team, roles and business settings.',
  member: 'Invoices, estimates, clients, products, goals and CRM; not the team or business settings.',
  accountant: 'Reads everything, changes nothing (own profile and password only).',
};

/** Roles that may manage the team, the roles and the business settings. */
export const ADMIN_ROLES: readonly AccountRole[] = ['owner', 'admin'];
/** Roles that may read but not change the business's data. */
export const READ_ONLY_ROLES: readonly AccountRole[] = ['accountant'];

/**
 * What an action needs, the one vocabulary of role capabilities: the server declares one per route
 * (apps/server `RouteAccess`, enforced for every request by `roleAllows`) and the web hides or
 * disables what the signed-in person's roles do not allow, from the same function.
 * `read`: every role. `write`: change the business's data (every known role but the read-only
 * ones). `self`: a person's own session, profile and password (every role). `admin`: the team,
 * the roles, the business settings, email templates, reminders, the data export and the beta
 * feedback (owners and admins).
 */
export const ACCESS_LEVELS = ['read', 'write', 'self', 'admin'] as const;
export type AccessLevel = (typeof ACCESS_LEVELS)[number];

/** Whether one role name may do what needs `access`. A role this version does not know may only read and serve itself. */
export function roleMay(role: string, access: AccessLevel): boolean {
  if (access === 'read' || access === 'self') return true;
  if (!isAccountRole(role)) return false;
  if (access === 'admin') return ADMIN_ROLES.includes(role);
  return !READ_ONLY_ROLES.includes(role);
}

type WithRoles = Pick<User, 'roles'> | null | undefined;

/**
 * Whether a user may do what needs `access`: one of their roles, in whichever of the three shapes
 * of `roles` (SPEC.md section 3), allows it (role names compared case-insensitively). No user:
 * nothing.
 */
export function userMay(user: WithRoles, access: AccessLevel): boolean {
  if (!user) return false;
  return roleNames(user.roles).some((name) => roleMay(name.toLowerCase(), access));
}

/** Owner or admin, whichever of the three shapes of `roles` (SPEC.md section 3) the user carries. */
export function isAdmin(user: WithRoles): boolean {
  return userMay(user, 'admin');
}

export function isOwner(user: WithRoles): boolean {
  return hasRole(user, 'owner');
}

/** Whether the user may change the business's data: any known role that is not read-only. */
export function canWrite(user: WithRoles): boolean {
  return userMay(user, 'write');
}

export function isAccountRole(value: unknown): value is AccountRole {
  return typeof value === 'string' && (ACCOUNT_ROLES as readonly string[]).includes(value);
}
