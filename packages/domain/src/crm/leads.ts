import { z } from 'zod';
import { idSchema, isoDateSchema, listQuerySchema, pageSchema } from '../common';
import { clientKindSchema } from '../catalog/clients';
import {
  catalogNameSchema,
  importPreviewSchema,
  optionalEmailSchema,
  optionalPhoneSchema,
  parseCsvNumber,
} from '../catalog/shared';
import { CRM_BULK_MAX_IDS, CRM_MESSAGES, CRM_NAME_MAX_LENGTH, CRM_NOTES_MAX_LENGTH } from './messages';
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
 * Leads: people or companies that may buy, before they are clients. A lead is converted once, in
 * one transaction, into an opportunity and a client (new, or an existing one); it then keeps links
 * to both, records when, and is read-only with the status `converted`.
 * Suggested endpoints: GET/POST /api/crm/leads, GET/PUT/DELETE /api/crm/leads/{id},
 * POST /api/crm/leads/bulk, POST /api/crm/leads/{id}/convert, GET /api/crm/leads/{id}/client-matches,
 * POST /api/crm/leads/import/preview, POST /api/crm/leads/import, GET /api/crm/leads/export.
 */

export const LEAD_STATUSES = ['new', 'contacted', 'qualified', 'unqualified', 'converted'] as const;
export type LeadStatus = (typeof LEAD_STATUSES)[number];
export const LEAD_STATUS_LABELS: Record<LeadStatus, string> = {
  new: 'New',
  contacted: 'Contacted',
  qualified: 'Qualified',
  unqualified: 'Unqualified',
  converted: 'Converted',
};
/** The statuses a person may set; `converted` is reached only by converting. */
export const LEAD_EDITABLE_STATUSES = [
  'new',
  'contacted',
  'qualified',
  'unqualified',
] as const satisfies readonly LeadStatus[];
export type LeadEditableStatus = (typeof LEAD_EDITABLE_STATUSES)[number];

export const leadStatusSchema = z.enum(LEAD_STATUSES, { error: CRM_MESSAGES.leadStatusFilterInvalid });
export const leadEditableStatusSchema = z.enum(LEAD_EDITABLE_STATUSES, { error: CRM_MESSAGES.leadStatusInvalid });

/** A converted lead is read-only: no edit, no status change, no second conversion (it may be deleted). */
export function isLeadReadOnly(status: LeadStatus): boolean {
  return status === 'converted';
}

/** The name a lead goes by: the person, else the company. */
export function leadDisplayName(lead: { person_name: string | null; company_name: string | null }): string {
  return lead.person_name ?? lead.company_name ?? '';
}

function checkLeadName(lead: { person_name: string | null; company_name: string | null }, ctx: z.RefinementCtx) {
  if (ctx.issues.some((issue) => ['person_name', 'company_name'].includes(String(issue.path?.[0])))) return;
  if (!lead.person_name && !lead.company_name)
    ctx.addIssue({ code: 'custom', message: CRM_MESSAGES.leadNameRequired, path: ['person_name'] });
}

const leadFields = {
  person_name: optionalCrmText(CRM_NAME_MAX_LENGTH, CRM_MESSAGES.personNameTooLong),
  company_name: optionalCrmText(CRM_NAME_MAX_LENGTH, CRM_MESSAGES.companyNameTooLong),
  email: optionalEmailSchema,
  phone: optionalPhoneSchema,
  status: leadEditableStatusSchema.default('new'),
  estimated_value: crmAmountSchema()
    .nullish()
    .transform((value) => value ?? null),
  notes: optionalCrmText(CRM_NOTES_MAX_LENGTH, CRM_MESSAGES.notesTooLong),
};

/**
 * Create and edit a lead (PUT replaces every field). A person's name or a company name is needed
 * (422 on `person_name` when both are empty). `source_id` and `owner_user_id` must be the
 * business's (422 otherwise); an omitted owner on create is the settings' default owner, else the
 * person creating it. `email` is unique among the business's leads (422 `email`
 * `duplicateEmailInBusiness`; the database refuses a double too). A converted lead answers 409.
 */
