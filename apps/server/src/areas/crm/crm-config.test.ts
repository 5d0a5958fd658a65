import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ACCOUNT_MESSAGES,
  CRM_MESSAGES,
  DEFAULT_ACTIVITY_TYPES,
  DEFAULT_LEAD_SOURCES,
  DEFAULT_PIPELINE,
} from '@ledgerleaf/domain';
import { createTestApp, type TestApp } from '../../test/harness';
import {
  createClient,
  createLead,
  createOpportunity,
  crmMember,
  crmOwner,
  stages,
  type CrmOwner,
} from './crm.test-helpers';

let t: TestApp;
let owner: CrmOwner;

beforeAll(async () => {
  t = await createTestApp();
  owner = await crmOwner(t, 'owner@example.com');
});
afterAll(async () => {
  await t.close();
});

describe('defaults', () => {
  it('a new business gets the default pipeline, sources, lost reasons, activity types and settings at registration', async () => {
    const settingsRow = await t.database.db
      .selectFrom('crm_settings')
      .select('business_id')
      .where('business_id', '=', owner.businessId)
      .executeTakeFirst();
    expect(settingsRow).toBeDefined();
    const list = (await t.get('/api/crm/pipeline-stages', { token: owner.token })).json().data;
    expect(list.map((stage: { name: string; type: string }) => [stage.name, stage.type])).toEqual(
      DEFAULT_PIPELINE.map((stage) => [stage.name, stage.type]),
    );
    const sources = (await t.get('/api/crm/lead-sources', { token: owner.token })).json().data;
    expect(sources.map((source: { name: string }) => source.name)).toEqual(DEFAULT_LEAD_SOURCES);
    const types = (await t.get('/api/crm/activity-types', { token: owner.token })).json().data;
    expect(types.map((type: { name: string }) => type.name)).toEqual(DEFAULT_ACTIVITY_TYPES.map((type) => type.name));
    const call = types.find((type: { name: string }) => type.name === 'Call');
    const followUp = types.find((type: { name: string }) => type.name === 'Follow-up');
    expect(call.next_type_id).toBe(followUp.id);
    const reasons = (await t.get('/api/crm/lost-reasons', { token: owner.token })).json().data;
    expect(reasons.length).toBeGreaterThan(3);
    const settings = (await t.get('/api/crm/settings', { token: owner.token })).json().data;
    expect(settings).toMatchObject({ rate_window_days: 90, reminder_in_app: true, reminder_email: false });
  });

  it('a business older than the CRM gets its defaults on its first CRM request', async () => {
    const other = await crmOwner(t, 'older@example.com');
    // As if it had registered before the CRM existed.
    const db = t.database.db;
    for (const table of [
      'crm_activity_types',
      'crm_lost_reasons',
      'crm_lead_sources',
      'crm_pipeline_stages',
      'crm_settings',
    ] as const)
      await db.deleteFrom(table).where('business_id', '=', other.businessId).execute();
    const response = await t.get('/api/crm/lead-sources', { token: other.token });
    expect(response.json().data).toHaveLength(DEFAULT_LEAD_SOURCES.length);
    expect(Object.keys(await stages(t, other.token))).toHaveLength(DEFAULT_PIPELINE.length);
  });
});

