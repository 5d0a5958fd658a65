import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATALOG_MESSAGES, CRM_MESSAGES } from '@ledgerleaf/domain';
import { createTestApp, type TestApp } from '../../test/harness';
import { createClient, createLead, crmMember, crmOwner, stages, type CrmOwner } from './crm.test-helpers';

let t: TestApp;
let owner: CrmOwner;

beforeAll(async () => {
  t = await createTestApp();
  owner = await crmOwner(t, 'owner@example.com');
});
afterAll(async () => {
  await t.close();
});

const token = () => owner.token;

describe('leads', () => {
  it('creates, reads, edits and deletes a lead; the owner defaults to the settings, else the caller', async () => {
    const sources = (await t.get('/api/crm/lead-sources', { token: token() })).json().data;
    const created = await t.post(
      '/api/crm/leads',
      {
        person_name: ' Pia Prospect ',
        company_name: 'Prospect GmbH',
        email: 'PIA@Example.com',
        phone: '+49 30 1234567',
        source_id: sources[0].id,
        estimated_value: 1250.5,
        notes: 'Met at the fair',
      },
      { token: token() },
    );
    expect(created.statusCode, created.body).toBe(201);
    const lead = created.json();
    expect(lead.message).toBe(CRM_MESSAGES.leadCreated);
    expect(lead.data).toMatchObject({
      person_name: 'Pia Prospect',
      display_name: 'Pia Prospect',
      email: 'pia@example.com',
      status: 'new',
      owner_user_id: owner.userId,
      estimated_value: 1250.5,
      source_name: sources[0].name,
      conversion: null,
      read_only: false,
    });
    const duplicate = await t.post(
      '/api/crm/leads',
      { company_name: 'Other', email: 'pia@example.com' },
      { token: token() },
    );
    expect(duplicate.statusCode).toBe(422);
    expect(duplicate.json().errors.email).toEqual([CRM_MESSAGES.duplicateEmailInBusiness]);
    const noName = await t.post('/api/crm/leads', { email: 'x@example.com' }, { token: token() });
    expect(noName.json().errors.person_name).toEqual([CRM_MESSAGES.leadNameRequired]);
    const unknown = await t.post(
      '/api/crm/leads',
      { person_name: 'X', source_id: 999999, owner_user_id: 999999 },
      { token: token() },
    );
    expect(unknown.statusCode).toBe(422);
    expect(Object.keys(unknown.json().errors).sort()).toEqual(['owner_user_id', 'source_id']);

    const edited = await t.put(
      `/api/crm/leads/${lead.data.id}`,
      { company_name: 'Prospect AG', email: 'pia@example.com', status: 'qualified', owner_user_id: null },
      { token: token() },
    );
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().data).toMatchObject({
      person_name: null,
      display_name: 'Prospect AG',
      status: 'qualified',
      owner_user_id: null,
    });
    const converted = await t.put(
      `/api/crm/leads/${lead.data.id}`,
      { person_name: 'X', status: 'converted' },
      { token: token() },
    );
    expect(converted.statusCode).toBe(422);
    expect((await t.delete(`/api/crm/leads/${lead.data.id}`, { token: token() })).statusCode).toBe(200);
    expect((await t.get(`/api/crm/leads/${lead.data.id}`, { token: token() })).statusCode).toBe(404);

    await t.put(
      '/api/crm/settings',
      { rate_window_days: 90, reminder_in_app: true, reminder_email: false, default_owner_user_id: owner.userId },
      { token: token() },
    );
    const member = await crmMember(t, owner, 'member@example.com', 'member');
    const byMember = await createLead(t, member.token, { person_name: 'Owned by default' });
    expect(byMember.owner_user_id).toBe(owner.userId);
    await t.put(
      '/api/crm/settings',
      { rate_window_days: 90, reminder_in_app: true, reminder_email: false },
      { token: token() },
    );
    const own = await createLead(t, member.token, { person_name: 'Own lead' });
    expect(own.owner_user_id).toBe(member.id);
  });

  it('lists with search, filters, sort and pages', async () => {
    const other = await crmOwner(t, 'lists@example.com');
    const sources = (await t.get('/api/crm/lead-sources', { token: other.token })).json().data;
    for (let index = 0; index < 12; index += 1)
      await createLead(t, other.token, {
        person_name: `Person ${String(index).padStart(2, '0')}`,
        company_name: index % 2 ? 'Zeta Corp' : 'Alpha Ltd',
        email: `p${index}@example.com`,
        status: index < 4 ? 'contacted' : 'new',
        source_id: index % 3 === 0 ? sources[1].id : null,
        estimated_value: index * 100,
      });
    const page = (
      await t.get('/api/crm/leads?per_page=5&page=2&sort=name&direction=asc', { token: other.token })
    ).json();
    expect(page.meta).toEqual({ page: 2, per_page: 5, total: 12, last_page: 3 });
    expect(page.data.map((lead: { person_name: string }) => lead.person_name)).toEqual(
      ['05', '06', '07', '08', '09'].map((n) => `Person ${n}`),
    );
    const search = (await t.get('/api/crm/leads?search=zeta', { token: other.token })).json();
    expect(search.meta.total).toBe(6);
    const contacted = (await t.get('/api/crm/leads?status=contacted', { token: other.token })).json();
    expect(contacted.meta.total).toBe(4);
    const open = (await t.get('/api/crm/leads?status=open', { token: other.token })).json();
    expect(open.meta.total).toBe(12);
    const bySource = (await t.get(`/api/crm/leads?source_id=${sources[1].id}`, { token: other.token })).json();
    expect(bySource.meta.total).toBe(4);
    const noSource = (await t.get('/api/crm/leads?source_id=none', { token: other.token })).json();
    expect(noSource.meta.total).toBe(8);
    const top = (
      await t.get('/api/crm/leads?sort=estimated_value&direction=desc&per_page=1', { token: other.token })
    ).json();
    expect(top.data[0].estimated_value).toBe(1100);
    const today = new Date().toISOString().slice(0, 10);
    const created = (
      await t.get(`/api/crm/leads?created_from=2000-01-01&created_to=2000-01-02`, { token: other.token })
    ).json();
    expect(created.meta.total).toBe(0);
    expect(
      (await t.get(`/api/crm/leads?created_to=2000-01-01&created_from=${today}`, { token: other.token })).statusCode,
    ).toBe(422);
  });

  it('bulk: assign owner, change status (converted left alone), delete', async () => {
    const bulk = await crmOwner(t, 'bulk@example.com');
    const ids = [];
    for (let index = 0; index < 3; index += 1)
      ids.push((await createLead(t, bulk.token, { person_name: `B${index}` })).id);
    const stranger = await createLead(t, owner.token, { person_name: 'Not yours', email: 'notyours@example.com' });
    const client = await createClient(t, bulk.token);
    const convert = await t.post(
      `/api/crm/leads/${ids[0]}/convert`,
      { client: { mode: 'existing', client_id: client.id }, opportunity: { title: 'Deal', amount: 10 } },
      { token: bulk.token },
    );
    expect(convert.statusCode, convert.body).toBe(201);
    const status = await t.post(
      '/api/crm/leads/bulk',
      { action: 'change_status', ids: [...ids, stranger.id], status: 'unqualified' },
      { token: bulk.token },
    );
    expect(status.json()).toEqual({
      message: `${CRM_MESSAGES.bulkDone(2)} ${CRM_MESSAGES.bulkSkippedConverted(1)}`,
      affected: 2,
      skipped: 1,
    });
    expect((await t.get(`/api/crm/leads/${stranger.id}`, { token: owner.token })).json().data.status).toBe('new');
    const assign = await t.post(
      '/api/crm/leads/bulk',
      { action: 'assign_owner', ids, owner_user_id: null },
      { token: bulk.token },
    );
    expect(assign.json().affected).toBe(2);
    const foreignOwner = await t.post(
      '/api/crm/leads/bulk',
      { action: 'assign_owner', ids, owner_user_id: owner.userId },
      { token: bulk.token },
    );
    expect(foreignOwner.statusCode).toBe(422);
    const removed = await t.post(
      '/api/crm/leads/bulk',
      { action: 'delete', ids: [...ids, stranger.id] },
      { token: bulk.token },
    );
    expect(removed.json()).toMatchObject({ affected: 3, message: CRM_MESSAGES.bulkDeleted(3) });
    expect((await t.get(`/api/crm/leads/${stranger.id}`, { token: owner.token })).statusCode).toBe(200);
  });
});

