import { Writable } from 'node:stream';
import type { MessagePort } from 'node:worker_threads';
import { zipSync } from 'fflate';
import { renderInvoicePdf } from '../pdf/render-invoice';
import type { InvoicePdfView } from '../pdf/types';
import {
  RecordsXlsxWriter,
  ReportXlsxWriter,
  recordsCsvParts,
  reportCsv,
  reportCsvParts,
  reportPdf,
  reportXlsx,
  type ExportableReport,
  type ReportEnding,
  type ReportLayout,
} from './report-export';
import type { ReportCell, ReportColumn } from '@ledgerleaf/domain';
import { businessExportZip, type BusinessExportInput } from './business-export-zip';

/*
 * The files built in the file workers (file-worker.ts), each from plain data only: rows, figures,
 * business settings and bytes, never a database handle (a worker opens no database). What a task
 * answers is bytes (or a CSV's text).
 */

export type FileTask =
  | { kind: 'invoice-pdf'; view: InvoicePdfView }
  /** Several invoices' PDFs zipped (stored: PDFs are compressed already), under the names given. */
  | { kind: 'invoice-pdf-zip'; files: Array<{ name: string; view: InvoicePdfView }> }
  | { kind: 'report'; format: 'csv' | 'xlsx' | 'pdf'; report: ExportableReport }
  | { kind: 'business-export'; input: BusinessExportInput }
  /** A report or a list of records streamed as CSV or XLSX: the rows come in batches over `port` (see `StreamMessage`). */
  | { kind: 'report-stream'; format: 'csv' | 'xlsx'; layout: StreamLayout; port: MessagePort };

/**
 * What a streamed file looks like: a report (heading, table, totals, summary, notes; rows are cells
 * by column key) or records (a header row and the rows; rows are arrays of cells in column order).
 */
export type StreamLayout =
  ({ kind: 'report' } & ReportLayout) | { kind: 'records'; title: string; columns: ReportColumn[] };

export type StreamRows = Array<Record<string, ReportCell>> | Array<Array<string | number | null>>;

/**
 * A streamed file's conversation. The server sends `rows` (a batch, once the worker asked for
 * `more`) and then `end` (the totals, summary and notes), or `abort` (the download went away);
 * the worker sends the file's bytes as `data`, asks for `more` when a batch is written, and says
 * `done` after the last byte.
 */
export type StreamMessage =
  | { type: 'rows'; rows: StreamRows }
  | { type: 'end'; ending: ReportEnding | null }
  | { type: 'abort' }
  | { type: 'data'; bytes: Uint8Array }
  | { type: 'more' }
  | { type: 'done' };

export type FileResult = Uint8Array | string;

/** Bytes that own their whole ArrayBuffer (a pooled Buffer's must never be transferred). */
export function ownBytes(bytes: Uint8Array): Uint8Array {
  if (bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength && !Buffer.isBuffer(bytes)) return bytes;
  const copy = new Uint8Array(bytes.byteLength);
  copy.set(bytes);
  return copy;
}

export async function runFileTask(task: FileTask): Promise<FileResult> {
  switch (task.kind) {
    case 'invoice-pdf':
      return renderInvoicePdf(task.view);
    case 'invoice-pdf-zip': {
      const files: Record<string, Uint8Array> = {};
      for (const file of task.files) files[file.name] = new Uint8Array(await renderInvoicePdf(file.view));
      return zipSync(files, { level: 0 });
    }
    case 'report':
      return task.format === 'csv'
        ? reportCsv(task.report)
        : task.format === 'xlsx'
          ? reportXlsx(task.report)
          : reportPdf(task.report);
    case 'business-export':
      return businessExportZip(task.input);
    case 'report-stream':
      return streamReport(task);
  }
}

/** The messages a port receives, one at a time. */
function inbox(port: MessagePort): () => Promise<StreamMessage> {
  const queue: StreamMessage[] = [];
  let waiting: ((message: StreamMessage) => void) | null = null;
  port.on('message', (message: StreamMessage) => {
    if (waiting) {
      const resolve = waiting;
      waiting = null;
      resolve(message);
    } else queue.push(message);
  });
  return () =>
    queue.length > 0
      ? Promise.resolve(queue.shift()!)
      : new Promise<StreamMessage>((resolve) => {
          waiting = resolve;
        });
}

async function streamReport(task: Extract<FileTask, { kind: 'report-stream' }>): Promise<string> {
  const { port, layout } = task;
  const send = (bytes: Uint8Array) => {
    const own = ownBytes(bytes);
    port.postMessage({ type: 'data', bytes: own } satisfies StreamMessage, [own.buffer as ArrayBuffer]);
  };
  const next = inbox(port);
  const out = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      send(chunk);
      callback();
    },
  });
  const csv = (text: string) => {
    if (text) send(Buffer.from(text));
  };
  let writer: { rows: (rows: StreamRows) => void; end: (ending: ReportEnding | null) => Promise<void> | void };
  if (layout.kind === 'report') {
    if (task.format === 'xlsx') {
      const xlsx = new ReportXlsxWriter(out, layout);
      writer = {
        rows: (rows) => xlsx.rows(rows as Array<Record<string, ReportCell>>),
        end: (ending) => xlsx.end(ending ?? { totals: {}, summary: [], notes: [] }),
      };
    } else {
      csv(reportCsvParts.head(layout));
      writer = {
        rows: (rows) => csv(reportCsvParts.rows(layout.columns, rows as Array<Record<string, ReportCell>>)),
        end: (ending) => csv(reportCsvParts.end(layout.columns, ending ?? { totals: {}, summary: [], notes: [] })),
      };
    }
  } else if (task.format === 'xlsx') {
    const xlsx = new RecordsXlsxWriter(out, layout.columns, layout.title);
    writer = { rows: (rows) => xlsx.rows(rows as Array<Array<string | number | null>>), end: () => xlsx.end() };
  } else {
    csv(recordsCsvParts.head(layout.columns));
    writer = { rows: (rows) => csv(recordsCsvParts.rows(rows as Array<Array<string | number | null>>)), end: () => {} };
  }
  port.postMessage({ type: 'more' } satisfies StreamMessage);
  try {
    for (;;) {
      const message = await next();
      if (message.type === 'rows') {
        writer.rows(message.rows);
        // Lets the zip's deflate hand on what the batch made before the next batch comes.
        await new Promise((resolve) => setImmediate(resolve));
        port.postMessage({ type: 'more' } satisfies StreamMessage);
      } else if (message.type === 'end') {
        await writer.end(message.ending);
        break;
      } else break;
    }
    port.postMessage({ type: 'done' } satisfies StreamMessage);
  } finally {
    port.close();
  }
  return 'done';
}
