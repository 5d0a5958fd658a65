import { DEFAULT_DISPLAY_PREFERENCES, type DisplayPreferences } from './date-display';
import type { Roles, User } from './user';

/**
 * What the app does with a signed-in user (roles, initials, avatar address, display preferences),
 * without the schemas of user.ts: the shell and the first screens use these, and a module that
 * builds zod schemas made every signed-in page load and run zod before it could draw.
 */

export const ROLE_NAMES = ['owner', 'admin', 'member', 'accountant'] as const;
export type RoleName = (typeof ROLE_NAMES)[number];

/** The user's display preferences, or the defaults (signed out, or a user stored before they existed). */
export function displayPreferencesOf(user: Pick<User, 'preferences'> | null | undefined): DisplayPreferences {
  return user?.preferences ?? DEFAULT_DISPLAY_PREFERENCES;
}

/** Role names of a user, whichever of the three shapes the roles came in. */
export function roleNames(roles: Roles | null | undefined): string[] {
  if (roles == null) return [];
  if (typeof roles === 'string') {
    return roles
      .split(',')
      .map((role) => role.trim())
      .filter(Boolean);
  }
  return roles.map((role) => (typeof role === 'string' ? role : role.name).trim()).filter(Boolean);
}

/** SPEC.md section 6: does the user have the named role? Case-insensitive. */
export function hasRole(user: Pick<User, 'roles'> | null | undefined, role: string): boolean {
  const wanted = role.trim().toLowerCase();
  return roleNames(user?.roles).some((name) => name.toLowerCase() === wanted);
}

/** Initials from the first and last word of a name, for the avatar fallback. */
export function initials(name: string | null | undefined): string {
  const words = (name ?? '').trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return '';
  const first = words[0]!.charAt(0);
  const last = words.length > 1 ? words[words.length - 1]!.charAt(0) : '';
  return (first + last).toUpperCase();
}

/** Avatar paths not starting with http are served under /storage/ (SPEC.md section 3). */
export function storageUrl(path: string | null | undefined): string | null {
  if (!path) return null;
  if (/^https?:\/\//i.test(path)) return path;
  return `/storage/${path.replace(/^\/+/, '').replace(/^storage\//, '')}`;
}
