import { Readable } from 'node:stream';
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { CATALOG_MESSAGES, CSV_MAX_ROWS, type FieldErrors } from '@ledgerleaf/domain';

/** Cells a spreadsheet would run as a formula (OWASP "CSV injection"): =, +, -, @, tab, carriage return. */
const FORMULA_START = /^[=+\-@\t\r]/;

/** A cell made safe for spreadsheets: a leading formula character gets a `'` in front. */
export function guardCell(value: string): string {
  return FORMULA_START.test(value) ? `'${value}` : value;
}

/** Undoes `guardCell` on import, so an exported file imports unchanged. */
export function unguardCell(value: string): string {
  return value.startsWith("'") && FORMULA_START.test(value.slice(1)) ? value.slice(1) : value;
}

type CsvRow = Record<string, string | number | boolean | null>;

function csvRecords(columns: readonly string[], rows: ReadonlyArray<CsvRow>): string[][] {
  return rows.map((row) =>
    columns.map((column) => {
      const value = row[column];
      if (value === null || value === undefined) return '';
      if (typeof value === 'boolean') return value ? 'yes' : 'no';
      return typeof value === 'number' ? String(value) : guardCell(value);
    }),
  );
}

/** CSV text (RFC 4180, CRLF, header row) with every string cell guarded against formula injection. */
export function toCsv(columns: readonly string[], rows: ReadonlyArray<CsvRow>): string {
  return stringify([columns as string[], ...csvRecords(columns, rows)], { record_delimiter: 'windows' });
}

/**
 * The same CSV as `toCsv`, byte for byte, written batch by batch as `batches` gives them and only
 * as fast as the download takes it: memory holds one batch, whatever the row count.
 */
export function toCsvStream(columns: readonly string[], batches: AsyncIterable<ReadonlyArray<CsvRow>>): Readable {
  const iterator = batches[Symbol.asyncIterator]();
  let first = true;
  return new Readable({
    async read() {
      try {
        if (first) {
          first = false;
          this.push(stringify([columns as string[]], { record_delimiter: 'windows' }));
          return;
        }
        for (;;) {
          const next = await iterator.next();
          if (next.done) {
            this.push(null);
            return;
          }
          if (next.value.length === 0) continue;
          this.push(stringify(csvRecords(columns, next.value), { record_delimiter: 'windows' }));
          return;
        }
      } catch (error) {
        this.destroy(error as Error);
      }
    },
    destroy(error, callback) {
      void Promise.resolve(iterator.return?.()).finally(() => callback(error));
    },
  });
}

export interface ParsedCsv {
  columns: string[];
  /** Data rows, cells keyed by column, with their 1-based line number in the file (the header is line 1). */
  rows: Array<{ row: number; values: Record<string, string> }>;
  /** File-level problems, keyed `csv`. */
  errors: FieldErrors;
}

/** `Contact Name` and `contact-name` both mean `contact_name`. */
function normaliseHeader(header: string): string {
  return header
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_');
}

/**
 * Reads a CSV file with a header row. Columns are matched by name (any order); unknown columns
 * and missing required ones are file-level errors. Blank lines are skipped.
 */
export function parseCsv(text: string, options: { known: readonly string[]; required: readonly string[] }): ParsedCsv {
  let records: string[][];
  try {
    records = parse(text, { bom: true, skip_empty_lines: true, relax_column_count: true, info: false }) as string[][];
  } catch {
    return { columns: [], rows: [], errors: { csv: [CATALOG_MESSAGES.csvUnreadable] } };
  }
  const [header, ...data] = records;
  if (!header || data.length === 0)
    return { columns: header?.map(normaliseHeader) ?? [], rows: [], errors: { csv: [CATALOG_MESSAGES.csvEmpty] } };
  if (data.length > CSV_MAX_ROWS) return { columns: [], rows: [], errors: { csv: [CATALOG_MESSAGES.csvTooManyRows] } };
  const columns = header.map(normaliseHeader);
  const messages: string[] = [];
  for (const column of columns)
    if (!options.known.includes(column)) messages.push(CATALOG_MESSAGES.csvUnknownColumn(column));
  for (const column of options.required)
    if (!columns.includes(column)) messages.push(CATALOG_MESSAGES.csvMissingColumn(column));
  const rows = data
    .map((record, index) => {
      const values: Record<string, string> = {};
      columns.forEach((column, i) => {
        values[column] = unguardCell(record[i] ?? '');
      });
      return { row: index + 2, values };
    })
    // A row of empty cells (a spreadsheet's trailing ",,,,") is not a record.
    .filter((entry) => Object.values(entry.values).some((value) => value.trim() !== ''));
  if (rows.length === 0 && messages.length === 0) messages.push(CATALOG_MESSAGES.csvEmpty);
  return { columns, rows, errors: messages.length > 0 ? { csv: messages } : {} };
}
