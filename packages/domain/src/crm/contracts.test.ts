import { describe, expect, it } from 'vitest';
import { toFieldErrors } from '../errors';
import {
  CRM_MESSAGES,
  activityInputSchema,
  activitySnoozeRequestSchema,
  activityTypeInputSchema,
  boardColumnQuerySchema,
  crmNoteInputSchema,
  crmOverviewSchema,
  crmSettingsInputSchema,
  duplicateEmailLines,
  leadBulkRequestSchema,
  leadConvertDefaults,
  leadConvertRequestSchema,
  leadCsvRowToRequest,
  leadImportRowSchema,
  leadInputSchema,
  leadListQuerySchema,
  leadStatusesOf,
  opportunityInputSchema,
  opportunityListQuerySchema,
  opportunityMoveRequestSchema,
  pipelineStageInputSchema,
  pipelineStageOrderSchema,
  reminderListQuerySchema,
  crmSubjectOf,
} from './index';

function errorsOf(schema: { safeParse: (value: unknown) => { success: boolean; error?: unknown } }, value: unknown) {
  const result = schema.safeParse(value);
  if (result.success) return {};
  return toFieldErrors(result.error as never);
}

const long = 'x'.repeat(256);

describe('lead contract', () => {
  it('needs a person or a company name; blanks become null', () => {
    expect(errorsOf(leadInputSchema, {})).toEqual({ person_name: [CRM_MESSAGES.leadNameRequired] });
    expect(errorsOf(leadInputSchema, { person_name: '  ', company_name: '' })).toEqual({
      person_name: [CRM_MESSAGES.leadNameRequired],
    });
    expect(
      leadInputSchema.parse({ company_name: ' Acme ', email: ' ANA@Acme.io ', source_id: '', owner_user_id: '4' }),
    ).toEqual({
      person_name: null,
      company_name: 'Acme',
      email: 'ana@acme.io',
      phone: null,
      status: 'new',
      estimated_value: null,
      notes: null,
      source_id: null,
      owner_user_id: 4,
    });
  });
  it('checks names, email, amount, status and ids', () => {
    const errors = errorsOf(leadInputSchema, {
      person_name: long,
      company_name: long,
      email: 'nope',
      estimated_value: 1_000_000_000,
      status: 'converted',
      source_id: 'x',
      owner_user_id: -1,
    });
    expect(errors).toEqual({
      person_name: [CRM_MESSAGES.personNameTooLong],
      company_name: [CRM_MESSAGES.companyNameTooLong],
      email: [CRM_MESSAGES.emailInvalid],
      estimated_value: ['Amount may not exceed 999,999,999.99'],
      status: [CRM_MESSAGES.leadStatusInvalid],
      source_id: [CRM_MESSAGES.sourceInvalid],
      owner_user_id: [CRM_MESSAGES.ownerInvalid],
    });
    expect(errorsOf(leadInputSchema, { person_name: 'A', estimated_value: 999_999_999.99 })).toEqual({});
    expect(errorsOf(leadInputSchema, { person_name: 'A', estimated_value: -1 }).estimated_value).toEqual([
      'Amount may not be negative',
    ]);
    expect(errorsOf(leadInputSchema, { person_name: 'A', estimated_value: 1.005 }).estimated_value).toEqual([
      'Amount may have at most 2 decimals',
    ]);
    expect(errorsOf(leadInputSchema, { person_name: 'A', unknown: 1 })).toEqual({
      unknown: ['Unknown field: unknown'],
    });
  });
  it('list query: filters, defaults and the created range', () => {
    expect(leadListQuerySchema.parse({})).toMatchObject({
      sort: 'created_at',
      direction: 'desc',
      status: 'all',
      page: 1,
    });
    expect(leadListQuerySchema.parse({ owner_id: 'none', source_id: '3', status: 'open' })).toMatchObject({
      owner_id: 'none',
      source_id: 3,
      status: 'open',
    });
    expect(errorsOf(leadListQuerySchema, { created_from: '2026-03-02', created_to: '2026-03-01' })).toEqual({
      created_to: [CRM_MESSAGES.dateRangeInvalid],
    });
    expect(errorsOf(leadListQuerySchema, { owner_id: 'me' })).toEqual({ owner_id: [CRM_MESSAGES.ownerInvalid] });
    expect(leadStatusesOf('open')).toEqual(['new', 'contacted', 'qualified']);
    expect(leadStatusesOf('all')).toBeNull();
  });
  it('bulk actions', () => {
    expect(leadBulkRequestSchema.parse({ action: 'assign_owner', ids: [1, '2'], owner_user_id: null })).toEqual({
      action: 'assign_owner',
      ids: [1, 2],
      owner_user_id: null,
    });
    expect(errorsOf(leadBulkRequestSchema, { action: 'change_status', ids: [1], status: 'converted' })).toEqual({
      status: [CRM_MESSAGES.leadStatusInvalid],
    });
    expect(errorsOf(leadBulkRequestSchema, { action: 'delete', ids: [] })).toEqual({
      ids: [CRM_MESSAGES.bulkIdsRequired],
    });
    expect(errorsOf(leadBulkRequestSchema, { action: 'delete', ids: [1, 1] })).toEqual({
      ids: [CRM_MESSAGES.bulkIdRepeated],
    });
    expect(
      errorsOf(leadBulkRequestSchema, { action: 'delete', ids: Array.from({ length: 501 }, (_, i) => i + 1) }),
    ).toEqual({
      ids: [CRM_MESSAGES.bulkTooManyIds],
    });
    expect(errorsOf(leadBulkRequestSchema, { action: 'explode', ids: [1] })).toEqual({
      action: [CRM_MESSAGES.bulkActionInvalid],
    });
  });
  it('convert: an existing client or a new one, and the opportunity', () => {
    const lead = {
      person_name: 'Ana',
      company_name: 'Acme',
      email: 'ana@acme.io',
      phone: null,
      estimated_value: 1200,
      owner_user_id: 3,
    };
    const defaults = leadConvertDefaults(lead);
    expect(leadConvertRequestSchema.parse(defaults)).toEqual({
      client: { mode: 'new', kind: 'company', name: 'Acme', email: 'ana@acme.io', phone: null },
      opportunity: {
        title: 'Acme',
        amount: 1200,
        stage_id: null,
        probability: null,
        expected_close_date: null,
        owner_user_id: 3,
        notes: null,
      },
    });
    expect(leadConvertDefaults({ ...lead, company_name: null, estimated_value: null }).client).toMatchObject({
      kind: 'person',
      name: 'Ana',
    });
    expect(
      leadConvertRequestSchema.parse({
        client: { mode: 'existing', client_id: '8' },
        opportunity: { title: 'Deal', amount: 0 },
      }).client,
    ).toEqual({ mode: 'existing', client_id: 8 });
    expect(
      errorsOf(leadConvertRequestSchema, {
        client: { mode: 'maybe' },
        opportunity: { title: '', amount: -1, probability: 101 },
      }),
    ).toEqual({
      'client.mode': [CRM_MESSAGES.convertClientRequired],
      'opportunity.title': [CRM_MESSAGES.titleRequired],
      'opportunity.amount': ['Amount may not be negative'],
      'opportunity.probability': [CRM_MESSAGES.probabilityInvalid],
    });
  });
  it('CSV rows map to import rows, with duplicate emails found', () => {
    const { input, errors } = leadCsvRowToRequest({
      person_name: 'Ana',
      company_name: '',
      email: 'ANA@acme.io',
      status: 'Qualified',
      estimated_value: '$1,250.50',
      source: 'Website',
      owner_email: '',
    });
    expect(errors).toEqual({});
    expect(leadImportRowSchema.parse(input)).toMatchObject({
      person_name: 'Ana',
      company_name: null,
      email: 'ana@acme.io',
      status: 'qualified',
      estimated_value: 1250.5,
      source: 'Website',
      owner_email: null,
    });
    expect(leadCsvRowToRequest({ person_name: 'A', estimated_value: 'lots' }).errors).toEqual({
      estimated_value: [CRM_MESSAGES.amountRequired],
    });
    expect(
      duplicateEmailLines([
        { line: 2, email: 'a@x.io' },
        { line: 3, email: null },
        { line: 4, email: ' A@X.io ' },
        { line: 5, email: 'b@x.io' },
        { line: 6, email: 'a@x.io' },
      ]),
    ).toEqual(
      new Map([
        [4, 2],
        [6, 2],
      ]),
    );
  });
});

