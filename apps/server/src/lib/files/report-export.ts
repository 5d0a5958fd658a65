import { PassThrough, type Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import PDFDocument from 'pdfkit';
import { stringify as stringifySync } from 'csv-stringify/sync';
import { formatCurrency, type Report, type ReportCell, type ReportColumn } from '@ledgerleaf/domain';
import { guardCell } from '../csv';

/*
 * Every report in CSV, XLSX and PDF from its one shape: the title, the period or "as of", the basis
 * where it has one, the table with its totals row, the summary figures and the notes. Money is
 * written as numbers in CSV and XLSX (dollars with two decimals) and formatted in the PDF.
 * The records behind a row stream (CSV and XLSX) page by page, so memory stays flat and the first
 * bytes leave at once.
 */

/** What the exporters print: a standard report, or a dynamic report in the same shape. */
export type ExportableReport = Pick<
  Report,
  'title' | 'period' | 'as_of' | 'basis_label' | 'time_zone' | 'columns' | 'rows' | 'totals' | 'summary' | 'notes'
> & {
  /** Lines printed under the title (a dynamic report's source, filters and grouping). */
  details?: Array<[string, string]>;
};

/** Only what the exporters print (what a file worker is sent): no chart, no drill-downs. */
export function exportable(report: ExportableReport): ExportableReport {
  return {
    title: report.title,
    period: report.period,
    as_of: report.as_of,
    basis_label: report.basis_label,
    time_zone: report.time_zone,
    columns: report.columns.map((column) => ({ ...column, drill_params: null })),
    rows: report.rows.map((row) => ({ key: row.key, cells: row.cells, drill: null })),
    totals: report.totals,
    summary: report.summary,
    notes: report.notes,
    ...(report.details ? { details: report.details } : {}),
  };
}

/** The lines above a report's table: what it is, for when, on which basis. */
export function reportHeading(
  report: Pick<ExportableReport, 'title' | 'details' | 'period' | 'as_of' | 'basis_label' | 'time_zone'>,
): Array<[string, string]> {
  const lines: Array<[string, string]> = [['Report', report.title], ...(report.details ?? [])];
  if (report.period) lines.push(['Period', `${report.period.from} to ${report.period.to}`]);
  if (report.as_of) lines.push(['As of', report.as_of]);
  if (report.basis_label) lines.push(['Basis', report.basis_label]);
  lines.push(['Time zone', report.time_zone]);
  return lines;
}

function plain(column: ReportColumn, value: ReportCell): string | number | null {
  if (value === null) return null;
  if (typeof value === 'number' && column.kind === 'money') return Number(value.toFixed(2));
  return value;
}

/** What a report file prints above and beside its rows (all a streamed export knows before its first row). */
export interface ReportLayout {
  title: string;
  heading: Array<[string, string]>;
  columns: ReportColumn[];
}

/** What follows the rows: the totals row, the summary figures and the notes (a streamed export's, once its rows are out). */
export interface ReportEnding {
  totals: Record<string, ReportCell>;
  summary: ExportableReport['summary'];
  notes: string[];
}

export function reportLayout(report: ExportableReport): ReportLayout {
  return { title: report.title, heading: reportHeading(report), columns: report.columns };
}

// Numbers are written as they are (money with two decimals), never guarded: a negative amount is not a formula.
function csvCell(value: string | number | null, kind: ReportColumn['kind'] = 'text'): string {
  return value === null
    ? ''
    : typeof value === 'number'
      ? kind === 'money'
        ? value.toFixed(2)
        : String(value)
      : guardCell(value);
}

function csvLine(columns: ReportColumn[], cells: Record<string, ReportCell>): string[] {
  return columns.map((column) => csvCell(cells[column.key] ?? null, column.kind));
}

const csvText = (records: string[][]) =>
  records.length === 0 ? '' : stringifySync(records, { record_delimiter: 'windows' });

/**
 * A report's CSV in three pieces that add up to one file (every record ends with CRLF): the heading
 * and the column labels, any number of row batches, the totals, summary and notes.
 */
export const reportCsvParts = {
  head: (layout: ReportLayout): string =>
    csvText([
      ...layout.heading.map(([label, value]) => [label, guardCell(value)]),
      [],
      layout.columns.map((column) => guardCell(column.label)),
    ]),
  rows: (columns: ReportColumn[], rows: ReadonlyArray<Record<string, ReportCell>>): string =>
    csvText(rows.map((cells) => csvLine(columns, cells))),
  end: (columns: ReportColumn[], ending: ReportEnding): string => {
    const records: string[][] = [csvLine(columns, ending.totals)];
    if (ending.summary.length > 0)
      records.push([], ...ending.summary.map((item) => [guardCell(item.label), csvCell(item.value, item.kind)]));
    records.push([], ...ending.notes.map((note) => [guardCell(note)]));
    return csvText(records);
  },
};

export function reportCsv(report: ExportableReport): string {
  return (
    reportCsvParts.head(reportLayout(report)) +
    reportCsvParts.rows(
      report.columns,
      report.rows.map((row) => row.cells),
    ) +
    reportCsvParts.end(report.columns, report)
  );
}

const MONEY_FORMAT = '#,##0.00';

/**
 * A worksheet's name: Excel refuses \ / ? * [ ] :, more than 31 characters, an apostrophe first or
 * last, and the name History (a saved report's name may hold any of them).
 */
export function sheetName(title: string): string {
  const name = title
    .replace(/[\\/?*[\]:]/g, ' ')
    .trim()
    .slice(0, 31)
    .replace(/^[\s']+|[\s']+$/g, '');
  return !name || name.toLowerCase() === 'history' ? 'Report' : name;
}

/**
 * A report's XLSX through exceljs's streaming writer: every row is committed (written out and
 * let go) as it is added, so a 100,000-row export holds one row at a time, not the workbook.
 */
export class ReportXlsxWriter {
  private readonly workbook: ExcelJS.stream.xlsx.WorkbookWriter;
  private readonly sheet: ExcelJS.Worksheet;

  constructor(
    stream: Writable,
    private readonly layout: ReportLayout,
  ) {
    this.workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream, useStyles: true });
    this.workbook.creator = 'Ledgerleaf';
    this.sheet = this.workbook.addWorksheet(sheetName(layout.title));
    this.sheet.columns = layout.columns.map((column) => ({ width: column.kind === 'text' ? 28 : 16 }));
    for (const [label, value] of layout.heading) {
      const row = this.sheet.addRow([label, value]);
      row.getCell(1).font = { bold: true };
      row.commit();
    }
    this.sheet.addRow([]).commit();
    const header = this.sheet.addRow(layout.columns.map((column) => column.label));
    header.font = { bold: true };
    header.commit();
  }

  private write(cells: Record<string, ReportCell>, bold = false): void {
    const { columns } = this.layout;
    const row = this.sheet.addRow(columns.map((column) => plain(column, cells[column.key] ?? null)));
    columns.forEach((column, index) => {
      if (column.kind === 'money') row.getCell(index + 1).numFmt = MONEY_FORMAT;
    });
    if (bold) row.font = { bold: true };
    row.commit();
  }

  rows(rows: ReadonlyArray<Record<string, ReportCell>>): void {
    for (const cells of rows) this.write(cells);
  }

  /** The totals row, the summary and the notes; resolves once the file is written out. */
  async end(ending: ReportEnding): Promise<void> {
    this.write(ending.totals, true);
    if (ending.summary.length > 0) {
      this.sheet.addRow([]).commit();
      for (const item of ending.summary) this.sheet.addRow([item.label, item.value]).commit();
    }
    this.sheet.addRow([]).commit();
    for (const note of ending.notes) this.sheet.addRow([note]).commit();
    this.sheet.commit();
    await this.workbook.commit();
  }
}

