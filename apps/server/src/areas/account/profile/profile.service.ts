import { existsSync, readFileSync } from 'node:fs';
import { strToU8, zipSync, type Zippable } from 'fflate';
import {
  ACCOUNT_MESSAGES,
  formatUsPhone,
  type AccountDeletion,
  type PasswordChange,
  type Profile,
  type UploadKind,
} from '@ledgerleaf/domain';
import {
  countOwners,
  deleteBusiness,
  deleteUser,
  emailExists,
  exportBusinessTable,
  findUserProfile,
  findUserRow,
  listBusinessTables,
  revokeOtherAccessTokens,
  setBusinessLogo,
  setUserAvatar,
  updateUserContact,
  updateUserPassword,
  type UserProfile,
} from '@ledgerleaf/db';
import type { AuthContext, Deps } from '../../../lib/context';
import { toCsv } from '../../../lib/csv';
import { notFound, validationError } from '../../../lib/errors';
import { publish } from '../../../lib/events';
import { toApiUser } from '../../auth/user-view';
import { removeBusinessUploads, removeUpload, storeUpload, uploadFile } from './uploads';

export function toProfile(profile: UserProfile): Profile {
  return { ...toApiUser(profile), phone: profile.phone, role: profile.role, business_id: profile.business_id };
}

export async function getProfile(deps: Deps, { auth }: { auth: AuthContext }): Promise<Profile> {
  const profile = await findUserProfile(deps.db, { businessId: auth.businessId, userId: auth.userId });
  if (!profile) throw notFound();
  return toProfile(profile);
}

/** Email and phone; name and business name never change after registration (SPEC.md section 2). */
export async function updateProfile(
  deps: Deps,
  { auth, input }: { auth: AuthContext; input: { email: string; phone: string | null } },
): Promise<Profile> {
  const email = input.email.trim().toLowerCase();
  if (email !== auth.user.email && (await emailExists(deps.db, { email })))
    throw validationError({ email: [ACCOUNT_MESSAGES.emailTaken] });
  await deps.db.transaction().execute(async (tx) => {
    const now = deps.clock();
    await updateUserContact(tx, {
      businessId: auth.businessId,
      userId: auth.userId,
      email,
      phone: input.phone ? formatUsPhone(input.phone) : null,
      now,
    });
    await publish(tx, {
      type: 'profile.updated',
      businessId: auth.businessId,
      userId: auth.userId,
      subject: { type: 'user', id: auth.userId },
      data: { email_changed: email !== auth.user.email },
      at: now,
    });
  });
  return getProfile(deps, { auth });
}

async function checkPassword(deps: Deps, auth: AuthContext, password: string): Promise<void> {
  const user = await findUserRow(deps.db, { businessId: auth.businessId, userId: auth.userId });
  if (!user || !(await deps.hasher.verify(user.password_hash, password)))
    throw validationError({ current_password: [ACCOUNT_MESSAGES.currentPasswordWrong] });
}

/** ASVS 7.4.3: the current password is checked, and every other token of the user is revoked. */
export async function changePassword(
  deps: Deps,
  { auth, input }: { auth: AuthContext; input: PasswordChange },
): Promise<{ revoked: number }> {
  await checkPassword(deps, auth, input.current_password);
  const passwordHash = await deps.hasher.hash(input.password);
  return deps.db.transaction().execute(async (tx) => {
    const now = deps.clock();
    await updateUserPassword(tx, { businessId: auth.businessId, userId: auth.userId, passwordHash, now });
    const revoked = await revokeOtherAccessTokens(tx, {
      businessId: auth.businessId,
      userId: auth.userId,
      exceptTokenId: auth.tokenId,
      now,
    });
    await publish(tx, {
      type: 'profile.password_changed',
      businessId: auth.businessId,
      userId: auth.userId,
      subject: { type: 'user', id: auth.userId },
      data: { revoked },
      at: now,
    });
    return { revoked };
  });
}

export async function signOutOtherDevices(deps: Deps, { auth }: { auth: AuthContext }): Promise<{ revoked: number }> {
  const revoked = await revokeOtherAccessTokens(deps.db, {
    businessId: auth.businessId,
    userId: auth.userId,
    exceptTokenId: auth.tokenId,
    now: deps.clock(),
  });
  return { revoked };
}

