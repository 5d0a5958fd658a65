import {
  CRM_MESSAGES,
  initialStageState,
  toCents,
  type FieldErrors,
  type LeadClientMatch,
  type LeadConvertRequest,
  type LeadConvertResponse,
  type StageType,
} from '@ledgerleaf/domain';
import {
  findClient,
  findClientMatchesForLead,
  findFirstOpenStage,
  findInvoicingSettings,
  findLead,
  findStage,
  addClientContact,
  insertClient,
  insertOpportunity,
  lockLead,
  markLeadConverted,
} from '@ledgerleaf/db';
import type { AuthContext, Deps } from '../../lib/context';
import { AppError, notFound, validationError } from '../../lib/errors';
import { publish } from '../../lib/events';
import { checkReferences } from './crm-common';
import { loadLead } from './lead-view';

/* A lead into a client (an existing one it matches, or a new one) and an opportunity, once. */

export async function clientMatches(
  deps: Deps,
  { auth, leadId }: { auth: AuthContext; leadId: number },
): Promise<LeadClientMatch[]> {
  const lead = await findLead(deps.db, { businessId: auth.businessId, leadId });
  if (!lead) throw notFound(CRM_MESSAGES.leadNotFound);
  return findClientMatchesForLead(deps.db, {
    businessId: auth.businessId,
    email: lead.email,
    companyName: lead.company_name,
    limit: 10,
  });
}

/**
 * Converts a lead in ONE transaction: the lead is locked first (a second conversion waits and then
 * finds it converted: 409), the client is the existing one or a new one (published as
 * `client.created`, as the clients area does), the opportunity is created in the first open stage
 * (or the one given) with the lead's source and owner, and the lead is marked converted with links
 * to both. Any failure rolls everything back.
 */
export async function convertLead(
  deps: Deps,
  { auth, leadId, input }: { auth: AuthContext; leadId: number; input: LeadConvertRequest },
): Promise<LeadConvertResponse> {
  const businessId = auth.businessId;
  return deps.db.transaction().execute(async (tx) => {
    const now = deps.clock();
    const lead = await lockLead(tx, { businessId, leadId });
    if (!lead) throw notFound(CRM_MESSAGES.leadNotFound);
    if (lead.status === 'converted')
      throw new AppError(409, CRM_MESSAGES.leadAlreadyConverted, { extra: { status: 'converted' } });
    const opportunity = input.opportunity;
    const refErrors: FieldErrors = {};
    if (opportunity.owner_user_id !== null || opportunity.stage_id !== null) {
      try {
        await checkReferences(tx, businessId, {
          stage_id: opportunity.stage_id,
          owner_user_id: opportunity.owner_user_id,
        });
      } catch (error) {
        if (!(error instanceof AppError) || !error.details.errors) throw error;
        for (const [field, messages] of Object.entries(error.details.errors))
          refErrors[`opportunity.${field}`] = messages;
      }
    }
    let clientId: number;
    let clientName: string;
    if (input.client.mode === 'existing') {
      const client = await findClient(tx, { businessId, clientId: input.client.client_id });
      if (!client) refErrors['client.client_id'] = [CRM_MESSAGES.clientInvalid];
      clientId = input.client.client_id;
      clientName = client?.name ?? '';
    } else {
      clientId = 0;
      clientName = input.client.name;
    }
    if (Object.keys(refErrors).length > 0) throw validationError(refErrors);
    const stage = opportunity.stage_id
      ? await findStage(tx, { businessId, stageId: opportunity.stage_id })
      : await findFirstOpenStage(tx, { businessId });
    if (!stage) throw validationError({ 'opportunity.stage_id': [CRM_MESSAGES.stageInvalid] });
    const state = initialStageState(
      { id: stage.id, type: stage.type as StageType, probability: stage.probability },
      { now, probability: opportunity.probability },
    );
    if (!state.ok) throw validationError({ 'opportunity.stage_id': [state.message] });
    // The lead's person becomes the new client's primary contact, or one of the existing client's
    // contacts (unless already there): client 360 and the invoice's "Attn:" line name them.
    const person = lead.person_name ? { name: lead.person_name, email: lead.email, phone: lead.phone } : null;
    if (input.client.mode === 'existing' && person)
      await addClientContact(tx, { businessId, clientId, contact: person, now });
    if (input.client.mode === 'new') {
      const settings = await findInvoicingSettings(tx, { businessId });
      const created = await insertClient(tx, {
        businessId,
        fields: {
          kind: input.client.kind,
          name: input.client.name,
          email: input.client.email,
          phone: input.client.phone,
          billing_line1: null,
          billing_line2: null,
          billing_city: null,
          billing_state: null,
          billing_postal_code: null,
          billing_country: null,
          shipping_line1: null,
          shipping_line2: null,
          shipping_city: null,
          shipping_state: null,
          shipping_postal_code: null,
          shipping_country: null,
          payment_terms_days: settings?.default_payment_terms_days ?? 30,
          notes: null,
          tax_id: null,
          is_active: true,
        },
        contacts: person ? [{ ...person, is_primary: true }] : [],
        now,
      });
      clientId = created.id;
      await publish(tx, {
        type: 'client.created',
        businessId,
        userId: auth.userId,
        subject: { type: 'client', id: clientId },
        data: { name: input.client.name },
        at: now,
      });
    }
    const { id: opportunityId } = await insertOpportunity(tx, {
      businessId,
      fields: {
        title: opportunity.title,
        client_id: clientId,
        lead_id: leadId,
        amount_cents: toCents(opportunity.amount),
        stage_id: stage.id,
        probability: state.probability,
        expected_close_date: opportunity.expected_close_date,
        owner_user_id: opportunity.owner_user_id ?? lead.owner_user_id,
        source_id: lead.source_id,
        notes: opportunity.notes,
        lost_reason_id: null,
        lost_note: null,
        closed_at: state.closed_at,
      },
      userId: auth.userId,
      now,
    });
    const marked = await markLeadConverted(tx, {
      businessId,
      leadId,
      clientId,
      opportunityId,
      userId: auth.userId,
      now,
    });
    if (!marked) throw new AppError(409, CRM_MESSAGES.leadAlreadyConverted, { extra: { status: 'converted' } });
    return {
      data: { lead: await loadLead(tx, businessId, leadId), client_id: clientId, opportunity_id: opportunityId },
      message: CRM_MESSAGES.leadConverted(clientName),
    };
  });
}
