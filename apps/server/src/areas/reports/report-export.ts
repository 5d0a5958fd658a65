import { PassThrough, type Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import PDFDocument from 'pdfkit';
import { stringify } from 'csv-stringify';
import { stringify as stringifySync } from 'csv-stringify/sync';
import { formatCurrency, type Report, type ReportCell, type ReportColumn } from '@ledgerleaf/domain';
import { guardCell } from '../../lib/csv';

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

/** The lines above a report's table: what it is, for when, on which basis. */
export function reportHeading(report: ExportableReport): Array<[string, string]> {
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

export function reportCsv(report: ExportableReport): string {
  // Numbers are written as they are (money with two decimals), never guarded: a negative amount is not a formula.
  const cell = (value: string | number | null, kind: ReportColumn['kind'] = 'text') =>
    value === null
      ? ''
      : typeof value === 'number'
        ? kind === 'money'
          ? value.toFixed(2)
          : String(value)
        : guardCell(value);
  const line = (cells: Record<string, ReportCell>) =>
    report.columns.map((column) => cell(cells[column.key] ?? null, column.kind));
  const records: string[][] = [
    ...reportHeading(report).map(([label, value]) => [label, guardCell(value)]),
    [],
    report.columns.map((column) => guardCell(column.label)),
    ...report.rows.map((row) => line(row.cells)),
    line(report.totals),
  ];
  if (report.summary.length > 0)
    records.push([], ...report.summary.map((item) => [guardCell(item.label), cell(item.value, item.kind)]));
  records.push([], ...report.notes.map((note) => [guardCell(note)]));
  return stringifySync(records, { record_delimiter: 'windows' });
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

export async function reportXlsx(report: ExportableReport): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Ledgerleaf';
  const sheet = workbook.addWorksheet(sheetName(report.title));
  for (const [label, value] of reportHeading(report)) sheet.addRow([label, value]).getCell(1).font = { bold: true };
  sheet.addRow([]);
  const header = sheet.addRow(report.columns.map((column) => column.label));
  header.font = { bold: true };
  const write = (cells: Record<string, ReportCell>, bold = false) => {
    const row = sheet.addRow(report.columns.map((column) => plain(column, cells[column.key] ?? null)));
    report.columns.forEach((column, index) => {
      if (column.kind === 'money') row.getCell(index + 1).numFmt = MONEY_FORMAT;
    });
    if (bold) row.font = { bold: true };
  };
  for (const row of report.rows) write(row.cells);
  write(report.totals, true);
  if (report.summary.length > 0) {
    sheet.addRow([]);
    for (const item of report.summary) sheet.addRow([item.label, item.value]);
  }
  sheet.addRow([]);
  for (const note of report.notes) sheet.addRow([note]);
  report.columns.forEach((column, index) => {
    sheet.getColumn(index + 1).width = column.kind === 'text' ? 28 : 16;
  });
  return Buffer.from(await workbook.xlsx.writeBuffer());
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

/** CSV of every record, page by page (csv-stringify's stream: back-pressure keeps memory flat). */
export function recordsCsvStream<Row>(source: RecordStream<Row>): Readable {
  const csv = stringify({ record_delimiter: 'windows' });
  const cell = (value: string | number | null) =>
    value === null ? '' : typeof value === 'number' ? String(value) : guardCell(value);
  void (async () => {
    try {
      csv.write(source.columns.map((column) => column.label));
      for await (const page of source.pages) {
        for (const row of page) {
          if (!csv.write(source.cells(row).map(cell))) await new Promise((resolve) => csv.once('drain', resolve));
        }
      }
      csv.end();
    } catch (error) {
      csv.destroy(error as Error);
    }
  })();
  return csv;
}

/** XLSX of every record through exceljs's streaming writer (rows committed as they are written). */
export function recordsXlsxStream<Row>(source: RecordStream<Row>, title: string): Readable {
  const out = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true });
  const sheet = workbook.addWorksheet(sheetName(title));
  sheet.columns = source.columns.map((column) => ({
    header: column.label,
    key: column.key,
    width: column.kind === 'text' ? 28 : 14,
    ...(column.kind === 'money' ? { style: { numFmt: MONEY_FORMAT } } : {}),
  }));
  void (async () => {
    try {
      for await (const page of source.pages) {
        for (const row of page) sheet.addRow(source.cells(row)).commit();
      }
      sheet.commit();
      await workbook.commit();
    } catch (error) {
      out.destroy(error as Error);
    }
  })();
  return out;
}
