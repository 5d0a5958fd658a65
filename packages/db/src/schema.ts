import type { Generated, Insertable, Selectable, Updateable } from 'kysely';

/** ISO-8601 UTC instant, e.g. `2025-01-31T12:00:00.000Z` (see `timestampType`). */
export type Timestamp = string;

export interface BusinessesTable {
  id: Generated<number>;
  name: string;
  phone: string | null;
  email: string | null;
  company_logo: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface UsersTable {
  id: Generated<number>;
  business_id: number;
  name: string;
  /** Stored lowercased and trimmed: the unique index is therefore case-insensitive on both dialects. */
  email: string;
  phone: string | null;
  password_hash: string;
  /** One of domain's ROLE_NAMES; the API answers `roles: [{ name: role }]`. */
  role: string;
  avatar_path: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface PersonalAccessTokensTable {
  id: Generated<number>;
  business_id: number;
  user_id: number;
  name: string;
  /** Hex SHA-256 of the token; the token itself is never stored. */
  token_hash: string;
  last_used_at: Timestamp | null;
  expires_at: Timestamp | null;
  revoked_at: Timestamp | null;
  created_at: Timestamp;
}

export interface PasswordResetTokensTable {
  id: Generated<number>;
  business_id: number;
  user_id: number;
  token_hash: string;
  expires_at: Timestamp;
  used_at: Timestamp | null;
  created_at: Timestamp;
}

export interface WaitlistEntriesTable {
  id: Generated<number>;
  /** Lowercased; unique. */
  email: string;
  ip: string | null;
  user_agent: string | null;
  created_at: Timestamp;
}

export interface OutboxEmailsTable {
  id: Generated<number>;
  /** Null for mail that belongs to no business yet. */
  business_id: number | null;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string | null;
  /** 'log' (kept here and written to the log) or 'smtp'. */
  transport: string;
  created_at: Timestamp;
  sent_at: Timestamp | null;
  error: string | null;
}

/** One row per failed sign-in, keyed by `email:<address>` and by `ip:<address>`; shared by all instances. */
export interface LoginAttemptsTable {
  id: Generated<number>;
  throttle_key: string;
  attempted_at: Timestamp;
}

export interface Database {
  businesses: BusinessesTable;
  users: UsersTable;
  personal_access_tokens: PersonalAccessTokensTable;
  password_reset_tokens: PasswordResetTokensTable;
  waitlist_entries: WaitlistEntriesTable;
  outbox_emails: OutboxEmailsTable;
  login_attempts: LoginAttemptsTable;
}

export type Business = Selectable<BusinessesTable>;
export type NewBusiness = Insertable<BusinessesTable>;
export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type PersonalAccessToken = Selectable<PersonalAccessTokensTable>;
export type PasswordResetToken = Selectable<PasswordResetTokensTable>;
export type WaitlistEntry = Selectable<WaitlistEntriesTable>;
export type OutboxEmail = Selectable<OutboxEmailsTable>;