describe('pipeline stages', () => {
  it('adds, renames, reorders and deletes stages; won and lost probabilities are fixed', async () => {
    const created = await t.post(
      '/api/crm/pipeline-stages',
      { name: 'Demo booked', type: 'open', probability: 40, color: '#AABBCC', rotting_days: 7 },
      { token: owner.token },
    );
    expect(created.statusCode, created.body).toBe(201);
    const stage = created.json().data;
    expect(stage).toMatchObject({ name: 'Demo booked', color: '#aabbcc', probability: 40, opportunity_count: 0 });

    const won = await t.post(
      '/api/crm/pipeline-stages',
      { name: 'Signed', type: 'won', probability: 50 },
      { token: owner.token },
    );
    expect(won.statusCode).toBe(422);
    expect(won.json().errors.probability).toEqual([CRM_MESSAGES.stageProbabilityFixed('won')]);

    const renamed = await t.put(
      `/api/crm/pipeline-stages/${stage.id}`,
      { name: 'Demo done', type: 'open', probability: 45 },
      { token: owner.token },
    );
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json().data).toMatchObject({ name: 'Demo done', probability: 45 });

    const ids = (await t.get('/api/crm/pipeline-stages', { token: owner.token }))
      .json()
      .data.map((s: { id: number }) => s.id);
    const reversed = [...ids].reverse();
    const reordered = await t.put('/api/crm/pipeline-stages/order', { ids: reversed }, { token: owner.token });
    expect(reordered.statusCode, reordered.body).toBe(200);
    expect(reordered.json().data.map((s: { id: number }) => s.id)).toEqual(reversed);
    const partial = await t.put('/api/crm/pipeline-stages/order', { ids: reversed.slice(1) }, { token: owner.token });
    expect(partial.statusCode).toBe(422);
    expect(partial.json().errors.ids).toEqual([CRM_MESSAGES.stageOrderInvalid]);
    await t.put('/api/crm/pipeline-stages/order', { ids }, { token: owner.token });

    const deleted = await t.post(`/api/crm/pipeline-stages/${stage.id}/delete`, {}, { token: owner.token });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(deleted.json().message).toBe(CRM_MESSAGES.stageDeleted);
  });

  it('keeps an open, a won and a lost stage (409)', async () => {
    const list = await stages(t, owner.token);
    const lost = await t.post(`/api/crm/pipeline-stages/${list.Lost!.id}/delete`, {}, { token: owner.token });
    expect(lost.statusCode).toBe(409);
    expect(lost.json().message).toBe(CRM_MESSAGES.pipelineNeedsLost);
    const retype = await t.put(
      `/api/crm/pipeline-stages/${list.Won!.id}`,
      { name: 'Won', type: 'open', probability: 90 },
      { token: owner.token },
    );
    expect(retype.statusCode).toBe(409);
    expect(retype.json().message).toBe(CRM_MESSAGES.pipelineNeedsWon);
  });

  it('deleting a stage that holds opportunities needs where to move them, and a lost reason into a lost stage', async () => {
    const client = await createClient(t, owner.token, { name: 'Stage Mover', email: 'mover@example.com' });
    const extra = (
      await t.post(
        '/api/crm/pipeline-stages',
        { name: 'Parking', type: 'open', probability: 5 },
        { token: owner.token },
      )
    ).json().data;
    const extraLost = (
      await t.post('/api/crm/pipeline-stages', { name: 'Disqualified', type: 'lost' }, { token: owner.token })
    ).json().data;
    const opportunity = await createOpportunity(t, owner.token, { client_id: client.id, stage_id: extra.id });
    const retype = await t.put(
      `/api/crm/pipeline-stages/${extra.id}`,
      { name: 'Parking', type: 'won' },
      { token: owner.token },
    );
    expect(retype.statusCode).toBe(409);
    expect(retype.json().message).toBe(CRM_MESSAGES.stageTypeInUse);

    const missing = await t.post(`/api/crm/pipeline-stages/${extra.id}/delete`, {}, { token: owner.token });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors.move_to_stage_id).toEqual([CRM_MESSAGES.moveToStageRequired]);
    const same = await t.post(
      `/api/crm/pipeline-stages/${extra.id}/delete`,
      { move_to_stage_id: extra.id },
      { token: owner.token },
    );
    expect(same.json().errors.move_to_stage_id).toEqual([CRM_MESSAGES.moveToSameStage]);
    const noReason = await t.post(
      `/api/crm/pipeline-stages/${extra.id}/delete`,
      { move_to_stage_id: extraLost.id },
      { token: owner.token },
    );
    expect(noReason.statusCode).toBe(422);
    expect(noReason.json().errors.lost_reason_id).toEqual([CRM_MESSAGES.lostReasonRequired]);
    const reasons = (await t.get('/api/crm/lost-reasons', { token: owner.token })).json().data;
    const moved = await t.post(
      `/api/crm/pipeline-stages/${extra.id}/delete`,
      { move_to_stage_id: extraLost.id, lost_reason_id: reasons[0].id },
      { token: owner.token },
    );
    expect(moved.statusCode, moved.body).toBe(200);
    const after = (await t.get(`/api/crm/opportunities/${opportunity.id}`, { token: owner.token })).json().data;
    expect(after).toMatchObject({ stage_id: extraLost.id, probability: 0, lost_reason_id: reasons[0].id });
    expect(after.closed_at).not.toBeNull();
  });
});