describe('opportunity contracts', () => {
  const valid = { title: 'Website redesign', client_id: 3, amount: 4500 };
  it('needs a title, a client or a lead, and a valid amount and probability', () => {
    expect(opportunityInputSchema.parse(valid)).toMatchObject({
      title: 'Website redesign',
      client_id: 3,
      lead_id: null,
      amount: 4500,
      stage_id: null,
      probability: null,
      expected_close_date: null,
      lost_reason_id: null,
    });
    expect(errorsOf(opportunityInputSchema, { title: ' ', amount: 1 })).toEqual({
      title: [CRM_MESSAGES.titleRequired],
      client_id: [CRM_MESSAGES.clientOrLeadRequired],
    });
    expect(errorsOf(opportunityInputSchema, { ...valid, title: long })).toEqual({ title: [CRM_MESSAGES.titleTooLong] });
    expect(errorsOf(opportunityInputSchema, { ...valid, amount: undefined })).toEqual({
      amount: [CRM_MESSAGES.amountRequired],
    });
    expect(errorsOf(opportunityInputSchema, { ...valid, amount: 1_000_000_000 })).toEqual({
      amount: ['Amount may not exceed 999,999,999.99'],
    });
    expect(errorsOf(opportunityInputSchema, { ...valid, probability: 101 })).toEqual({
      probability: [CRM_MESSAGES.probabilityInvalid],
    });
    expect(errorsOf(opportunityInputSchema, { ...valid, probability: 12.5 })).toEqual({
      probability: [CRM_MESSAGES.probabilityWhole],
    });
    expect(errorsOf(opportunityInputSchema, { ...valid, probability: 0 })).toEqual({});
    expect(errorsOf(opportunityInputSchema, { ...valid, expected_close_date: '2026-02-30' })).toEqual({
      expected_close_date: ['Please enter a valid date (YYYY-MM-DD)'],
    });
    expect(
      opportunityInputSchema.parse({ ...valid, client_id: null, lead_id: 9, expected_close_date: '' }),
    ).toMatchObject({
      client_id: null,
      lead_id: 9,
      expected_close_date: null,
    });
  });
  it('move request and list and board queries', () => {
    expect(opportunityMoveRequestSchema.parse({ stage_id: 4, previous_id: 10 })).toEqual({
      stage_id: 4,
      previous_id: 10,
      next_id: null,
      lost_reason_id: null,
      lost_note: null,
      probability: null,
    });
    expect(errorsOf(opportunityMoveRequestSchema, {})).toEqual({ stage_id: [CRM_MESSAGES.stageInvalid] });
    expect(opportunityListQuerySchema.parse({ status: 'won', sort: 'amount' })).toMatchObject({
      status: 'won',
      sort: 'amount',
    });
    expect(errorsOf(opportunityListQuerySchema, { status: 'maybe' })).toEqual({
      status: [CRM_MESSAGES.opportunityStatusFilterInvalid],
    });
    expect(boardColumnQuerySchema.parse({ cursor: '1024~5' })).toMatchObject({ cursor: '1024~5', limit: 20 });
    expect(errorsOf(boardColumnQuerySchema, { cursor: 'garbage' })).toEqual({ cursor: [CRM_MESSAGES.cursorInvalid] });
    expect(errorsOf(boardColumnQuerySchema, { limit: 500 }).limit).toHaveLength(1);
  });
});

