import { zipSync } from 'fflate';
import { renderInvoicePdf } from '../pdf/render-invoice';
import type { InvoicePdfView } from '../pdf/types';
import { reportCsv, reportPdf, reportXlsx, type ExportableReport } from '../../modules/reports/report-export';
import { businessExportZip, type BusinessExportInput } from '../../modules/profile/export-zip';

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
  | { kind: 'business-export'; input: BusinessExportInput };

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
  }
}
