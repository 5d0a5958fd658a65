import {
  CATALOG_MESSAGES,
  CRM_MESSAGES,
  LEAD_CSV_COLUMNS,
  LEAD_CSV_EXPORT_ONLY,
  addFieldErrors,
  duplicateEmailLines,
  fromCents,
  initialStageState,
  isLeadReadOnly,
  leadCsvRowToRequest,
  leadDisplayName,
  leadImportRowSchema,
  leadStatusesOf,
  pageMeta,
  toCents,
  toFieldErrors,
  zonedDateRange,
  type FieldErrors,
  type ImportResult,
  type Lead,
  type LeadBulkRequest,
  type LeadBulkResponse,
  type LeadClientMatch,
  type LeadConvertRequest,
  type LeadConvertResponse,
  type LeadImportPreview,
  type LeadImportRow,
  type LeadListQuery,
  type LeadPage,
  type LeadRequest,
  type LeadStatus,
  type StageType,
} from '@ledgerleaf/domain';
import {
  bulkAssignLeadOwner,
  bulkSetLeadStatus,
  deleteLeads,
  findClient,
  findClientMatchesForLead,
  findCrmSettings,
  findFirstOpenStage,
  findInvoicingSettings,
  findLead,
  findLeadSourcesByNames,
  findLeadsByEmails,
  findStage,
  insertClient,
  insertLead,
  insertLeads,
  insertOpportunity,
  isUniqueViolation,
  listAllLeads,
  listLeads as listLeadRows,
  listTeamMembers,
  lockLead,
  markLeadConverted,
  updateLead as updateLeadRow,
  type Db,
  type LeadFields,
  type LeadView,
} from '@ledgerleaf/db';
import type { AuthContext, Deps } from '../../lib/context';
import { parseCsv, toCsv } from '../../lib/csv';
import { AppError, notFound, validationError } from '../../lib/errors';
import { publish } from '../../lib/events';
import { importError } from '../invoicing/clients/clients.service';
import { businessTimeZone, checkReferences } from './crm-common';

/*
 * Leads: CRUD, the list, bulk actions, CSV export and import, client matches and conversion.
 */

