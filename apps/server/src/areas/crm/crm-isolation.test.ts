import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness';
import { createClient, createLead, createOpportunity, crmOwner, stages, type CrmOwner } from './crm.test-helpers';

let t: TestApp;
let alice: CrmOwner;
let bob: CrmOwner;

beforeAll(async () => {
  t = await createTestApp();
  alice = await crmOwner(t, 'alice@example.com', 'Alice Co');
  bob = await crmOwner(t, 'bob@example.com', 'Bob Co');
});
afterAll(async () => {
  await t.close();
});

const CRM_TABLES = [
  'crm_settings',
  'crm_pipeline_stages',
  'crm_stage_totals',
  'crm_lead_sources',
  'crm_lost_reasons',
  'crm_activity_types',
  'crm_leads',
  'crm_opportunities',
  'crm_lead_conversions',
  'crm_stage_changes',
  'crm_opportunity_documents',
  'crm_activities',
  'crm_activity_reminders',
  'crm_reminder_deliveries',
  'crm_notes',
  'clients',
] as const;

/** Every CRM row of the database (and the clients), to prove a refused request changed nothing. */
async function snapshot() {
  const out: Record<string, unknown[]> = {};
  for (const table of CRM_TABLES)
    out[table] = await t.database.db
      .selectFrom(table)
      .selectAll()
      .where('business_id', '=', alice.businessId)
      .execute();
  return out;
}

