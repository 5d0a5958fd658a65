import { toDbTime } from '../../dialect';
import type { OutboxEmail } from '../../schema';
import type { Db } from './types';

/** What the outbox keeps of an attachment: its name, type and size, never its bytes. */
export interface OutboxAttachmentMeta {
  filename: string;
  content_type: string;
  size: number;
}

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
    attachments?: readonly OutboxAttachmentMeta[] | null;
    /** Defaults to `system` (account mail, never listed to a business). */
    category?: string;
    /** The invoice or estimate the message is about (it then lists under that document). */
    document?: { type: 'invoice' | 'estimate'; id: number } | null;
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
      attachments: params.attachments && params.attachments.length > 0 ? JSON.stringify(params.attachments) : null,
      category: params.category ?? 'system',
      document_type: params.document?.type ?? null,
      document_id: params.document?.id ?? null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
}

export async function markOutboxEmailSent(db: Db, params: { id: number; now: Date; attempts?: number }): Promise<void> {
  await db
    .updateTable('outbox_emails')
    .set({
      sent_at: toDbTime(params.now),
      error: null,
      retry_at: null,
      ...(params.attempts === undefined ? {} : { attempts: params.attempts }),
    })
    .where('id', '=', params.id)
    .execute();
}

/**
 * The SMTP server refused the message: with `retryAt` it is tried again then (still sending, the
 * reason kept); without, it is given up (failed, for that reason).
 */
export async function markOutboxEmailFailed(
  db: Db,
  params: { id: number; error: string; attempts?: number; retryAt?: Date | null },
): Promise<void> {
  await db
    .updateTable('outbox_emails')
    .set({
      error: params.error.slice(0, 2000),
      retry_at: params.retryAt ? toDbTime(params.retryAt) : null,
      ...(params.attempts === undefined ? {} : { attempts: params.attempts }),
    })
    .where('id', '=', params.id)
    .execute();
}

/** Why the mail server refused a message (null while it is queued or once it is sent). */
export async function findOutboxEmailError(db: Db, params: { id: number }): Promise<string | null> {
  const row = await db.selectFrom('outbox_emails').select(['error']).where('id', '=', params.id).executeTakeFirst();
  return row?.error ?? null;
}

export async function listOutboxEmails(db: Db, params: { to?: string; limit?: number } = {}): Promise<OutboxEmail[]> {
  let query = db.selectFrom('outbox_emails').selectAll();
  if (params.to) query = query.where('to_address', '=', params.to);
  return query
    .orderBy('id', 'desc')
    .limit(params.limit ?? 100)
    .execute();
}

/** The `attachments` column read back: [] for none or for anything unreadable. */
export function outboxAttachments(row: Pick<OutboxEmail, 'attachments'>): OutboxAttachmentMeta[] {
  if (!row.attachments) return [];
  try {
    const parsed: unknown = JSON.parse(row.attachments);
    if (!Array.isArray(parsed)) return [];
    return parsed.flatMap((item: unknown) => {
      if (!item || typeof item !== 'object') return [];
      const { filename, content_type, size } = item as Record<string, unknown>;
      return typeof filename === 'string'
        ? [
            {
              filename,
              content_type: typeof content_type === 'string' ? content_type : 'application/octet-stream',
              size: Number(size) || 0,
            },
          ]
        : [];
    });
  } catch {
    return [];
  }
}

/** One business's mail of the given categories, newest first, a page at a time, with the count of all of it. */
export async function listBusinessOutboxEmails(
  db: Db,
  params: { businessId: number; categories: readonly string[]; limit: number; offset: number },
): Promise<{ rows: OutboxEmail[]; total: number }> {
  if (params.categories.length === 0) return { rows: [], total: 0 };
  const scoped = db
    .selectFrom('outbox_emails')
    .where('business_id', '=', params.businessId)
    .where('category', 'in', [...params.categories]);
  const [rows, count] = await Promise.all([
    scoped.selectAll().orderBy('id', 'desc').limit(params.limit).offset(params.offset).execute(),
    scoped.select((eb) => eb.fn.countAll<number | string | bigint>().as('total')).executeTakeFirst(),
  ]);
  return { rows, total: Number(count?.total ?? 0) };
}

/** The business's messages about one document (of the given categories), newest first. */
export async function listDocumentOutboxEmails(
  db: Db,
  params: {
    businessId: number;
    document: { type: 'invoice' | 'estimate'; id: number };
    categories: readonly string[];
    limit?: number;
  },
): Promise<OutboxEmail[]> {
  if (params.categories.length === 0) return [];
  return db
    .selectFrom('outbox_emails')
    .selectAll()
    .where('business_id', '=', params.businessId)
    .where('document_type', '=', params.document.type)
    .where('document_id', '=', params.document.id)
    .where('category', 'in', [...params.categories])
    .orderBy('id', 'desc')
    .limit(params.limit ?? 200)
    .execute();
}

/** One message of a business's mail of the given categories; undefined for another business's or another category's. */
export async function findBusinessOutboxEmail(
  db: Db,
  params: { businessId: number; id: number; categories: readonly string[] },
): Promise<OutboxEmail | undefined> {
  if (params.categories.length === 0) return undefined;
  return db
    .selectFrom('outbox_emails')
    .selectAll()
    .where('id', '=', params.id)
    .where('business_id', '=', params.businessId)
    .where('category', 'in', [...params.categories])
    .executeTakeFirst();
}
