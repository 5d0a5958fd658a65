import { readUserValue, STORAGE_KEYS, type User } from '@ledgerleaf/domain';

/** localStorage can throw (privacy modes, quota): the app keeps working in memory then. */
function store(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

export function readToken(): string | null {
  const value = store()?.getItem(STORAGE_KEYS.token);
  return value ? value : null;
}

export function writeToken(token: string): void {
  try {
    store()?.setItem(STORAGE_KEYS.token, token);
  } catch (error) {
    console.warn('Could not store the token', error);
  }
}

/** The stored user, or null when it is missing or not a user any more (old shape, hand edits). */
export function readUser(): User | null {
  const raw = store()?.getItem(STORAGE_KEYS.user);
  if (!raw) return null;
  try {
    // userSchema's check in plain code: zod is not loaded by the sign-in page.
    return readUserValue(JSON.parse(raw));
  } catch {
    return null;
  }
}

export function writeUser(user: User): void {
  try {
    store()?.setItem(STORAGE_KEYS.user, JSON.stringify(user));
  } catch (error) {
    console.warn('Could not store the user', error);
  }
}

export function clearAuthStorage(): void {
  const storage = store();
  storage?.removeItem(STORAGE_KEYS.token);
  storage?.removeItem(STORAGE_KEYS.user);
}
