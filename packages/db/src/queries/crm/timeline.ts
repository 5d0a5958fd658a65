import { sql } from 'kysely';
import { toDbTime } from '../../dialect';
import type { Db } from '../shared/types';
import type { ActivityView } from './activities';
import { activityViewQuery, expandSubject, subjectCondition, type CrmSubjectRef } from './activity-queries';
import { leadNameSql } from './crm-shared';
import type { NoteView } from './notes';
import type { StageChangeView } from './opportunities';

/* The timelines of leads, opportunities and clients (issue 14). Every query is scoped by `businessId`. */

/** One raw timeline entry; the service maps it to the contract's `timelineItemSchema`. */
export type TimelineEntry =
  | { kind: 'activity'; key: string; at: string; activity: ActivityView }
  | { kind: 'note'; key: string; at: string; note: NoteView }
  | { kind: 'stage_change'; key: string; at: string; change: StageChangeView & { opportunity_title: string } }
  | {
      kind: 'conversion';
      key: string;
      at: string;
      conversion: {
        lead_id: number;
        lead_name: string;
        client_id: number | null;
        client_name: string | null;
        opportunity_id: number | null;
        opportunity_title: string | null;
        user_name: string | null;
      };
    }
  | {
      kind: 'created';
      key: string;
      at: string;
      created: { subject: CrmSubjectRef; name: string; user_name: string | null };
    };

/**
 * The timeline of a lead, an opportunity or a client, newest first, `limit` entries before
 * `before` (an instant; omitted: from the newest), and the next open activity (shown first).
 * - a lead: its activities, notes, its creation and its conversion;
 * - an opportunity: its activities, notes, stage changes (its creation is the first) and the
 *   conversion of the lead it came from;
 * - a client: its own activities and notes, plus those of its opportunities and of the leads
 *   converted into it, their stage changes and those conversions.
 * An activity stands at its due time until done, then at the time it was done. Entries at the very
 * same instant as `before` on a page boundary may be skipped: pages cut on time, not on keys.
 */
