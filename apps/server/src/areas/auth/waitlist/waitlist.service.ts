import { MESSAGES, WAITLIST_BOT_THRESHOLD_MS, type WaitlistRequest, type WaitlistResponse } from '@ledgerleaf/domain';
import { addWaitlistEntry } from '@ledgerleaf/db';
import type { Deps } from '../../../lib/context';
import { validationError } from '../../../lib/errors';

/**
 * The waiting list, with the browser's bot rules checked again here: a filled honeypot gets the
 * success answer and nothing is stored; a form submitted sooner than 1.5 s after it loaded (or
 * "loaded" in the future) is refused. A known address answers success again without a second row.
 */
export async function joinWaitlist(
  deps: Deps,
  params: { input: WaitlistRequest; ip: string; userAgent: string | undefined },
): Promise<WaitlistResponse> {
  const success: WaitlistResponse = { success: true, message: MESSAGES.waitlistSuccess };
  if (params.input.website.trim() !== '') {
    deps.logger.info({ ip: params.ip }, 'waiting list honeypot filled: ignored');
    return success;
  }
  const elapsed = deps.clock().getTime() - params.input.timestamp;
  if (elapsed < WAITLIST_BOT_THRESHOLD_MS)
    throw validationError({ email: [MESSAGES.waitlistTooFast] }, { success: false });
  await addWaitlistEntry(deps.db, {
    email: params.input.email,
    ip: params.ip,
    userAgent: params.userAgent ?? null,
    now: deps.clock(),
  });
  return success;
}
