import {
  SHELL_MESSAGES,
  canReviewFeedback,
  feedbackSystemInfoSchema,
  pageMeta,
  type BetaFeedback,
  type BetaFeedbackEntry,
  type BetaFeedbackListResponse,
  type FeedbackType,
} from '@ledgerleaf/domain';
import { insertBetaFeedback, listBetaFeedback, type BetaFeedbackRow } from '@ledgerleaf/db';
import type { AuthContext, Deps } from '../../../lib/context';
import { AppError } from '../../../lib/errors';

function systemInfoOf(raw: string) {
  try {
    const parsed = feedbackSystemInfoSchema.safeParse(JSON.parse(raw));
    if (parsed.success) return parsed.data;
  } catch {
    // stored by us as JSON; fall through on anything odd
  }
  return { browser: '', os: '', screenSize: '', currentUrl: '' };
}

function entryView(
  row: BetaFeedbackRow & { user_name?: string | null; user_email?: string | null },
): BetaFeedbackEntry {
  return {
    id: row.id,
    user_id: row.user_id,
    user_name: row.user_name ?? null,
    user_email: row.user_email ?? null,
    type: row.type,
    feature: row.feature,
    rating: row.rating === null ? null : Number(row.rating),
    description: row.description,
    system_info: systemInfoOf(row.system_info),
    client_timestamp: row.client_timestamp,
    created_at: row.created_at,
  };
}

/** Stores one report of the caller (SPEC.md section 7, POST /api/beta-feedback). */
export async function submitFeedback(
  deps: Deps,
  params: { auth: AuthContext; input: BetaFeedback },
): Promise<BetaFeedbackEntry> {
  const { input, auth } = params;
  const row = await insertBetaFeedback(deps.db, {
    businessId: auth.businessId,
    userId: auth.userId,
    type: input.type,
    feature: input.feature,
    rating: input.rating,
    description: input.description,
    systemInfo: input.systemInfo,
    clientTimestamp: input.timestamp,
    now: deps.clock(),
  });
  return entryView({ ...row, user_name: auth.user.name, user_email: auth.user.email });
}

/** The business's reports, for its admins and owners only (403 otherwise). */
export async function listFeedback(
  deps: Deps,
  params: { auth: AuthContext; page: number; perPage: number; type?: FeedbackType },
): Promise<BetaFeedbackListResponse> {
  if (!canReviewFeedback({ roles: [params.auth.user.role] })) throw new AppError(403, SHELL_MESSAGES.adminOnly);
  const { rows, total } = await listBetaFeedback(deps.db, {
    businessId: params.auth.businessId,
    limit: params.perPage,
    offset: (params.page - 1) * params.perPage,
    type: params.type,
  });
  return { data: rows.map(entryView), meta: pageMeta(params.page, params.perPage, total) };
}