export async function listCrmTimeline(
  db: Db,
  params: { businessId: number; subject: CrmSubjectRef; before?: Date | undefined; limit: number },
): Promise<{ entries: TimelineEntry[]; nextActivity: ActivityView | null; hasMore: boolean }> {
  const sets = await expandSubject(db, params.businessId, params.subject, true);
  const before = params.before ? toDbTime(params.before) : null;
  const limit = params.limit + 1;
  const entries: TimelineEntry[] = [];

  const atSql = sql<string>`coalesce(crm_activities.done_at, crm_activities.due_at)`;
  let activities = activityViewQuery(db, params.businessId).where((eb) => subjectCondition(eb, sets));
  if (before) activities = activities.where(atSql, '<', before);
  for (const activity of await activities
    .orderBy(atSql, 'desc')
    .orderBy('crm_activities.id', 'desc')
    .limit(limit)
    .execute())
    entries.push({
      kind: 'activity',
      key: `activity-${activity.id}`,
      at: activity.done_at ?? activity.due_at,
      activity,
    });

  let notes = db
    .selectFrom('crm_notes')
    .leftJoin('users', 'users.id', 'crm_notes.user_id')
    .selectAll('crm_notes')
    .select('users.name as user_name')
    .where('crm_notes.business_id', '=', params.businessId)
    .where((eb) => {
      const any = [
        sets.leadIds.length > 0 ? eb('crm_notes.lead_id', 'in', sets.leadIds) : null,
        sets.opportunityIds.length > 0 ? eb('crm_notes.opportunity_id', 'in', sets.opportunityIds) : null,
        sets.clientIds.length > 0 ? eb('crm_notes.client_id', 'in', sets.clientIds) : null,
      ].filter((condition) => condition !== null);
      return any.length > 0 ? eb.or(any) : eb.val(false);
    });
  if (before) notes = notes.where('crm_notes.created_at', '<', before);
  for (const note of await notes
    .orderBy('crm_notes.created_at', 'desc')
    .orderBy('crm_notes.id', 'desc')
    .limit(limit)
    .execute())
    entries.push({ kind: 'note', key: `note-${note.id}`, at: note.created_at, note });

  if (sets.opportunityIds.length > 0) {
    let changes = db
      .selectFrom('crm_stage_changes')
      .innerJoin('crm_opportunities', 'crm_opportunities.id', 'crm_stage_changes.opportunity_id')
      .leftJoin('users', 'users.id', 'crm_stage_changes.user_id')
      .selectAll('crm_stage_changes')
      .select(['users.name as user_name', 'crm_opportunities.title as opportunity_title'])
      .where('crm_stage_changes.business_id', '=', params.businessId)
      .where('crm_stage_changes.opportunity_id', 'in', sets.opportunityIds);
    if (before) changes = changes.where('crm_stage_changes.changed_at', '<', before);
    for (const change of await changes
      .orderBy('crm_stage_changes.changed_at', 'desc')
      .orderBy('crm_stage_changes.id', 'desc')
      .limit(limit)
      .execute())
      entries.push({ kind: 'stage_change', key: `stage_change-${change.id}`, at: change.changed_at, change });
  }

  let conversions = db
    .selectFrom('crm_lead_conversions as c')
    .innerJoin('crm_leads', 'crm_leads.id', 'c.lead_id')
    .leftJoin('clients', 'clients.id', 'c.client_id')
    .leftJoin('crm_opportunities as o', 'o.id', 'c.opportunity_id')
    .leftJoin('users', 'users.id', 'c.converted_by_user_id')
    .select([
      'c.id',
      'c.lead_id',
      'c.client_id',
      'c.opportunity_id',
      'c.converted_at',
      leadNameSql().as('lead_name'),
      'clients.name as client_name',
      'o.title as opportunity_title',
      'users.name as user_name',
    ])
    .where('c.business_id', '=', params.businessId)
    .where((eb) => {
      const any = [
        sets.leadIds.length > 0 ? eb('c.lead_id', 'in', sets.leadIds) : null,
        sets.opportunityIds.length > 0 ? eb('c.opportunity_id', 'in', sets.opportunityIds) : null,
        sets.clientIds.length > 0 ? eb('c.client_id', 'in', sets.clientIds) : null,
      ].filter((condition) => condition !== null);
      return any.length > 0 ? eb.or(any) : eb.val(false);
    });
  if (before) conversions = conversions.where('c.converted_at', '<', before);
  for (const row of await conversions.orderBy('c.converted_at', 'desc').limit(limit).execute())
    entries.push({
      kind: 'conversion',
      key: `conversion-${row.id}`,
      at: row.converted_at,
      conversion: { ...row, lead_name: row.lead_name ?? '' },
    });

  if (params.subject.kind === 'lead') {
    const lead = await db
      .selectFrom('crm_leads')
      .leftJoin('users', 'users.id', 'crm_leads.created_by_user_id')
      .select(['crm_leads.id', 'crm_leads.created_at', leadNameSql().as('name'), 'users.name as user_name'])
      .where('crm_leads.business_id', '=', params.businessId)
      .where('crm_leads.id', '=', params.subject.id)
      .executeTakeFirst();
    if (lead && (!before || lead.created_at < before))
      entries.push({
        kind: 'created',
        key: `created-lead-${lead.id}`,
        at: lead.created_at,
        created: { subject: params.subject, name: lead.name ?? '', user_name: lead.user_name },
      });
  }

  entries.sort((a, b) => {
    const diff = new Date(b.at).getTime() - new Date(a.at).getTime();
    return diff !== 0 ? diff : a.key < b.key ? 1 : -1;
  });
  const nextActivity = await activityViewQuery(db, params.businessId)
    .where((eb) => subjectCondition(eb, sets))
    .where('crm_activities.done_at', 'is', null)
    .orderBy('crm_activities.due_at')
    .orderBy('crm_activities.id')
    .limit(1)
    .executeTakeFirst();
  return {
    entries: entries.slice(0, params.limit),
    nextActivity: nextActivity ?? null,
    hasMore: entries.length > params.limit,
  };
}
