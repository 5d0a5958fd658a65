import { toDbTime } from '../../dialect';
import { num } from '../shared/sql';
import type { Db } from '../shared/types';
import { findOpportunityRow } from './opportunities';

/* The estimates and invoices made from an opportunity (issue 14). Every query is scoped by `businessId`. */

export type OpportunityDocumentKind = 'estimate' | 'invoice';

/**
 * Links an estimate or invoice of the business to an opportunity of the business (a document
 * belongs to at most one opportunity: linking it again moves the link). False when either is not
 * the business's. Call it in the transaction that saves the document ("Create invoice" from a won
 * opportunity), and for the invoice an estimate linked to an opportunity converts into.
 */
export async function linkOpportunityDocument(
  db: Db,
  params: { businessId: number; opportunityId: number; kind: OpportunityDocumentKind; documentId: number; now: Date },
): Promise<boolean> {
  const opportunity = await findOpportunityRow(db, params);
  if (!opportunity) return false;
  const table = params.kind === 'estimate' ? 'estimates' : 'invoices';
  const document = await db
    .selectFrom(table)
    .select('id')
    .where('business_id', '=', params.businessId)
    .where('id', '=', params.documentId)
    .executeTakeFirst();
  if (!document) return false;
  const column = params.kind === 'estimate' ? 'estimate_id' : 'invoice_id';
  await db
    .insertInto('crm_opportunity_documents')
    .values({
      business_id: params.businessId,
      opportunity_id: params.opportunityId,
      estimate_id: params.kind === 'estimate' ? params.documentId : null,
      invoice_id: params.kind === 'invoice' ? params.documentId : null,
      created_at: toDbTime(params.now),
    })
    .onConflict((oc) => oc.column(column).doUpdateSet({ opportunity_id: params.opportunityId }))
    .execute();
  return true;
}

export async function unlinkOpportunityDocument(
  db: Db,
  params: { businessId: number; opportunityId: number; kind: OpportunityDocumentKind; documentId: number },
): Promise<boolean> {
  const result = await db
    .deleteFrom('crm_opportunity_documents')
    .where('business_id', '=', params.businessId)
    .where('opportunity_id', '=', params.opportunityId)
    .where(params.kind === 'estimate' ? 'estimate_id' : 'invoice_id', '=', params.documentId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** The opportunity a document is linked to (to link the invoice an estimate converts into), if any. */
export async function findDocumentOpportunityId(
  db: Db,
  params: { businessId: number; kind: OpportunityDocumentKind; documentId: number },
): Promise<number | undefined> {
  const row = await db
    .selectFrom('crm_opportunity_documents')
    .select('opportunity_id')
    .where('business_id', '=', params.businessId)
    .where(params.kind === 'estimate' ? 'estimate_id' : 'invoice_id', '=', params.documentId)
    .executeTakeFirst();
  return row?.opportunity_id;
}

export interface OpportunityDocumentView {
  kind: OpportunityDocumentKind;
  id: number;
  number: string | null;
  status: string;
  total_cents: number;
  paid_cents: number;
  issue_date: string;
}

/** The estimates and invoices linked to an opportunity, oldest first. */
export async function listOpportunityDocuments(
  db: Db,
  params: { businessId: number; opportunityId: number },
): Promise<OpportunityDocumentView[]> {
  const estimates = await db
    .selectFrom('crm_opportunity_documents as d')
    .innerJoin('estimates as e', 'e.id', 'd.estimate_id')
    .select(['e.id', 'e.estimate_number as number', 'e.status', 'e.total_cents', 'e.issue_date'])
    .where('d.business_id', '=', params.businessId)
    .where('d.opportunity_id', '=', params.opportunityId)
    .orderBy('e.id')
    .execute();
  const invoices = await db
    .selectFrom('crm_opportunity_documents as d')
    .innerJoin('invoices as i', 'i.id', 'd.invoice_id')
    .select(['i.id', 'i.invoice_number as number', 'i.status', 'i.total_cents', 'i.paid_cents', 'i.issue_date'])
    .where('d.business_id', '=', params.businessId)
    .where('d.opportunity_id', '=', params.opportunityId)
    .orderBy('i.id')
    .execute();
  return [
    ...estimates.map((row) => ({
      kind: 'estimate' as const,
      ...row,
      total_cents: num(row.total_cents),
      paid_cents: 0,
    })),
    ...invoices.map((row) => ({
      kind: 'invoice' as const,
      ...row,
      total_cents: num(row.total_cents),
      paid_cents: num(row.paid_cents),
    })),
  ].sort((a, b) => (a.issue_date < b.issue_date ? -1 : a.issue_date > b.issue_date ? 1 : 0));
}
