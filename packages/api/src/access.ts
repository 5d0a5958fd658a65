import { isOwner, userMay, type AccessLevel } from '@ledgerleaf/domain';
import { selectUser } from './auth-slice';
import { useAppSelector } from './store';

/**
 * Whether the signed-in person may do what needs `access` (the domain's table of role capabilities,
 * the same one the server enforces on every route). No one signed in: nothing.
 */
export function useMay(access: AccessLevel): boolean {
  return userMay(useAppSelector(selectUser), access);
}

/** Whether the signed-in person may change the business's data: every role but the read-only one. */
export function useCanWrite(): boolean {
  return useMay('write');
}

/** What the signed-in person may do, for screens that need several answers; the server enforces the same on every request. */
export function useAccess(): { canWrite: boolean; isAdmin: boolean; isOwner: boolean } {
  const user = useAppSelector(selectUser);
  return { canWrite: userMay(user, 'write'), isAdmin: userMay(user, 'admin'), isOwner: isOwner(user) };
}
