import {
  CRM_MESSAGES,
  isLeadReadOnly,
  leadStatusesOf,
  pageMeta,
  toCents,
  zonedDateRange,
  type Lead,
  type LeadBulkRequest,
  type LeadBulkResponse,
  type LeadListQuery,
  type LeadPage,
  type LeadRequest,
  type LeadStatus,
} from '@ledgerleaf/domain';
import {
  bulkAssignLeadOwner,
  bulkSetLeadStatus,
  deleteLeads,
  findCrmSettings,
  findLead,
  findLeadsByEmails,
  insertLead,
  isUniqueViolation,
  listLeads as listLeadRows,
  updateLead as updateLeadRow,
  type Db,
  type LeadFields,
} from '@ledgerleaf/db';
import type { AuthContext, Deps } from '../../lib/context';
import { AppError, notFound, validationError } from '../../lib/errors';
import { businessTimeZone } from '../../lib/business-clock';
import { checkReferences } from './crm-common';
import { leadView, loadLead } from './lead-view';

/*
 * Leads: CRUD, the list, bulk actions, CSV export and import, client matches and conversion. The CSV
 * export and import are in `lead-csv.ts`, client matches and conversion in `lead-conversion.ts`
 * (re-exported here for the routes).
 */

export { exportLeadsCsv, importLeads, previewLeadImport } from './lead-csv';
export { clientMatches, convertLead } from './lead-conversion';

function leadFields(input: LeadRequest, ownerUserId: number | null): LeadFields {
  return {
    person_name: input.person_name,
    company_name: input.company_name,
    email: input.email,
    phone: input.phone,
    source_id: input.source_id,
    status: input.status,
    owner_user_id: ownerUserId,
    estimated_value_cents: input.estimated_value === null ? null : toCents(input.estimated_value),
    notes: input.notes,
  };
}

function duplicateEmail(): AppError {
  return validationError({ email: [CRM_MESSAGES.duplicateEmailInBusiness] });
}

async function checkEmailFree(db: Db, businessId: number, email: string | null, exceptLeadId?: number) {
  if (!email) return;
  const found = await findLeadsByEmails(db, {
    businessId,
    emails: [email],
    ...(exceptLeadId === undefined ? {} : { exceptLeadId }),
  });
  if (found.length > 0) throw duplicateEmail();
}

function uniqueEmail(error: unknown): never {
  if (isUniqueViolation(error)) throw duplicateEmail();
  throw error;
}

export async function listLeads(
  deps: Deps,
  { auth, query }: { auth: AuthContext; query: LeadListQuery },
): Promise<LeadPage> {
  const range = zonedDateRange(
    { from: query.created_from, to: query.created_to },
    await businessTimeZone(deps.db, auth.businessId),
  );
  const { rows, total } = await listLeadRows(deps.db, {
    businessId: auth.businessId,
    search: query.search,
    statuses: leadStatusesOf(query.status),
    sourceId: query.source_id,
    ownerId: query.owner_id,
    createdSince: range.since,
    createdBefore: range.before,
    sort: query.sort,
    direction: query.direction,
    limit: query.per_page,
    offset: (query.page - 1) * query.per_page,
  });
  return { data: rows.map(leadView), meta: pageMeta(query.page, query.per_page, total) };
}

export async function getLead(deps: Deps, { auth, leadId }: { auth: AuthContext; leadId: number }): Promise<Lead> {
  return loadLead(deps.db, auth.businessId, leadId);
}

/** A new lead; an omitted owner is the settings' default owner, else the person creating it. */
export async function createLead(
  deps: Deps,
  { auth, input }: { auth: AuthContext; input: LeadRequest },
): Promise<Lead> {
  const businessId = auth.businessId;
  await checkReferences(deps.db, businessId, { source_id: input.source_id, owner_user_id: input.owner_user_id });
  await checkEmailFree(deps.db, businessId, input.email);
  const settings = await findCrmSettings(deps.db, { businessId });
  const owner = input.owner_user_id ?? settings.default_owner_user_id ?? auth.userId;
  const { id } = await insertLead(deps.db, {
    businessId,
    fields: leadFields(input, owner),
    userId: auth.userId,
    now: deps.clock(),
  }).catch(uniqueEmail);
  return loadLead(deps.db, businessId, id);
}

export async function updateLead(
  deps: Deps,
  { auth, leadId, input }: { auth: AuthContext; leadId: number; input: LeadRequest },
): Promise<Lead> {
  const businessId = auth.businessId;
  const current = await findLead(deps.db, { businessId, leadId });
  if (!current) throw notFound(CRM_MESSAGES.leadNotFound);
  if (isLeadReadOnly(current.status as LeadStatus)) throw readOnly();
  await checkReferences(deps.db, businessId, { source_id: input.source_id, owner_user_id: input.owner_user_id });
  await checkEmailFree(deps.db, businessId, input.email, leadId);
  const result = await updateLeadRow(deps.db, {
    businessId,
    leadId,
    fields: leadFields(input, input.owner_user_id),
    now: deps.clock(),
  }).catch(uniqueEmail);
  if (result === 'not_found') throw notFound(CRM_MESSAGES.leadNotFound);
  if (result === 'read_only') throw readOnly();
  return loadLead(deps.db, businessId, leadId);
}

function readOnly(): AppError {
  return new AppError(409, CRM_MESSAGES.leadReadOnly, { extra: { status: 'converted' } });
}

export async function deleteLead(deps: Deps, { auth, leadId }: { auth: AuthContext; leadId: number }): Promise<void> {
  const deleted = await deleteLeads(deps.db, { businessId: auth.businessId, ids: [leadId] });
  if (deleted === 0) throw notFound(CRM_MESSAGES.leadNotFound);
}

export async function bulkLeads(
  deps: Deps,
  { auth, input }: { auth: AuthContext; input: LeadBulkRequest },
): Promise<LeadBulkResponse> {
  const businessId = auth.businessId;
  const now = deps.clock();
  if (input.action === 'delete') {
    const affected = await deleteLeads(deps.db, { businessId, ids: input.ids });
    return { message: CRM_MESSAGES.bulkDeleted(affected), affected, skipped: 0 };
  }
  let result: { affected: number; skipped: number };
  if (input.action === 'assign_owner') {
    await checkReferences(deps.db, businessId, { owner_user_id: input.owner_user_id });
    result = await bulkAssignLeadOwner(deps.db, { businessId, ids: input.ids, ownerUserId: input.owner_user_id, now });
  } else {
    result = await bulkSetLeadStatus(deps.db, { businessId, ids: input.ids, status: input.status, now });
  }
  const message = [
    CRM_MESSAGES.bulkDone(result.affected),
    ...(result.skipped > 0 ? [CRM_MESSAGES.bulkSkippedConverted(result.skipped)] : []),
  ].join(' ');
  return { message, ...result };
}
