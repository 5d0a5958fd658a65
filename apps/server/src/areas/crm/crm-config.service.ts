import {
  CRM_MESSAGES,
  stageDeleteError,
  stageTypeChangeError,
  type ActivityType,
  type ActivityTypeRequest,
  type CrmOwner,
  type CrmSettings,
  type CrmSettingsRequest,
  type LeadSource,
  type LostReason,
  type PipelineStage,
  type PipelineStageDeleteRequest,
  type PipelineStageRequest,
  type StageType,
} from '@ledgerleaf/domain';
import {
  deleteActivityType as deleteActivityTypeRow,
  deleteLeadSource as deleteLeadSourceRow,
  deleteLostReason as deleteLostReasonRow,
  deleteStage as deleteStageRow,
  findActivityType,
  findCrmSettings,
  findLeadSource,
  findLostReason,
  insertActivityType,
  insertLeadSource,
  insertLostReason,
  insertStage,
  listActivityTypes,
  listLeadSources,
  listLostReasons,
  listStages,
  listTeamMembers,
  moveStageOpportunities,
  renameLeadSource,
  renameLostReason,
  reorderStages,
  saveCrmSettings,
  setActivityTypeArchived,
  setLeadSourceArchived,
  setLostReasonArchived,
  updateActivityType,
  updateStage as updateStageRow,
  type ActivityTypeWithUsage,
  type CrmActivityTypeRow,
  type CrmNamedItemRow,
  type Db,
  type LeadSourceWithUsage,
  type LostReasonWithUsage,
  type StageWithTotals,
} from '@ledgerleaf/db';
import type { AuthContext, Deps } from '../../lib/context';
import { AppError, notFound, validationError } from '../../lib/errors';
import { checkReferences, nameTaken } from './crm-common';

/*
 * The CRM's configuration (owners and admins write it, everyone reads it): pipeline stages, lead
 * sources, lost reasons, activity types, the CRM settings, and the team members who can own records.
 */

// ---------------------------------------------------------------- views

