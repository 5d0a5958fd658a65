import {
  CRM_MESSAGES,
  fromCents,
  isLeadReadOnly,
  leadDisplayName,
  type Lead,
  type LeadStatus,
} from '@ledgerleaf/domain';
import { findLead, type Db, type LeadView } from '@ledgerleaf/db';
import { notFound } from '../../lib/errors';

/* A lead as the API answers it (list rows, one lead, conversion). */

export function leadView(row: LeadView): Lead {
  const status = row.status as LeadStatus;
  return {
    id: row.id,
    person_name: row.person_name,
    company_name: row.company_name,
    display_name: leadDisplayName(row),
    email: row.email,
    phone: row.phone,
    source_id: row.source_id,
    source_name: row.source_name,
    status,
    owner_user_id: row.owner_user_id,
    owner_name: row.owner_name,
    estimated_value: row.estimated_value_cents === null ? null : fromCents(Number(row.estimated_value_cents)),
    notes: row.notes,
    conversion: row.conversion_converted_at
      ? {
          converted_at: row.conversion_converted_at,
          converted_by_user_id: row.conversion_user_id,
          client_id: row.conversion_client_id,
          client_name: row.conversion_client_name,
          opportunity_id: row.conversion_opportunity_id,
          opportunity_title: row.conversion_opportunity_title,
        }
      : null,
    read_only: isLeadReadOnly(status),
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

export async function loadLead(db: Db, businessId: number, leadId: number): Promise<Lead> {
  const row = await findLead(db, { businessId, leadId });
  if (!row) throw notFound(CRM_MESSAGES.leadNotFound);
  return leadView(row);
}