describe('lead sources, lost reasons and activity types', () => {
  it('a source in use is archived, never deleted (409), and deleting never touches a lead', async () => {
    const source = (await t.post('/api/crm/lead-sources', { name: 'Podcast' }, { token: owner.token })).json().data;
    const duplicate = await t.post('/api/crm/lead-sources', { name: 'podcast' }, { token: owner.token });
    expect(duplicate.statusCode).toBe(422);
    expect(duplicate.json().errors.name).toEqual([CRM_MESSAGES.nameTaken]);
    const lead = await createLead(t, owner.token, { source_id: source.id, email: 'pod@example.com' });
    const refused = await t.delete(`/api/crm/lead-sources/${source.id}`, { token: owner.token });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(CRM_MESSAGES.sourceInUse);
    const archived = await t.post(`/api/crm/lead-sources/${source.id}/archive`, undefined, { token: owner.token });
    expect(archived.json().data).toMatchObject({ status: 'archived', lead_count: 1 });
    const active = (await t.get('/api/crm/lead-sources', { token: owner.token })).json().data;
    expect(active.map((s: { id: number }) => s.id)).not.toContain(source.id);
    const all = (await t.get('/api/crm/lead-sources?include_archived=true', { token: owner.token })).json().data;
    expect(all.map((s: { id: number }) => s.id)).toContain(source.id);
    expect((await t.get(`/api/crm/leads/${lead.id}`, { token: owner.token })).json().data.source_id).toBe(source.id);
    const restored = await t.post(`/api/crm/lead-sources/${source.id}/restore`, undefined, { token: owner.token });
    expect(restored.json().data.status).toBe('active');
    const unused = (await t.post('/api/crm/lead-sources', { name: 'Flyer' }, { token: owner.token })).json().data;
    const renamed = await t.put(`/api/crm/lead-sources/${unused.id}`, { name: 'Flyers' }, { token: owner.token });
    expect(renamed.json().data.name).toBe('Flyers');
    expect((await t.delete(`/api/crm/lead-sources/${unused.id}`, { token: owner.token })).statusCode).toBe(200);
    expect((await t.delete(`/api/crm/lead-sources/${unused.id}`, { token: owner.token })).statusCode).toBe(404);
  });

  it('lost reasons: add, rename, archive, delete', async () => {
    const reason = (await t.post('/api/crm/lost-reasons', { name: 'Went quiet' }, { token: owner.token })).json().data;
    expect(reason).toMatchObject({ name: 'Went quiet', status: 'active', opportunity_count: 0 });
    expect(
      (await t.put(`/api/crm/lost-reasons/${reason.id}`, { name: 'Ghosted' }, { token: owner.token })).json().data.name,
    ).toBe('Ghosted');
    expect(
      (await t.post(`/api/crm/lost-reasons/${reason.id}/archive`, undefined, { token: owner.token })).json().data
        .status,
    ).toBe('archived');
    expect((await t.delete(`/api/crm/lost-reasons/${reason.id}`, { token: owner.token })).statusCode).toBe(200);
  });

  it('activity types: next type must be the business’s; a type in use cannot be deleted', async () => {
    const types = (await t.get('/api/crm/activity-types', { token: owner.token })).json().data;
    const created = await t.post(
      '/api/crm/activity-types',
      {
        name: 'Site visit',
        icon: 'users',
        default_due_offset_minutes: 2880,
        default_reminder_offset_minutes: 60,
        next_type_id: types[0].id,
      },
      { token: owner.token },
    );
    expect(created.statusCode, created.body).toBe(201);
    const unknown = await t.put(
      `/api/crm/activity-types/${created.json().data.id}`,
      { name: 'Site visit', icon: 'users', default_due_offset_minutes: 0, next_type_id: 999999 },
      { token: owner.token },
    );
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors.next_type_id).toEqual([CRM_MESSAGES.nextTypeInvalid]);
    const client = await createClient(t, owner.token, { name: 'Typed', email: 'typed@example.com' });
    const activity = await t.post(
      '/api/crm/activities',
      { type_id: created.json().data.id, subject: 'Visit', due_at: '2030-01-01T10:00:00Z', client_id: client.id },
      { token: owner.token },
    );
    expect(activity.statusCode, activity.body).toBe(201);
    const refused = await t.delete(`/api/crm/activity-types/${created.json().data.id}`, { token: owner.token });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(CRM_MESSAGES.activityTypeInUse);
  });
});

