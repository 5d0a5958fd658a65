import type { Generated, Selectable } from 'kysely';
import type { Flag, Timestamp } from './schema';

/**
 * Tables of issue 5's account area (email templates, invoice reminder steps, team invitations).
 * `Database` in schema.ts extends this interface. The business detail columns it adds are typed in
 * schema.ts's BusinessesTable.
 */
export interface AccountTables {
  email_templates: EmailTemplatesTable;
  invoice_reminder_steps: InvoiceReminderStepsTable;
  team_invitations: TeamInvitationsTable;
}

/** A business's own text for one of domain's EMAIL_TEMPLATE_KEYS (absent: the default text). */
export interface EmailTemplatesTable {
  id: Generated<number>;
  business_id: number;
  template_key: string;
  subject: string;
  body: string;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface InvoiceReminderStepsTable {
  id: Generated<number>;
  business_id: number;
  /** Days relative to the due date: negative before, 0 on the day, positive after. */
  offset_days: number;
  enabled: Flag;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface TeamInvitationsTable {
  id: Generated<number>;
  business_id: number;
  /** Lowercased. */
  email: string;
  role: string;
  /** Hex SHA-256 of the token mailed in the link. */
  token_hash: string;
  invited_by_user_id: number | null;
  expires_at: Timestamp;
  accepted_at: Timestamp | null;
  revoked_at: Timestamp | null;
  created_at: Timestamp;
}

export type EmailTemplateRow = Selectable<EmailTemplatesTable>;
export type TeamInvitationRow = Selectable<TeamInvitationsTable>;
