import { strToU8, zipSync, type Zippable } from 'fflate';
import { toCsv } from '../csv';

/** What the business export zips: plain rows and bytes (built in a file worker: lib/files). */
export interface BusinessExportInput {
  exportedAt: string;
  businessId: number;
  tables: Record<string, Record<string, unknown>[]>;
  /** Uploaded images by their stored path. */
  files: Record<string, Uint8Array>;
}

function csvValue(value: unknown): string | number | boolean | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'string') return value;
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'bigint') return value.toString();
  return JSON.stringify(value);
}

/** `data.json` (every table), one CSV per table under `csv/`, the uploaded images under `files/`. */
export function businessExportZip(input: BusinessExportInput): Uint8Array {
  const entries: Zippable = {
    'data.json': strToU8(
      JSON.stringify({ exported_at: input.exportedAt, business_id: input.businessId, tables: input.tables }, null, 2),
    ),
  };
  const csv: Zippable = {};
  for (const [table, rows] of Object.entries(input.tables)) {
    const columns = [...new Set(rows.flatMap((row) => Object.keys(row)))];
    csv[`${table}.csv`] = strToU8(
      toCsv(
        columns,
        rows.map((row) => Object.fromEntries(columns.map((column) => [column, csvValue(row[column])]))),
      ),
    );
  }
  entries.csv = csv;
  if (Object.keys(input.files).length > 0) entries.files = { ...input.files };
  return zipSync(entries, { level: 6 });
}
