import type { ReminderStep, ReminderStepsRequest } from '@ledgerleaf/domain';
import { listReminderSteps, replaceReminderSteps } from '@ledgerleaf/db';
import type { AuthContext, Deps } from '../../../lib/context';
import { publish } from '../../../lib/events';

/*
 * The invoice reminder schedule (`/settings/invoice-reminders`): steps of days relative to the due
 * date (negative before it), each on or off. The account area's reminders job reads it on every
 * scheduler pass.
 */

export async function getReminderSteps(deps: Deps, { auth }: { auth: AuthContext }): Promise<ReminderStep[]> {
  return listReminderSteps(deps.db, { businessId: auth.businessId });
}

/** Replaces the whole schedule, with a `settings.reminders_updated` event; answers it as stored. */
export async function saveReminderSteps(
  deps: Deps,
  { auth, input }: { auth: AuthContext; input: ReminderStepsRequest },
): Promise<ReminderStep[]> {
  return deps.db.transaction().execute(async (tx) => {
    const now = deps.clock();
    await replaceReminderSteps(tx, { businessId: auth.businessId, steps: input.steps, now });
    await publish(tx, {
      type: 'settings.reminders_updated',
      businessId: auth.businessId,
      userId: auth.userId,
      subject: { type: 'business', id: auth.businessId },
      data: { steps: input.steps },
      at: now,
    });
    return listReminderSteps(tx, { businessId: auth.businessId });
  });
}