describe('CSV', () => {
  it('exports, previews and imports all or nothing; duplicates in the file or the business are reported', async () => {
    const csvOwner = await crmOwner(t, 'csv@example.com');
    await createLead(t, csvOwner.token, { person_name: '=cmd()', email: 'existing@example.com', estimated_value: 12 });
    const exported = await t.get('/api/crm/leads/export.csv', { token: csvOwner.token });
    expect(exported.statusCode).toBe(200);
    expect(exported.headers['content-type']).toContain('text/csv');
    const [header, row] = exported.body.trim().split('\r\n');
    expect(header).toBe(
      'id,person_name,company_name,email,phone,source,status,owner_email,estimated_value,notes,created_at,converted_at',
    );
    expect(row).toContain("'=cmd()");
    expect(row).toContain('csv@example.com');
    expect(row).toContain('12.00');

    const bad = [
      'person_name,company_name,email,source,owner_email,estimated_value,status',
      'Ann,,ann@example.com,Website,csv@example.com,100,contacted',
      'Ben,,ANN@example.com,,,,',
      ',Corp,existing@example.com,,,,',
      'Cid,,,Nowhere,nobody@example.com,abc,',
    ].join('\n');
    const preview = await t.post('/api/crm/leads/import/preview', { csv: bad }, { token: csvOwner.token });
    expect(preview.statusCode, preview.body).toBe(200);
    const body = preview.json();
    expect(body).toMatchObject({ total: 4, valid: 1, invalid: 3 });
    expect(body.rows[1].errors.email).toEqual([CRM_MESSAGES.duplicateEmailInFile(2)]);
    expect(body.rows[2].errors.email).toEqual([CRM_MESSAGES.duplicateEmailInBusiness]);
    expect(body.rows[3].errors).toMatchObject({ estimated_value: [CRM_MESSAGES.amountRequired] });
    const refused = await t.post('/api/crm/leads/import', { csv: bad }, { token: csvOwner.token });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toBe(CATALOG_MESSAGES.importHasErrors);
    expect(refused.json().errors['rows.3.email']).toEqual([CRM_MESSAGES.duplicateEmailInFile(2)]);
    expect((await t.get('/api/crm/leads', { token: csvOwner.token })).json().meta.total).toBe(1);

    const unknownSource = await t.post(
      '/api/crm/leads/import/preview',
      { csv: 'person_name,source,owner_email\nCid,Nowhere,nobody@example.com' },
      { token: csvOwner.token },
    );
    expect(unknownSource.json().rows[0].errors).toEqual({
      source: [CRM_MESSAGES.sourceUnknownName('Nowhere')],
      owner_email: [CRM_MESSAGES.ownerUnknownEmail('nobody@example.com')],
    });

    const good = [
      'person_name,company_name,email,source,owner_email,estimated_value,status',
      'Ann,,ann@example.com,website,csv@example.com,100,contacted',
      'Ben,Ben Co,ben@example.com,,,,',
    ].join('\n');
    const imported = await t.post('/api/crm/leads/import', { csv: good }, { token: csvOwner.token });
    expect(imported.statusCode, imported.body).toBe(201);
    expect(imported.json()).toMatchObject({ imported: 2, message: CRM_MESSAGES.leadsImported(2) });
    const ann = (await t.get('/api/crm/leads?search=ann', { token: csvOwner.token })).json().data[0];
    expect(ann).toMatchObject({
      source_name: 'Website',
      status: 'contacted',
      estimated_value: 100,
      owner_user_id: csvOwner.userId,
    });
    expect((await t.post('/api/crm/leads/import', { csv: good }, { token: csvOwner.token })).statusCode).toBe(422);
  });
});

