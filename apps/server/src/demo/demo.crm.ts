import { initialStageState, type LeadStatus, type StageType } from '@ledgerleaf/domain';
import {
  insertCrmActivity,
  insertCrmNote,
  insertLead,
  insertOpportunity,
  linkOpportunityDocument,
  markLeadConverted,
  seedCrmDefaults,
  type Db,
} from '@ledgerleaf/db';

/*
 * The demo business's CRM (issue 14): about 40 leads across sources and statuses (eight converted
 * into clients), 25 opportunities across the pipeline (won ones linked to the real invoices of
 * their client, lost ones with a reason), and activities due today, overdue, upcoming and done,
 * with a few notes. Once: a business with any lead or opportunity is left alone.
 */

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

const FIRST_NAMES = ['Avery', 'Blake', 'Casey', 'Dana', 'Eli', 'Frankie', 'Gray', 'Harper', 'Indy', 'Jules'];
const LAST_NAMES = ['Nguyen', 'Okafor', 'Schmidt', 'Rossi', 'Tanaka', 'Dubois', 'Kowalski', 'Haddad'];
const COMPANIES = [
  'Brightside Dental',
  'Copper Kettle Cafe',
  'Northwind Yoga',
  'Harbor Light Realty',
  'Fern & Fig Florist',
  'Summit Bike Works',
  'Bluebird Daycare',
  'Ironwood Carpentry',
  'Lumen Photo Studio',
  'Saltwater Surf School',
  null,
  null,
];
/** new 10, contacted 9, qualified 8, unqualified 5, converted 8. */
const STATUSES: LeadStatus[] = [
  ...Array<LeadStatus>(10).fill('new'),
  ...Array<LeadStatus>(9).fill('contacted'),
  ...Array<LeadStatus>(8).fill('qualified'),
  ...Array<LeadStatus>(5).fill('unqualified'),
  ...Array<LeadStatus>(8).fill('converted'),
];
const OPPORTUNITY_TITLES = [
  'Website refresh',
  'Brand identity package',
  'Monthly retainer',
  'Spring campaign',
  'Product photography',
  'Social media kit',
  'Annual report design',
  'Menu and signage',
  'Event launch',
  'Newsletter redesign',
];
/** The 17 opportunities besides the eight from conversions, by stage name (won and lost included). */
const PIPELINE: Array<{ stage: string; amount: number; ageDays: number }> = [
  { stage: 'New', amount: 1800, ageDays: 3 },
  { stage: 'New', amount: 950, ageDays: 6 },
  { stage: 'New', amount: 4200, ageDays: 20 },
  { stage: 'Qualified', amount: 2600, ageDays: 9 },
  { stage: 'Qualified', amount: 7400, ageDays: 30 },
  { stage: 'Proposal', amount: 5200, ageDays: 12 },
  { stage: 'Proposal', amount: 3100, ageDays: 25 },
  { stage: 'Negotiation', amount: 9800, ageDays: 16 },
  { stage: 'Negotiation', amount: 2250, ageDays: 5 },
  { stage: 'Won', amount: 0, ageDays: 40 },
  { stage: 'Won', amount: 0, ageDays: 55 },
  { stage: 'Won', amount: 0, ageDays: 70 },
  { stage: 'Won', amount: 0, ageDays: 90 },
  { stage: 'Won', amount: 0, ageDays: 28 },
  { stage: 'Lost', amount: 3900, ageDays: 45 },
  { stage: 'Lost', amount: 1200, ageDays: 33 },
  { stage: 'Lost', amount: 6500, ageDays: 60 },
];