export const leadInputSchema = z
  .strictObject({
    ...leadFields,
    source_id: optionalRefIdSchema(CRM_MESSAGES.sourceInvalid),
    owner_user_id: optionalRefIdSchema(CRM_MESSAGES.ownerInvalid),
  })
  .superRefine(checkLeadName);
export type LeadInput = z.input<typeof leadInputSchema>;
export type LeadRequest = z.output<typeof leadInputSchema>;

export const LEAD_SORT_FIELDS = [
  'created_at',
  'updated_at',
  'name',
  'company_name',
  'status',
  'estimated_value',
] as const;
export type LeadSortField = (typeof LEAD_SORT_FIELDS)[number];
/** `open` is new, contacted or qualified (the leads still being worked). */
export const LEAD_STATUS_FILTERS = ['all', 'open', ...LEAD_STATUSES] as const;
export type LeadStatusFilter = (typeof LEAD_STATUS_FILTERS)[number];
export const LEAD_OPEN_STATUSES: readonly LeadStatus[] = ['new', 'contacted', 'qualified'];

/** The statuses a filter stands for (null: no condition). */
export function leadStatusesOf(filter: LeadStatusFilter): readonly LeadStatus[] | null {
  if (filter === 'all') return null;
  if (filter === 'open') return LEAD_OPEN_STATUSES;
  return [filter];
}

/**
 * `GET /api/crm/leads?search=&status=&source_id=&owner_id=&created_from=&created_to=&sort=&direction=&page=&per_page=`
 * Search runs over the names, email and phone. `source_id` / `owner_id` take an id or `none`;
 * the created range is in the business's dates (both ends included).
 */
export const leadListQuerySchema = listQuerySchema(LEAD_SORT_FIELDS, 'created_at')
  .extend({
    direction: z.enum(['asc', 'desc']).default('desc'),
    status: z.enum(LEAD_STATUS_FILTERS, { error: CRM_MESSAGES.leadStatusFilterInvalid }).default('all'),
    source_id: idOrNoneFilterSchema(CRM_MESSAGES.sourceInvalid),
    owner_id: idOrNoneFilterSchema(CRM_MESSAGES.ownerInvalid),
    created_from: isoDateSchema.optional(),
    created_to: isoDateSchema.optional(),
  })
  .refine((query) => !query.created_from || !query.created_to || query.created_from <= query.created_to, {
    message: CRM_MESSAGES.dateRangeInvalid,
    path: ['created_to'],
  });
export type LeadListQuery = z.output<typeof leadListQuerySchema>;
export type LeadListQueryInput = z.input<typeof leadListQuerySchema>;

const bulkIdsSchema = z
  .array(idSchema, { error: CRM_MESSAGES.bulkIdsRequired })
  .min(1, CRM_MESSAGES.bulkIdsRequired)
  .max(CRM_BULK_MAX_IDS, CRM_MESSAGES.bulkTooManyIds)
  .refine((ids) => new Set(ids).size === ids.length, CRM_MESSAGES.bulkIdRepeated);

/**
 * `POST /api/crm/leads/bulk`: one action on the selected leads. Ids that are not the business's are
 * ignored (counted in neither); converted leads are left as they are by `assign_owner` and
 * `change_status` (answered as `skipped`) and deleted by `delete`.
 */
export const leadBulkRequestSchema = z.discriminatedUnion(
  'action',
  [
    z.strictObject({
      action: z.literal('assign_owner'),
      ids: bulkIdsSchema,
      owner_user_id: optionalRefIdSchema(CRM_MESSAGES.ownerInvalid),
    }),
    z.strictObject({ action: z.literal('change_status'), ids: bulkIdsSchema, status: leadEditableStatusSchema }),
    z.strictObject({ action: z.literal('delete'), ids: bulkIdsSchema }),
  ],
  { error: CRM_MESSAGES.bulkActionInvalid },
);
export type LeadBulkInput = z.input<typeof leadBulkRequestSchema>;
export type LeadBulkRequest = z.output<typeof leadBulkRequestSchema>;
export const leadBulkResponseSchema = z.object({
  message: z.string(),
  /** Leads changed (or deleted). */
  affected: z.number().int(),
  /** Converted leads left unchanged. */
  skipped: z.number().int(),
});
export type LeadBulkResponse = z.infer<typeof leadBulkResponseSchema>;

