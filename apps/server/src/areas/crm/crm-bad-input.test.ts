import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CRM_MESSAGES } from '@ledgerleaf/domain';
import { createTestApp, type TestApp } from '../../test/harness';
import { createClient, createLead, createOpportunity, crmOwner, type CrmOwner } from './crm.test-helpers';

let t: TestApp;
let owner: CrmOwner;
let clientId: number;
let leadId: number;
let opportunityId: number;
let typeId: number;

beforeAll(async () => {
  t = await createTestApp();
  owner = await crmOwner(t, 'owner@example.com');
  clientId = (await createClient(t, owner.token)).id;
  leadId = (await createLead(t, owner.token)).id;
  opportunityId = (await createOpportunity(t, owner.token, { client_id: clientId })).id;
  typeId = (await t.get('/api/crm/activity-types', { token: owner.token })).json().data[0].id;
});
afterAll(async () => {
  await t.close();
});

const long = 'x'.repeat(256);

describe('bad input answers 4xx JSON with field-keyed errors, never 500', () => {
  it('forms: amounts, probabilities, dates, names, unknown ids', async () => {
    const token = owner.token;
    const cases: Array<[string, string, unknown, Record<string, string[] | undefined>]> = [
      ['POST', '/api/crm/opportunities', { title: 'X', client_id: clientId, amount: -1 }, { amount: undefined }],
      [
        'POST',
        '/api/crm/opportunities',
        { title: 'X', client_id: clientId, amount: 1_000_000_000 },
        { amount: undefined },
      ],
      ['POST', '/api/crm/opportunities', { title: 'X', client_id: clientId, amount: 1.234 }, { amount: undefined }],
      [
        'POST',
        '/api/crm/opportunities',
        { title: 'X', client_id: clientId, amount: 1, probability: 101 },
        { probability: [CRM_MESSAGES.probabilityInvalid] },
      ],
      [
        'POST',
        '/api/crm/opportunities',
        { title: 'X', client_id: clientId, amount: 1, probability: 50.5 },
        { probability: [CRM_MESSAGES.probabilityWhole] },
      ],
      [
        'POST',
        '/api/crm/opportunities',
        { title: 'X', client_id: clientId, amount: 1, expected_close_date: '2026-02-30' },
        { expected_close_date: undefined },
      ],
      [
        'POST',
        '/api/crm/opportunities',
        { title: long, client_id: clientId, amount: 1 },
        { title: [CRM_MESSAGES.titleTooLong] },
      ],
      [
        'POST',
        '/api/crm/opportunities',
        { title: '  ', client_id: clientId, amount: 1 },
        { title: [CRM_MESSAGES.titleRequired] },
      ],
      [
        'POST',
        '/api/crm/opportunities',
        { title: 'X', amount: 1, client_id: clientId, source_id: 99999 },
        { source_id: [CRM_MESSAGES.sourceInvalid] },
      ],
      ['POST', '/api/crm/leads', { person_name: long }, { person_name: [CRM_MESSAGES.personNameTooLong] }],
      [
        'POST',
        '/api/crm/leads',
        { person_name: 'X', estimated_value: 'lots' },
        { estimated_value: [CRM_MESSAGES.amountRequired] },
      ],
      ['POST', '/api/crm/leads', { person_name: 'X', email: 'not-an-email' }, { email: undefined }],
      [
        'POST',
        '/api/crm/leads',
        { person_name: 'X', status: 'converted' },
        { status: [CRM_MESSAGES.leadStatusInvalid] },
      ],
      [
        'POST',
        '/api/crm/leads',
        { person_name: 'X', owner_user_id: 'abc' },
        { owner_user_id: [CRM_MESSAGES.ownerInvalid] },
      ],
      ['POST', '/api/crm/leads', { person_name: 'X', unknown: 1 }, { unknown: undefined }],
      [
        'POST',
        '/api/crm/pipeline-stages',
        { name: '', type: 'closed' },
        { name: [CRM_MESSAGES.nameRequired], type: [CRM_MESSAGES.stageTypeInvalid] },
      ],
      [
        'POST',
        '/api/crm/pipeline-stages',
        { name: 'X', type: 'open' },
        { probability: [CRM_MESSAGES.stageProbabilityRequired] },
      ],
      [
        'POST',
        '/api/crm/pipeline-stages',
        { name: 'X', type: 'open', probability: 5, rotting_days: 0, color: 'red' },
        { rotting_days: [CRM_MESSAGES.rottingDaysInvalid], color: [CRM_MESSAGES.colorInvalid] },
      ],
      [
        'POST',
        '/api/crm/activity-types',
        { name: 'X', icon: 'rocket', default_due_offset_minutes: -1 },
        { icon: [CRM_MESSAGES.iconInvalid], default_due_offset_minutes: [CRM_MESSAGES.dueOffsetInvalid] },
      ],
      [
        'POST',
        '/api/crm/activities',
        { type_id: typeId, subject: 'X', due_at: '2026-13-01T00:00:00Z', client_id: clientId },
        { due_at: [CRM_MESSAGES.dueAtRequired] },
      ],
      [
        'POST',
        '/api/crm/activities',
        { type_id: typeId, subject: 'X', due_at: '2026-01-01T10:00:00', client_id: clientId },
        { due_at: [CRM_MESSAGES.dueAtRequired] },
      ],
      [
        'POST',
        '/api/crm/activities',
        { type_id: typeId, subject: 'X', due_at: '2026-01-01T10:00:00Z', client_id: clientId, reminders: [5, 5] },
        { reminders: [CRM_MESSAGES.reminderRepeated] },
      ],
      [
        'POST',
        '/api/crm/activities',
        { type_id: typeId, subject: 'X', due_at: '2026-01-01T10:00:00Z' },
        { lead_id: [CRM_MESSAGES.activityTargetRequired] },
      ],
      ['POST', '/api/crm/notes', { body: '', lead_id: leadId }, { body: [CRM_MESSAGES.noteRequired] }],
      ['POST', `/api/crm/activities/1/snooze`, { option: 'date' }, { date: [CRM_MESSAGES.snoozeDateRequired] }],
      [
        'POST',
        `/api/crm/opportunities/${opportunityId}/move`,
        { stage_id: 'left' },
        { stage_id: [CRM_MESSAGES.stageInvalid] },
      ],
      [
        'POST',
        `/api/crm/opportunities/${opportunityId}/move`,
        { stage_id: 999999 },
        { stage_id: [CRM_MESSAGES.stageInvalid] },
      ],
      ['POST', '/api/crm/leads/bulk', { action: 'explode', ids: [1] }, { action: undefined }],
      ['POST', '/api/crm/leads/bulk', { action: 'delete', ids: [] }, { ids: [CRM_MESSAGES.bulkIdsRequired] }],
      [
        'POST',
        `/api/crm/leads/${leadId}/convert`,
        { client: { mode: 'maybe' }, opportunity: { title: 'X', amount: 1 } },
        { 'client.mode': [CRM_MESSAGES.convertClientRequired] },
      ],
      [
        'PUT',
        '/api/crm/settings',
        { rate_window_days: 7, reminder_in_app: 'yes', reminder_email: false },
        { rate_window_days: [CRM_MESSAGES.rateWindowInvalid], reminder_in_app: undefined },
      ],
      ['PUT', '/api/crm/pipeline-stages/order', { ids: [1, 1] }, { ids: [CRM_MESSAGES.stageOrderInvalid] }],
      ['POST', '/api/crm/leads/import', { csv: '' }, { csv: undefined }],
    ];
    for (const [method, url, body, fields] of cases) {
      const response = await t.app.inject({
        method: method as 'POST',
        url,
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        payload: JSON.stringify(body),
      });
      const label = `${method} ${url} ${JSON.stringify(body).slice(0, 80)} -> ${response.body}`;
      expect(response.statusCode, label).toBe(422);
      const errors = response.json().errors as Record<string, string[]>;
      for (const [field, messages] of Object.entries(fields)) {
        expect(errors[field], label).toBeDefined();
        if (messages) expect(errors[field], label).toEqual(messages);
      }
    }
  });

  it('queries and paths', async () => {
    const token = owner.token;
    const queries = [
      '/api/crm/leads?status=zombie',
      '/api/crm/leads?sort=secret',
      '/api/crm/leads?created_from=yesterday',
      '/api/crm/leads?per_page=1000',
      '/api/crm/leads?owner_id=-4',
      '/api/crm/opportunities?status=maybe',
      '/api/crm/opportunities?close_from=2026-05-01&close_to=2026-01-01',
      '/api/crm/board?limit=0',
      '/api/crm/activities',
      '/api/crm/activities?lead_id=1&client_id=2',
      '/api/crm/reminders?bucket=later',
      '/api/crm/timeline',
      '/api/crm/timeline?lead_id=1&before=never',
      '/api/crm/lead-sources?include_archived=maybe',
      '/api/dashboard/lead-analytics?from=2026-02-31',
    ];
    for (const url of queries) {
      const response = await t.get(url, { token });
      expect(response.statusCode, `${url} ${response.body}`).toBe(422);
      expect(Object.keys(response.json().errors).length, url).toBeGreaterThan(0);
    }
    for (const url of [
      '/api/crm/leads/abc',
      '/api/crm/opportunities/0',
      '/api/crm/activities/99999999999',
      '/api/crm/client-360/-1',
    ]) {
      const response = await t.get(url, { token });
      expect(response.statusCode, url).toBe(404);
    }
    const malformed = await t.app.inject({
      method: 'POST',
      url: '/api/crm/leads',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      payload: '{"person_name":',
    });
    expect(malformed.statusCode).toBe(400);
  });
});