export async function reportXlsx(report: ExportableReport): Promise<Buffer> {
  const chunks: Buffer[] = [];
  const out = new PassThrough();
  out.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<void>((resolve, reject) => {
    out.on('end', resolve);
    out.on('error', reject);
  });
  const writer = new ReportXlsxWriter(out, reportLayout(report));
  writer.rows(report.rows.map((row) => row.cells));
  await writer.end(report);
  await ended;
  return Buffer.concat(chunks);
}

function pdfCell(column: ReportColumn, value: ReportCell): string {
  if (value === null) return '';
  if (typeof value === 'string') return value;
  switch (column.kind) {
    case 'money':
      return formatCurrency(value);
    case 'percent':
      return `${value.toFixed(1)} %`;
    case 'quantity':
      return String(Math.round(value * 1000) / 1000);
    default:
      return String(value);
  }
}

/** The report as a PDF (pdfkit, like the invoice PDF): landscape Letter, the table repeated its header on every page. */
export function reportPdf(report: ExportableReport): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'LETTER', layout: 'landscape', margin: 40, info: { Title: report.title } });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));
  const left = 40;
  const width = doc.page.width - 80;
  doc.font('Helvetica-Bold').fontSize(16).fillColor('#1f2933').text(report.title, left, 40);
  doc.moveDown(0.3);
  doc.font('Helvetica').fontSize(9).fillColor('#616e7c');
  for (const [label, value] of reportHeading(report).slice(1)) doc.text(`${label}: ${value}`);
  doc.moveDown(0.5);
  const columns = report.columns;
  const firstWidth = Math.min(200, width / 3);
  const otherWidth = columns.length > 1 ? (width - firstWidth) / (columns.length - 1) : width;
  const widths = columns.map((_, index) => (index === 0 ? firstWidth : otherWidth));
  const bottom = doc.page.height - 50;
  const drawRow = (values: string[], options: { bold?: boolean; fill?: string } = {}) => {
    doc.font(options.bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(8);
    const height =
      Math.max(...values.map((value, index) => doc.heightOfString(value, { width: widths[index]! - 6 }))) + 6;
    if (doc.y + height > bottom) {
      doc.addPage();
      doc.y = 40;
      if (!options.fill)
        drawRow(
          columns.map((column) => column.label),
          { bold: true, fill: '#f0f4f8' },
        );
      doc.font(options.bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(8);
    }
    const y = doc.y;
    if (options.fill) doc.rect(left, y, width, height).fill(options.fill);
    let x = left;
    values.forEach((value, index) => {
      const kind = columns[index]!.kind;
      doc.fillColor('#1f2933').text(value, x + 3, y + 3, {
        width: widths[index]! - 6,
        align: kind === 'text' || kind === 'date' ? 'left' : 'right',
      });
      x += widths[index]!;
    });
    doc
      .moveTo(left, y + height)
      .lineTo(left + width, y + height)
      .strokeColor('#cbd2d9')
      .lineWidth(0.5)
      .stroke();
    doc.y = y + height;
  };
  drawRow(
    columns.map((column) => column.label),
    { bold: true, fill: '#f0f4f8' },
  );
  for (const row of report.rows) drawRow(columns.map((column) => pdfCell(column, row.cells[column.key] ?? null)));
  drawRow(
    columns.map((column) => pdfCell(column, report.totals[column.key] ?? null)),
    { bold: true },
  );
  doc.x = left;
  doc.moveDown(0.8);
  doc.font('Helvetica').fontSize(9).fillColor('#1f2933');
  for (const item of report.summary) {
    const column = { key: '', label: '', kind: item.kind, drill_params: null };
    doc.text(`${item.label}: ${pdfCell(column, item.value)}`, left, doc.y, { width });
  }
  doc.moveDown(0.5);
  doc.fillColor('#616e7c').fontSize(8);
  for (const note of report.notes) doc.text(note, left, doc.y, { width });
  doc.end();
  return done;
}

// ---------------------------------------------------------------- streamed records

export interface RecordStream<Row> {
  columns: ReportColumn[];
  cells: (row: Row) => Array<string | number | null>;
  /** Pages in order; an empty page ends. */
  pages: AsyncIterable<Row[]>;
}

/** A record's cell in CSV: numbers as they are, text guarded against formulas. */
function recordCsvCell(value: string | number | null): string {
  return value === null ? '' : typeof value === 'number' ? String(value) : guardCell(value);
}

/** The CSV of records (a drill-down's invoices or payments) in pieces: the column labels, then row batches. */
export const recordsCsvParts = {
  head: (columns: ReportColumn[]): string => csvText([columns.map((column) => column.label)]),
  rows: (rows: ReadonlyArray<ReadonlyArray<string | number | null>>): string =>
    csvText(rows.map((row) => row.map(recordCsvCell))),
};

/** XLSX of records through exceljs's streaming writer (rows committed as they are written). */
export class RecordsXlsxWriter {
  private readonly workbook: ExcelJS.stream.xlsx.WorkbookWriter;
  private readonly sheet: ExcelJS.Worksheet;

  constructor(stream: Writable, columns: ReportColumn[], title: string) {
    this.workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream, useStyles: true });
    this.sheet = this.workbook.addWorksheet(sheetName(title));
    this.sheet.columns = columns.map((column) => ({
      header: column.label,
      key: column.key,
      width: column.kind === 'text' ? 28 : 14,
      ...(column.kind === 'money' ? { style: { numFmt: MONEY_FORMAT } } : {}),
    }));
  }

  rows(rows: ReadonlyArray<ReadonlyArray<string | number | null>>): void {
    for (const row of rows) this.sheet.addRow([...row]).commit();
  }

  async end(): Promise<void> {
    this.sheet.commit();
    await this.workbook.commit();
  }
}
