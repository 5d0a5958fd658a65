import type { InvoicingSettings } from '@ledgerleaf/domain';
import { findInvoicingSettings, updateInvoicingSettings } from '@ledgerleaf/db';
import type { AuthContext, Deps } from '../../../lib/context';
import { notFound } from '../../../lib/errors';
import { publish } from '../../../lib/events';

export const SETTINGS_MESSAGES = { saved: 'Settings saved.' } as const;

export async function getInvoicingSettings(deps: Deps, params: { auth: AuthContext }): Promise<InvoicingSettings> {
  const settings = await findInvoicingSettings(deps.db, { businessId: params.auth.businessId });
  if (!settings) throw notFound();
  return settings;
}

export async function saveInvoicingSettings(
  deps: Deps,
  params: { auth: AuthContext; input: InvoicingSettings },
): Promise<InvoicingSettings> {
  const { businessId, userId } = params.auth;
  return deps.db.transaction().execute(async (tx) => {
    const now = deps.clock();
    await updateInvoicingSettings(tx, { businessId, settings: params.input, now });
    await publish(tx, {
      type: 'settings.invoicing_updated',
      businessId,
      userId,
      subject: { type: 'business', id: businessId },
      data: { ...params.input },
      at: now,
    });
    const settings = await findInvoicingSettings(tx, { businessId });
    if (!settings) throw notFound();
    return settings;
  });
}
