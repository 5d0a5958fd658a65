import { STORAGE_KEYS } from '@ledgerleaf/domain';

/** SPEC.md section 2: the button shows only when the local flag `betaVersion` is 'true'. */
export function isBetaVersion(): boolean {
  try {
    return localStorage.getItem(STORAGE_KEYS.betaVersion) === 'true';
  } catch {
    return false;
  }
}