describe('configuration contracts', () => {
  it('stages: open needs a probability; won and lost are fixed', () => {
    expect(pipelineStageInputSchema.parse({ name: 'Demo', type: 'open', probability: 40, rotting_days: 10 })).toEqual({
      name: 'Demo',
      type: 'open',
      probability: 40,
      color: '#868e96',
      rotting_days: 10,
    });
    expect(errorsOf(pipelineStageInputSchema, { name: 'Demo', type: 'open' })).toEqual({
      probability: [CRM_MESSAGES.stageProbabilityRequired],
    });
    expect(pipelineStageInputSchema.parse({ name: 'Signed', type: 'won', rotting_days: 5, color: '#AABBCC' })).toEqual({
      name: 'Signed',
      type: 'won',
      probability: 100,
      color: '#aabbcc',
      rotting_days: null,
    });
    expect(errorsOf(pipelineStageInputSchema, { name: 'Signed', type: 'won', probability: 90 })).toEqual({
      probability: [CRM_MESSAGES.stageProbabilityFixed('won')],
    });
    expect(
      errorsOf(pipelineStageInputSchema, { name: '', type: 'closed', probability: 10, color: 'red', rotting_days: 0 }),
    ).toEqual({
      name: [CRM_MESSAGES.nameRequired],
      type: [CRM_MESSAGES.stageTypeInvalid],
      color: [CRM_MESSAGES.colorInvalid],
      rotting_days: [CRM_MESSAGES.rottingDaysInvalid],
    });
    expect(errorsOf(pipelineStageOrderSchema, { ids: [1, 2, 1] })).toEqual({ ids: [CRM_MESSAGES.stageOrderInvalid] });
  });
  it('activity types: offsets in range, next type optional', () => {
    expect(activityTypeInputSchema.parse({ name: 'Call', icon: 'phone', default_due_offset_minutes: 1440 })).toEqual({
      name: 'Call',
      icon: 'phone',
      default_due_offset_minutes: 1440,
      default_reminder_offset_minutes: null,
      next_type_id: null,
    });
    expect(
      errorsOf(activityTypeInputSchema, {
        name: 'Call',
        icon: 'rocket',
        default_due_offset_minutes: -1,
        default_reminder_offset_minutes: 60 * 24 * 31,
      }),
    ).toEqual({
      icon: [CRM_MESSAGES.iconInvalid],
      default_due_offset_minutes: [CRM_MESSAGES.dueOffsetInvalid],
      default_reminder_offset_minutes: [CRM_MESSAGES.reminderOffsetInvalid],
    });
  });
  it('settings: a window of the list and at least one reminder channel', () => {
    expect(
      crmSettingsInputSchema.parse({ rate_window_days: '90', reminder_in_app: true, reminder_email: false }),
    ).toEqual({
      rate_window_days: 90,
      reminder_in_app: true,
      reminder_email: false,
      default_owner_user_id: null,
    });
    expect(
      errorsOf(crmSettingsInputSchema, { rate_window_days: 45, reminder_in_app: false, reminder_email: false }),
    ).toEqual({
      rate_window_days: [CRM_MESSAGES.rateWindowInvalid],
      reminder_in_app: [CRM_MESSAGES.reminderChannelRequired],
    });
  });
});

