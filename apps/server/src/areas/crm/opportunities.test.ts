import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CRM_MESSAGES } from '@ledgerleaf/domain';
import { createTestApp, type TestApp } from '../../test/harness';
import { createClient, createLead, createOpportunity, crmOwner, stages, type CrmOwner } from './crm.test-helpers';

let t: TestApp;
let owner: CrmOwner;
let clientId: number;
let stage: Record<string, { id: number; type: string }>;
let reasonId: number;

beforeAll(async () => {
  t = await createTestApp();
  owner = await crmOwner(t, 'owner@example.com');
  clientId = (await createClient(t, owner.token)).id;
  stage = await stages(t, owner.token);
  reasonId = (await t.get('/api/crm/lost-reasons', { token: owner.token })).json().data[0].id;
});
afterAll(async () => {
  await t.close();
});

const token = () => owner.token;

describe('opportunities', () => {
  it('creates in the first open stage with its probability; edits follow the stage rules on every path', async () => {
    const created = await createOpportunity(t, token(), { client_id: clientId, amount: 1234.56 });
    expect(created).toMatchObject({ stage_id: stage.New!.id, probability: 10, closed_at: null });
    const read = (await t.get(`/api/crm/opportunities/${created.id}`, { token: token() })).json().data;
    expect(read).toMatchObject({
      weighted_amount: 123.46,
      stage_type: 'open',
      owner_user_id: owner.userId,
      documents: [],
    });

    const body = { title: 'Website redesign', client_id: clientId, amount: 1234.56 };
    const lostNoReason = await t.put(
      `/api/crm/opportunities/${created.id}`,
      { ...body, stage_id: stage.Lost!.id },
      { token: token() },
    );
    expect(lostNoReason.statusCode).toBe(422);
    expect(lostNoReason.json().errors.lost_reason_id).toEqual([CRM_MESSAGES.lostReasonRequired]);
    const createdLost = await t.post(
      '/api/crm/opportunities',
      { ...body, stage_id: stage.Lost!.id },
      { token: token() },
    );
    expect(createdLost.statusCode).toBe(422);
    expect(createdLost.json().errors.lost_reason_id).toEqual([CRM_MESSAGES.lostReasonRequired]);

    const won = await t.put(
      `/api/crm/opportunities/${created.id}`,
      { ...body, stage_id: stage.Won!.id, probability: 20 },
      { token: token() },
    );
    expect(won.statusCode, won.body).toBe(200);
    expect(won.json().data).toMatchObject({ probability: 100, stage_type: 'won' });
    expect(won.json().data.closed_at).not.toBeNull();
    const lost = await t.put(
      `/api/crm/opportunities/${created.id}`,
      { ...body, stage_id: stage.Lost!.id, lost_reason_id: reasonId, lost_note: 'Too pricey' },
      { token: token() },
    );
    expect(lost.json().data).toMatchObject({ probability: 0, lost_reason_id: reasonId, lost_note: 'Too pricey' });
    const reopened = await t.put(
      `/api/crm/opportunities/${created.id}`,
      { ...body, stage_id: stage.Proposal!.id },
      { token: token() },
    );
    expect(reopened.json().data).toMatchObject({
      probability: 50,
      closed_at: null,
      lost_reason_id: null,
      lost_note: null,
    });
    const overridden = await t.put(
      `/api/crm/opportunities/${created.id}`,
      { ...body, stage_id: stage.Proposal!.id, probability: 65 },
      { token: token() },
    );
    expect(overridden.json().data.probability).toBe(65);

    const history = (await t.get(`/api/crm/opportunities/${created.id}/stage-changes`, { token: token() })).json().data;
    expect(
      history.map((change: { from_stage_name: string | null; to_stage_name: string }) => [
        change.from_stage_name,
        change.to_stage_name,
      ]),
    ).toEqual([
      [null, 'New'],
      ['New', 'Won'],
      ['Won', 'Lost'],
      ['Lost', 'Proposal'],
    ]);
    expect(history[1].user_id).toBe(owner.userId);

    const badRefs = await t.post(
      '/api/crm/opportunities',
      { title: 'X', amount: 1, client_id: 999999, stage_id: 999999, owner_user_id: 999999 },
      { token: token() },
    );
    expect(badRefs.statusCode).toBe(422);
    expect(Object.keys(badRefs.json().errors).sort()).toEqual(['client_id', 'owner_user_id', 'stage_id']);
    expect((await t.delete(`/api/crm/opportunities/${created.id}`, { token: token() })).statusCode).toBe(200);
    expect((await t.get(`/api/crm/opportunities/${created.id}`, { token: token() })).statusCode).toBe(404);
  });

  it('an opportunity for a lead takes its source and owner', async () => {
    const sources = (await t.get('/api/crm/lead-sources', { token: token() })).json().data;
    const lead = await createLead(t, token(), { person_name: 'Leo', source_id: sources[2].id });
    const created = await createOpportunity(t, token(), { lead_id: lead.id });
    const read = (await t.get(`/api/crm/opportunities/${created.id}`, { token: token() })).json().data;
    expect(read).toMatchObject({ lead_id: lead.id, lead_name: 'Leo', source_id: sources[2].id, client_id: null });
  });

  it('moves between neighbours writing one row; a lost drop needs a reason; won sets 100 % and the closed date', async () => {
    const board = await crmOwner(t, 'board@example.com');
    const client = await createClient(t, board.token);
    const s = await stages(t, board.token);
    const ids: number[] = [];
    for (let index = 0; index < 3; index += 1)
      ids.push(
        (
          await createOpportunity(t, board.token, {
            client_id: client.id,
            title: `Card ${index}`,
            stage_id: s.Qualified!.id,
          })
        ).id,
      );
    // New cards go to the top: the column is Card 2, Card 1, Card 0.
    const column = async (id: number) =>
      (await t.get(`/api/crm/board/columns/${id}`, { token: board.token }))
        .json()
        .data.cards.map((card: { id: number }) => card.id);
    expect(await column(s.Qualified!.id)).toEqual([ids[2], ids[1], ids[0]]);
    const before = await t.database.db
      .selectFrom('crm_opportunities')
      .select(['id', 'updated_at', 'position'])
      .orderBy('id')
      .execute();
    const moved = await t.post(
      `/api/crm/opportunities/${ids[2]}/move`,
      { stage_id: s.Qualified!.id, previous_id: ids[1], next_id: ids[0] },
      { token: board.token },
    );
    expect(moved.statusCode, moved.body).toBe(200);
    expect(await column(s.Qualified!.id)).toEqual([ids[1], ids[2], ids[0]]);
    const after = await t.database.db
      .selectFrom('crm_opportunities')
      .select(['id', 'updated_at', 'position'])
      .orderBy('id')
      .execute();
    const changed = after.filter((row, index) => JSON.stringify(row) !== JSON.stringify(before[index]));
    expect(changed.map((row) => row.id)).toEqual([ids[2]]);

    const lost = await t.post(
      `/api/crm/opportunities/${ids[0]}/move`,
      { stage_id: s.Lost!.id },
      { token: board.token },
    );
    expect(lost.statusCode).toBe(422);
    expect(lost.json().errors.lost_reason_id).toEqual([CRM_MESSAGES.lostReasonRequired]);
    const foreignNeighbour = await t.post(
      `/api/crm/opportunities/${ids[0]}/move`,
      { stage_id: s.Won!.id, previous_id: ids[1] },
      { token: board.token },
    );
    expect(foreignNeighbour.statusCode).toBe(422);
    expect(foreignNeighbour.json().errors.previous_id).toEqual([CRM_MESSAGES.neighbourInvalid]);
    const won = await t.post(`/api/crm/opportunities/${ids[0]}/move`, { stage_id: s.Won!.id }, { token: board.token });
    expect(won.statusCode, won.body).toBe(200);
    expect(won.json()).toMatchObject({
      data: { id: ids[0], stage_id: s.Won!.id, probability: 100 },
      message: CRM_MESSAGES.opportunityWon(1000),
    });
    const wonRead = (await t.get(`/api/crm/opportunities/${ids[0]}`, { token: board.token })).json().data;
    expect(wonRead.closed_at).not.toBeNull();
    const back = await t.post(
      `/api/crm/opportunities/${ids[0]}/move`,
      { stage_id: s.Negotiation!.id },
      { token: board.token },
    );
    expect(back.json().data.probability).toBe(75);
    expect((await t.get(`/api/crm/opportunities/${ids[0]}`, { token: board.token })).json().data.closed_at).toBeNull();
  });

  it('the board: figures per column, first pages, cursor pages, filters; list, summary and CSV', async () => {
    const board = await crmOwner(t, 'pages@example.com');
    const client = await createClient(t, board.token, { name: 'Paged Client', email: 'paged@example.com' });
    const s = await stages(t, board.token);
    for (let index = 0; index < 5; index += 1)
      await createOpportunity(t, board.token, {
        client_id: client.id,
        title: `Deal ${index}`,
        amount: 100 + index,
        stage_id: s.Proposal!.id,
      });
    await createOpportunity(t, board.token, {
      client_id: client.id,
      title: 'Other',
      amount: 999.99,
      stage_id: s.New!.id,
    });
    const answer = (await t.get('/api/crm/board?limit=2', { token: board.token })).json().data;
    expect(answer.columns.map((column: { stage: { name: string } }) => column.stage.name)).toEqual([
      'New',
      'Qualified',
      'Proposal',
      'Negotiation',
      'Won',
      'Lost',
    ]);
    const proposal = answer.columns[2];
    expect(proposal).toMatchObject({ count: 5, total_amount: 510, weighted_amount: 255 });
    expect(proposal.cards).toHaveLength(2);
    expect(proposal.next_cursor).not.toBeNull();
    const seen = proposal.cards.map((card: { title: string }) => card.title);
    let cursor = proposal.next_cursor;
    while (cursor) {
      const page = (
        await t.get(`/api/crm/board/columns/${s.Proposal!.id}?limit=2&cursor=${encodeURIComponent(cursor)}`, {
          token: board.token,
        })
      ).json().data;
      seen.push(...page.cards.map((card: { title: string }) => card.title));
      cursor = page.next_cursor;
    }
    expect(seen).toEqual(['Deal 4', 'Deal 3', 'Deal 2', 'Deal 1', 'Deal 0']);
    const searched = (await t.get('/api/crm/board?search=other', { token: board.token })).json().data;
    expect(searched.columns[0]).toMatchObject({ count: 1, total_amount: 999.99 });
    expect(searched.columns[2].count).toBe(0);
    const badCursor = await t.get(`/api/crm/board/columns/${s.Proposal!.id}?cursor=nope`, { token: board.token });
    expect(badCursor.statusCode).toBe(422);
    expect(badCursor.json().errors.cursor).toEqual([CRM_MESSAGES.cursorInvalid]);

    const list = (
      await t.get('/api/crm/opportunities?status=open&sort=amount&direction=desc&per_page=2', { token: board.token })
    ).json();
    expect(list.meta.total).toBe(6);
    expect(list.summary).toEqual({ count: 6, total_amount: 1509.99, weighted_amount: 355 });
    expect(list.data.map((row: { title: string }) => row.title)).toEqual(['Other', 'Deal 4']);
    const csv = await t.get('/api/crm/opportunities/export.csv?search=deal', { token: board.token });
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body.trim().split('\r\n')).toHaveLength(6);
  });

  it('rotting: a card longer in an open stage than its threshold is flagged', async () => {
    const rot = await crmOwner(t, 'rot@example.com');
    const client = await createClient(t, rot.token);
    const created = await createOpportunity(t, rot.token, { client_id: client.id });
    await t.database.db
      .updateTable('crm_opportunities')
      .set({ stage_entered_at: new Date(Date.now() - 20 * 86_400_000).toISOString() })
      .where('id', '=', created.id)
      .execute();
    const read = (await t.get(`/api/crm/opportunities/${created.id}`, { token: rot.token })).json().data;
    expect(read).toMatchObject({ rotting: true, days_in_stage: 20 });
    const card = (await t.get('/api/crm/board', { token: rot.token })).json().data.columns[0].cards[0];
    expect(card).toMatchObject({ id: created.id, rotting: true });
  });

  it('links the invoices made from a won opportunity', async () => {
    const created = await createOpportunity(t, token(), { client_id: clientId, amount: 300 });
    const invoice = await t.post(
      '/api/invoices',
      {
        client_id: clientId,
        issue_date: '2026-01-10',
        due_date: '2026-02-10',
        lines: [{ description: 'Work', quantity: 1, unit_price: 300 }],
      },
      { token: token() },
    );
    expect(invoice.statusCode, invoice.body).toBe(201);
    const linked = await t.post(
      `/api/crm/opportunities/${created.id}/documents`,
      { kind: 'invoice', id: invoice.json().data.id },
      { token: token() },
    );
    expect(linked.statusCode, linked.body).toBe(200);
    expect(linked.json().data.documents).toEqual([
      expect.objectContaining({ kind: 'invoice', id: invoice.json().data.id, total: 300, paid: 0 }),
    ]);
    const missing = await t.post(
      `/api/crm/opportunities/${created.id}/documents`,
      { kind: 'estimate', id: 999999 },
      { token: token() },
    );
    expect(missing.statusCode).toBe(422);
  });
});