describe('isolation between businesses', () => {
  it("another business's ids answer 404 on every CRM route and change nothing", async () => {
    const token = alice.token;
    const s = await stages(t, token);
    const client = await createClient(t, token);
    const lead = await createLead(t, token, { person_name: 'Alice lead', email: 'al@example.com' });
    const opportunity = await createOpportunity(t, token, { client_id: client.id });
    const source = (await t.get('/api/crm/lead-sources', { token })).json().data[0];
    const reason = (await t.get('/api/crm/lost-reasons', { token })).json().data[0];
    const type = (await t.get('/api/crm/activity-types', { token })).json().data[0];
    const activity = (
      await t.post(
        '/api/crm/activities',
        { type_id: type.id, subject: 'Call', due_at: '2030-01-01T10:00:00Z', client_id: client.id },
        { token },
      )
    ).json().data;
    const note = (await t.post('/api/crm/notes', { body: 'Private', lead_id: lead.id }, { token })).json().data;

    const before = await snapshot();
    const as = { token: bob.token };
    const bobStages = await stages(t, bob.token);
    const stageBody = { name: 'Hijack', type: 'open', probability: 10 };
    const named = { name: 'Hijack' };
    const typeBody = { name: 'Hijack', icon: 'phone', default_due_offset_minutes: 0 };
    const leadBody = { person_name: 'Hijack' };
    const bobClient = await createClient(t, bob.token, { name: 'Bob client', email: 'bobclient@example.com' });
    const opportunityBody = { title: 'Hijack', amount: 1, client_id: bobClient.id };
    const activityBody = { type_id: type.id, subject: 'Hijack', due_at: '2030-01-01T10:00:00Z', client_id: client.id };
    const responses = [
      await t.put(`/api/crm/pipeline-stages/${s.New!.id}`, stageBody, as),
      await t.post(`/api/crm/pipeline-stages/${s.New!.id}/delete`, { move_to_stage_id: bobStages.New!.id }, as),
      await t.put(`/api/crm/lead-sources/${source.id}`, named, as),
      await t.post(`/api/crm/lead-sources/${source.id}/archive`, undefined, as),
      await t.post(`/api/crm/lead-sources/${source.id}/restore`, undefined, as),
      await t.delete(`/api/crm/lead-sources/${source.id}`, as),
      await t.put(`/api/crm/lost-reasons/${reason.id}`, named, as),
      await t.post(`/api/crm/lost-reasons/${reason.id}/archive`, undefined, as),
      await t.post(`/api/crm/lost-reasons/${reason.id}/restore`, undefined, as),
      await t.delete(`/api/crm/lost-reasons/${reason.id}`, as),
      await t.put(`/api/crm/activity-types/${type.id}`, typeBody, as),
      await t.post(`/api/crm/activity-types/${type.id}/archive`, undefined, as),
      await t.post(`/api/crm/activity-types/${type.id}/restore`, undefined, as),
      await t.delete(`/api/crm/activity-types/${type.id}`, as),
      await t.get(`/api/crm/leads/${lead.id}`, as),
      await t.put(`/api/crm/leads/${lead.id}`, leadBody, as),
      await t.delete(`/api/crm/leads/${lead.id}`, as),
      await t.get(`/api/crm/leads/${lead.id}/client-matches`, as),
      await t.post(
        `/api/crm/leads/${lead.id}/convert`,
        { client: { mode: 'new', name: 'Hijack' }, opportunity: { title: 'Hijack', amount: 1 } },
        as,
      ),
      await t.get(`/api/crm/opportunities/${opportunity.id}`, as),
      await t.put(`/api/crm/opportunities/${opportunity.id}`, opportunityBody, as),
      await t.delete(`/api/crm/opportunities/${opportunity.id}`, as),
      await t.post(`/api/crm/opportunities/${opportunity.id}/move`, { stage_id: bobStages.New!.id }, as),
      await t.get(`/api/crm/opportunities/${opportunity.id}/stage-changes`, as),
      await t.post(`/api/crm/opportunities/${opportunity.id}/documents`, { kind: 'invoice', id: 1 }, as),
      await t.get(`/api/crm/board/columns/${s.New!.id}`, as),
      await t.get(`/api/crm/activities/${activity.id}`, as),
      await t.put(`/api/crm/activities/${activity.id}`, activityBody, as),
      await t.delete(`/api/crm/activities/${activity.id}`, as),
      await t.post(`/api/crm/activities/${activity.id}/done`, { done: true }, as),
      await t.post(`/api/crm/activities/${activity.id}/snooze`, { option: '1_hour' }, as),
      await t.post(`/api/crm/activities/${activity.id}/retry-reminders`, undefined, as),
      await t.get(`/api/crm/activities?client_id=${client.id}`, as),
      await t.get(`/api/crm/activities?lead_id=${lead.id}`, as),
      await t.delete(`/api/crm/notes/${note.id}`, as),
      await t.get(`/api/crm/timeline?lead_id=${lead.id}`, as),
      await t.get(`/api/crm/timeline?opportunity_id=${opportunity.id}`, as),
      await t.get(`/api/crm/timeline?client_id=${client.id}`, as),
      await t.get(`/api/crm/client-360/${client.id}`, as),
    ];
    for (const response of responses)
      expect(response.statusCode, `${response.raw.req.method} ${response.raw.req.url} ${response.body}`).toBe(404);

    // Alice's ids inside Bob's bodies are unknown references: 422 on the field, nothing written.
    const refs = [
      ['/api/crm/leads', { person_name: 'X', source_id: source.id }, 'source_id'],
      ['/api/crm/opportunities', { title: 'X', amount: 1, client_id: client.id }, 'client_id'],
      ['/api/crm/opportunities', { title: 'X', amount: 1, lead_id: lead.id }, 'lead_id'],
      [
        '/api/crm/opportunities',
        { title: 'X', amount: 1, lead_id: null, client_id: null, stage_id: s.New!.id },
        'client_id',
      ],
      ['/api/crm/activities', activityBody, 'type_id'],
      ['/api/crm/notes', { body: 'X', opportunity_id: opportunity.id }, 'opportunity_id'],
      ['/api/crm/leads/bulk', { action: 'assign_owner', ids: [lead.id], owner_user_id: alice.userId }, 'owner_user_id'],
    ] as const;
    for (const [url, body, field] of refs) {
      const response = await t.post(url, body, as);
      expect(response.statusCode, `${url} ${response.body}`).toBe(422);
      expect(response.json().errors[field], `${url} ${response.body}`).toBeDefined();
    }
    const bulk = await t.post('/api/crm/leads/bulk', { action: 'delete', ids: [lead.id] }, as);
    expect(bulk.json()).toMatchObject({ affected: 0 });
    const order = await t.put('/api/crm/pipeline-stages/order', { ids: Object.values(s).map((stage) => stage.id) }, as);
    expect(order.statusCode).toBe(422);

    // Lists, the board and the figures show nothing of Alice's.
    expect((await t.get('/api/crm/leads', as)).json().meta.total).toBe(0);
    expect((await t.get('/api/crm/opportunities', as)).json().meta.total).toBe(0);
    const board = (await t.get('/api/crm/board', as)).json().data;
    expect(board.columns.every((column: { count: number }) => column.count === 0)).toBe(true);
    expect((await t.get('/api/dashboard/crm-overview', as)).json().hasData).toBe(false);
    expect((await t.get('/api/crm/reminders?scope=everyone&bucket=upcoming', as)).json().meta.total).toBe(0);
    expect((await t.get('/api/crm/owners', as)).json().data.map((o: { email: string }) => o.email)).toEqual([
      'bob@example.com',
    ]);

    expect(await snapshot()).toEqual(before);
  });
});
