import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { findIdempotencyKey, insertIdempotencyKey, isUniqueViolation, type Db } from '@ledgerleaf/db';
import type { Deps } from './context';
import { AppError, validationError } from './errors';

export const IDEMPOTENCY_HEADER = 'idempotency-key';
export const IDEMPOTENCY_KEY_MAX_LENGTH = 255;

export const IDEMPOTENCY_MESSAGES = {
  keyInvalid: `The Idempotency-Key header must be 1 to ${IDEMPOTENCY_KEY_MAX_LENGTH} visible characters`,
  keyReused: 'This Idempotency-Key was already used for a different request. Use a new key for a new request.',
} as const;

export interface IdempotentResult {
  status: number;
  body: unknown;
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
  return createHash('sha256').update(`${method}\n${path}\n${canonicalJson(body)}`).digest('hex');
}

/** The request's Idempotency-Key, undefined when absent; 422 when malformed. */
export function idempotencyKeyOf(request: FastifyRequest): string | undefined {
  const raw = request.headers[IDEMPOTENCY_HEADER];
  if (raw === undefined) return undefined;
  const key = Array.isArray(raw) ? raw[0] : raw;
  if (typeof key !== 'string' || key.length === 0 || key.length > IDEMPOTENCY_KEY_MAX_LENGTH || !/^[\x21-\x7e]+$/.test(key)) {
    throw validationError({ 'Idempotency-Key': [IDEMPOTENCY_MESSAGES.keyInvalid] });
  }
  return key;
}

function replay(row: { request_hash: string; response_status: number; response_body: string }, hash: string): IdempotentResult {
  if (row.request_hash !== hash) throw validationError({ 'Idempotency-Key': [IDEMPOTENCY_MESSAGES.keyReused] });
  return { status: Number(row.response_status), body: JSON.parse(row.response_body) as unknown };
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
      await insertIdempotencyKey(tx, { businessId: params.businessId, key, method: params.method, path: params.path, requestHash: hash, status: result.status, body: result.body, now: deps.clock() });
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
