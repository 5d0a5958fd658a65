import { z } from 'zod';
import { idSchema } from '../common';
import { recordStatusSchema } from '../catalog/shared';
import { ACTIVITY_ICONS, CRM_RATE_WINDOWS } from './defaults';
import { CRM_MESSAGES, MAX_DUE_OFFSET_MINUTES, MAX_REMINDER_OFFSET_MINUTES, MAX_ROTTING_DAYS } from './messages';
import { STAGE_TYPES, fixedStageProbability } from './pipeline';
import { crmColorSchema, crmNameSchema, optionalRefIdSchema, probabilitySchema } from './shared';

/*
 * Contracts of the CRM's configuration screens (owners and admins write them, everyone reads):
 * pipeline stages, lead sources, lost reasons, activity types and the CRM settings.
 * Suggested endpoints (the server decides the paths):
 *   GET/POST /api/crm/stages, PUT/DELETE /api/crm/stages/{id}, PUT /api/crm/stages/order
 *   GET/POST /api/crm/lead-sources, PUT/DELETE .../{id}, POST .../{id}/archive|restore
 *   GET/POST /api/crm/lost-reasons (same shape as sources)
 *   GET/POST /api/crm/activity-types (same, plus their offsets and next type)
 *   GET/PUT  /api/crm/settings
 */

export const stageTypeSchema = z.enum(STAGE_TYPES, { error: CRM_MESSAGES.stageTypeInvalid });

const rottingDaysSchema = z
  .number({ error: CRM_MESSAGES.rottingDaysInvalid })
  .int(CRM_MESSAGES.rottingDaysInvalid)
  .min(1, CRM_MESSAGES.rottingDaysInvalid)
  .max(MAX_ROTTING_DAYS, CRM_MESSAGES.rottingDaysInvalid)
  .nullish()
  .transform((value) => value ?? null);

/**
 * Create or edit a stage (PUT replaces every field). `probability` is the default an opportunity
 * gets on entering the stage: required for an open stage; a won stage's is 100 and a lost stage's
 * 0 (omit it, or send that value: another is refused). `rotting_days` applies to open stages only
 * (null, or 1 to 365; a closed stage's is stored as null). `color` defaults to a grey.
 * The server also checks the pipeline invariant (`stageTypeChangeError`) when the type changes.
 */
export const pipelineStageInputSchema = z
  .strictObject({
    name: crmNameSchema(),
    type: stageTypeSchema,
    probability: probabilitySchema.nullish(),
    color: crmColorSchema.nullish().transform((value) => value ?? '#868e96'),
    rotting_days: rottingDaysSchema,
  })
  .superRefine((stage, ctx) => {
    const fixed = fixedStageProbability(stage.type);
    if (fixed === null && stage.probability == null)
      ctx.addIssue({ code: 'custom', message: CRM_MESSAGES.stageProbabilityRequired, path: ['probability'] });
    if (fixed !== null && stage.probability != null && stage.probability !== fixed)
      ctx.addIssue({
        code: 'custom',
        message: CRM_MESSAGES.stageProbabilityFixed(stage.type as 'won' | 'lost'),
        path: ['probability'],
      });
  })
  .transform((stage) => ({
    ...stage,
    probability: fixedStageProbability(stage.type) ?? (stage.probability as number),
    rotting_days: stage.type === 'open' ? stage.rotting_days : null,
  }));
export type PipelineStageInput = z.input<typeof pipelineStageInputSchema>;
export type PipelineStageRequest = z.output<typeof pipelineStageInputSchema>;

/** Reorder: every stage id of the business, each once, in the new order (the server checks the set). */
export const pipelineStageOrderSchema = z
  .strictObject({
    ids: z.array(idSchema, { error: CRM_MESSAGES.stageOrderInvalid }).min(1, CRM_MESSAGES.stageOrderInvalid).max(100),
  })
  .refine((value) => new Set(value.ids).size === value.ids.length, {
    message: CRM_MESSAGES.stageOrderInvalid,
    path: ['ids'],
  });
