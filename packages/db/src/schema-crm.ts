import type { ColumnType, Generated, Selectable } from 'kysely';

type Timestamp = string;
type Flag = ColumnType<boolean | number, boolean | undefined, boolean>;
/** bigint sums and counts: PostgreSQL's pool parses them to numbers, SQLite answers numbers. */
type BigCount = ColumnType<number, number | undefined, number>;

/**
 * Tables of the CRM (issue 14, migration 0013). `Database` in schema.ts extends this interface.
 * Money in cents, probabilities whole percent, instants ISO-8601 UTC text (see `timestampType`).
 */
export interface CrmTables {
  crm_settings: CrmSettingsTable;
  crm_pipeline_stages: CrmPipelineStagesTable;
  crm_stage_totals: CrmStageTotalsTable;
  crm_lead_sources: CrmNamedItemsTable;
  crm_lost_reasons: CrmNamedItemsTable;
  crm_activity_types: CrmActivityTypesTable;
  crm_leads: CrmLeadsTable;
  crm_opportunities: CrmOpportunitiesTable;
  crm_lead_conversions: CrmLeadConversionsTable;
  crm_stage_changes: CrmStageChangesTable;
  crm_opportunity_documents: CrmOpportunityDocumentsTable;
  crm_activities: CrmActivitiesTable;
  crm_activity_reminders: CrmActivityRemindersTable;
  crm_reminder_deliveries: CrmReminderDeliveriesTable;
  crm_notes: CrmNotesTable;
}