/** Stores a new avatar or company logo and removes the file it replaces. */
export async function saveUpload(
  deps: Deps,
  { auth, kind, file }: { auth: AuthContext; kind: UploadKind; file: { bytes: Buffer; extension: string } },
): Promise<Profile> {
  const path = storeUpload(deps.config.uploadsDir, {
    kind,
    businessId: auth.businessId,
    bytes: file.bytes,
    extension: file.extension,
  });
  const now = deps.clock();
  const previous =
    kind === 'avatar'
      ? await setUserAvatar(deps.db, { businessId: auth.businessId, userId: auth.userId, path, now })
      : await setBusinessLogo(deps.db, { businessId: auth.businessId, path, now });
  if (previous !== path) removeUpload(deps.config.uploadsDir, previous);
  return getProfile(deps, { auth });
}

export async function clearUpload(
  deps: Deps,
  { auth, kind }: { auth: AuthContext; kind: UploadKind },
): Promise<Profile> {
  const now = deps.clock();
  const previous =
    kind === 'avatar'
      ? await setUserAvatar(deps.db, { businessId: auth.businessId, userId: auth.userId, path: null, now })
      : await setBusinessLogo(deps.db, { businessId: auth.businessId, path: null, now });
  removeUpload(deps.config.uploadsDir, previous);
  return getProfile(deps, { auth });
}

function csvValue(value: unknown): string | number | boolean | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'string') return value;
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'bigint') return value.toString();
  return JSON.stringify(value);
}

/**
 * Everything of the business as a zip: `data.json` (every table, as stored, secrets left out),
 * one CSV per table under `csv/`, and the uploaded images under `files/`. Tables come from the
 * database catalogue, so a table a later issue adds is exported too.
 */
export async function exportBusinessData(
  deps: Deps,
  { auth }: { auth: AuthContext },
): Promise<{ filename: string; zip: Uint8Array }> {
  const tables = await listBusinessTables(deps.db);
  const data: Record<string, Record<string, unknown>[]> = {};
  for (const table of tables) data[table] = await exportBusinessTable(deps.db, { businessId: auth.businessId, table });
  const now = deps.clock();
  const entries: Zippable = {
    'data.json': strToU8(
      JSON.stringify({ exported_at: now.toISOString(), business_id: auth.businessId, tables: data }, null, 2),
    ),
  };
  const csv: Zippable = {};
  for (const [table, rows] of Object.entries(data)) {
    const columns = [...new Set(rows.flatMap((row) => Object.keys(row)))];
    csv[`${table}.csv`] = strToU8(
      toCsv(
        columns,
        rows.map((row) => Object.fromEntries(columns.map((column) => [column, csvValue(row[column])]))),
      ),
    );
  }
  entries.csv = csv;
  const files: Zippable = {};
  const paths = [
    ...(data.businesses ?? []).map((row) => row.company_logo),
    ...(data.users ?? []).map((row) => row.avatar_path),
  ];
  for (const path of paths) {
    if (typeof path !== 'string') continue;
    const file = uploadFile(deps.config.uploadsDir, path);
    if (file && existsSync(file)) files[path] = readFileSync(file);
  }
  if (Object.keys(files).length > 0) entries.files = files;
  await deps.db.transaction().execute((tx) =>
    publish(tx, {
      type: 'account.exported',
      businessId: auth.businessId,
      userId: auth.userId,
      subject: { type: 'business', id: auth.businessId },
      data: { tables: tables.length },
      at: now,
    }),
  );
  return { filename: `ledgerleaf-export-${now.toISOString().slice(0, 10)}.zip`, zip: zipSync(entries, { level: 6 }) };
}

/**
 * Deletes the caller's account after checking the password. The last owner takes the business and
 * everything of it (every member's account included); anyone else leaves the business, which keeps
 * what they recorded.
 */
export async function deleteAccount(
  deps: Deps,
  { auth, input }: { auth: AuthContext; input: AccountDeletion },
): Promise<{ business_deleted: boolean; message: string }> {
  await checkPassword(deps, auth, input.current_password);
  const businessDeleted = await deps.db.transaction().execute(async (tx) => {
    const lastOwner = auth.user.role === 'owner' && (await countOwners(tx, { businessId: auth.businessId })) <= 1;
    if (lastOwner) {
      await deleteBusiness(tx, { businessId: auth.businessId });
      return true;
    }
    await publish(tx, {
      type: 'team.member_left',
      businessId: auth.businessId,
      userId: null,
      subject: { type: 'user', id: auth.userId },
      data: { email: auth.user.email, role: auth.user.role },
      at: deps.clock(),
    });
    await deleteUser(tx, { businessId: auth.businessId, userId: auth.userId });
    return false;
  });
  if (businessDeleted) removeBusinessUploads(deps.config.uploadsDir, auth.businessId);
  else removeUpload(deps.config.uploadsDir, auth.user.avatar_path);
  return {
    business_deleted: businessDeleted,
    message: businessDeleted ? ACCOUNT_MESSAGES.businessDeleted : ACCOUNT_MESSAGES.accountDeleted,
  };
}
