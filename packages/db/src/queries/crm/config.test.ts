import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_ACTIVITY_TYPES, DEFAULT_LEAD_SOURCES, DEFAULT_LOST_REASONS } from '@ledgerleaf/domain';
import { isUniqueViolation } from '../../dialect';
import { createTestDatabase, type TestDatabase } from '../../testing';
import { deleteBusiness } from '../account/account';
import { createBusiness } from '../account/businesses';
import { findCrmSettings, saveCrmSettings, seedCrmDefaults, unknownCrmReferences } from './config';
import {
  deleteStage,
  findFirstOpenStage,
  findStage,
  insertStage,
  listStages,
  moveStageOpportunities,
  reorderStages,
  updateStage,
} from './stages';
import {
  deleteLeadSource,
  deleteLostReason,
  findLeadSource,
  findLeadSourcesByNames,
  insertLeadSource,
  listLeadSources,
  listLostReasons,
  setLeadSourceArchived,
} from './sources-and-reasons';
import { deleteActivityType, insertActivityType, listActivityTypes } from './activity-types';
import { findLeadRow } from './leads';
import { findOpportunityRow, listStageChanges } from './opportunities';
import { insertCrmActivity } from './activities';
import { crmFixture } from './test-fixtures';

const now = new Date('2026-03-11T15:00:00.000Z');
let test: TestDatabase;
beforeEach(async () => {
  test = await createTestDatabase();
});
afterEach(async () => {
  await test.cleanup();
});

describe('CRM defaults and settings', () => {
  it('seeds a new business once, also when two seeds race', async () => {
    const business = await createBusiness(test.db, { name: 'Seed', now });
    const results = await Promise.all([
      seedCrmDefaults(test.db, { businessId: business.id, now }),
      seedCrmDefaults(test.db, { businessId: business.id, now }),
    ]);
    expect(results.filter(Boolean)).toHaveLength(1);
    expect(await seedCrmDefaults(test.db, { businessId: business.id, now })).toBe(false);
    const stages = await listStages(test.db, { businessId: business.id });
    expect(stages.map((stage) => [stage.name, stage.type, stage.probability, stage.position])).toEqual([
      ['New', 'open', 10, 0],
      ['Qualified', 'open', 25, 1],
      ['Proposal', 'open', 50, 2],
      ['Negotiation', 'open', 75, 3],
      ['Won', 'won', 100, 4],
      ['Lost', 'lost', 0, 5],
    ]);
    expect((await listLeadSources(test.db, { businessId: business.id })).map((row) => row.name)).toEqual(
      DEFAULT_LEAD_SOURCES,
    );
    expect((await listLostReasons(test.db, { businessId: business.id })).map((row) => row.name)).toEqual(
      DEFAULT_LOST_REASONS,
    );
    const types = await listActivityTypes(test.db, { businessId: business.id });
    expect(types.map((type) => type.name)).toEqual(DEFAULT_ACTIVITY_TYPES.map((type) => type.name));
    const call = types.find((type) => type.name === 'Call');
    expect(types.find((type) => type.id === call?.next_type_id)?.name).toBe('Follow-up');
    expect(await findFirstOpenStage(test.db, { businessId: business.id })).toMatchObject({ name: 'New' });
  });

  it('a business whose defaults were deleted on purpose does not get them back', async () => {
    const f = await crmFixture(test.db, 'Acme', now);
    const website = f.sources[0];
    expect(await deleteLeadSource(test.db, { businessId: f.businessId, sourceId: website?.id ?? 0 })).toBe('deleted');
    expect(await seedCrmDefaults(test.db, { businessId: f.businessId, now })).toBe(false);
    expect(await listLeadSources(test.db, { businessId: f.businessId })).toHaveLength(DEFAULT_LEAD_SOURCES.length - 1);
  });

  it('settings default, save and read back', async () => {
    const business = await createBusiness(test.db, { name: 'Plain', now });
    expect(await findCrmSettings(test.db, { businessId: business.id })).toEqual({
      rate_window_days: 90,
      reminder_in_app: true,
      reminder_email: false,
      default_owner_user_id: null,
      updated_at: null,
    });
    const f = await crmFixture(test.db, 'Acme', now);
    await saveCrmSettings(test.db, {
      businessId: f.businessId,
      settings: {
        rate_window_days: 30,
        reminder_in_app: false,
        reminder_email: true,
        default_owner_user_id: f.member.id,
      },
      now,
    });
    expect(await findCrmSettings(test.db, { businessId: f.businessId })).toEqual({
      rate_window_days: 30,
      reminder_in_app: false,
      reminder_email: true,
      default_owner_user_id: f.member.id,
      updated_at: now.toISOString(),
    });
  });
});

