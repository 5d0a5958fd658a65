import { toDbTime } from '../dialect';
import type { OutboxEmail } from '../schema';
import type { Db } from './types';

export async function insertOutboxEmail(
  db: Db,
  params: {
    businessId?: number | null;
    to: string;
    subject: string;
    text: string;
    html?: string | null;
    transport: 'log' | 'smtp';
    sentAt?: Date | null;
    now: Date;
  },
): Promise<{ id: number }> {
  return db
    .insertInto('outbox_emails')
    .values({
      business_id: params.businessId ?? null,
      to_address: params.to,
      subject: params.subject,
      text_body: params.text,
      html_body: params.html ?? null,
      transport: params.transport,
      created_at: toDbTime(params.now),
      sent_at: params.sentAt ? toDbTime(params.sentAt) : null,
      error: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
}

export async function markOutboxEmailSent(db: Db, params: { id: number; now: Date }): Promise<void> {
  await db.updateTable('outbox_emails').set({ sent_at: toDbTime(params.now), error: null }).where('id', '=', params.id).execute();
}

export async function markOutboxEmailFailed(db: Db, params: { id: number; error: string }): Promise<void> {
  await db.updateTable('outbox_emails').set({ error: params.error.slice(0, 2000) }).where('id', '=', params.id).execute();
}

/** Newest first. */
export async function listOutboxEmails(db: Db, params: { to?: string; limit?: number } = {}): Promise<OutboxEmail[]> {
  let query = db.selectFrom('outbox_emails').selectAll();
  if (params.to) query = query.where('to_address', '=', params.to);
  return query
    .orderBy('id', 'desc')
    .limit(params.limit ?? 100)
    .execute();
}
