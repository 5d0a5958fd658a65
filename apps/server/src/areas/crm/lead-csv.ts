import {
  CATALOG_MESSAGES,
  CRM_MESSAGES,
  LEAD_CSV_COLUMNS,
  LEAD_CSV_EXPORT_ONLY,
  addFieldErrors,
  duplicateEmailLines,
  fromCents,
  leadCsvRowToRequest,
  leadImportRowSchema,
  leadStatusesOf,
  toCents,
  toFieldErrors,
  zonedDateRange,
  type FieldErrors,
  type ImportResult,
  type LeadImportPreview,
  type LeadImportRow,
  type LeadListQuery,
} from '@ledgerleaf/domain';
import {
  findCrmSettings,
  findLeadSourcesByNames,
  findLeadsByEmails,
  insertLeads,
  isUniqueViolation,
  listAllLeads,
  listTeamMembers,
  type LeadFields,
} from '@ledgerleaf/db';
import type { AuthContext, Deps } from '../../lib/context';
import { parseCsv, toCsv } from '../../lib/csv';
import { AppError } from '../../lib/errors';
import { importError } from '../../lib/catalog-routes';
import { businessTimeZone } from '../../lib/business-clock';

/* Leads as CSV: the export of a list filter, and the import (preview, then all or nothing). */

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