describe('pipeline stages', () => {
  it('add, rename, reorder, and refuse a reorder that is not the whole pipeline', async () => {
    const f = await crmFixture(test.db, 'Acme', now);
    const demo = await insertStage(test.db, {
      businessId: f.businessId,
      fields: { name: 'Demo', type: 'open', probability: 40, color: '#123456', rotting_days: 7 },
      now,
    });
    expect(demo.position).toBe(6);
    await updateStage(test.db, {
      businessId: f.businessId,
      stageId: demo.id,
      fields: { name: 'Demo call', type: 'open', probability: 35, color: '#123456', rotting_days: null },
      now,
    });
    const ids = (await listStages(test.db, { businessId: f.businessId })).map((stage) => stage.id);
    const reordered = [demo.id, ...ids.filter((id) => id !== demo.id)];
    expect(await reorderStages(test.db, { businessId: f.businessId, ids: reordered, now })).toBe(true);
    expect((await listStages(test.db, { businessId: f.businessId }))[0]).toMatchObject({
      name: 'Demo call',
      probability: 35,
      rotting_days: null,
      position: 0,
    });
    expect(await reorderStages(test.db, { businessId: f.businessId, ids: reordered.slice(1), now })).toBe(false);
    expect(await reorderStages(test.db, { businessId: f.businessId, ids: [...reordered.slice(1), 999_999], now })).toBe(
      false,
    );
  });

  it('a stage with opportunities is not deleted; moving them empties it and records the moves', async () => {
    const f = await crmFixture(test.db, 'Acme', now);
    const client = await f.addClient('Client');
    const one = await f.addOpportunity({
      title: 'One',
      client_id: client.id,
      stage_id: f.stage('Proposal').id,
      probability: 50,
    });
    const two = await f.addOpportunity({
      title: 'Two',
      client_id: client.id,
      stage_id: f.stage('Proposal').id,
      probability: 80,
    });
    await f.addOpportunity({ title: 'Lost already', client_id: client.id, stage_id: f.stage('Negotiation').id });
    expect(await deleteStage(test.db, { businessId: f.businessId, stageId: f.stage('Proposal').id })).toBe('in_use');
    await expect(
      moveStageOpportunities(test.db, {
        businessId: f.businessId,
        fromStage: f.stage('Proposal'),
        toStage: f.stage('Lost'),
        userId: f.owner.id,
        now,
      }),
    ).rejects.toThrow(RangeError);
    const reason = f.reasons[0]?.id ?? 0;
    expect(
      await moveStageOpportunities(test.db, {
        businessId: f.businessId,
        fromStage: f.stage('Proposal'),
        toStage: f.stage('Lost'),
        lostReasonId: reason,
        userId: f.owner.id,
        now,
      }),
    ).toBe(2);
    for (const id of [one.id, two.id]) {
      expect(await findOpportunityRow(test.db, { businessId: f.businessId, opportunityId: id })).toMatchObject({
        stage_id: f.stage('Lost').id,
        probability: 0,
        lost_reason_id: reason,
        closed_at: now.toISOString(),
      });
      const history = await listStageChanges(test.db, { businessId: f.businessId, opportunityId: id });
      expect(history.map((change) => [change.from_stage_name, change.to_stage_name])).toEqual([
        [null, 'Proposal'],
        ['Proposal', 'Lost'],
      ]);
    }
    // Their order is kept.
    const lost = await test.db
      .selectFrom('crm_opportunities')
      .select(['title', 'position'])
      .where('stage_id', '=', f.stage('Lost').id)
      .orderBy('position')
      .execute();
    expect(lost.map((row) => row.title)).toEqual(['Two', 'One']);
    // Back to an open stage: reopened with the stage's default probability.
    await moveStageOpportunities(test.db, {
      businessId: f.businessId,
      fromStage: f.stage('Lost'),
      toStage: f.stage('Qualified'),
      userId: null,
      now,
    });
    expect(await findOpportunityRow(test.db, { businessId: f.businessId, opportunityId: one.id })).toMatchObject({
      probability: 25,
      closed_at: null,
      lost_reason_id: null,
    });
    expect(await deleteStage(test.db, { businessId: f.businessId, stageId: f.stage('Proposal').id })).toBe('deleted');
    expect(await findStage(test.db, { businessId: f.businessId, stageId: f.stage('Proposal').id })).toBeUndefined();
    // The history keeps the deleted stage's name.
    const history = await listStageChanges(test.db, { businessId: f.businessId, opportunityId: one.id });
    expect(history[0]).toMatchObject({ to_stage_id: null, to_stage_name: 'Proposal' });
  });
});

