import { hasRole, type User } from '../user';

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

type WithRoles = Pick<User, 'roles'> | null | undefined;

/** Owner or admin, whichever of the three shapes of `roles` (SPEC.md section 3) the user carries. */
export function isAdmin(user: WithRoles): boolean {
  return ADMIN_ROLES.some((role) => hasRole(user, role));
}

export function isOwner(user: WithRoles): boolean {
  return hasRole(user, 'owner');
}

/** Whether the user may change the business's data: any known role that is not read-only. */
export function canWrite(user: WithRoles): boolean {
  return ACCOUNT_ROLES.some((role) => !READ_ONLY_ROLES.includes(role) && hasRole(user, role));
}

export function isAccountRole(value: unknown): value is AccountRole {
  return typeof value === 'string' && (ACCOUNT_ROLES as readonly string[]).includes(value);
}
