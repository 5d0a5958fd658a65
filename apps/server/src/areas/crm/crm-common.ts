import { z } from 'zod';
import { CRM_MESSAGES, errorResponseSchema, type FieldErrors } from '@ledgerleaf/domain';
import { isUniqueViolation, seedCrmDefaults, unknownCrmReferences, type CrmReferences, type Db } from '@ledgerleaf/db';
import type { FastifyRequest } from 'fastify';
import type { AuthContext, Deps } from '../../lib/context';
import { ERROR_DOCS, conflictDoc, errorDoc } from '../../lib/error-docs';
import { validationError } from '../../lib/errors';
import { requireAuth } from '../../lib/route';
import { recurringConfig } from '../invoicing/recurring/recurring.service';

/*
 * What every CRM module shares: the caller (with the business's CRM defaults in place), the
 * business's time zone, the 422 for ids that are not the business's, and the error documents.
 */

/**
 * Businesses whose CRM defaults this process has already made sure of (one read per business and
 * process), per database: one process may serve several databases (tests, the CLI), whose business
 * ids mean different businesses.
 */
const seeded = new WeakMap<object, Set<number>>();

/**
 * The business's CRM defaults (pipeline, sources, lost reasons, activity types, settings), created
 * once: at registration, else lazily here before its first CRM request (a business older than the
 * CRM). `seedCrmDefaults` is idempotent and safe under concurrency.
 */
export async function ensureCrmDefaults(deps: Deps, businessId: number): Promise<void> {
  let businesses = seeded.get(deps.database);
  if (businesses?.has(businessId)) return;
  await seedCrmDefaults(deps.db, { businessId, now: deps.clock() });
  if (!businesses) seeded.set(deps.database, (businesses = new Set()));
  businesses.add(businessId);
}

/** The caller of a CRM route, its business's CRM defaults in place. */
export async function crmCaller(deps: Deps, request: FastifyRequest): Promise<AuthContext> {
  const auth = requireAuth(request);
  await ensureCrmDefaults(deps, auth.businessId);
  return auth;
}

/** The business's time zone (the one its recurring settings keep: every "today" of the product uses it). */
export async function businessTimeZone(db: Db, businessId: number): Promise<string> {
  return (await recurringConfig(db, businessId)).time_zone;
}

const REFERENCE_MESSAGES: Record<keyof CrmReferences, string> = {
  stage_id: CRM_MESSAGES.stageInvalid,
  move_to_stage_id: CRM_MESSAGES.stageInvalid,
  source_id: CRM_MESSAGES.sourceInvalid,
  lost_reason_id: CRM_MESSAGES.lostReasonInvalid,
  type_id: CRM_MESSAGES.activityTypeInvalid,
  next_type_id: CRM_MESSAGES.nextTypeInvalid,
  owner_user_id: CRM_MESSAGES.ownerInvalid,
  assignee_user_id: CRM_MESSAGES.assigneeInvalid,
  default_owner_user_id: CRM_MESSAGES.ownerInvalid,
  client_id: CRM_MESSAGES.clientInvalid,
  lead_id: CRM_MESSAGES.clientOrLeadRequired,
  opportunity_id: CRM_MESSAGES.activityTargetRequired,
};

/** 422 on each field whose id is not one of the business's records (unknown stage, source, owner, type...). */
export async function checkReferences(db: Db, businessId: number, refs: CrmReferences): Promise<void> {
  const unknown = await unknownCrmReferences(db, { businessId, refs });
  if (unknown.length === 0) return;
  const errors: FieldErrors = {};
  for (const field of unknown) errors[field] = [REFERENCE_MESSAGES[field]];
  throw validationError(errors);
}

/** A unique name taken (sources, lost reasons, activity types): 422 `name`. */
export function nameTaken(error: unknown): never {
  if (isUniqueViolation(error)) throw validationError({ name: [CRM_MESSAGES.nameTaken] });
  throw error;
}

/** `{ message }` answers (deletes, archive of lists). */
export const crmMessageSchema = z.object({ message: z.string() });

/** The CRM's error documents for the OpenAPI document. */
export const CRM_ERRORS = {
  ...ERROR_DOCS,
  notFound: errorDoc("No such record in the caller's business"),
  inUse: conflictDoc('In use: archive it instead'),
  readOnly: conflictDoc('The lead is converted: read-only', z.enum(['converted'])),
  invariant: conflictDoc('The pipeline would lose its last open, won or lost stage'),
  errorSchema: errorResponseSchema,
};

export const CRM_TAGS = ['crm'];
