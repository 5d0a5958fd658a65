import type {
  Activity,
  ActivityType,
  BoardColumn,
  Client360,
  CrmSettings,
  Lead,
  LeadImportPreview,
  LeadSource,
  LostReason,
  Opportunity,
  OpportunityCard,
  PipelineStage,
  Timeline,
} from '@ledgerleaf/domain';
import type { CrmOwner } from '@ledgerleaf/api';

const AT = '2026-11-20T10:00:00.000Z';

export const owners: CrmOwner[] = [
  { id: 1, name: 'Olive Owner', email: 'olive@olive.test', role: 'owner' },
  { id: 2, name: 'Sam Seller', email: 'sam@olive.test', role: 'member' },
];

export function lead(overrides: Partial<Lead> = {}): Lead {
  return {
    id: 1,
    person_name: 'Ada Lovelace',
    company_name: 'Analytical Ltd',
    display_name: 'Ada Lovelace',
    email: 'ada@analytical.test',
    phone: '+44 20 1234 5678',
    source_id: 1,
    source_name: 'Website',
    status: 'new',
    owner_user_id: 1,
    owner_name: 'Olive Owner',
    estimated_value: 4200,
    notes: null,
    conversion: null,
    read_only: false,
    created_at: AT,
    updated_at: AT,
    ...overrides,
  };
}

export function page<T>(
  rows: T[],
  meta: Partial<{ page: number; per_page: number; total: number; last_page: number }> = {},
) {
  return { data: rows, meta: { page: 1, per_page: 25, total: rows.length, last_page: 1, ...meta } };
}

export function source(overrides: Partial<LeadSource> = {}): LeadSource {
  return {
    id: 1,
    name: 'Website',
    status: 'active',
    archived_at: null,
    lead_count: 3,
    opportunity_count: 1,
    created_at: AT,
    updated_at: AT,
    ...overrides,
  };
}

export function lostReason(overrides: Partial<LostReason> = {}): LostReason {
  return {
    id: 1,
    name: 'Price too high',
    status: 'active',
    archived_at: null,
    opportunity_count: 0,
    created_at: AT,
    updated_at: AT,
    ...overrides,
  };
}

export function stage(overrides: Partial<PipelineStage> = {}): PipelineStage {
  return {
    id: 1,
    name: 'New',
    type: 'open',
    probability: 10,
    color: '#74c0fc',
    rotting_days: 14,
    position: 1,
    opportunity_count: 0,
    created_at: AT,
    updated_at: AT,
    ...overrides,
  };
}

/** New, Proposal (open), Won and Lost. */
export const stages: PipelineStage[] = [
  stage({ id: 1, name: 'New', probability: 10, position: 1, opportunity_count: 2 }),
  stage({ id: 2, name: 'Proposal', probability: 50, position: 2, color: '#845ef7' }),
  stage({ id: 3, name: 'Won', type: 'won', probability: 100, position: 3, color: '#37b24d', rotting_days: null }),
  stage({ id: 4, name: 'Lost', type: 'lost', probability: 0, position: 4, color: '#f03e3e', rotting_days: null }),
];

export function card(overrides: Partial<OpportunityCard> = {}): OpportunityCard {
  return {
    id: 11,
    title: 'Bakery website',
    client_id: 5,
    client_name: 'Crumb & Co',
    lead_id: null,
    lead_name: null,
    amount: 1200,
    probability: 10,
    weighted_amount: 120,
    expected_close_date: '2026-12-15',
    owner_user_id: 1,
    owner_name: 'Olive Owner',
    stage_id: 1,
    position: 1024,
    stage_entered_at: AT,
    days_in_stage: 3,
    rotting: false,
    next_activity: null,
    ...overrides,
  };
}

export function column(
  stageValue: PipelineStage,
  cards: OpportunityCard[],
  overrides: Partial<BoardColumn> = {},
): BoardColumn {
  return {
    stage: stageValue,
    count: cards.length,
    total_amount: cards.reduce((sum, item) => sum + item.amount, 0),
    weighted_amount: cards.reduce((sum, item) => sum + item.weighted_amount, 0),
    cards,
    next_cursor: null,
    ...overrides,
  };
}

/** The board: two cards in New (one rotting), one in Won. */
export function board(): BoardColumn[] {
  return [
    column(stages[0]!, [
      card(),
      card({ id: 12, title: 'Wedding cake order', amount: 800, weighted_amount: 80, rotting: true, days_in_stage: 20 }),
    ]),
    column(stages[1]!, []),
    column(stages[2]!, [
      card({ id: 13, title: 'Cafe catering', stage_id: 3, amount: 3000, probability: 100, weighted_amount: 3000 }),
    ]),
    column(stages[3]!, []),
  ];
}

