import { z } from 'zod';
import { isoDateSchema, listQuerySchema, pageSchema } from '../common';
import { CRM_LOST_NOTE_MAX_LENGTH, CRM_MESSAGES, CRM_NOTES_MAX_LENGTH } from './messages';
import { decodeBoardCursor } from './pipeline';
import { pipelineStageSchema, stageTypeSchema } from './config';
import {
  crmAmountSchema,
  crmNameSchema,
  idOrNoneFilterSchema,
  optionalCrmText,
  optionalIsoDateSchema,
  optionalRefIdSchema,
  probabilitySchema,
  refIdSchema,
} from './shared';

/*
 * Opportunities: a possible sale to a client (or to a lead not converted yet), with an amount, a
 * stage of the pipeline and a probability. The board shows one column per stage, each loading its
 * cards a page at a time in their manual order, with the column's count, total and weighted total.
 * Suggested endpoints: GET/POST /api/crm/opportunities, GET/PUT/DELETE /api/crm/opportunities/{id},
 * GET /api/crm/board (first page of every column), GET /api/crm/board/columns/{stageId}?cursor=&limit=,
 * POST /api/crm/opportunities/{id}/move, GET /api/crm/opportunities/{id}/stage-changes,
 * POST/DELETE /api/crm/opportunities/{id}/documents.
 */

const lostNoteSchema = optionalCrmText(CRM_LOST_NOTE_MAX_LENGTH, CRM_MESSAGES.lostNoteTooLong);

/**
 * Create and edit an opportunity (PUT replaces every field). It is for a client (`client_id`) or a
 * lead (`lead_id`), at least one (422 `client_id`); a lead converted later gives its client.
 * `stage_id` omitted on create: the first open stage. `probability` omitted or null: the stage's
 * default (see `applyStageMove` for edits, and for won and lost stages, whose probability is
 * fixed). A lost stage needs `lost_reason_id` (422 `lost_reason_id`, checked by the server, which
 * knows the stage's type). Referenced ids must be the business's (422 on the field otherwise).
 */
export const opportunityInputSchema = z
  .strictObject({
    title: crmNameSchema(CRM_MESSAGES.titleRequired, CRM_MESSAGES.titleTooLong),
    client_id: optionalRefIdSchema(CRM_MESSAGES.clientInvalid),
    lead_id: optionalRefIdSchema(CRM_MESSAGES.clientOrLeadRequired),
    amount: crmAmountSchema(),
    stage_id: optionalRefIdSchema(CRM_MESSAGES.stageInvalid),
    probability: probabilitySchema.nullish().transform((value) => value ?? null),
    expected_close_date: optionalIsoDateSchema,
    owner_user_id: optionalRefIdSchema(CRM_MESSAGES.ownerInvalid),
    source_id: optionalRefIdSchema(CRM_MESSAGES.sourceInvalid),
    notes: optionalCrmText(CRM_NOTES_MAX_LENGTH, CRM_MESSAGES.notesTooLong),
    lost_reason_id: optionalRefIdSchema(CRM_MESSAGES.lostReasonInvalid),
    lost_note: lostNoteSchema,
  })
  .superRefine((opportunity, ctx) => {
    if (ctx.issues.some((issue) => ['client_id', 'lead_id'].includes(String(issue.path?.[0])))) return;
    if (opportunity.client_id === null && opportunity.lead_id === null)
      ctx.addIssue({ code: 'custom', message: CRM_MESSAGES.clientOrLeadRequired, path: ['client_id'] });
  });
export type OpportunityInput = z.input<typeof opportunityInputSchema>;
export type OpportunityRequest = z.output<typeof opportunityInputSchema>;

/**
 * `POST /api/crm/opportunities/{id}/move`: the board's drop (mouse, touch or keyboard) and the
 * stage picker. `previous_id` is the card that ends up above it and `next_id` the one below it,
 * both in `stage_id`'s column (null at the top / bottom / in an empty column); the server places it
 * between them (`positionBetween`, one row written; renumbering the column first when the gap is
 * exhausted). Into a lost stage `lost_reason_id` is required (422), also on a drop.
 */