export interface CrmSettingsTable {
  business_id: number;
  rate_window_days: number;
  reminder_in_app: Flag;
  reminder_email: Flag;
  default_owner_user_id: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface CrmPipelineStagesTable {
  id: Generated<number>;
  business_id: number;
  name: string;
  /** open | won | lost (domain `StageType`). */
  type: string;
  /** Default probability, whole percent. */
  probability: number;
  color: string;
  rotting_days: number | null;
  /** 0, 1, 2...: the pipeline's order (left to right). */
  position: number;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** Kept by triggers (migration 0013): per stage, the count, amount and weighted amount of its opportunities. */
export interface CrmStageTotalsTable {
  business_id: number;
  stage_id: number;
  opportunity_count: BigCount;
  amount_cents: BigCount;
  weighted_cents: BigCount;
}

/** Lead sources and lost reasons. */
export interface CrmNamedItemsTable {
  id: Generated<number>;
  business_id: number;
  name: string;
  /** lower(name): unique per business. */
  sort_name: string;
  position: Generated<number>;
  archived_at: Timestamp | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface CrmActivityTypesTable {
  id: Generated<number>;
  business_id: number;
  name: string;
  sort_name: string;
  icon: string;
  default_due_offset_minutes: number;
  default_reminder_offset_minutes: number | null;
  next_type_id: number | null;
  position: Generated<number>;
  archived_at: Timestamp | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface CrmLeadsTable {
  id: Generated<number>;
  business_id: number;
  person_name: string | null;
  company_name: string | null;
  /** lower(person_name ?? company_name). */
  sort_name: string;
  /** lower(company_name) or ''. */
  sort_company: Generated<string>;
  /** Lowercased; unique per business when set. */
  email: string | null;
  phone: string | null;
  source_id: number | null;
  /** domain `LeadStatus`. */
  status: string;
  owner_user_id: number | null;
  estimated_value_cents: number | null;
  notes: string | null;
  search_text: string;
  created_by_user_id: number | null;
  converted_at: Timestamp | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface CrmOpportunitiesTable {
  id: Generated<number>;
  business_id: number;
  title: string;
  sort_title: string;
  client_id: number | null;
  lead_id: number | null;
  amount_cents: number;
  stage_id: number;
  probability: number;
  /** The manual order within the stage's column (ascending, ties by id). */
  position: number;
  /** When it entered its current stage (rotting, time in stage). */
  stage_entered_at: Timestamp;
  expected_close_date: string | null;
  owner_user_id: number | null;
  source_id: number | null;
  notes: string | null;
  lost_reason_id: number | null;
  lost_note: string | null;
  /** Set while in a won or lost stage. */
  closed_at: Timestamp | null;
  search_text: string;
  created_by_user_id: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface CrmLeadConversionsTable {
  id: Generated<number>;
  business_id: number;
  /** Unique: a lead converts once. */
  lead_id: number;
  client_id: number | null;
  opportunity_id: number | null;
  converted_by_user_id: number | null;
  converted_at: Timestamp;
}

export interface CrmStageChangesTable {
  id: Generated<number>;
  business_id: number;
  opportunity_id: number;
  /** Null for the stage it was created in. */
  from_stage_id: number | null;
  from_stage_name: string | null;
  to_stage_id: number | null;
  to_stage_name: string;
  user_id: number | null;
  changed_at: Timestamp;
}

export interface CrmOpportunityDocumentsTable {
  id: Generated<number>;
  business_id: number;
  opportunity_id: number;
  /** Exactly one of the two; each unique (a document belongs to one opportunity). */
  estimate_id: number | null;
  invoice_id: number | null;
  created_at: Timestamp;
}

export interface CrmActivitiesTable {
  id: Generated<number>;
  business_id: number;
  type_id: number;
  subject: string;
  notes: string | null;
  due_at: Timestamp;
  assignee_user_id: number | null;
  done_at: Timestamp | null;
  done_by_user_id: number | null;
  /** Exactly one of the three (CHECK constraint). */
  lead_id: number | null;
  opportunity_id: number | null;
  client_id: number | null;
  created_by_user_id: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface CrmActivityRemindersTable {
  id: Generated<number>;
  business_id: number;
  activity_id: number;
  /** Minutes before the activity's due time; unique per activity. */
  offset_minutes: number;
  remind_at: Timestamp;
  /** `remind_at` until the scheduler enqueued this firing's deliveries; then null. */
  pending_at: Timestamp | null;
  created_at: Timestamp;
}

export interface CrmReminderDeliveriesTable {
  id: Generated<number>;
  business_id: number;
  reminder_id: number;
  activity_id: number;
  /** in_app | email */
  channel: string;
  /** The firing it delivers (unique with reminder and channel). */
  remind_at: Timestamp;
  recipient_user_id: number;
  /** pending | sending | sent | failed | cancelled (domain `ReminderDeliveryStatus`). */
  status: string;
  attempts: number;
  next_attempt_at: Timestamp;
  claimed_until: Timestamp | null;
  claim_token: string | null;
  last_error: string | null;
  notification_id: number | null;
  outbox_email_id: number | null;
  delivered_at: Timestamp | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface CrmNotesTable {
  id: Generated<number>;
  business_id: number;
  body: string;
  lead_id: number | null;
  opportunity_id: number | null;
  client_id: number | null;
  user_id: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export type CrmSettingsRow = Selectable<CrmSettingsTable>;
export type CrmStageRow = Selectable<CrmPipelineStagesTable>;
export type CrmStageTotalsRow = Selectable<CrmStageTotalsTable>;
export type CrmNamedItemRow = Selectable<CrmNamedItemsTable>;
export type CrmActivityTypeRow = Selectable<CrmActivityTypesTable>;
export type CrmLeadRow = Selectable<CrmLeadsTable>;
export type CrmOpportunityRow = Selectable<CrmOpportunitiesTable>;
export type CrmLeadConversionRow = Selectable<CrmLeadConversionsTable>;
export type CrmStageChangeRow = Selectable<CrmStageChangesTable>;
export type CrmOpportunityDocumentRow = Selectable<CrmOpportunityDocumentsTable>;
export type CrmActivityRow = Selectable<CrmActivitiesTable>;
export type CrmActivityReminderRow = Selectable<CrmActivityRemindersTable>;
export type CrmReminderDeliveryRow = Selectable<CrmReminderDeliveriesTable>;
export type CrmNoteRow = Selectable<CrmNotesTable>;
