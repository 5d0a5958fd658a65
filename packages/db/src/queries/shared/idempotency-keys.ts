import { toDbTime } from '../../dialect';
import type { IdempotencyKeyRow } from '../../schema';
import type { Db } from './types';

/* The stored answers of money writes, by idempotency key (the server's `lib/idempotency.ts`). */

export async function findIdempotencyKey(
  db: Db,
  params: { businessId: number; key: string },
): Promise<IdempotencyKeyRow | undefined> {
  return db
    .selectFrom('idempotency_keys')
    .selectAll()
    .where('business_id', '=', params.businessId)
    .where('key', '=', params.key)
    .executeTakeFirst();
}

/** Stores the answer of a money write with its key; a concurrent twin fails on the unique index. */
export async function insertIdempotencyKey(
  db: Db,
  params: {
    businessId: number;
    key: string;
    method: string;
    path: string;
    requestHash: string;
    status: number;
    body: unknown;
    now: Date;
  },
): Promise<void> {
  await db
    .insertInto('idempotency_keys')
    .values({
      business_id: params.businessId,
      key: params.key,
      method: params.method,
      path: params.path,
      request_hash: params.requestHash,
      response_status: params.status,
      response_body: JSON.stringify(params.body),
      created_at: toDbTime(params.now),
    })
    .execute();
}

/** Records the answer of a request whose key was claimed as pending (`response_status` 0). */
export async function completeIdempotencyKey(
  db: Db,
  params: { businessId: number; key: string; status: number; body: unknown },
): Promise<void> {
  await db
    .updateTable('idempotency_keys')
    .set({ response_status: params.status, response_body: JSON.stringify(params.body) })
    .where('business_id', '=', params.businessId)
    .where('key', '=', params.key)
    .execute();
}

/** Forgets a claimed key (its request failed, so a retry may run it again). */
export async function releaseIdempotencyKey(db: Db, params: { businessId: number; key: string }): Promise<void> {
  await db
    .deleteFrom('idempotency_keys')
    .where('business_id', '=', params.businessId)
    .where('key', '=', params.key)
    .execute();
}
