import { toDateFormat } from './date-display';
import type { Roles, User } from './user';

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function readRoles(value: unknown): Roles | undefined {
  if (typeof value === 'string') return value;
  if (!Array.isArray(value)) return undefined;
  const roles: Array<string | { name: string }> = [];
  for (const role of value) {
    if (typeof role === 'string') roles.push(role);
    else if (isRecord(role) && typeof role.name === 'string') roles.push({ name: role.name });
    else return undefined;
  }
  return roles;
}

/**
 * `userSchema.safeParse(value)` in plain code: the user, with unknown keys dropped and unknown
 * preference values replaced by the defaults, or null when it is not a user. The web app reads the
 * stored user with it at start-up, so zod stays out of the first page people load; user.test.ts
 * proves it answers what the schema answers.
 */
export function readUserValue(value: unknown): User | null {
  if (!isRecord(value)) return null;
  const { id, name, email, business_name, company_logo, avatar_path, preferences } = value;
  if (typeof id !== 'number' || !Number.isSafeInteger(id)) return null;
  if (typeof name !== 'string' || typeof email !== 'string' || typeof business_name !== 'string') return null;
  if (company_logo !== null && typeof company_logo !== 'string') return null;
  if (avatar_path !== null && typeof avatar_path !== 'string') return null;
  const roles = readRoles(value.roles);
  if (roles === undefined) return null;
  if (preferences !== undefined && !isRecord(preferences)) return null;
  const user: User = { id, name, email, business_name, company_logo, avatar_path, roles };
  if (preferences !== undefined) {
    user.preferences = {
      date_format: toDateFormat(preferences.date_format),
      // The schema's union of the literals 0 and 1, with Sunday for anything else.
      first_day_of_week: preferences.first_day_of_week === 1 ? 1 : 0,
    };
  }
  return user;
}
