import { toDateFormat, toFirstDayOfWeek, type User } from '@ledgerleaf/domain';
import type { UserProfile } from '@ledgerleaf/db';

/**
 * The API's user (SPEC.md section 3): id, name, email, business name, company logo and avatar, the
 * role as `roles: [{ name }]`, and the business's display preferences (date format, first day of week).
 */
export function toApiUser(profile: UserProfile): User {
  return {
    id: profile.id,
    name: profile.name,
    email: profile.email,
    business_name: profile.business_name,
    company_logo: profile.company_logo,
    avatar_path: profile.avatar_path,
    roles: [{ name: profile.role }],
    preferences: {
      date_format: toDateFormat(profile.date_format),
      first_day_of_week: toFirstDayOfWeek(profile.first_day_of_week),
    },
  };
}
