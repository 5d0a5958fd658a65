import { listStages } from './queries/crm/stages';
import { listLeadSources } from './queries/crm/sources-and-reasons';
import { listActivityTypes } from './queries/crm/activity-types';
import { insertLeads } from './queries/crm/leads';
import type { Db } from './queries/shared/types';

/** Words the scale seeds build names from ("Maple Person 12", "Cedar deal 40"). */
export const BENCH_WORDS = [
  'Acme',
  'Blue',
  'Cedar',
  'Delta',
  'Ember',
  'Falcon',
  'Granite',
  'Harbor',
  'Iris',
  'Juniper',
  'Kestrel',
  'Lumen',
  'Maple',
  'Nova',
  'Orchid',
  'Pine',
] as const;

const word = (index: number) => BENCH_WORDS[index % BENCH_WORDS.length]!;

export interface CrmScaleSeed {
  businessId: number;
  /** Owners and assignees, in turn. */
  ownerIds: readonly number[];
  now: Date;
  clients?: number;
  leads: number;
  opportunities: number;
  /** How many of the opportunities sit in the first stage (the big column of the board). */
  bigColumn: number;
  activities?: number;
}

/**
 * A business's lived-in CRM at scale, in batch inserts on SQLite (the benches' seed): clients, leads
 * over every status and source created over two years, opportunities over every stage (the first
 * holds `bigColumn` of them; the stage totals follow by trigger) and activities due from 20 days ago
 * to 40 days ahead, a quarter done. The business's CRM defaults (stages, sources, types) must exist.
 */
export async function seedCrmScale(db: Db, seed: CrmScaleSeed) {
  const { businessId, ownerIds, now, leads, opportunities, bigColumn } = seed;
  const clients = seed.clients ?? 2_000;
  const activityCount = seed.activities ?? 10_000;
  const iso = now.toISOString();
  const owner = (index: number) => ownerIds[index % ownerIds.length] ?? null;
  const stages = await listStages(db, { businessId });
  const sources = await listLeadSources(db, { businessId });
  const types = await listActivityTypes(db, { businessId });
  const clientIds: number[] = [];
  await db.transaction().execute(async (tx) => {
    for (let start = 0; start < clients; start += 500) {
      const rows = Array.from({ length: Math.min(500, clients - start) }, (_, offset) => {
        const index = start + offset;
        const name = `${word(index)} ${word(index * 7)} ${index}`;
        return {
          business_id: businessId,
          kind: 'company',
          name,
          sort_name: name.toLowerCase(),
          email: `client${index}@bench.test`,
          payment_terms_days: 30,
          is_active: true,
          search_text: name.toLowerCase(),
          created_at: iso,
          updated_at: iso,
        };
      });
      clientIds.push(...(await tx.insertInto('clients').values(rows).returning('id').execute()).map((row) => row.id));
    }
    const statuses = ['new', 'contacted', 'qualified', 'unqualified', 'converted'];
    await insertLeads(tx, {
      businessId,
      rows: Array.from({ length: leads }, (_, index) => ({
        person_name: `${word(index)} Person ${index}`,
        company_name: index % 3 === 0 ? `${word(index * 5)} Co ${index}` : null,
        email: `lead${index}@bench.test`,
        phone: null,
        source_id: index % 7 === 0 ? null : (sources[index % sources.length]?.id ?? null),
        status: statuses[index % statuses.length]!,
        owner_user_id: owner(index),
        estimated_value_cents: (index % 50) * 10_000,
        notes: null,
      })),
      userId: ownerIds[0] ?? null,
      now,
    });
    // Creation dates spread over two years.
    await tx
      .updateTable('crm_leads')
      .set((eb) => ({
        created_at: eb.fn('strftime', [
          eb.val('%Y-%m-%dT%H:%M:%fZ'),
          eb.val(iso),
          eb.fn('printf', [eb.val('-%d hours'), eb('id', '%', 17_520)]),
        ]),
      }))
      .where('business_id', '=', businessId)
      .execute();
    const rows = [];
    for (let index = 0; index < opportunities; index += 1) {
      const stage = index < bigColumn ? stages[0] : stages[(index % (stages.length - 1)) + 1];
      if (!stage) throw new Error('no stage');
      const at = new Date(now.getTime() - (index % 700) * 86_400_000).toISOString();
      const title = `${word(index)} deal ${index}`;
      rows.push({
        business_id: businessId,
        title,
        sort_title: title.toLowerCase(),
        search_text: title.toLowerCase(),
        client_id: clientIds[index % clientIds.length] ?? null,
        lead_id: null,
        amount_cents: 10_000 + (index % 997) * 1_000,
        stage_id: stage.id,
        probability: stage.probability,
        position: index * 1024,
        stage_entered_at: at,
        expected_close_date: null,
        owner_user_id: owner(index),
        source_id: sources[index % sources.length]?.id ?? null,
        notes: null,
        lost_reason_id: null,
        lost_note: null,
        closed_at: stage.type === 'open' ? null : at,
        created_by_user_id: null,
        created_at: at,
        updated_at: at,
      });
    }
    for (let start = 0; start < rows.length; start += 500)
      await tx
        .insertInto('crm_opportunities')
        .values(rows.slice(start, start + 500))
        .execute();
    const opportunityIds = (
      await tx.selectFrom('crm_opportunities').select('id').where('business_id', '=', businessId).execute()
    ).map((row) => row.id);
    const activities = Array.from({ length: activityCount }, (_, index) => ({
      business_id: businessId,
      type_id: types[index % types.length]?.id ?? 0,
      subject: `Follow up ${index}`,
      notes: null,
      due_at: new Date(now.getTime() + ((index % 60) - 20) * 86_400_000).toISOString(),
      assignee_user_id: owner(index),
      done_at: index % 4 === 0 ? iso : null,
      done_by_user_id: null,
      lead_id: null,
      opportunity_id: opportunityIds[index % opportunityIds.length] ?? null,
      client_id: null,
      created_by_user_id: null,
      created_at: iso,
      updated_at: iso,
    }));
    for (let start = 0; start < activities.length; start += 500)
      await tx
        .insertInto('crm_activities')
        .values(activities.slice(start, start + 500))
        .execute();
  });
  return { stages, clientIds };
}