export function leadView(row: LeadView): Lead {
  const status = row.status as LeadStatus;
  return {
    id: row.id,
    person_name: row.person_name,
    company_name: row.company_name,
    display_name: leadDisplayName(row),
    email: row.email,
    phone: row.phone,
    source_id: row.source_id,
    source_name: row.source_name,
    status,
    owner_user_id: row.owner_user_id,
    owner_name: row.owner_name,
    estimated_value: row.estimated_value_cents === null ? null : fromCents(Number(row.estimated_value_cents)),
    notes: row.notes,
    conversion: row.conversion_converted_at
      ? {
          converted_at: row.conversion_converted_at,
          converted_by_user_id: row.conversion_user_id,
          client_id: row.conversion_client_id,
          client_name: row.conversion_client_name,
          opportunity_id: row.conversion_opportunity_id,
          opportunity_title: row.conversion_opportunity_title,
        }
      : null,
    read_only: isLeadReadOnly(status),
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

async function loadLead(db: Db, businessId: number, leadId: number): Promise<Lead> {
  const row = await findLead(db, { businessId, leadId });
  if (!row) throw notFound(CRM_MESSAGES.leadNotFound);
  return leadView(row);
}

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

// ---------------------------------------------------------------- CSV

export async function exportLeadsCsv(
  deps: Deps,
  { auth, query }: { auth: AuthContext; query: LeadListQuery },
): Promise<string> {
  const businessId = auth.businessId;
  const range = zonedDateRange(
    { from: query.created_from, to: query.created_to },
    await businessTimeZone(deps.db, businessId),
  );
  const rows = await listAllLeads(deps.db, {
    businessId,
    search: query.search,
    statuses: leadStatusesOf(query.status),
    sourceId: query.source_id,
    ownerId: query.owner_id,
    createdSince: range.since,
    createdBefore: range.before,
  });
  const emails = new Map((await listTeamMembers(deps.db, { businessId })).map((member) => [member.id, member.email]));
  return toCsv(
    LEAD_CSV_COLUMNS,
    rows.map((row) => ({
      id: row.id,
      person_name: row.person_name,
      company_name: row.company_name,
      email: row.email,
      phone: row.phone,
      source: row.source_name,
      status: row.status,
      owner_email: row.owner_user_id === null ? null : (emails.get(row.owner_user_id) ?? null),
      estimated_value:
        row.estimated_value_cents === null ? null : fromCents(Number(row.estimated_value_cents)).toFixed(2),
      notes: row.notes,
      created_at: row.created_at,
      converted_at: row.converted_at,
    })),
  );
}

interface ResolvedRow {
  row: number;
  values: Record<string, string>;
  data: LeadImportRow | null;
  errors: FieldErrors;
  fields: LeadFields | null;
}

/** Reads and checks every row (sources and owners by name and email, duplicate emails in the file and the business). */
async function readLeadCsv(deps: Deps, auth: AuthContext, csv: string) {
  const businessId = auth.businessId;
  const parsed = parseCsv(csv, { known: LEAD_CSV_COLUMNS, required: [] });
  const mapped = parsed.rows.map(({ row, values }) => {
    for (const column of LEAD_CSV_EXPORT_ONLY) delete values[column];
    const request = leadCsvRowToRequest(values);
    const errors: FieldErrors = { ...request.errors };
    const result = leadImportRowSchema.safeParse(request.input);
    if (!result.success)
      for (const [field, messages] of Object.entries(toFieldErrors(result.error)))
        addFieldErrors(errors, field, ...messages);
    return { row, values, result: result.success ? result.data : null, errors };
  });
  const sourceNames = [...new Set(mapped.flatMap((entry) => (entry.result?.source ? [entry.result.source] : [])))];
  const sources = new Map(
    (await findLeadSourcesByNames(deps.db, { businessId, names: sourceNames })).map((source) => [
      source.sort_name,
      source.id,
    ]),
  );
  const owners = new Map(
    (await listTeamMembers(deps.db, { businessId })).map((member) => [member.email.toLowerCase(), member.id]),
  );
  const inFile = duplicateEmailLines(mapped.map((entry) => ({ line: entry.row, email: entry.result?.email })));
  const taken = new Set(
    (
      await findLeadsByEmails(deps.db, {
        businessId,
        emails: mapped.flatMap((entry) => (entry.result?.email ? [entry.result.email] : [])),
      })
    ).map((lead) => lead.email),
  );
  const settings = await findCrmSettings(deps.db, { businessId });
  const rows: ResolvedRow[] = mapped.map((entry) => {
    const errors = entry.errors;
    const data = entry.result;
    let fields: LeadFields | null = null;
    if (data) {
      const sourceId = data.source ? sources.get(data.source.trim().toLowerCase()) : null;
      if (data.source && sourceId === undefined)
        addFieldErrors(errors, 'source', CRM_MESSAGES.sourceUnknownName(data.source));
      const ownerId = data.owner_email ? owners.get(data.owner_email) : null;
      if (data.owner_email && ownerId === undefined)
        addFieldErrors(errors, 'owner_email', CRM_MESSAGES.ownerUnknownEmail(data.owner_email));
      const firstLine = inFile.get(entry.row);
      if (firstLine !== undefined) addFieldErrors(errors, 'email', CRM_MESSAGES.duplicateEmailInFile(firstLine));
      else if (data.email && taken.has(data.email))
        addFieldErrors(errors, 'email', CRM_MESSAGES.duplicateEmailInBusiness);
      fields = {
        person_name: data.person_name,
        company_name: data.company_name,
        email: data.email,
        phone: data.phone,
        source_id: sourceId ?? null,
        status: data.status,
        owner_user_id: ownerId ?? settings.default_owner_user_id ?? auth.userId,
        estimated_value_cents: data.estimated_value === null ? null : toCents(data.estimated_value),
        notes: data.notes,
      };
    }
    const valid = Object.keys(errors).length === 0 && data !== null;
    return { row: entry.row, values: entry.values, data: valid ? data : null, errors, fields: valid ? fields : null };
  });
  return { parsed, rows };
}

export async function previewLeadImport(
  deps: Deps,
  { auth, csv }: { auth: AuthContext; csv: string },
): Promise<LeadImportPreview> {
  const { parsed, rows } = await readLeadCsv(deps, auth, csv);
  const invalid = rows.filter((row) => Object.keys(row.errors).length > 0).length;
  return {
    columns: parsed.columns,
    rows: rows.map(({ fields: _fields, ...row }) => row),
    total: rows.length,
    valid: rows.length - invalid,
    invalid,
    errors: parsed.errors,
  };
}

/** All or nothing: any file or row error (a duplicate email included) answers 422 and imports nothing. */
export async function importLeads(
  deps: Deps,
  { auth, csv }: { auth: AuthContext; csv: string },
): Promise<ImportResult> {
  const { parsed, rows } = await readLeadCsv(deps, auth, csv);
  if (Object.keys(parsed.errors).length > 0 || rows.some((row) => Object.keys(row.errors).length > 0))
    throw importError({ errors: parsed.errors, rows });
  const ids = await deps.db
    .transaction()
    .execute((tx) =>
      insertLeads(tx, {
        businessId: auth.businessId,
        rows: rows.map((row) => row.fields as LeadFields),
        userId: auth.userId,
        now: deps.clock(),
      }),
    )
    .catch((error: unknown) => {
      // Another import or form took an email meanwhile: nothing was imported.
      if (isUniqueViolation(error))
        throw new AppError(422, CATALOG_MESSAGES.importHasErrors, {
          errors: { csv: [CRM_MESSAGES.duplicateEmailInBusiness] },
          extra: { rows: [] },
        });
      throw error;
    });
  return { message: CRM_MESSAGES.leadsImported(ids.length), imported: ids.length, ids };
}

// ---------------------------------------------------------------- conversion

export async function clientMatches(
  deps: Deps,
  { auth, leadId }: { auth: AuthContext; leadId: number },
): Promise<LeadClientMatch[]> {
  const lead = await findLead(deps.db, { businessId: auth.businessId, leadId });
  if (!lead) throw notFound(CRM_MESSAGES.leadNotFound);
  return findClientMatchesForLead(deps.db, {
    businessId: auth.businessId,
    email: lead.email,
    companyName: lead.company_name,
    limit: 10,
  });
}

/**
 * Converts a lead in ONE transaction: the lead is locked first (a second conversion waits and then
 * finds it converted: 409), the client is the existing one or a new one (published as
 * `client.created`, as the clients area does), the opportunity is created in the first open stage
 * (or the one given) with the lead's source and owner, and the lead is marked converted with links
 * to both. Any failure rolls everything back.
 */
export async function convertLead(
  deps: Deps,
  { auth, leadId, input }: { auth: AuthContext; leadId: number; input: LeadConvertRequest },
): Promise<LeadConvertResponse> {
  const businessId = auth.businessId;
  return deps.db.transaction().execute(async (tx) => {
    const now = deps.clock();
    const lead = await lockLead(tx, { businessId, leadId });
    if (!lead) throw notFound(CRM_MESSAGES.leadNotFound);
    if (lead.status === 'converted')
      throw new AppError(409, CRM_MESSAGES.leadAlreadyConverted, { extra: { status: 'converted' } });
    const opportunity = input.opportunity;
    const refErrors: FieldErrors = {};
    if (opportunity.owner_user_id !== null || opportunity.stage_id !== null) {
      try {
        await checkReferences(tx, businessId, {
          stage_id: opportunity.stage_id,
          owner_user_id: opportunity.owner_user_id,
        });
      } catch (error) {
        if (!(error instanceof AppError) || !error.details.errors) throw error;
        for (const [field, messages] of Object.entries(error.details.errors))
          refErrors[`opportunity.${field}`] = messages;
      }
    }
    let clientId: number;
    let clientName: string;
    if (input.client.mode === 'existing') {
      const client = await findClient(tx, { businessId, clientId: input.client.client_id });
      if (!client) refErrors['client.client_id'] = [CRM_MESSAGES.clientInvalid];
      clientId = input.client.client_id;
      clientName = client?.name ?? '';
    } else {
      clientId = 0;
      clientName = input.client.name;
    }
    if (Object.keys(refErrors).length > 0) throw validationError(refErrors);
    const stage = opportunity.stage_id
      ? await findStage(tx, { businessId, stageId: opportunity.stage_id })
      : await findFirstOpenStage(tx, { businessId });
    if (!stage) throw validationError({ 'opportunity.stage_id': [CRM_MESSAGES.stageInvalid] });
    const state = initialStageState(
      { id: stage.id, type: stage.type as StageType, probability: stage.probability },
      { now, probability: opportunity.probability },
    );
    if (!state.ok) throw validationError({ 'opportunity.stage_id': [state.message] });
    if (input.client.mode === 'new') {
      const settings = await findInvoicingSettings(tx, { businessId });
      const created = await insertClient(tx, {
        businessId,
        fields: {
          kind: input.client.kind,
          name: input.client.name,
          email: input.client.email,
          phone: input.client.phone,
          billing_line1: null,
          billing_line2: null,
          billing_city: null,
          billing_state: null,
          billing_postal_code: null,
          billing_country: null,
          shipping_line1: null,
          shipping_line2: null,
          shipping_city: null,
          shipping_state: null,
          shipping_postal_code: null,
          shipping_country: null,
          payment_terms_days: settings?.default_payment_terms_days ?? 30,
          notes: null,
          tax_id: null,
          is_active: true,
        },
        contacts: [],
        now,
      });
      clientId = created.id;
      await publish(tx, {
        type: 'client.created',
        businessId,
        userId: auth.userId,
        subject: { type: 'client', id: clientId },
        data: { name: input.client.name },
        at: now,
      });
    }
    const { id: opportunityId } = await insertOpportunity(tx, {
      businessId,
      fields: {
        title: opportunity.title,
        client_id: clientId,
        lead_id: leadId,
        amount_cents: toCents(opportunity.amount),
        stage_id: stage.id,
        probability: state.probability,
        expected_close_date: opportunity.expected_close_date,
        owner_user_id: opportunity.owner_user_id ?? lead.owner_user_id,
        source_id: lead.source_id,
        notes: opportunity.notes,
        lost_reason_id: null,
        lost_note: null,
        closed_at: state.closed_at,
      },
      userId: auth.userId,
      now,
    });
    const marked = await markLeadConverted(tx, {
      businessId,
      leadId,
      clientId,
      opportunityId,
      userId: auth.userId,
      now,
    });
    if (!marked) throw new AppError(409, CRM_MESSAGES.leadAlreadyConverted, { extra: { status: 'converted' } });
    return {
      data: { lead: await loadLead(tx, businessId, leadId), client_id: clientId, opportunity_id: opportunityId },
      message: CRM_MESSAGES.leadConverted(clientName),
    };
  });
}