describe('conversion', () => {
  it('converts into a new client and an opportunity in one transaction, once; the lead becomes read-only', async () => {
    const lead = await createLead(t, token(), {
      person_name: 'Cora Convert',
      company_name: 'Convert Co',
      email: 'cora@convert.example',
      estimated_value: 5000,
    });
    const matchesBefore = (await t.get(`/api/crm/leads/${lead.id}/client-matches`, { token: token() })).json().data;
    expect(matchesBefore).toEqual([]);
    const { Qualified } = await stages(t, token());
    const converted = await t.post(
      `/api/crm/leads/${lead.id}/convert`,
      {
        client: { mode: 'new', kind: 'company', name: 'Convert Co', email: 'cora@convert.example' },
        opportunity: {
          title: 'Convert Co website',
          amount: 5000,
          stage_id: Qualified!.id,
          expected_close_date: '2030-06-30',
        },
      },
      { token: token() },
    );
    expect(converted.statusCode, converted.body).toBe(201);
    const result = converted.json();
    expect(result.message).toBe(CRM_MESSAGES.leadConverted('Convert Co'));
    expect(result.data.lead).toMatchObject({
      status: 'converted',
      read_only: true,
      conversion: {
        client_id: result.data.client_id,
        client_name: 'Convert Co',
        opportunity_id: result.data.opportunity_id,
        opportunity_title: 'Convert Co website',
        converted_by_user_id: owner.userId,
      },
    });
    const opportunity = (await t.get(`/api/crm/opportunities/${result.data.opportunity_id}`, { token: token() })).json()
      .data;
    expect(opportunity).toMatchObject({
      client_id: result.data.client_id,
      lead_id: lead.id,
      stage_id: Qualified!.id,
      probability: 25,
      amount: 5000,
    });
    expect((await t.get(`/api/clients/${result.data.client_id}`, { token: token() })).json().data.name).toBe(
      'Convert Co',
    );

    const again = await t.post(
      `/api/crm/leads/${lead.id}/convert`,
      { client: { mode: 'existing', client_id: result.data.client_id }, opportunity: { title: 'Twice', amount: 1 } },
      { token: token() },
    );
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ message: CRM_MESSAGES.leadAlreadyConverted, status: 'converted' });
    const edit = await t.put(`/api/crm/leads/${lead.id}`, { person_name: 'Changed' }, { token: token() });
    expect(edit.statusCode).toBe(409);
    expect(edit.json().message).toBe(CRM_MESSAGES.leadReadOnly);

    // The company name and the email now match that client.
    const twin = await createLead(t, token(), { company_name: 'convert co', email: 'other@convert.example' });
    const matches = (await t.get(`/api/crm/leads/${twin.id}/client-matches`, { token: token() })).json().data;
    expect(matches).toEqual([
      { id: result.data.client_id, name: 'Convert Co', email: 'cora@convert.example', matched_on: 'company_name' },
    ]);
  });

  it('two conversions of one lead at once: one wins, the other answers 409, one client and one opportunity', async () => {
    const lead = await createLead(t, token(), { person_name: 'Race', email: 'race@example.com' });
    const body = { client: { mode: 'new', name: 'Race Inc' }, opportunity: { title: 'Race deal', amount: 10 } };
    const answers = await Promise.all([
      t.post(`/api/crm/leads/${lead.id}/convert`, body, { token: token() }),
      t.post(`/api/crm/leads/${lead.id}/convert`, body, { token: token() }),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409]);
    const clients = await t.database.db.selectFrom('clients').select('id').where('name', '=', 'Race Inc').execute();
    expect(clients).toHaveLength(1);
    const opportunities = await t.database.db
      .selectFrom('crm_opportunities')
      .select('id')
      .where('lead_id', '=', lead.id)
      .execute();
    expect(opportunities).toHaveLength(1);
  });

  it('a failure rolls the whole conversion back (an unknown stage after the client was decided)', async () => {
    const lead = await createLead(t, token(), { person_name: 'Rollback', email: 'rollback@example.com' });
    const refused = await t.post(
      `/api/crm/leads/${lead.id}/convert`,
      { client: { mode: 'new', name: 'Rollback Ltd' }, opportunity: { title: 'Deal', amount: 10, stage_id: 999999 } },
      { token: token() },
    );
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors['opportunity.stage_id']).toEqual([CRM_MESSAGES.stageInvalid]);
    expect(
      await t.database.db.selectFrom('clients').select('id').where('name', '=', 'Rollback Ltd').execute(),
    ).toHaveLength(0);
    expect((await t.get(`/api/crm/leads/${lead.id}`, { token: token() })).json().data.status).toBe('new');
    const stranger = await crmOwner(t, 'strangeclient@example.com');
    const foreignClient = await createClient(t, stranger.token, { name: 'Theirs', email: 'theirs@example.com' });
    const foreign = await t.post(
      `/api/crm/leads/${lead.id}/convert`,
      { client: { mode: 'existing', client_id: foreignClient.id }, opportunity: { title: 'Deal', amount: 10 } },
      { token: token() },
    );
    expect(foreign.statusCode).toBe(422);
    expect(foreign.json().errors['client.client_id']).toEqual([CRM_MESSAGES.clientInvalid]);
  });
});