// ---------------------------------------------------------------- conversion

/**
 * `POST /api/crm/leads/{id}/convert`: in ONE transaction, the client (an existing one of the
 * business, or a new one created through the clients area's service) and the opportunity are made,
 * the lead is linked to both, marked `converted` with the time, and becomes read-only. A lead
 * already converted answers 409 `leadAlreadyConverted` (the database refuses a second conversion row).
 * The opportunity: `stage_id` defaults to the first open stage, `probability` to the stage's,
 * `owner_user_id` to the lead's owner, `source_id` is the lead's; its `lead_id` is the lead.
 */
export const leadConvertRequestSchema = z.strictObject({
  client: z.discriminatedUnion(
    'mode',
    [
      z.strictObject({ mode: z.literal('existing'), client_id: refIdSchema(CRM_MESSAGES.clientInvalid) }),
      z.strictObject({
        mode: z.literal('new'),
        kind: clientKindSchema.default('company'),
        name: catalogNameSchema,
        email: optionalEmailSchema,
        phone: optionalPhoneSchema,
      }),
    ],
    { error: CRM_MESSAGES.convertClientRequired },
  ),
  opportunity: z.strictObject({
    title: crmNameSchema(CRM_MESSAGES.titleRequired, CRM_MESSAGES.titleTooLong),
    amount: crmAmountSchema(),
    stage_id: optionalRefIdSchema(CRM_MESSAGES.stageInvalid),
    probability: probabilitySchema.nullish().transform((value) => value ?? null),
    expected_close_date: optionalIsoDateSchema,
    owner_user_id: optionalRefIdSchema(CRM_MESSAGES.ownerInvalid),
    notes: optionalCrmText(CRM_NOTES_MAX_LENGTH, CRM_MESSAGES.notesTooLong),
  }),
});
export type LeadConvertInput = z.input<typeof leadConvertRequestSchema>;
export type LeadConvertRequest = z.output<typeof leadConvertRequestSchema>;

/**
 * The convert form's starting values from the lead: a new client named after the company (else
 * the person), a company when there is a company name; an opportunity titled after the lead for the
 * lead's estimated value (0 when none), owned by the lead's owner. When `client-matches` finds a
 * client with the lead's email or company name, the form offers it as `existing` instead.
 */
export function leadConvertDefaults(lead: {
  person_name: string | null;
  company_name: string | null;
  email: string | null;
  phone: string | null;
  estimated_value: number | null;
  owner_user_id: number | null;
}): LeadConvertInput {
  const name = lead.company_name ?? lead.person_name ?? '';
  return {
    client: {
      mode: 'new',
      kind: lead.company_name ? 'company' : 'person',
      name,
      email: lead.email,
      phone: lead.phone,
    },
    opportunity: {
      title: name,
      amount: lead.estimated_value ?? 0,
      stage_id: null,
      probability: null,
      expected_close_date: null,
      owner_user_id: lead.owner_user_id,
      notes: null,
    },
  };
}

/** `GET /api/crm/leads/{id}/client-matches`: clients whose email equals the lead's or whose name equals its company name. */
export const leadClientMatchSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string().nullable(),
  /** Why it is offered. */
  matched_on: z.enum(['email', 'company_name']),
});
export type LeadClientMatch = z.infer<typeof leadClientMatchSchema>;
export const leadClientMatchesResponseSchema = z.object({ data: z.array(leadClientMatchSchema) });

export const leadConversionSchema = z.object({
  converted_at: z.string(),
  converted_by_user_id: z.number().int().nullable(),
  client_id: z.number().int().nullable(),
  client_name: z.string().nullable(),
  opportunity_id: z.number().int().nullable(),
  opportunity_title: z.string().nullable(),
});
export type LeadConversion = z.infer<typeof leadConversionSchema>;

// ---------------------------------------------------------------- responses