describe('settings, owners and roles', () => {
  it('saves the settings; the default owner must be a team member', async () => {
    const saved = await t.put(
      '/api/crm/settings',
      { rate_window_days: 30, reminder_in_app: true, reminder_email: true, default_owner_user_id: owner.userId },
      { token: owner.token },
    );
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({
      data: { rate_window_days: 30, reminder_email: true, default_owner_user_id: owner.userId },
      message: CRM_MESSAGES.settingsSaved,
    });
    const stranger = await crmOwner(t, 'stranger@example.com');
    const foreign = await t.put(
      '/api/crm/settings',
      { rate_window_days: 30, reminder_in_app: true, reminder_email: false, default_owner_user_id: stranger.userId },
      { token: owner.token },
    );
    expect(foreign.statusCode).toBe(422);
    expect(foreign.json().errors.default_owner_user_id).toEqual([CRM_MESSAGES.ownerInvalid]);
    const none = await t.put(
      '/api/crm/settings',
      { rate_window_days: 45, reminder_in_app: false, reminder_email: false },
      { token: owner.token },
    );
    expect(Object.keys(none.json().errors).sort()).toEqual(['rate_window_days', 'reminder_in_app']);
    await t.put(
      '/api/crm/settings',
      { rate_window_days: 90, reminder_in_app: true, reminder_email: false, default_owner_user_id: null },
      { token: owner.token },
    );
  });

  it('readers read, members may not manage the configuration, admins may', async () => {
    const member = await crmMember(t, owner, 'member@example.com', 'member');
    const reader = await crmMember(t, owner, 'reader@example.com', 'accountant');
    const admin = await crmMember(t, owner, 'admin@example.com', 'admin');
    const owners = (await t.get('/api/crm/owners', { token: reader.token })).json().data;
    expect(owners.map((o: { email: string }) => o.email)).toEqual(
      expect.arrayContaining(['owner@example.com', 'member@example.com']),
    );
    expect((await t.get('/api/crm/pipeline-stages', { token: reader.token })).statusCode).toBe(200);
    expect((await t.get('/api/crm/settings', { token: member.token })).statusCode).toBe(200);
    const memberWrite = await t.post('/api/crm/lead-sources', { name: 'Member source' }, { token: member.token });
    expect(memberWrite.statusCode).toBe(403);
    expect(memberWrite.json().message).toBe(ACCOUNT_MESSAGES.adminOnly);
    const readerWrite = await t.post('/api/crm/lead-sources', { name: 'Reader source' }, { token: reader.token });
    expect(readerWrite.statusCode).toBe(403);
    const adminWrite = await t.post('/api/crm/lead-sources', { name: 'Admin source' }, { token: admin.token });
    expect(adminWrite.statusCode).toBe(201);
  });
});
