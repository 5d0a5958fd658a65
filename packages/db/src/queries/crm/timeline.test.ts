import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../testing';
import { insertCrmActivity } from './activities';
import { deleteCrmNote, findCrmNote, insertCrmNote } from './notes';
import { listCrmTimeline } from './timeline';
import { markLeadConverted } from './leads';
import { findOpportunity, moveOpportunity } from './opportunities';
import { crmFixture } from './test-fixtures';
import { activity, minutes, now } from './activity-test-helpers';

let test: TestDatabase;
beforeEach(async () => {
  test = await createTestDatabase();
});
afterEach(async () => {
  await test.cleanup();
});

describe('timelines', () => {
  it('timelines: activities, notes, stage changes, conversion and creation, newest first, paged', async () => {
    const f = await crmFixture(test.db, 'Acme', now);
    const client = await f.addClient('Maple');
    const lead = await f.addLead({ person_name: 'Ana' });
    const opportunity = await f.addOpportunity({ title: 'Deal', client_id: client.id, lead_id: lead.id }, minutes(2));
    await markLeadConverted(test.db, {
      businessId: f.businessId,
      leadId: lead.id,
      clientId: client.id,
      opportunityId: opportunity.id,
      userId: f.owner.id,
      now: minutes(3),
    });
    await insertCrmNote(test.db, {
      businessId: f.businessId,
      body: 'Met at the fair',
      subject: { kind: 'lead', id: lead.id },
      userId: f.member.id,
      now: minutes(1),
    });
    const view = await findOpportunity(test.db, { businessId: f.businessId, opportunityId: opportunity.id });
    await moveOpportunity(test.db, {
      businessId: f.businessId,
      opportunityId: opportunity.id,
      stageId: f.stage('Proposal').id,
      previousId: null,
      nextId: null,
      state: { probability: 50, closed_at: null, lost_reason_id: null, lost_note: view?.lost_note ?? null },
      userId: f.member.id,
      now: minutes(4),
    });
    const call = await insertCrmActivity(test.db, {
      businessId: f.businessId,
      fields: activity(f, { opportunity_id: opportunity.id, subject: 'Call back', due_at: minutes(600).toISOString() }),
      reminders: [],
      userId: f.owner.id,
      now,
    });
    const leadTimeline = await listCrmTimeline(test.db, {
      businessId: f.businessId,
      subject: { kind: 'lead', id: lead.id },
      limit: 10,
    });
    expect(leadTimeline.entries.map((entry) => entry.kind)).toEqual(['conversion', 'note', 'created']);
    expect(leadTimeline.nextActivity).toBeNull();
    const dealTimeline = await listCrmTimeline(test.db, {
      businessId: f.businessId,
      subject: { kind: 'opportunity', id: opportunity.id },
      limit: 10,
    });
    expect(dealTimeline.entries.map((entry) => entry.key)).toEqual([
      `activity-${call.id}`,
      expect.stringMatching(/^stage_change-/),
      expect.stringMatching(/^conversion-/),
      expect.stringMatching(/^stage_change-/),
    ]);
    expect(dealTimeline.nextActivity?.id).toBe(call.id);
    const clientTimeline = await listCrmTimeline(test.db, {
      businessId: f.businessId,
      subject: { kind: 'client', id: client.id },
      limit: 3,
    });
    expect(clientTimeline.entries.map((entry) => entry.kind)).toEqual(['activity', 'stage_change', 'conversion']);
    expect(clientTimeline.hasMore).toBe(true);
    const older = await listCrmTimeline(test.db, {
      businessId: f.businessId,
      subject: { kind: 'client', id: client.id },
      before: new Date(clientTimeline.entries[2]?.at ?? ''),
      limit: 10,
    });
    expect(older.entries.map((entry) => entry.kind)).toEqual(['stage_change', 'note']);
    expect(older.hasMore).toBe(false);
    const note = older.entries.find((entry) => entry.kind === 'note');
    const noteId = note?.kind === 'note' ? note.note.id : 0;
    expect(await findCrmNote(test.db, { businessId: f.businessId, noteId })).toMatchObject({
      user_name: 'Acme Member',
    });
    const other = await crmFixture(test.db, 'Other', now);
    expect(await deleteCrmNote(test.db, { businessId: other.businessId, noteId })).toBe(false);
    expect(
      (
        await listCrmTimeline(test.db, {
          businessId: other.businessId,
          subject: { kind: 'client', id: client.id },
          limit: 10,
        })
      ).entries,
    ).toEqual([]);
    expect(await deleteCrmNote(test.db, { businessId: f.businessId, noteId })).toBe(true);
  });
});