export const opportunityMoveRequestSchema = z.strictObject({
  stage_id: refIdSchema(CRM_MESSAGES.stageInvalid),
  previous_id: optionalRefIdSchema(CRM_MESSAGES.neighbourInvalid),
  next_id: optionalRefIdSchema(CRM_MESSAGES.neighbourInvalid),
  lost_reason_id: optionalRefIdSchema(CRM_MESSAGES.lostReasonInvalid),
  lost_note: lostNoteSchema,
  /** An open stage's probability for this card; omitted: the stage's default. */
  probability: probabilitySchema.nullish().transform((value) => value ?? null),
});
export type OpportunityMoveInput = z.input<typeof opportunityMoveRequestSchema>;
export type OpportunityMoveRequest = z.output<typeof opportunityMoveRequestSchema>;

export const OPPORTUNITY_SORT_FIELDS = [
  'created_at',
  'updated_at',
  'title',
  'amount',
  'probability',
  'expected_close_date',
  'stage',
] as const;
export type OpportunitySortField = (typeof OPPORTUNITY_SORT_FIELDS)[number];
/** By the type of the stage the opportunity is in. */
export const OPPORTUNITY_STATUS_FILTERS = ['all', 'open', 'won', 'lost'] as const;
export type OpportunityStatusFilter = (typeof OPPORTUNITY_STATUS_FILTERS)[number];

/**
 * The list: `GET /api/crm/opportunities?search=&status=&stage_id=&owner_id=&source_id=&client_id=&close_from=&close_to=&sort=&direction=&page=&per_page=`.
 * Search runs over the title and the client's and lead's names.
 */
export const opportunityListQuerySchema = listQuerySchema(OPPORTUNITY_SORT_FIELDS, 'created_at')
  .extend({
    direction: z.enum(['asc', 'desc']).default('desc'),
    status: z.enum(OPPORTUNITY_STATUS_FILTERS, { error: CRM_MESSAGES.opportunityStatusFilterInvalid }).default('all'),
    stage_id: refIdSchema(CRM_MESSAGES.stageInvalid).optional(),
    owner_id: idOrNoneFilterSchema(CRM_MESSAGES.ownerInvalid),
    source_id: idOrNoneFilterSchema(CRM_MESSAGES.sourceInvalid),
    client_id: refIdSchema(CRM_MESSAGES.clientInvalid).optional(),
    close_from: isoDateSchema.optional(),
    close_to: isoDateSchema.optional(),
  })
  .refine((query) => !query.close_from || !query.close_to || query.close_from <= query.close_to, {
    message: CRM_MESSAGES.dateRangeInvalid,
    path: ['close_to'],
  });
export type OpportunityListQuery = z.output<typeof opportunityListQuerySchema>;
export type OpportunityListQueryInput = z.input<typeof opportunityListQuerySchema>;

export const BOARD_DEFAULT_LIMIT = 20;
export const BOARD_MAX_LIMIT = 100;

/** Filters the board applies to every column (cards, counts and totals alike). */
export const boardFilterSchema = z.object({
  owner_id: idOrNoneFilterSchema(CRM_MESSAGES.ownerInvalid),
  search: z.string().trim().max(200).optional(),
});

/** `GET /api/crm/board?limit=&owner_id=&search=`: every stage's column with its first page. */
export const boardQuerySchema = boardFilterSchema.extend({
  limit: z.coerce.number().int().min(1).max(BOARD_MAX_LIMIT).default(BOARD_DEFAULT_LIMIT),
});
export type BoardQuery = z.output<typeof boardQuerySchema>;

/** `GET /api/crm/board/columns/{stageId}?cursor=&limit=&owner_id=&search=`: the next page of one column. */
export const boardColumnQuerySchema = boardQuerySchema.extend({
  cursor: z
    .string()
    .max(100)
    .refine((cursor) => decodeBoardCursor(cursor) !== null, CRM_MESSAGES.cursorInvalid)
    .optional(),
});
export type BoardColumnQuery = z.output<typeof boardColumnQuerySchema>;

// ---------------------------------------------------------------- responses

export const opportunityNextActivitySchema = z.object({
  id: z.number().int(),
  subject: z.string(),
  due_at: z.string(),
  type_icon: z.string(),
  overdue: z.boolean(),
});

/** A board card: what a column shows of an opportunity. */
export const opportunityCardSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  client_id: z.number().int().nullable(),
  client_name: z.string().nullable(),
  lead_id: z.number().int().nullable(),
  lead_name: z.string().nullable(),
  amount: z.number(),
  probability: z.number().int(),
  /** `weightedAmountCents(amount, probability)` in dollars. */
  weighted_amount: z.number(),
  expected_close_date: z.string().nullable(),
  owner_user_id: z.number().int().nullable(),
  owner_name: z.string().nullable(),
  stage_id: z.number().int(),
  position: z.number(),
  stage_entered_at: z.string(),
  days_in_stage: z.number().int(),
  /** `isRotting`: longer in an open stage than its rotting threshold. */
  rotting: z.boolean(),
  next_activity: opportunityNextActivitySchema.nullable(),
});
export type OpportunityCard = z.infer<typeof opportunityCardSchema>;

