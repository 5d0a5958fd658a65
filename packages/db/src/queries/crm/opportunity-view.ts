import type { CrmOpportunityRow } from '../../schema-crm';
import type { Db } from '../shared/types';
import { leadNameSql } from './crm-shared';

/* The opportunity view the finds and lists answer (not exported from the package, but its type). */

/** An opportunity with the names it refers to and its stage's type and rotting threshold. */
export type OpportunityView = CrmOpportunityRow & {
  client_name: string | null;
  lead_name: string | null;
  stage_name: string;
  stage_type: string;
  stage_rotting_days: number | null;
  owner_name: string | null;
  source_name: string | null;
  lost_reason_name: string | null;
};

export function opportunityViewQuery(db: Db, businessId: number) {
  return db
    .selectFrom('crm_opportunities')
    .innerJoin('crm_pipeline_stages', 'crm_pipeline_stages.id', 'crm_opportunities.stage_id')
    .leftJoin('clients', 'clients.id', 'crm_opportunities.client_id')
    .leftJoin('crm_leads', 'crm_leads.id', 'crm_opportunities.lead_id')
    .leftJoin('users', 'users.id', 'crm_opportunities.owner_user_id')
    .leftJoin('crm_lead_sources', 'crm_lead_sources.id', 'crm_opportunities.source_id')
    .leftJoin('crm_lost_reasons', 'crm_lost_reasons.id', 'crm_opportunities.lost_reason_id')
    .selectAll('crm_opportunities')
    .select([
      'clients.name as client_name',
      leadNameSql().as('lead_name'),
      'crm_pipeline_stages.name as stage_name',
      'crm_pipeline_stages.type as stage_type',
      'crm_pipeline_stages.rotting_days as stage_rotting_days',
      'users.name as owner_name',
      'crm_lead_sources.name as source_name',
      'crm_lost_reasons.name as lost_reason_name',
    ])
    .where('crm_opportunities.business_id', '=', businessId);
}
