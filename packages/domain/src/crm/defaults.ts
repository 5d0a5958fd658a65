import type { StageType } from './pipeline';

/*
 * What a new business's CRM starts with (the seed writes these once, idempotently). Every piece can
 * be renamed, reordered, archived or deleted afterwards on the configuration screens.
 */

export interface DefaultStage {
  name: string;
  type: StageType;
  probability: number;
  color: string;
  /** Days in the stage after which a card is flagged as rotting; null never. */
  rotting_days: number | null;
}

/** New, Qualified, Proposal, Negotiation (open, 10-75 %), Won (100 %) and Lost (0 %), in this order. */
export const DEFAULT_PIPELINE: readonly DefaultStage[] = [
  { name: 'New', type: 'open', probability: 10, color: '#74c0fc', rotting_days: 14 },
  { name: 'Qualified', type: 'open', probability: 25, color: '#4dabf7', rotting_days: 21 },
  { name: 'Proposal', type: 'open', probability: 50, color: '#845ef7', rotting_days: 14 },
  { name: 'Negotiation', type: 'open', probability: 75, color: '#f59f00', rotting_days: 14 },
  { name: 'Won', type: 'won', probability: 100, color: '#37b24d', rotting_days: null },
  { name: 'Lost', type: 'lost', probability: 0, color: '#f03e3e', rotting_days: null },
];

export const DEFAULT_LEAD_SOURCES: readonly string[] = [
  'Website',
  'Referral',
  'Social media',
  'Event',
  'Cold outreach',
];

export const DEFAULT_LOST_REASONS: readonly string[] = [
  'Price too high',
  'Chose a competitor',
  'No budget',
  'No response',
  'Bad timing',
  'Not a fit',
];

/** Icons an activity type may have (Tabler icon names without the `Icon` prefix, in kebab case). */
export const ACTIVITY_ICONS = [
  'phone',
  'mail',
  'calendar-event',
  'checkbox',
  'repeat',
  'message',
  'users',
  'file-text',
  'flag',
  'star',
] as const;
export type ActivityIcon = (typeof ACTIVITY_ICONS)[number];

export interface DefaultActivityType {
  name: string;
  icon: ActivityIcon;
  /** A new activity of this type is due this many minutes after it is created. */
  default_due_offset_minutes: number;
  /** Its reminder, minutes before the due time; null for none. */
  default_reminder_offset_minutes: number | null;
  /** The type suggested when one is marked done (by name; the seed resolves it to an id). */
  next_type_name: string | null;
}

const HOUR = 60;
const DAY = 24 * HOUR;

/** Call, Email, Meeting, Task and Follow-up. */
export const DEFAULT_ACTIVITY_TYPES: readonly DefaultActivityType[] = [
  {
    name: 'Call',
    icon: 'phone',
    default_due_offset_minutes: DAY,
    default_reminder_offset_minutes: 15,
    next_type_name: 'Follow-up',
  },
  {
    name: 'Email',
    icon: 'mail',
    default_due_offset_minutes: DAY,
    default_reminder_offset_minutes: null,
    next_type_name: 'Follow-up',
  },
  {
    name: 'Meeting',
    icon: 'calendar-event',
    default_due_offset_minutes: 3 * DAY,
    default_reminder_offset_minutes: HOUR,
    next_type_name: 'Follow-up',
  },
  {
    name: 'Task',
    icon: 'checkbox',
    default_due_offset_minutes: 2 * DAY,
    default_reminder_offset_minutes: 0,
    next_type_name: null,
  },
  {
    name: 'Follow-up',
    icon: 'repeat',
    default_due_offset_minutes: 7 * DAY,
    default_reminder_offset_minutes: 0,
    next_type_name: 'Call',
  },
];

/** The rate windows the settings offer, in days; the default is 90. */
export const CRM_RATE_WINDOWS = [30, 90, 180, 365] as const;
export type CrmRateWindow = (typeof CRM_RATE_WINDOWS)[number];

export const DEFAULT_CRM_SETTINGS = {
  rate_window_days: 90,
  reminder_in_app: true,
  reminder_email: false,
  default_owner_user_id: null,
} as const satisfies {
  rate_window_days: CrmRateWindow;
  reminder_in_app: boolean;
  reminder_email: boolean;
  default_owner_user_id: number | null;
};
