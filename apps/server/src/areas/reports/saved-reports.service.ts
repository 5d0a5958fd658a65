import {
  DYNAMIC_MESSAGES,
  dynamicDefinitionSchema,
  dynamicDefinitionShape,
  roleMay,
  toFieldErrors,
  type DynamicDefinition,
  type SavedDynamicReport,
} from '@ledgerleaf/domain';
import {
  deleteSavedDynamicReport,
  findSavedDynamicReport,
  insertSavedDynamicReport,
  listSavedDynamicReports,
  updateSavedDynamicReport,
  type SavedDynamicReportRecord,
} from '@ledgerleaf/db';
import type { AuthContext, Deps } from '../../lib/context';
import { notFound, validationError } from '../../lib/errors';
import { forbidden } from '../../plugins/auth';

/*
 * Saved dynamic reports (issue 16): the only thing the reports area writes. Every role may save a
 * report (saving one changes none of the business's figures); a saved report may be changed (saved
 * over, renamed, deleted) by a role that may change the business's data, or by the person who
 * saved it, so an accountant keeps their own reports but not the others'. Another business's id is
 * 404, the same as one that does not exist.
 */

const LIST_LIMIT = 500;

/** Whether this caller may change this saved report. */
export function canEditSaved(auth: AuthContext, record: Pick<SavedDynamicReportRecord, 'created_by_user_id'>): boolean {
  return roleMay(auth.user.role, 'write') || record.created_by_user_id === auth.userId;
}

function present(auth: AuthContext, record: SavedDynamicReportRecord): SavedDynamicReport {
  return {
    id: record.id,
    name: record.name,
    definition: dynamicDefinitionShape.parse(JSON.parse(record.definition)),
    created_by:
      record.created_by_user_id !== null ? { id: record.created_by_user_id, name: record.created_by_name ?? '' } : null,
    created_at: record.created_at,
    updated_at: record.updated_at,
    can_edit: canEditSaved(auth, record),
  };
}

async function load(deps: Deps, auth: AuthContext, id: number): Promise<SavedDynamicReportRecord> {
  const record = await findSavedDynamicReport(deps.db, { businessId: auth.businessId, id });
  if (!record) throw notFound();
  return record;
}

async function loadEditable(deps: Deps, auth: AuthContext, id: number): Promise<SavedDynamicReportRecord> {
  const record = await load(deps, auth, id);
  if (!canEditSaved(auth, record)) throw forbidden(DYNAMIC_MESSAGES.notOwner);
  return record;
}

export async function listSaved(deps: Deps, auth: AuthContext): Promise<SavedDynamicReport[]> {
  const records = await listSavedDynamicReports(deps.db, { businessId: auth.businessId, limit: LIST_LIMIT });
  return records.map((record) => present(auth, record));
}

export async function getSaved(deps: Deps, auth: AuthContext, id: number): Promise<SavedDynamicReport> {
  return present(auth, await load(deps, auth, id));
}

/**
 * The saved report's definition, for running and exporting it, checked as the run route checks one:
 * a report saved before a rule was added (a sum of dates) is 422 on its field, as it would be when
 * run from the builder, never a query that fails. (A free-text filter on a field that now has a
 * picker still runs: the rules take it.)
 */
export async function savedDefinition(
  deps: Deps,
  auth: AuthContext,
  id: number,
): Promise<{ name: string; definition: DynamicDefinition }> {
  const record = await load(deps, auth, id);
  const parsed = dynamicDefinitionSchema.safeParse(JSON.parse(record.definition));
  if (!parsed.success) throw validationError(toFieldErrors(parsed.error));
  return { name: record.name, definition: parsed.data };
}

export async function createSaved(
  deps: Deps,
  auth: AuthContext,
  input: { name: string; definition: DynamicDefinition },
): Promise<SavedDynamicReport> {
  const id = await insertSavedDynamicReport(deps.db, {
    businessId: auth.businessId,
    userId: auth.userId,
    name: input.name,
    definition: JSON.stringify(input.definition),
    now: deps.clock(),
  });
  return getSaved(deps, auth, id);
}

export async function replaceSaved(
  deps: Deps,
  auth: AuthContext,
  id: number,
  input: { name: string; definition: DynamicDefinition },
): Promise<SavedDynamicReport> {
  await loadEditable(deps, auth, id);
  await updateSavedDynamicReport(deps.db, {
    businessId: auth.businessId,
    id,
    name: input.name,
    definition: JSON.stringify(input.definition),
    now: deps.clock(),
  });
  return getSaved(deps, auth, id);
}

export async function renameSaved(
  deps: Deps,
  auth: AuthContext,
  id: number,
  name: string,
): Promise<SavedDynamicReport> {
  await loadEditable(deps, auth, id);
  await updateSavedDynamicReport(deps.db, { businessId: auth.businessId, id, name, now: deps.clock() });
  return getSaved(deps, auth, id);
}

/** A copy saved by the caller (so theirs to change), named "<name> (copy)" unless a name is given. */
export async function duplicateSaved(
  deps: Deps,
  auth: AuthContext,
  id: number,
  name: string | undefined,
): Promise<SavedDynamicReport> {
  const record = await load(deps, auth, id);
  const copyName = name ?? `${record.name} (copy)`.slice(0, 120);
  const copy = await insertSavedDynamicReport(deps.db, {
    businessId: auth.businessId,
    userId: auth.userId,
    name: copyName,
    definition: record.definition,
    now: deps.clock(),
  });
  return getSaved(deps, auth, copy);
}

export async function deleteSaved(deps: Deps, auth: AuthContext, id: number): Promise<void> {
  await loadEditable(deps, auth, id);
  await deleteSavedDynamicReport(deps.db, { businessId: auth.businessId, id });
}