export function opportunity(overrides: Partial<Opportunity> = {}): Opportunity {
  return {
    id: 11,
    title: 'Bakery website',
    client_id: 5,
    client_name: 'Crumb & Co',
    lead_id: null,
    lead_name: null,
    amount: 1200,
    stage_id: 1,
    stage_name: 'New',
    stage_type: 'open',
    probability: 10,
    weighted_amount: 120,
    expected_close_date: '2026-12-15',
    owner_user_id: 1,
    owner_name: 'Olive Owner',
    source_id: 1,
    source_name: 'Website',
    notes: null,
    lost_reason_id: null,
    lost_reason_name: null,
    lost_note: null,
    closed_at: null,
    stage_entered_at: AT,
    days_in_stage: 3,
    rotting: false,
    documents: [],
    created_at: AT,
    updated_at: AT,
    ...overrides,
  };
}

export function activityType(overrides: Partial<ActivityType> = {}): ActivityType {
  return {
    id: 1,
    name: 'Call',
    icon: 'phone',
    default_due_offset_minutes: 1440,
    default_reminder_offset_minutes: 15,
    next_type_id: 2,
    status: 'active',
    archived_at: null,
    position: 1,
    activity_count: 2,
    created_at: AT,
    updated_at: AT,
    ...overrides,
  };
}

export const activityTypes: ActivityType[] = [
  activityType(),
  activityType({
    id: 2,
    name: 'Follow-up',
    icon: 'repeat',
    default_due_offset_minutes: 10080,
    default_reminder_offset_minutes: 0,
    next_type_id: 1,
    activity_count: 0,
  }),
];

export function activity(overrides: Partial<Activity> = {}): Activity {
  return {
    id: 21,
    type_id: 1,
    type_name: 'Call',
    type_icon: 'phone',
    subject: 'Call Ada about the quote',
    due_at: '2026-11-25T09:00:00.000Z',
    notes: null,
    assignee_user_id: 1,
    assignee_name: 'Olive Owner',
    done: false,
    done_at: null,
    lead_id: 1,
    opportunity_id: null,
    client_id: null,
    about: { kind: 'lead', id: 1, name: 'Ada Lovelace' },
    reminders: [],
    created_at: AT,
    updated_at: AT,
    ...overrides,
  };
}

export function timeline(overrides: Partial<Timeline> = {}): Timeline {
  return {
    next_activity: activity(),
    items: [
      {
        kind: 'note',
        key: 'note-1',
        at: AT,
        title: 'Note',
        body: 'Wants a quote before Christmas.',
        user_name: 'Olive Owner',
        about: { kind: 'lead', id: 1, name: 'Ada Lovelace' },
        activity: null,
      },
      {
        kind: 'created',
        key: 'created-lead-1',
        at: '2026-11-19T10:00:00.000Z',
        title: 'Lead created',
        body: null,
        user_name: 'Olive Owner',
        about: { kind: 'lead', id: 1, name: 'Ada Lovelace' },
        activity: null,
      },
    ],
    next_before: null,
    ...overrides,
  };
}

export function settings(overrides: Partial<CrmSettings> = {}): CrmSettings {
  return {
    rate_window_days: 90,
    reminder_in_app: true,
    reminder_email: false,
    default_owner_user_id: null,
    updated_at: AT,
    ...overrides,
  };
}

export function importPreview(): LeadImportPreview {
  return {
    columns: ['person_name', 'company_name', 'email', 'status'],
    rows: [
      {
        row: 2,
        values: { person_name: 'Grace Hopper', company_name: '', email: 'grace@navy.test', status: 'new' },
        data: null,
        errors: {},
      },
      {
        row: 3,
        values: { person_name: 'Grace H.', company_name: '', email: 'grace@navy.test', status: 'new' },
        data: null,
        errors: { email: ['The same email address is already on line 2 of the file'] },
      },
    ],
    total: 2,
    valid: 1,
    invalid: 1,
    errors: {},
  } as LeadImportPreview;
}

export function client360(overrides: Partial<Client360> = {}): Client360 {
  return {
    client: {
      id: 5,
      name: 'Crumb & Co',
      email: 'hello@crumb.test',
      phone: null,
      status: 'active',
      contacts: [{ id: 1, name: 'Jo Baker', email: 'jo@crumb.test', phone: null, is_primary: true }],
    },
    figures: {
      outstanding_balance: 500,
      lifetime_revenue: 12500,
      average_days_to_pay: 14.5,
      open_opportunities_value: 1200,
      won_value: 3000,
    },
    open_opportunities: [opportunity()],
    closed_opportunities: [
      opportunity({ id: 13, title: 'Cafe catering', stage_id: 3, stage_name: 'Won', stage_type: 'won', amount: 3000 }),
    ],
    leads: [lead({ status: 'converted', read_only: true })],
    next_activity: null,
    activities: [activity({ client_id: 5, lead_id: null, about: { kind: 'client', id: 5, name: 'Crumb & Co' } })],
    invoices: [],
    estimates: [],
    payments: [],
    timeline: [],
    ...overrides,
  };
}
