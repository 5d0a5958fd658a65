import { z } from 'zod';
import { DATE_FORMATS, DEFAULT_DATE_FORMAT, DEFAULT_FIRST_DAY_OF_WEEK, type DisplayPreferences } from './date-display';

/** The business's display preferences, carried by the signed-in user (`GET /api/user`). */
export const displayPreferencesSchema: z.ZodType<DisplayPreferences> = z.object({
  date_format: z.enum(DATE_FORMATS).catch(DEFAULT_DATE_FORMAT),
  first_day_of_week: z.union([z.literal(0), z.literal(1)]).catch(DEFAULT_FIRST_DAY_OF_WEEK),
});

/** Roles arrive as objects with a name, as strings, or as one comma-separated string (SPEC.md section 3). */
export const rolesSchema = z.union([z.array(z.union([z.string(), z.object({ name: z.string() })])), z.string()]);
export type Roles = z.infer<typeof rolesSchema>;

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

export const authResponseSchema = z.object({ token: z.string(), user: userSchema });
export type AuthResponse = z.infer<typeof authResponseSchema>;

export const demoLoginResponseSchema = authResponseSchema.extend({ message: z.string() });
export type DemoLoginResponse = z.infer<typeof demoLoginResponseSchema>;