describe('activity contracts', () => {
  const valid = { type_id: 1, subject: 'Call Ana', due_at: '2026-03-11T10:00:00-05:00', lead_id: 4 };
  it('belongs to exactly one lead, opportunity or client', () => {
    expect(activityInputSchema.parse(valid)).toMatchObject({
      due_at: '2026-03-11T15:00:00.000Z',
      lead_id: 4,
      opportunity_id: null,
      client_id: null,
      assignee_user_id: null,
      done: false,
    });
    expect(errorsOf(activityInputSchema, { ...valid, lead_id: null })).toEqual({
      lead_id: [CRM_MESSAGES.activityTargetRequired],
    });
    expect(errorsOf(activityInputSchema, { ...valid, client_id: 3 })).toEqual({
      lead_id: [CRM_MESSAGES.activityTargetRequired],
    });
    expect(crmSubjectOf({ lead_id: null, opportunity_id: 5, client_id: null })).toEqual({ kind: 'opportunity', id: 5 });
    expect(crmSubjectOf({ lead_id: 1, opportunity_id: 5, client_id: null })).toBeNull();
  });
  it('checks subject, due time and reminders', () => {
    expect(errorsOf(activityInputSchema, { ...valid, subject: '', due_at: '2026-03-11', reminders: [30, 30] })).toEqual(
      {
        subject: [CRM_MESSAGES.subjectRequired],
        due_at: [CRM_MESSAGES.dueAtRequired],
        reminders: [CRM_MESSAGES.reminderRepeated],
      },
    );
    expect(errorsOf(activityInputSchema, { ...valid, reminders: [0, 1, 2, 3, 4, 5] })).toEqual({
      reminders: [CRM_MESSAGES.tooManyReminders],
    });
    expect(errorsOf(activityInputSchema, { ...valid, reminders: [-5] })).toEqual({
      'reminders.0': [CRM_MESSAGES.reminderOffsetInvalid],
    });
  });
  it('snooze and the reminders query', () => {
    expect(activitySnoozeRequestSchema.parse({ option: 'tomorrow' })).toEqual({
      option: 'tomorrow',
      date: null,
      time: null,
    });
    expect(errorsOf(activitySnoozeRequestSchema, { option: 'date' })).toEqual({
      date: [CRM_MESSAGES.snoozeDateRequired],
    });
    expect(errorsOf(activitySnoozeRequestSchema, { option: 'later', time: '25:00' })).toEqual({
      option: [CRM_MESSAGES.snoozeOptionInvalid],
      time: [CRM_MESSAGES.timeInvalid],
    });
    expect(reminderListQuerySchema.parse({})).toMatchObject({
      bucket: 'overdue',
      scope: 'mine',
      page: 1,
      per_page: 25,
    });
    expect(errorsOf(reminderListQuerySchema, { bucket: 'soon' })).toEqual({
      bucket: [CRM_MESSAGES.reminderBucketInvalid],
    });
  });
  it('notes need a body and one subject', () => {
    expect(errorsOf(crmNoteInputSchema, { body: ' ', client_id: 2 })).toEqual({ body: [CRM_MESSAGES.noteRequired] });
    expect(errorsOf(crmNoteInputSchema, { body: 'x' })).toEqual({ lead_id: [CRM_MESSAGES.noteTargetRequired] });
  });
});

describe('crm-overview', () => {
  it('has exactly the six fields of issue 14', () => {
    expect(Object.keys(crmOverviewSchema.shape).sort()).toEqual(
      [
        'hasData',
        'leadConversionRate',
        'newLeadsThisMonth',
        'openOpportunitiesCount',
        'openOpportunitiesValue',
        'winRate',
      ].sort(),
    );
  });
});