describe('lead sources, lost reasons and activity types', () => {
  it('a source in use is archived, never deleted, and its leads stay', async () => {
    const f = await crmFixture(test.db, 'Acme', now);
    const source = f.sources[1]?.id ?? 0;
    const lead = await f.addLead({ source_id: source });
    expect(await deleteLeadSource(test.db, { businessId: f.businessId, sourceId: source })).toBe('in_use');
    expect(await findLeadRow(test.db, { businessId: f.businessId, leadId: lead.id })).toMatchObject({
      source_id: source,
    });
    // The database itself refuses it too.
    await expect(test.db.deleteFrom('crm_lead_sources').where('id', '=', source).execute()).rejects.toThrow();
    expect(await findLeadRow(test.db, { businessId: f.businessId, leadId: lead.id })).toMatchObject({
      source_id: source,
    });
    expect(
      await setLeadSourceArchived(test.db, { businessId: f.businessId, sourceId: source, archivedAt: now, now }),
    ).toBe(true);
    const active = await listLeadSources(test.db, { businessId: f.businessId, status: 'active' });
    expect(active.map((row) => row.id)).not.toContain(source);
    const archived = await listLeadSources(test.db, { businessId: f.businessId, status: 'archived' });
    expect(archived).toEqual([expect.objectContaining({ id: source, lead_count: 1, opportunity_count: 0 })]);
  });

  it('names are unique per business whatever their case, and sources resolve by name', async () => {
    const f = await crmFixture(test.db, 'Acme', now);
    const other = await crmFixture(test.db, 'Other', now);
    const error = await insertLeadSource(test.db, { businessId: f.businessId, name: 'WEBSITE', now }).catch(
      (e: unknown) => e,
    );
    expect(isUniqueViolation(error)).toBe(true);
    // Another business may use the same name.
    await insertLeadSource(test.db, { businessId: other.businessId, name: 'Podcast', now });
    await insertLeadSource(test.db, { businessId: f.businessId, name: 'Podcast', now });
    expect(
      (await findLeadSourcesByNames(test.db, { businessId: f.businessId, names: [' website ', 'Podcast', 'Nope'] }))
        .map((row) => row.name)
        .sort(),
    ).toEqual(['Podcast', 'Website']);
  });

  it('lost reasons and activity types in use cannot be deleted', async () => {
    const f = await crmFixture(test.db, 'Acme', now);
    const client = await f.addClient('Client');
    const reason = f.reasons[0]?.id ?? 0;
    await f.addOpportunity({
      client_id: client.id,
      stage_id: f.stage('Lost').id,
      probability: 0,
      lost_reason_id: reason,
      closed_at: now.toISOString(),
    });
    expect(await deleteLostReason(test.db, { businessId: f.businessId, reasonId: reason })).toBe('in_use');
    expect(await deleteLostReason(test.db, { businessId: f.businessId, reasonId: f.reasons[1]?.id ?? 0 })).toBe(
      'deleted',
    );
    const type = f.types[0]?.id ?? 0;
    await insertCrmActivity(test.db, {
      businessId: f.businessId,
      fields: {
        type_id: type,
        subject: 'Call',
        notes: null,
        due_at: now.toISOString(),
        assignee_user_id: f.owner.id,
        lead_id: null,
        opportunity_id: null,
        client_id: client.id,
      },
      reminders: [],
      userId: f.owner.id,
      now,
    });
    expect(await deleteActivityType(test.db, { businessId: f.businessId, typeId: type })).toBe('in_use');
    const added = await insertActivityType(test.db, {
      businessId: f.businessId,
      fields: {
        name: 'Demo',
        icon: 'star',
        default_due_offset_minutes: 60,
        default_reminder_offset_minutes: null,
        next_type_id: type,
      },
      now,
    });
    expect(await deleteActivityType(test.db, { businessId: f.businessId, typeId: added.id })).toBe('deleted');
    expect(await deleteActivityType(test.db, { businessId: f.businessId, typeId: 999_999 })).toBe('not_found');
  });
});