export async function seedDemoCrm(tx: Db, params: { businessId: number; userId: number; now: Date }): Promise<void> {
  const { businessId, userId, now } = params;
  const existing =
    (await tx.selectFrom('crm_leads').select('id').where('business_id', '=', businessId).limit(1).executeTakeFirst()) ??
    (await tx
      .selectFrom('crm_opportunities')
      .select('id')
      .where('business_id', '=', businessId)
      .limit(1)
      .executeTakeFirst());
  if (existing) return;
  await seedCrmDefaults(tx, { businessId, now });
  const [stages, sources, reasons, types, clients, invoices] = await Promise.all([
    tx
      .selectFrom('crm_pipeline_stages')
      .selectAll()
      .where('business_id', '=', businessId)
      .orderBy('position')
      .execute(),
    tx.selectFrom('crm_lead_sources').selectAll().where('business_id', '=', businessId).orderBy('position').execute(),
    tx.selectFrom('crm_lost_reasons').selectAll().where('business_id', '=', businessId).orderBy('position').execute(),
    tx.selectFrom('crm_activity_types').selectAll().where('business_id', '=', businessId).orderBy('position').execute(),
    tx
      .selectFrom('clients')
      .select(['id', 'name', 'email'])
      .where('business_id', '=', businessId)
      .where('archived_at', 'is', null)
      .orderBy('id')
      .execute(),
    tx
      .selectFrom('invoices')
      .select(['id', 'client_id', 'total_cents', 'issue_date'])
      .where('business_id', '=', businessId)
      .where('status', 'in', ['paid', 'partial', 'sent', 'viewed', 'overdue'])
      .orderBy('issue_date', 'desc')
      .orderBy('id', 'desc')
      .execute(),
  ]);
  const stage = (name: string) => stages.find((row) => row.name === name);
  const firstOpen = stages.find((row) => row.type === 'open');
  if (!firstOpen || clients.length === 0 || types.length === 0) return;
  const at = (days: number, hours = 0) => new Date(now.getTime() - days * DAY_MS - hours * HOUR_MS);

  // ---------------------------------------------------------------- leads
  const leadIds: Array<{
    id: number;
    status: LeadStatus;
    sourceId: number | null;
    value: number;
    createdAt: Date;
  }> = [];
  for (let index = 0; index < STATUSES.length; index += 1) {
    const status = STATUSES[index] as LeadStatus;
    const first = FIRST_NAMES[index % FIRST_NAMES.length] as string;
    const last = LAST_NAMES[(index * 3) % LAST_NAMES.length] as string;
    const company = COMPANIES[index % COMPANIES.length] ?? null;
    const source = index % 7 === 6 ? null : (sources[index % sources.length] ?? null);
    const value = [500, 1200, 2400, 3600, 800, 6000, 1500][index % 7] as number;
    const createdAt = at((index * 37) % 120, index % 9);
    const { id } = await insertLead(tx, {
      businessId,
      fields: {
        person_name: `${first} ${last}`,
        company_name: company,
        email: `${first}.${last}.${index}@example.com`.toLowerCase(),
        phone: `(415) 555-${String(1000 + index * 37).slice(-4)}`,
        source_id: source?.id ?? null,
        status: status === 'converted' ? 'qualified' : status,
        owner_user_id: userId,
        estimated_value_cents: value * 100,
        notes: index % 5 === 0 ? 'Asked for a quote by email.' : null,
      },
      userId,
      now,
      createdAt,
    });
    leadIds.push({ id, status, sourceId: source?.id ?? null, value, createdAt });
  }

  // ---------------------------------------------------------------- opportunities
  const opportunities: number[] = [];
  const create = async (input: {
    title: string;
    clientId: number | null;
    leadId: number | null;
    amountCents: number;
    stageName: string;
    sourceId: number | null;
    createdAt: Date;
    lostReasonId?: number | null;
  }) => {
    const target = stage(input.stageName) ?? firstOpen;
    const state = initialStageState(
      { id: target.id, type: target.type as StageType, probability: target.probability },
      { now: input.createdAt, lostReasonId: input.lostReasonId ?? reasons[0]?.id ?? null },
    );
    if (!state.ok) return null;
    const closeIn = Math.round((input.createdAt.getTime() - now.getTime()) / DAY_MS) + 45;
    const expected = new Date(now.getTime() + closeIn * DAY_MS).toISOString().slice(0, 10);
    const { id } = await insertOpportunity(tx, {
      businessId,
      fields: {
        title: input.title,
        client_id: input.clientId,
        lead_id: input.leadId,
        amount_cents: input.amountCents,
        stage_id: target.id,
        probability: state.probability,
        expected_close_date: expected,
        owner_user_id: userId,
        source_id: input.sourceId,
        notes: null,
        lost_reason_id: state.lost_reason_id,
        lost_note: null,
        closed_at: state.closed_at,
      },
      userId,
      now,
      createdAt: input.createdAt,
    });
    opportunities.push(id);
    return id;
  };

  // Eight converted leads: each became a client of the demo and an opportunity.
  const converted = leadIds.filter((lead) => lead.status === 'converted');
  for (const [index, lead] of converted.entries()) {
    const client = clients[(index * 2) % clients.length]!;
    // Converted a few days after it came in.
    const createdAt = new Date(Math.min(now.getTime() - HOUR_MS, lead.createdAt.getTime() + (2 + index) * DAY_MS));
    const opportunityId = await create({
      title: `${client.name}: ${OPPORTUNITY_TITLES[index % OPPORTUNITY_TITLES.length]}`,
      clientId: client.id,
      leadId: lead.id,
      amountCents: lead.value * 100,
      stageName: ['Qualified', 'Proposal', 'Negotiation', 'New'][index % 4] as string,
      sourceId: lead.sourceId,
      createdAt,
    });
    if (opportunityId !== null)
      await markLeadConverted(tx, {
        businessId,
        leadId: lead.id,
        clientId: client.id,
        opportunityId,
        userId,
        now: createdAt,
      });
  }

  // Seventeen more for clients; won ones take the amount of a real invoice of their client and link it.
  let wonIndex = 0;
  for (const [index, item] of PIPELINE.entries()) {
    let client = clients[(index * 3 + 1) % clients.length]!;
    let amountCents = item.amount * 100;
    let invoiceId: number | null = null;
    if (item.stage === 'Won') {
      const invoice = invoices[wonIndex * 3];
      wonIndex += 1;
      if (invoice) {
        client = clients.find((candidate) => candidate.id === invoice.client_id) ?? client;
        amountCents = Number(invoice.total_cents);
        invoiceId = invoice.id;
      } else amountCents = 2500_00;
    }
    const opportunityId = await create({
      title: `${client.name}: ${OPPORTUNITY_TITLES[(index + 3) % OPPORTUNITY_TITLES.length]}`,
      clientId: client.id,
      leadId: null,
      amountCents,
      stageName: item.stage,
      sourceId: sources[index % sources.length]?.id ?? null,
      createdAt: at(item.ageDays),
      lostReasonId: item.stage === 'Lost' ? (reasons[index % reasons.length]?.id ?? null) : null,
    });
    if (opportunityId !== null && invoiceId !== null)
      await linkOpportunityDocument(tx, { businessId, opportunityId, kind: 'invoice', documentId: invoiceId, now });
  }

  // ---------------------------------------------------------------- activities and notes
  const typeOf = (index: number) => types[index % types.length]!;
  const subjects = ['Follow up on the proposal', 'Intro call', 'Send the portfolio', 'Review the brief', 'Check in'];
  const plan: Array<{ dueMs: number; done: boolean; reminders: number[] }> = [
    // overdue
    ...[2, 5, 26, 50, 80, 200].map((hours) => ({ dueMs: -hours * HOUR_MS, done: false, reminders: [] })),
    // due today (later today, in the hours ahead)
    ...[1, 2, 3, 4].map((hours) => ({ dueMs: hours * HOUR_MS, done: false, reminders: [15] })),
    // upcoming
    ...[1, 2, 3, 5, 7, 10, 14, 21].map((days) => ({ dueMs: days * DAY_MS, done: false, reminders: [60] })),
    // done
    ...[3, 6, 9, 12, 20, 30].map((days) => ({ dueMs: -days * DAY_MS, done: true, reminders: [] })),
  ];
  for (const [index, item] of plan.entries()) {
    const subject =
      index % 3 === 0
        ? { lead_id: leadIds[index % leadIds.length]!.id, opportunity_id: null, client_id: null }
        : index % 3 === 1
          ? { lead_id: null, opportunity_id: opportunities[index % opportunities.length] ?? null, client_id: null }
          : { lead_id: null, opportunity_id: null, client_id: clients[index % clients.length]!.id };
    if (subject.lead_id === null && subject.opportunity_id === null && subject.client_id === null) continue;
    const type = typeOf(index);
    await insertCrmActivity(tx, {
      businessId,
      fields: {
        type_id: type.id,
        subject: subjects[index % subjects.length] as string,
        notes: null,
        due_at: new Date(now.getTime() + item.dueMs).toISOString(),
        assignee_user_id: userId,
        ...subject,
      },
      reminders: item.reminders,
      done: item.done,
      userId,
      now,
      createdAt: new Date(Math.min(now.getTime(), now.getTime() + item.dueMs) - 2 * DAY_MS),
    });
  }
  for (const [index, text] of [
    'Prefers calls in the morning.',
    'Budget approved for Q3.',
    'Referred by an existing client.',
  ].entries()) {
    await insertCrmNote(tx, {
      businessId,
      body: text,
      subject: { kind: 'lead', id: leadIds[index * 4]!.id },
      userId,
      now: at(index + 1),
    });
  }
}
