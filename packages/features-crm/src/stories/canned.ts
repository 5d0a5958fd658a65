/*
 * Canned CRM answers for the stories (Storybook only; no product code imports this), built from the
 * test fixtures in `../test/fixtures`.
 */
import { ok, type StoryApi } from '@ledgerleaf/storybook-harness';
import {
  activity,
  activityTypes,
  board,
  client360,
  lead,
  lostReason,
  opportunity,
  owners,
  page,
  settings,
  source,
  stages,
  timeline,
} from '../test/fixtures';

export const leads = [
  lead(),
  lead({
    id: 2,
    person_name: null,
    company_name: 'Bolt Inc',
    display_name: 'Bolt Inc',
    status: 'contacted',
    estimated_value: 12000,
  }),
  lead({
    id: 3,
    person_name: 'Linus Byte',
    company_name: null,
    display_name: 'Linus Byte',
    status: 'qualified',
    source_name: 'Referral',
    owner_name: 'Sam Seller',
  }),
  lead({
    id: 4,
    person_name: 'Mae Jemison',
    display_name: 'Mae Jemison',
    status: 'converted',
    read_only: true,
    estimated_value: null,
  }),
];

/** What every CRM screen reads besides its own data: owners, sources, stages, reasons, types. */
export const configAnswers: StoryApi = {
  'GET /api/crm/owners': ok({ data: owners }),
  'GET /api/crm/lead-sources': ok({
    data: [
      source(),
      source({ id: 2, name: 'Referral', lead_count: 0, opportunity_count: 0 }),
      source({ id: 3, name: 'Trade fair 2025', status: 'archived', archived_at: '2026-01-10T10:00:00Z' }),
    ],
  }),
  'GET /api/crm/lost-reasons': ok({
    data: [lostReason(), lostReason({ id: 2, name: 'No budget', opportunity_count: 3 })],
  }),
  'GET /api/crm/pipeline-stages': ok({ data: stages }),
  'GET /api/crm/activity-types': ok({ data: activityTypes }),
  'GET /api/crm/settings': ok({ data: settings() }),
  'GET /api/crm/timeline': ok({ data: timeline() }),
  'GET /api/clients/search': ok({
    data: [{ id: 5, name: 'Crumb & Co', email: 'hello@crumb.test', payment_terms_days: 30 }],
  }),
};

export const leadsAnswer = ok(page(leads, { total: 4 }));
export const leadAnswer = ok({ data: lead() });
export const boardAnswer = ok({ data: { columns: board() } });
export const opportunitiesAnswer = ok({
  ...page([
    opportunity(),
    opportunity({ id: 12, title: 'Wedding cake order', amount: 800, weighted_amount: 80, rotting: true }),
  ]),
  summary: { count: 2, total_amount: 2000, weighted_amount: 200 },
});
export const opportunityAnswer = ok({ data: opportunity() });
export const remindersAnswer = ok({
  ...page([
    activity({ due_at: '2026-11-01T09:00:00.000Z' }),
    activity({
      id: 22,
      subject: 'Send the proposal',
      type_icon: 'mail',
      about: { kind: 'opportunity', id: 11, name: 'Bakery website' },
    }),
  ]),
  counts: { overdue: 2, today: 1, upcoming: 4 },
});
export const client360Answer = ok({ data: client360() });