describe('isolation', () => {
  it("another business's ids find and change nothing", async () => {
    const a = await crmFixture(test.db, 'Acme', now);
    const b = await crmFixture(test.db, 'Beta', now);
    const bSource = b.sources[0]?.id ?? 0;
    const bStage = b.stage('New');
    expect(await findLeadSource(test.db, { businessId: a.businessId, sourceId: bSource })).toBeUndefined();
    expect(await findStage(test.db, { businessId: a.businessId, stageId: bStage.id })).toBeUndefined();
    expect(await deleteLeadSource(test.db, { businessId: a.businessId, sourceId: bSource })).toBe('not_found');
    expect(await deleteStage(test.db, { businessId: a.businessId, stageId: bStage.id })).toBe('not_found');
    expect(
      await updateStage(test.db, {
        businessId: a.businessId,
        stageId: bStage.id,
        fields: { name: 'Hacked', type: 'open', probability: 1, color: '#000000', rotting_days: null },
        now,
      }),
    ).toBeUndefined();
    expect(
      await setLeadSourceArchived(test.db, { businessId: a.businessId, sourceId: bSource, archivedAt: now, now }),
    ).toBe(false);
    expect(await findStage(test.db, { businessId: b.businessId, stageId: bStage.id })).toMatchObject({ name: 'New' });
    expect(
      await unknownCrmReferences(test.db, {
        businessId: a.businessId,
        refs: {
          stage_id: bStage.id,
          source_id: a.sources[0]?.id,
          owner_user_id: b.owner.id,
          assignee_user_id: a.member.id,
          type_id: b.types[0]?.id,
          lost_reason_id: null,
          client_id: undefined,
        },
      }),
    ).toEqual(['stage_id', 'owner_user_id', 'type_id']);
  });

  it('deleting a business removes its whole CRM', async () => {
    const f = await crmFixture(test.db, 'Gone', now);
    const other = await crmFixture(test.db, 'Stays', now);
    const client = await f.addClient('Client');
    const lead = await f.addLead({ source_id: f.sources[0]?.id ?? null });
    await f.addOpportunity({ client_id: client.id, lead_id: lead.id, source_id: f.sources[0]?.id ?? null });
    await insertCrmActivity(test.db, {
      businessId: f.businessId,
      fields: {
        type_id: f.types[0]?.id ?? 0,
        subject: 'Call',
        notes: null,
        due_at: now.toISOString(),
        assignee_user_id: f.owner.id,
        lead_id: lead.id,
        opportunity_id: null,
        client_id: null,
      },
      reminders: [15],
      userId: f.owner.id,
      now,
    });
    await deleteBusiness(test.db, { businessId: f.businessId });
    for (const table of [
      'crm_leads',
      'crm_opportunities',
      'crm_pipeline_stages',
      'crm_activities',
      'crm_stage_totals',
    ] as const) {
      const rows = await test.db.selectFrom(table).select('business_id').execute();
      expect(rows.every((row) => row.business_id === other.businessId)).toBe(true);
    }
    expect(await listStages(test.db, { businessId: other.businessId })).toHaveLength(6);
  });
});
