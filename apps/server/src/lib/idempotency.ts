import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import {
  completeIdempotencyKey,
  findIdempotencyKey,
  insertIdempotencyKey,
  isUniqueViolation,
  releaseIdempotencyKey,
  type Db,
} from '@ledgerleaf/db';
import type { Deps } from './context';
import { AppError, validationError } from './errors';

export const IDEMPOTENCY_HEADER = 'idempotency-key';
export const IDEMPOTENCY_KEY_MAX_LENGTH = 255;

export const IDEMPOTENCY_MESSAGES = {
  keyInvalid: `The Idempotency-Key header must be 1 to ${IDEMPOTENCY_KEY_MAX_LENGTH} visible characters`,
  keyReused: 'This Idempotency-Key was already used for a different request. Use a new key for a new request.',
  keyInProgress: 'A request with this Idempotency-Key is still being processed. Try again in a moment.',
} as const;

/** `response_status` of a key whose request is still running (see `runIdempotentEffect`). */
export const PENDING_STATUS = 0;

/** A pending key older than this belongs to a request that died mid-way; a retry may run again. */
export const PENDING_KEY_TIMEOUT_MS = 10 * 60_000;

export interface IdempotentResult {
  status: number;
  body: unknown;
  /** True when this is the stored answer of an earlier request with the key (nothing ran now). */
  replayed?: boolean;
}

/** JSON with object keys sorted, so `{a,b}` and `{b,a}` are the same request. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    return `{${Object.keys(value)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${canonicalJson((value as Record<string, unknown>)[key])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

export function requestHash(method: string, path: string, body: unknown): string {
  return createHash('sha256')
    .update(`${method}\n${path}\n${canonicalJson(body)}`)
    .digest('hex');
}

/** The request's Idempotency-Key, undefined when absent; 422 when malformed. */
export function idempotencyKeyOf(request: FastifyRequest): string | undefined {
  const raw = request.headers[IDEMPOTENCY_HEADER];
  if (raw === undefined) return undefined;
  const key = Array.isArray(raw) ? raw[0] : raw;
  if (
    typeof key !== 'string' ||
    key.length === 0 ||
    key.length > IDEMPOTENCY_KEY_MAX_LENGTH ||
    !/^[\x21-\x7e]+$/.test(key)
  ) {
    throw validationError({ 'Idempotency-Key': [IDEMPOTENCY_MESSAGES.keyInvalid] });
  }
  return key;
}

function replay(
  row: { request_hash: string; response_status: number; response_body: string },
  hash: string,
): IdempotentResult {
  if (row.request_hash !== hash) throw validationError({ 'Idempotency-Key': [IDEMPOTENCY_MESSAGES.keyReused] });
  return { status: Number(row.response_status), body: JSON.parse(row.response_body) as unknown, replayed: true };
}

/**
 * Runs a money write once per Idempotency-Key. Without a key it simply runs `write` in a
 * transaction. With one: a key seen before replays the stored answer (same status, same body) when
 * the request is the same and answers 422 when it is not; a new key runs `write` and stores its
 * answer in the same transaction, so the write and its key commit together. Two concurrent requests
 * with the same key: the second one's insert hits the unique index, its transaction (and its write)
 * rolls back, and it replays the first one's answer. Errors are not stored: a refused request may be
 * retried with the same key once the cause is fixed.
 */
export async function runIdempotent(
  deps: Deps,
  params: { businessId: number; key: string | undefined; method: string; path: string; body: unknown },
  write: (tx: Db) => Promise<IdempotentResult>,
): Promise<IdempotentResult> {
  if (params.key === undefined) return deps.db.transaction().execute(write);
  const key = params.key;
  const hash = requestHash(params.method, params.path, params.body);
  const existing = await findIdempotencyKey(deps.db, { businessId: params.businessId, key });
  if (existing) return replay(existing, hash);
  try {
    return await deps.db.transaction().execute(async (tx) => {
      const result = await write(tx);
      await insertIdempotencyKey(tx, {
        businessId: params.businessId,
        key,
        method: params.method,
        path: params.path,
        requestHash: hash,
        status: result.status,
        body: result.body,
        now: deps.clock(),
      });
      return result;
    });
  } catch (error) {
    // A concurrent twin committed first: its answer wins (our write may have been refused on the
    // state it left, e.g. "more than the balance", or our key insert hit the unique index).
    if (!isUniqueViolation(error) && !(error instanceof AppError)) throw error;
    const winner = await findIdempotencyKey(deps.db, { businessId: params.businessId, key });
    if (!winner) throw error;
    return replay(winner, hash);
  }
}

/**
 * Runs a request with a side effect outside the database (an email) once per Idempotency-Key. The
 * key is claimed first, in its own transaction, as pending: a concurrent twin finds it and answers
 * 409 (still running) or, once done, replays the stored answer; a finished key replays. `work` then
 * runs, and its answer is stored on the key. If `work` fails the claim is released, so a retry may
 * send. A claim left pending by a process that died mid-way is taken over after
 * `PENDING_KEY_TIMEOUT_MS`. Without a key `work` simply runs.
 */
export async function runIdempotentEffect(
  deps: Deps,
  params: { businessId: number; key: string | undefined; method: string; path: string; body: unknown },
  work: () => Promise<IdempotentResult>,
): Promise<IdempotentResult> {
  if (params.key === undefined) return work();
  const key = params.key;
  const hash = requestHash(params.method, params.path, params.body);
  const settled = (row: {
    request_hash: string;
    response_status: number;
    response_body: string;
    created_at: string;
  }): IdempotentResult | 'stale' => {
    if (Number(row.response_status) !== PENDING_STATUS) return replay(row, hash);
    if (row.request_hash !== hash) throw validationError({ 'Idempotency-Key': [IDEMPOTENCY_MESSAGES.keyReused] });
    if (deps.clock().getTime() - new Date(row.created_at).getTime() > PENDING_KEY_TIMEOUT_MS) return 'stale';
    throw new AppError(409, IDEMPOTENCY_MESSAGES.keyInProgress);
  };
  const claim = async (): Promise<IdempotentResult | null> => {
    try {
      await insertIdempotencyKey(deps.db, {
        businessId: params.businessId,
        key,
        method: params.method,
        path: params.path,
        requestHash: hash,
        status: PENDING_STATUS,
        body: null,
        now: deps.clock(),
      });
      return null;
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      const existing = await findIdempotencyKey(deps.db, { businessId: params.businessId, key });
      if (!existing) return claim();
      const outcome = settled(existing);
      if (outcome !== 'stale') return outcome;
      await releaseIdempotencyKey(deps.db, { businessId: params.businessId, key });
      return claim();
    }
  };
  const earlier = await claim();
  if (earlier) return earlier;
  let result: IdempotentResult;
  try {
    result = await work();
  } catch (error) {
    await releaseIdempotencyKey(deps.db, { businessId: params.businessId, key });
    throw error;
  }
  await completeIdempotencyKey(deps.db, {
    businessId: params.businessId,
    key,
    status: result.status,
    body: result.body,
  });
  return result;
}