export type PipelineStageOrderRequest = z.output<typeof pipelineStageOrderSchema>;

/**
 * Delete a stage: `move_to_stage_id` names the stage its opportunities move to; required (422)
 * when it holds any. Moving into a lost stage needs `lost_reason_id` for them, as any lost move.
 */
export const pipelineStageDeleteSchema = z.strictObject({
  move_to_stage_id: optionalRefIdSchema(CRM_MESSAGES.stageInvalid),
  lost_reason_id: optionalRefIdSchema(CRM_MESSAGES.lostReasonInvalid),
});
export type PipelineStageDeleteRequest = z.output<typeof pipelineStageDeleteSchema>;

export const pipelineStageSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  type: stageTypeSchema,
  probability: z.number().int(),
  color: z.string(),
  rotting_days: z.number().int().nullable(),
  position: z.number().int(),
  /** How many opportunities are in the stage now. */
  opportunity_count: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type PipelineStage = z.infer<typeof pipelineStageSchema>;
export const pipelineStageListSchema = z.object({ data: z.array(pipelineStageSchema) });
export const pipelineStageResponseSchema = z.object({ data: pipelineStageSchema, message: z.string().optional() });

// ---------------------------------------------------------------- sources and lost reasons

/** A lead source or a lost reason: a name, unique in the business (case-insensitive; 422 `name`). */
export const crmNamedItemInputSchema = z.strictObject({ name: crmNameSchema() });
export type CrmNamedItemInput = z.input<typeof crmNamedItemInputSchema>;
export const leadSourceInputSchema = crmNamedItemInputSchema;
export const lostReasonInputSchema = crmNamedItemInputSchema;

/**
 * A lead source. Archived sources are kept on the leads and opportunities that have them, and no
 * longer offered in pickers. A source in use cannot be deleted (409 `sourceInUse`): deleting a
 * source never deletes or changes a lead.
 */
export const leadSourceSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  status: recordStatusSchema,
  archived_at: z.string().nullable(),
  lead_count: z.number().int(),
  opportunity_count: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type LeadSource = z.infer<typeof leadSourceSchema>;
export const leadSourceListSchema = z.object({ data: z.array(leadSourceSchema) });
export const leadSourceResponseSchema = z.object({ data: leadSourceSchema, message: z.string().optional() });

/** A lost reason; like sources, archived when in use rather than deleted. */
export const lostReasonSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  status: recordStatusSchema,
  archived_at: z.string().nullable(),
  opportunity_count: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type LostReason = z.infer<typeof lostReasonSchema>;
export const lostReasonListSchema = z.object({ data: z.array(lostReasonSchema) });
export const lostReasonResponseSchema = z.object({ data: lostReasonSchema, message: z.string().optional() });

/**
 * `GET /api/crm/lead-sources|lost-reasons|activity-types?include_archived=true`: archived entries
 * too (the management screens); without it only the active ones (what pickers offer).
 */
export const crmArchivedQuerySchema = z.object({
  include_archived: z
    .enum(['true', 'false', '1', '0'], { error: CRM_MESSAGES.filterInvalid })
    .optional()
    .transform((value) => value === 'true' || value === '1'),
});
export type CrmArchivedQuery = z.output<typeof crmArchivedQuerySchema>;

// ---------------------------------------------------------------- activity types

export const activityIconSchema = z.enum(ACTIVITY_ICONS, { error: CRM_MESSAGES.iconInvalid });

/**
 * An activity type: name, icon, the default due offset of a new activity (minutes after its
 * creation, 0 to a year), its default reminder (minutes before the due time, 0 to 30 days, or null
 * for none), and the type suggested next when an activity of this type is marked done (null for
 * none; it must be one of the business's types, and may be the type itself).
 */
