import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
import type { Database } from '../../schema';
import type { Db } from '../shared/types';
import { leadNameSql } from './crm-shared';

/*
 * Building blocks of the activity, reminder and timeline queries (not exported from the package).
 */

export type CrmSubjectRef = { kind: 'lead' | 'opportunity' | 'client'; id: number };

export function activityViewQuery(db: Db, businessId: number) {
  return db
    .selectFrom('crm_activities')
    .innerJoin('crm_activity_types', 'crm_activity_types.id', 'crm_activities.type_id')
    .leftJoin('users', 'users.id', 'crm_activities.assignee_user_id')
    .leftJoin('crm_leads', 'crm_leads.id', 'crm_activities.lead_id')
    .leftJoin('crm_opportunities', 'crm_opportunities.id', 'crm_activities.opportunity_id')
    .leftJoin('clients', 'clients.id', 'crm_activities.client_id')
    .selectAll('crm_activities')
    .select([
      'crm_activity_types.name as type_name',
      'crm_activity_types.icon as type_icon',
      'users.name as assignee_name',
      sql<string | null>`coalesce(${leadNameSql()}, crm_opportunities.title, clients.name)`.as('about_name'),
    ])
    .where('crm_activities.business_id', '=', businessId);
}

export interface SubjectSets {
  leadIds: number[];
  opportunityIds: number[];
  clientIds: number[];
}

export async function expandSubject(
  db: Db,
  businessId: number,
  subject: CrmSubjectRef,
  related: boolean,
): Promise<SubjectSets> {
  if (subject.kind === 'lead') return { leadIds: [subject.id], opportunityIds: [], clientIds: [] };
  if (subject.kind === 'opportunity') return { leadIds: [], opportunityIds: [subject.id], clientIds: [] };
  if (!related) return { leadIds: [], opportunityIds: [], clientIds: [subject.id] };
  const opportunities = await db
    .selectFrom('crm_opportunities')
    .select('id')
    .where('business_id', '=', businessId)
    .where('client_id', '=', subject.id)
    .execute();
  const leads = await db
    .selectFrom('crm_lead_conversions')
    .select('lead_id')
    .where('business_id', '=', businessId)
    .where('client_id', '=', subject.id)
    .execute();
  return {
    leadIds: leads.map((row) => row.lead_id),
    opportunityIds: opportunities.map((row) => row.id),
    clientIds: [subject.id],
  };
}

export function subjectCondition(
  eb: ExpressionBuilder<Database, 'crm_activities'>,
  sets: SubjectSets,
): Expression<SqlBool> {
  const any = [
    sets.leadIds.length > 0 ? eb('crm_activities.lead_id', 'in', sets.leadIds) : null,
    sets.opportunityIds.length > 0 ? eb('crm_activities.opportunity_id', 'in', sets.opportunityIds) : null,
    sets.clientIds.length > 0 ? eb('crm_activities.client_id', 'in', sets.clientIds) : null,
  ].filter((condition) => condition !== null);
  return any.length > 0 ? eb.or(any) : eb.val(false);
}