export function stageView(row: StageWithTotals): PipelineStage {
  return {
    id: row.id,
    name: row.name,
    type: row.type as StageType,
    probability: row.probability,
    color: row.color,
    rotting_days: row.rotting_days,
    position: row.position,
    opportunity_count: row.opportunity_count,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

function archiveFields(row: CrmNamedItemRow | CrmActivityTypeRow) {
  return { status: row.archived_at ? ('archived' as const) : ('active' as const), archived_at: row.archived_at };
}

function sourceView(row: LeadSourceWithUsage): LeadSource {
  return {
    id: row.id,
    name: row.name,
    ...archiveFields(row),
    lead_count: row.lead_count,
    opportunity_count: row.opportunity_count,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

function reasonView(row: LostReasonWithUsage): LostReason {
  return {
    id: row.id,
    name: row.name,
    ...archiveFields(row),
    opportunity_count: row.opportunity_count,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

function typeView(row: ActivityTypeWithUsage): ActivityType {
  return {
    id: row.id,
    name: row.name,
    icon: row.icon,
    default_due_offset_minutes: row.default_due_offset_minutes,
    default_reminder_offset_minutes: row.default_reminder_offset_minutes,
    next_type_id: row.next_type_id,
    ...archiveFields(row),
    position: row.position,
    activity_count: row.activity_count,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

// ---------------------------------------------------------------- stages

export async function listPipelineStages(deps: Deps, { auth }: { auth: AuthContext }): Promise<PipelineStage[]> {
  return (await listStages(deps.db, { businessId: auth.businessId })).map(stageView);
}

async function stageById(db: Db, businessId: number, stageId: number): Promise<PipelineStage> {
  const stage = (await listStages(db, { businessId })).find((row) => row.id === stageId);
  if (!stage) throw notFound(CRM_MESSAGES.stageNotFound);
  return stageView(stage);
}

export async function createStage(
  deps: Deps,
  { auth, input }: { auth: AuthContext; input: PipelineStageRequest },
): Promise<PipelineStage> {
  return deps.db.transaction().execute(async (tx) => {
    const row = await insertStage(tx, { businessId: auth.businessId, fields: input, now: deps.clock() });
    return stageById(tx, auth.businessId, row.id);
  });
}

/**
 * Replaces a stage. A type change must keep an open, a won and a lost stage (409) and is refused
 * for a stage holding opportunities (409: they would keep the probability and closed date of the
 * old type; move them first).
 */
export async function updateStage(
  deps: Deps,
  { auth, stageId, input }: { auth: AuthContext; stageId: number; input: PipelineStageRequest },
): Promise<PipelineStage> {
  return deps.db.transaction().execute(async (tx) => {
    const stages = await listStages(tx, { businessId: auth.businessId });
    const current = stages.find((stage) => stage.id === stageId);
    if (!current) throw notFound(CRM_MESSAGES.stageNotFound);
    if (current.type !== input.type) {
      const broken = stageTypeChangeError(
        stages.map((stage) => ({ id: stage.id, type: stage.type as StageType })),
        stageId,
        input.type,
      );
      if (broken) throw new AppError(409, broken);
      if (current.opportunity_count > 0) throw new AppError(409, CRM_MESSAGES.stageTypeInUse);
    }
    await updateStageRow(tx, { businessId: auth.businessId, stageId, fields: input, now: deps.clock() });
    return stageById(tx, auth.businessId, stageId);
  });
}

export async function reorderPipelineStages(
  deps: Deps,
  { auth, ids }: { auth: AuthContext; ids: readonly number[] },
): Promise<PipelineStage[]> {
  const done = await reorderStages(deps.db, { businessId: auth.businessId, ids, now: deps.clock() });
  if (!done) throw validationError({ ids: [CRM_MESSAGES.stageOrderInvalid] });
  return listPipelineStages(deps, { auth });
}

/**
 * Deletes a stage. 409 when the pipeline would lose its last open, won or lost stage. A stage
 * holding opportunities needs `move_to_stage_id` (422), another stage of the business; into a lost
 * stage their lost reason too (422 `lost_reason_id`), as for any lost move. Moves and delete are one
 * transaction.
 */
export async function deleteStage(
  deps: Deps,
  { auth, stageId, input }: { auth: AuthContext; stageId: number; input: PipelineStageDeleteRequest },
): Promise<void> {
  const businessId = auth.businessId;
  await deps.db.transaction().execute(async (tx) => {
    const stages = await listStages(tx, { businessId });
    const stage = stages.find((row) => row.id === stageId);
    if (!stage) throw notFound(CRM_MESSAGES.stageNotFound);
    const broken = stageDeleteError(
      stages.map((row) => ({ id: row.id, type: row.type as StageType })),
      stageId,
    );
    if (broken) throw new AppError(409, broken);
    if (stage.opportunity_count > 0) {
      if (input.move_to_stage_id === null)
        throw validationError({ move_to_stage_id: [CRM_MESSAGES.moveToStageRequired] });
      if (input.move_to_stage_id === stageId)
        throw validationError({ move_to_stage_id: [CRM_MESSAGES.moveToSameStage] });
      const target = stages.find((row) => row.id === input.move_to_stage_id);
      if (!target) throw validationError({ move_to_stage_id: [CRM_MESSAGES.stageInvalid] });
      if (target.type === 'lost' && stage.type !== 'lost' && input.lost_reason_id === null)
        throw validationError({ lost_reason_id: [CRM_MESSAGES.lostReasonRequired] });
      await checkReferences(tx, businessId, { lost_reason_id: input.lost_reason_id });
      await moveStageOpportunities(tx, {
        businessId,
        fromStage: stage,
        toStage: target,
        lostReasonId: target.type === 'lost' ? input.lost_reason_id : null,
        userId: auth.userId,
        now: deps.clock(),
      });
    }
    const result = await deleteStageRow(tx, { businessId, stageId });
    // A card added meanwhile is serialised by the transaction; `in_use` would mean one slipped in: refuse.
    if (result === 'in_use') throw validationError({ move_to_stage_id: [CRM_MESSAGES.moveToStageRequired] });
    if (result === 'not_found') throw notFound(CRM_MESSAGES.stageNotFound);
  });
}

// ---------------------------------------------------------------- lead sources

export async function listSources(
  deps: Deps,
  { auth, includeArchived }: { auth: AuthContext; includeArchived: boolean },
): Promise<LeadSource[]> {
  const rows = await listLeadSources(deps.db, {
    businessId: auth.businessId,
    status: includeArchived ? 'all' : 'active',
  });
  return rows.map(sourceView);
}

async function sourceById(db: Db, businessId: number, sourceId: number): Promise<LeadSource> {
  const row = (await listLeadSources(db, { businessId, status: 'all' })).find((source) => source.id === sourceId);
  if (!row) throw notFound(CRM_MESSAGES.sourceNotFound);
  return sourceView(row);
}

export async function createSource(
  deps: Deps,
  { auth, name }: { auth: AuthContext; name: string },
): Promise<LeadSource> {
  const row = await insertLeadSource(deps.db, { businessId: auth.businessId, name, now: deps.clock() }).catch(
    nameTaken,
  );
  return sourceById(deps.db, auth.businessId, row.id);
}

export async function renameSource(
  deps: Deps,
  { auth, sourceId, name }: { auth: AuthContext; sourceId: number; name: string },
): Promise<LeadSource> {
  const row = await renameLeadSource(deps.db, {
    businessId: auth.businessId,
    sourceId,
    name,
    now: deps.clock(),
  }).catch(nameTaken);
  if (!row) throw notFound(CRM_MESSAGES.sourceNotFound);
  return sourceById(deps.db, auth.businessId, sourceId);
}

export async function archiveSource(
  deps: Deps,
  { auth, sourceId, archived }: { auth: AuthContext; sourceId: number; archived: boolean },
): Promise<LeadSource> {
  const current = await findLeadSource(deps.db, { businessId: auth.businessId, sourceId });
  if (!current) throw notFound(CRM_MESSAGES.sourceNotFound);
  // Archiving an archived source keeps its first date.
  if (Boolean(current.archived_at) !== archived)
    await setLeadSourceArchived(deps.db, {
      businessId: auth.businessId,
      sourceId,
      archivedAt: archived ? deps.clock() : null,
      now: deps.clock(),
    });
  return sourceById(deps.db, auth.businessId, sourceId);
}

export async function deleteSource(deps: Deps, { auth, sourceId }: { auth: AuthContext; sourceId: number }) {
  const result = await deleteLeadSourceRow(deps.db, { businessId: auth.businessId, sourceId });
  if (result === 'not_found') throw notFound(CRM_MESSAGES.sourceNotFound);
  if (result === 'in_use') throw new AppError(409, CRM_MESSAGES.sourceInUse);
}

// ---------------------------------------------------------------- lost reasons

export async function listReasons(
  deps: Deps,
  { auth, includeArchived }: { auth: AuthContext; includeArchived: boolean },
): Promise<LostReason[]> {
  const rows = await listLostReasons(deps.db, {
    businessId: auth.businessId,
    status: includeArchived ? 'all' : 'active',
  });
  return rows.map(reasonView);
}

async function reasonById(db: Db, businessId: number, reasonId: number): Promise<LostReason> {
  const row = (await listLostReasons(db, { businessId, status: 'all' })).find((reason) => reason.id === reasonId);
  if (!row) throw notFound(CRM_MESSAGES.lostReasonNotFound);
  return reasonView(row);
}

export async function createReason(
  deps: Deps,
  { auth, name }: { auth: AuthContext; name: string },
): Promise<LostReason> {
  const row = await insertLostReason(deps.db, { businessId: auth.businessId, name, now: deps.clock() }).catch(
    nameTaken,
  );
  return reasonById(deps.db, auth.businessId, row.id);
}

export async function renameReason(
  deps: Deps,
  { auth, reasonId, name }: { auth: AuthContext; reasonId: number; name: string },
): Promise<LostReason> {
  const row = await renameLostReason(deps.db, {
    businessId: auth.businessId,
    reasonId,
    name,
    now: deps.clock(),
  }).catch(nameTaken);
  if (!row) throw notFound(CRM_MESSAGES.lostReasonNotFound);
  return reasonById(deps.db, auth.businessId, reasonId);
}

export async function archiveReason(
  deps: Deps,
  { auth, reasonId, archived }: { auth: AuthContext; reasonId: number; archived: boolean },
): Promise<LostReason> {
  const current = await findLostReason(deps.db, { businessId: auth.businessId, reasonId });
  if (!current) throw notFound(CRM_MESSAGES.lostReasonNotFound);
  if (Boolean(current.archived_at) !== archived)
    await setLostReasonArchived(deps.db, {
      businessId: auth.businessId,
      reasonId,
      archivedAt: archived ? deps.clock() : null,
      now: deps.clock(),
    });
  return reasonById(deps.db, auth.businessId, reasonId);
}

export async function deleteReason(deps: Deps, { auth, reasonId }: { auth: AuthContext; reasonId: number }) {
  const result = await deleteLostReasonRow(deps.db, { businessId: auth.businessId, reasonId });
  if (result === 'not_found') throw notFound(CRM_MESSAGES.lostReasonNotFound);
  if (result === 'in_use') throw new AppError(409, CRM_MESSAGES.lostReasonInUse);
}

// ---------------------------------------------------------------- activity types

export async function listTypes(
  deps: Deps,
  { auth, includeArchived }: { auth: AuthContext; includeArchived: boolean },
): Promise<ActivityType[]> {
  const rows = await listActivityTypes(deps.db, {
    businessId: auth.businessId,
    status: includeArchived ? 'all' : 'active',
  });
  return rows.map(typeView);
}

async function typeById(db: Db, businessId: number, typeId: number): Promise<ActivityType> {
  const row = (await listActivityTypes(db, { businessId, status: 'all' })).find((type) => type.id === typeId);
  if (!row) throw notFound(CRM_MESSAGES.activityTypeNotFound);
  return typeView(row);
}

export async function createType(
  deps: Deps,
  { auth, input }: { auth: AuthContext; input: ActivityTypeRequest },
): Promise<ActivityType> {
  await checkReferences(deps.db, auth.businessId, { next_type_id: input.next_type_id });
  const row = await insertActivityType(deps.db, {
    businessId: auth.businessId,
    fields: input,
    now: deps.clock(),
  }).catch(nameTaken);
  return typeById(deps.db, auth.businessId, row.id);
}

export async function updateType(
  deps: Deps,
  { auth, typeId, input }: { auth: AuthContext; typeId: number; input: ActivityTypeRequest },
): Promise<ActivityType> {
  if (!(await findActivityType(deps.db, { businessId: auth.businessId, typeId })))
    throw notFound(CRM_MESSAGES.activityTypeNotFound);
  await checkReferences(deps.db, auth.businessId, { next_type_id: input.next_type_id });
  await updateActivityType(deps.db, { businessId: auth.businessId, typeId, fields: input, now: deps.clock() }).catch(
    nameTaken,
  );
  return typeById(deps.db, auth.businessId, typeId);
}

export async function archiveType(
  deps: Deps,
  { auth, typeId, archived }: { auth: AuthContext; typeId: number; archived: boolean },
): Promise<ActivityType> {
  const current = await findActivityType(deps.db, { businessId: auth.businessId, typeId });
  if (!current) throw notFound(CRM_MESSAGES.activityTypeNotFound);
  if (Boolean(current.archived_at) !== archived)
    await setActivityTypeArchived(deps.db, {
      businessId: auth.businessId,
      typeId,
      archivedAt: archived ? deps.clock() : null,
      now: deps.clock(),
    });
  return typeById(deps.db, auth.businessId, typeId);
}

export async function deleteType(deps: Deps, { auth, typeId }: { auth: AuthContext; typeId: number }) {
  const result = await deleteActivityTypeRow(deps.db, { businessId: auth.businessId, typeId });
  if (result === 'not_found') throw notFound(CRM_MESSAGES.activityTypeNotFound);
  if (result === 'in_use') throw new AppError(409, CRM_MESSAGES.activityTypeInUse);
}

// ---------------------------------------------------------------- settings and owners

export async function getSettings(deps: Deps, { auth }: { auth: AuthContext }): Promise<CrmSettings> {
  const settings = await findCrmSettings(deps.db, { businessId: auth.businessId });
  return { ...settings, updated_at: settings.updated_at ?? deps.clock().toISOString() };
}

export async function saveSettings(
  deps: Deps,
  { auth, input }: { auth: AuthContext; input: CrmSettingsRequest },
): Promise<CrmSettings> {
  await checkReferences(deps.db, auth.businessId, { default_owner_user_id: input.default_owner_user_id });
  await saveCrmSettings(deps.db, {
    businessId: auth.businessId,
    settings: {
      rate_window_days: input.rate_window_days,
      reminder_in_app: input.reminder_in_app,
      reminder_email: input.reminder_email,
      default_owner_user_id: input.default_owner_user_id,
    },
    now: deps.clock(),
  });
  return getSettings(deps, { auth });
}

export async function listOwners(deps: Deps, { auth }: { auth: AuthContext }): Promise<CrmOwner[]> {
  return (await listTeamMembers(deps.db, { businessId: auth.businessId })).map((member) => ({
    id: member.id,
    name: member.name,
    email: member.email,
    role: member.role,
  }));
}