/** A column: its stage, the figures of ALL its cards (under the board's filters), and one page of cards. */
export const boardColumnSchema = z.object({
  stage: pipelineStageSchema,
  count: z.number().int(),
  total_amount: z.number(),
  weighted_amount: z.number(),
  cards: z.array(opportunityCardSchema),
  /** Hand back as `cursor` for the next page; null on the last page. */
  next_cursor: z.string().nullable(),
});
export type BoardColumn = z.infer<typeof boardColumnSchema>;
export const boardSchema = z.object({ data: z.object({ columns: z.array(boardColumnSchema) }) });
export type Board = z.infer<typeof boardSchema>;
export const boardColumnResponseSchema = z.object({ data: boardColumnSchema });

export const opportunityDocumentSchema = z.object({
  kind: z.enum(['estimate', 'invoice']),
  id: z.number().int(),
  number: z.string().nullable(),
  status: z.string(),
  total: z.number(),
  /** Invoices: what was paid; estimates: 0. */
  paid: z.number(),
  issue_date: z.string(),
});
export type OpportunityDocument = z.infer<typeof opportunityDocumentSchema>;

export const opportunitySchema = z.object({
  id: z.number().int(),
  title: z.string(),
  client_id: z.number().int().nullable(),
  client_name: z.string().nullable(),
  lead_id: z.number().int().nullable(),
  lead_name: z.string().nullable(),
  amount: z.number(),
  stage_id: z.number().int(),
  stage_name: z.string(),
  stage_type: stageTypeSchema,
  probability: z.number().int(),
  weighted_amount: z.number(),
  expected_close_date: z.string().nullable(),
  owner_user_id: z.number().int().nullable(),
  owner_name: z.string().nullable(),
  source_id: z.number().int().nullable(),
  source_name: z.string().nullable(),
  notes: z.string().nullable(),
  lost_reason_id: z.number().int().nullable(),
  lost_reason_name: z.string().nullable(),
  lost_note: z.string().nullable(),
  /** Set while in a won or lost stage. */
  closed_at: z.string().nullable(),
  stage_entered_at: z.string(),
  days_in_stage: z.number().int(),
  rotting: z.boolean(),
  /** The estimates and invoices made from it (on the detail only; [] in lists). */
  documents: z.array(opportunityDocumentSchema),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Opportunity = z.infer<typeof opportunitySchema>;
export const opportunityResponseSchema = z.object({ data: opportunitySchema, message: z.string().optional() });
export type OpportunityResponse = z.infer<typeof opportunityResponseSchema>;
export const opportunityPageSchema = pageSchema(opportunitySchema).extend({
  /** The figures of every opportunity matching the filters (not only this page). */
  summary: z.object({ count: z.number().int(), total_amount: z.number(), weighted_amount: z.number() }),
});
export type OpportunityPage = z.infer<typeof opportunityPageSchema>;

/** One row of an opportunity's stage history (the timeline, time in stage). */
export const stageChangeSchema = z.object({
  id: z.number().int(),
  opportunity_id: z.number().int(),
  /** Null for the stage it was created in. */
  from_stage_id: z.number().int().nullable(),
  from_stage_name: z.string().nullable(),
  to_stage_id: z.number().int().nullable(),
  to_stage_name: z.string(),
  changed_at: z.string(),
  user_id: z.number().int().nullable(),
  user_name: z.string().nullable(),
});
export type StageChange = z.infer<typeof stageChangeSchema>;
export const stageChangeListSchema = z.object({ data: z.array(stageChangeSchema) });

/**
 * Link an estimate or invoice to an opportunity (`POST /api/crm/opportunities/{id}/documents`):
 * done by the server when "Create estimate" / "Create invoice" of a won opportunity saves the
 * document. A document belongs to at most one opportunity (linking it again moves it).
 */
export const opportunityDocumentLinkSchema = z.strictObject({
  kind: z.enum(['estimate', 'invoice'], { error: 'Please choose an estimate or an invoice' }),
  id: refIdSchema('Please choose a document'),
});
export type OpportunityDocumentLink = z.output<typeof opportunityDocumentLinkSchema>;
