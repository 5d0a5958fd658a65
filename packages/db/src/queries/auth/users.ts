import { toDbTime } from '../../dialect';
import type { UserRow } from '../../schema';
import type { Db } from '../shared/types';

/** Emails are compared and stored trimmed and lowercased. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** What `GET /api/user` shows: the user joined with the business name and logo. */
export interface UserProfile {
  id: number;
  business_id: number;
  name: string;
  email: string;
  phone: string | null;
  role: string;
  avatar_path: string | null;
  business_name: string;
  company_logo: string | null;
  /** The business's display preferences (business settings), carried by `GET /api/user`. */
  date_format: string;
  first_day_of_week: number;
}

export async function findUserByEmail(db: Db, params: { email: string }): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('email', '=', normalizeEmail(params.email)).executeTakeFirst();
}

export async function emailExists(db: Db, params: { email: string }): Promise<boolean> {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where('email', '=', normalizeEmail(params.email))
    .executeTakeFirst();
  return row !== undefined;
}

export async function createUser(
  db: Db,
  params: {
    businessId: number;
    name: string;
    email: string;
    phone?: string | null;
    passwordHash: string;
    role: string;
    avatarPath?: string | null;
    now: Date;
  },
): Promise<UserRow> {
  const now = toDbTime(params.now);
  return db
    .insertInto('users')
    .values({
      business_id: params.businessId,
      name: params.name,
      email: normalizeEmail(params.email),
      phone: params.phone ?? null,
      password_hash: params.passwordHash,
      role: params.role,
      avatar_path: params.avatarPath ?? null,
      created_at: now,
      updated_at: now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** The user's profile, only within the caller's business: another business's user id answers undefined. */
export async function findUserProfile(
  db: Db,
  params: { businessId: number; userId: number },
): Promise<UserProfile | undefined> {
  return db
    .selectFrom('users')
    .innerJoin('businesses', 'businesses.id', 'users.business_id')
    .select([
      'users.id',
      'users.business_id',
      'users.name',
      'users.email',
      'users.phone',
      'users.role',
      'users.avatar_path',
      'businesses.name as business_name',
      'businesses.company_logo',
      'businesses.date_format',
      'businesses.first_day_of_week',
    ])
    .where('users.id', '=', params.userId)
    .where('users.business_id', '=', params.businessId)
    .executeTakeFirst();
}

export async function updateUserPassword(
  db: Db,
  params: { businessId: number; userId: number; passwordHash: string; now: Date },
): Promise<void> {
  await db
    .updateTable('users')
    .set({ password_hash: params.passwordHash, updated_at: toDbTime(params.now) })
    .where('id', '=', params.userId)
    .where('business_id', '=', params.businessId)
    .execute();
}