export const leadSchema = z.object({
  id: z.number().int(),
  person_name: z.string().nullable(),
  company_name: z.string().nullable(),
  /** `leadDisplayName`: the person, else the company. */
  display_name: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  source_id: z.number().int().nullable(),
  source_name: z.string().nullable(),
  status: leadStatusSchema,
  owner_user_id: z.number().int().nullable(),
  owner_name: z.string().nullable(),
  /** Decimal dollars, or null when not estimated. */
  estimated_value: z.number().nullable(),
  notes: z.string().nullable(),
  /** Converted: what it became and when; null before. */
  conversion: leadConversionSchema.nullable(),
  read_only: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Lead = z.infer<typeof leadSchema>;
export const leadResponseSchema = z.object({ data: leadSchema, message: z.string().optional() });
export type LeadResponse = z.infer<typeof leadResponseSchema>;
export const leadPageSchema = pageSchema(leadSchema);
export type LeadPage = z.infer<typeof leadPageSchema>;

export const leadConvertResponseSchema = z.object({
  data: z.object({ lead: leadSchema, client_id: z.number().int(), opportunity_id: z.number().int() }),
  message: z.string(),
});
export type LeadConvertResponse = z.infer<typeof leadConvertResponseSchema>;

// ---------------------------------------------------------------- CSV import and export

/**
 * CSV columns in export order. Import reads the same header names in any order (a person's or a
 * company name is needed per row); `id`, `created_at` and `converted_at` are export-only. `source`
 * is a source's name and `owner_email` a team member's email: the server resolves them to ids
 * (422 on the row when unknown). `status` may be any status but converted (empty: new).
 */
export const LEAD_CSV_COLUMNS = [
  'id',
  'person_name',
  'company_name',
  'email',
  'phone',
  'source',
  'status',
  'owner_email',
  'estimated_value',
  'notes',
  'created_at',
  'converted_at',
] as const;
export const LEAD_CSV_EXPORT_ONLY = ['id', 'created_at', 'converted_at'] as const;

/** One imported row, validated, before the server resolves `source` and `owner_email` to ids. */
export const leadImportRowSchema = z
  .strictObject({
    ...leadFields,
    source: optionalCrmText(CRM_NAME_MAX_LENGTH, CRM_MESSAGES.sourceInvalid),
    owner_email: optionalEmailSchema,
  })
  .superRefine(checkLeadName);
export type LeadImportRow = z.output<typeof leadImportRowSchema>;

/** Maps a CSV row (cells keyed by column) to the import row, before validation. */
export function leadCsvRowToRequest(values: Record<string, string>): {
  input: Record<string, unknown>;
  errors: Record<string, string[]>;
} {
  const errors: Record<string, string[]> = {};
  const cell = (key: string): string | null => {
    const value = values[key];
    return value === undefined || value.trim() === '' ? null : value.trim();
  };
  const input: Record<string, unknown> = {
    person_name: cell('person_name'),
    company_name: cell('company_name'),
    email: cell('email'),
    phone: cell('phone'),
    source: cell('source'),
    owner_email: cell('owner_email'),
    notes: cell('notes'),
  };
  const status = cell('status')?.toLowerCase();
  if (status) input.status = status;
  const value = parseCsvNumber(values.estimated_value);
  if (value === null) errors.estimated_value = [CRM_MESSAGES.amountRequired];
  else input.estimated_value = value ?? null;
  return { input, errors };
}

/**
 * Emails that appear on more than one row of a file: for each later row, the line of the first
 * one (`lines` are the rows' file line numbers). Compared lowercased and trimmed; rows without an
 * email never clash.
 */
export function duplicateEmailLines(
  rows: ReadonlyArray<{ line: number; email: string | null | undefined }>,
): Map<number, number> {
  const first = new Map<string, number>();
  const duplicates = new Map<number, number>();
  for (const row of rows) {
    const email = row.email?.trim().toLowerCase();
    if (!email) continue;
    const seen = first.get(email);
    if (seen === undefined) first.set(email, row.line);
    else duplicates.set(row.line, seen);
  }
  return duplicates;
}

export const leadImportPreviewSchema = importPreviewSchema(leadImportRowSchema);
export type LeadImportPreview = z.infer<typeof leadImportPreviewSchema>;
