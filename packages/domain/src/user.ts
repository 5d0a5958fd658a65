import { z } from 'zod';
import {
  DATE_FORMATS,
  DEFAULT_DATE_FORMAT,
  DEFAULT_DISPLAY_PREFERENCES,
  DEFAULT_FIRST_DAY_OF_WEEK,
  type DisplayPreferences,
} from './date-display';

/** The business's display preferences, carried by the signed-in user (`GET /api/user`). */
export const displayPreferencesSchema: z.ZodType<DisplayPreferences> = z.object({
  date_format: z.enum(DATE_FORMATS).catch(DEFAULT_DATE_FORMAT),
  first_day_of_week: z.union([z.literal(0), z.literal(1)]).catch(DEFAULT_FIRST_DAY_OF_WEEK),
});

/** Roles arrive as objects with a name, as strings, or as one comma-separated string (SPEC.md section 3). */
export const rolesSchema = z.union([z.array(z.union([z.string(), z.object({ name: z.string() })])), z.string()]);
export type Roles = z.infer<typeof rolesSchema>;

export const ROLE_NAMES = ['owner', 'admin', 'member', 'accountant'] as const;
export type RoleName = (typeof ROLE_NAMES)[number];

export const userSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  business_name: z.string(),
  company_logo: z.string().nullable(),
  avatar_path: z.string().nullable(),
  roles: rolesSchema,
  /**
   * The business's display preferences (date format, first day of the week). Optional: a user stored
   * in local storage before they existed lacks them; `displayPreferencesOf` gives the defaults then.
   */
  preferences: displayPreferencesSchema.optional(),
});
export type User = z.infer<typeof userSchema>;

/** The user's display preferences, or the defaults (signed out, or a user stored before they existed). */
export function displayPreferencesOf(user: Pick<User, 'preferences'> | null | undefined): DisplayPreferences {
  return user?.preferences ?? DEFAULT_DISPLAY_PREFERENCES;
}

export const authResponseSchema = z.object({ token: z.string(), user: userSchema });
export type AuthResponse = z.infer<typeof authResponseSchema>;

export const demoLoginResponseSchema = authResponseSchema.extend({ message: z.string() });
export type DemoLoginResponse = z.infer<typeof demoLoginResponseSchema>;

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