export const activityTypeInputSchema = z.strictObject({
  name: crmNameSchema(),
  icon: activityIconSchema,
  default_due_offset_minutes: z
    .number({ error: CRM_MESSAGES.dueOffsetInvalid })
    .int(CRM_MESSAGES.dueOffsetInvalid)
    .min(0, CRM_MESSAGES.dueOffsetInvalid)
    .max(MAX_DUE_OFFSET_MINUTES, CRM_MESSAGES.dueOffsetInvalid),
  default_reminder_offset_minutes: z
    .number({ error: CRM_MESSAGES.reminderOffsetInvalid })
    .int(CRM_MESSAGES.reminderOffsetInvalid)
    .min(0, CRM_MESSAGES.reminderOffsetInvalid)
    .max(MAX_REMINDER_OFFSET_MINUTES, CRM_MESSAGES.reminderOffsetInvalid)
    .nullish()
    .transform((value) => value ?? null),
  next_type_id: optionalRefIdSchema(CRM_MESSAGES.nextTypeInvalid),
});
export type ActivityTypeInput = z.input<typeof activityTypeInputSchema>;
export type ActivityTypeRequest = z.output<typeof activityTypeInputSchema>;

export const activityTypeSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  icon: z.string(),
  default_due_offset_minutes: z.number().int(),
  default_reminder_offset_minutes: z.number().int().nullable(),
  next_type_id: z.number().int().nullable(),
  status: recordStatusSchema,
  archived_at: z.string().nullable(),
  position: z.number().int(),
  activity_count: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type ActivityType = z.infer<typeof activityTypeSchema>;
export const activityTypeListSchema = z.object({ data: z.array(activityTypeSchema) });
export const activityTypeResponseSchema = z.object({ data: activityTypeSchema, message: z.string().optional() });

// ---------------------------------------------------------------- settings

/**
 * The CRM settings: the window of the win and conversion rates (the last 30, 90, 180 or 365 days,
 * today included), how reminders reach the assignee (in the app, by email, or both; at least one),
 * and who owns a new lead when its form leaves the owner empty (null: the person creating it).
 */
export const crmSettingsInputSchema = z
  .strictObject({
    rate_window_days: z.coerce
      .number({ error: CRM_MESSAGES.rateWindowInvalid })
      .refine((value) => (CRM_RATE_WINDOWS as readonly number[]).includes(value), CRM_MESSAGES.rateWindowInvalid),
    reminder_in_app: z.boolean({ error: CRM_MESSAGES.reminderChannelRequired }),
    reminder_email: z.boolean({ error: CRM_MESSAGES.reminderChannelRequired }),
    default_owner_user_id: optionalRefIdSchema(CRM_MESSAGES.ownerInvalid),
  })
  .refine((settings) => settings.reminder_in_app || settings.reminder_email, {
    message: CRM_MESSAGES.reminderChannelRequired,
    path: ['reminder_in_app'],
  });
export type CrmSettingsInput = z.input<typeof crmSettingsInputSchema>;
export type CrmSettingsRequest = z.output<typeof crmSettingsInputSchema>;

export const crmSettingsSchema = z.object({
  rate_window_days: z.number().int(),
  reminder_in_app: z.boolean(),
  reminder_email: z.boolean(),
  default_owner_user_id: z.number().int().nullable(),
  updated_at: z.string(),
});
export type CrmSettings = z.infer<typeof crmSettingsSchema>;
export const crmSettingsResponseSchema = z.object({ data: crmSettingsSchema, message: z.string().optional() });

// ---------------------------------------------------------------- owners

/** `GET /api/crm/owners`: the team members who can own leads and opportunities and be assigned activities. */
export const crmOwnerSchema = z.object({ id: z.number().int(), name: z.string(), email: z.string(), role: z.string() });
export type CrmOwner = z.infer<typeof crmOwnerSchema>;
export const crmOwnerListSchema = z.object({ data: z.array(crmOwnerSchema) });
