import {
  DATE_FORMATS,
  DEFAULT_DATE_FORMAT,
  previewNextNumber,
  type BusinessDetails,
  type BusinessDetailsRequest,
  type NumberingResponse,
  type NumberingSettings,
} from '@ledgerleaf/domain';
import {
  findBusinessDetails,
  findDocumentCounter,
  findInvoiceNumbering,
  updateBusinessDetails,
  updateInvoiceNumbering,
} from '@ledgerleaf/db';
import type { AuthContext, Deps } from '../../../lib/context';
import { notFound } from '../../../lib/errors';
import { publish } from '../../../lib/events';

/*
 * Business settings (owners and admins write them): the details printed on invoices and estimates
 * (address, tax id, logo), the invoice text defaults, the date format and first day of the week,
 * and the invoice number pattern.
 */

export async function getBusinessDetails(deps: Deps, { auth }: { auth: AuthContext }): Promise<BusinessDetails> {
  const row = await findBusinessDetails(deps.db, { businessId: auth.businessId });
  if (!row) throw notFound();
  const dateFormat = (DATE_FORMATS as readonly string[]).includes(row.date_format)
    ? (row.date_format as BusinessDetails['date_format'])
    : DEFAULT_DATE_FORMAT;
  return { ...row, date_format: dateFormat };
}

export async function saveBusinessDetails(
  deps: Deps,
  { auth, input }: { auth: AuthContext; input: BusinessDetailsRequest },
): Promise<BusinessDetails> {
  await deps.db.transaction().execute(async (tx) => {
    const now = deps.clock();
    await updateBusinessDetails(tx, { businessId: auth.businessId, details: input, now });
    await publish(tx, {
      type: 'settings.business_updated',
      businessId: auth.businessId,
      userId: auth.userId,
      subject: { type: 'business', id: auth.businessId },
      data: { fields: Object.keys(input) },
      at: now,
    });
  });
  return getBusinessDetails(deps, { auth });
}

/** Numbering settings, the counter they continue from, and the number the next invoice gets today. */
export async function getNumbering(deps: Deps, { auth }: { auth: AuthContext }): Promise<NumberingResponse> {
  const numbering = await findInvoiceNumbering(deps.db, { businessId: auth.businessId });
  if (!numbering) throw notFound();
  const counter = await findDocumentCounter(deps.db, { businessId: auth.businessId, kind: 'invoice' });
  const settings = numbering as NumberingSettings;
  return { data: numbering, counter, next_number: previewNextNumber(settings, counter, deps.clock().getUTCFullYear()) };
}

export async function saveNumbering(
  deps: Deps,
  { auth, input }: { auth: AuthContext; input: NumberingSettings },
): Promise<NumberingResponse> {
  await deps.db.transaction().execute(async (tx) => {
    const now = deps.clock();
    await updateInvoiceNumbering(tx, { businessId: auth.businessId, settings: input, now });
    await publish(tx, {
      type: 'settings.numbering_updated',
      businessId: auth.businessId,
      userId: auth.userId,
      subject: { type: 'business', id: auth.businessId },
      data: { ...input },
      at: now,
    });
  });
  return getNumbering(deps, { auth });
}
