import { canWrite } from '@ledgerleaf/domain';
import { selectUser, useAppSelector } from '@ledgerleaf/api';

/** Whether the signed-in person may change the business's data (any role but the read-only one); the server enforces the same. */
export function useCanWrite(): boolean {
  return canWrite(useAppSelector(selectUser));
}
