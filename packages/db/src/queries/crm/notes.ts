import { toDbTime } from '../../dialect';
import type { CrmNoteRow } from '../../schema-crm';
import type { Db } from '../shared/types';
import type { CrmSubjectRef } from './activity-queries';

/* Notes on a lead, an opportunity or a client (issue 14). Every query is scoped by `businessId`. */

export type NoteView = CrmNoteRow & { user_name: string | null };

export async function insertCrmNote(
  db: Db,
  params: {
    businessId: number;
    body: string;
    subject: CrmSubjectRef;
    userId: number | null;
    now: Date;
  },
): Promise<{ id: number }> {
  const now = toDbTime(params.now);
  return db
    .insertInto('crm_notes')
    .values({
      business_id: params.businessId,
      body: params.body,
      lead_id: params.subject.kind === 'lead' ? params.subject.id : null,
      opportunity_id: params.subject.kind === 'opportunity' ? params.subject.id : null,
      client_id: params.subject.kind === 'client' ? params.subject.id : null,
      user_id: params.userId,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
}

export async function deleteCrmNote(db: Db, params: { businessId: number; noteId: number }): Promise<boolean> {
  const result = await db
    .deleteFrom('crm_notes')
    .where('business_id', '=', params.businessId)
    .where('id', '=', params.noteId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export async function findCrmNote(
  db: Db,
  params: { businessId: number; noteId: number },
): Promise<NoteView | undefined> {
  return db
    .selectFrom('crm_notes')
    .leftJoin('users', 'users.id', 'crm_notes.user_id')
    .selectAll('crm_notes')
    .select('users.name as user_name')
    .where('crm_notes.business_id', '=', params.businessId)
    .where('crm_notes.id', '=', params.noteId)
    .executeTakeFirst();
}
