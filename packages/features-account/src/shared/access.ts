import { useSelector } from 'react-redux';
import { selectUser } from '@ledgerleaf/api';
import { canWrite, isAdmin, isOwner } from '@ledgerleaf/domain';

/** What the signed-in person may do; the server enforces the same rules on every request. */
export function useAccess(): { isAdmin: boolean; isOwner: boolean; canWrite: boolean } {
  const user = useSelector(selectUser);
  return { isAdmin: isAdmin(user), isOwner: isOwner(user), canWrite: canWrite(user) };
}
