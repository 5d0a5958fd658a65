import type { Generated, Selectable } from 'kysely';

/** Tables of the reports area (issue 16, migration 0018). `Database` in schema.ts extends this interface. */
export interface ReportsTables {
  dynamic_reports: DynamicReportsTable;
}

/** A saved dynamic report: its name and its definition (domain `dynamicDefinitionSchema`), per business. */
export interface DynamicReportsTable {
  id: Generated<number>;
  business_id: number;
  name: string;
  /** JSON text of the definition, checked by the domain's schema before it is written. */
  definition: string;
  /** Who saved it first; null once that user is gone. */
  created_by_user_id: number | null;
  created_at: string;
  updated_at: string;
}

export type DynamicReportRow = Selectable<DynamicReportsTable>;
