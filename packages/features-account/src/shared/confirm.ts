import { useConfirm, type ConfirmationOptions } from '@ledgerleaf/ui';

/** The confirmation dialog as a boolean: true when confirmed, false when cancelled. */
export function useAsk(): (options: ConfirmationOptions) => Promise<boolean> {
  const confirm = useConfirm();
  return async (options) => {
    try {
      return await confirm(options);
    } catch {
      return false;
    }
  };
}
