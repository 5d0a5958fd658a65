import PDFDocument from 'pdfkit';
import {
  billToBlockLines,
  businessBlockLines,
  formatCurrency,
  formatTaxLabel,
  CLIENT_INVOICE_STATUS_LABELS,
  PAYMENT_METHOD_LABELS,
  type InvoiceLineResponse,
} from '@ledgerleaf/domain';
import { businessDate } from '../display-date';
import type { InvoicePdfView } from './types';

/*
 * The invoice PDF, drawn with pdfkit (pure JavaScript, no browser) in the 14 standard fonts that
 * pdfkit reads from its own package folder: that is why pdfkit stays external in the server bundle.
 * Every figure is one the view already carries (computed by domain's calculation engine) and is only
 * formatted here with `formatCurrency`: the PDF never adds, multiplies or rounds.
 */

const PAGE = { width: 612, height: 792 }; // US Letter, points
const MARGIN = { top: 50, left: 50, right: 50, bottom: 64 };
const CONTENT_WIDTH = PAGE.width - MARGIN.left - MARGIN.right;
const RIGHT_EDGE = PAGE.width - MARGIN.right;
/** Lowest y a table row or block may reach; the footer lives below it. */
const BOTTOM = PAGE.height - MARGIN.bottom;
const FOOTER_Y = PAGE.height - 40;

const FONT = 'Helvetica';
const FONT_BOLD = 'Helvetica-Bold';
const INK = '#1f2933';
const MUTED = '#616e7c';
const RULE = '#cbd2d9';
const HEADER_FILL = '#f0f4f8';

const CELL_PAD_X = 4;
const CELL_PAD_Y = 2.5;
const TABLE_FONT_SIZE = 8;

type Align = 'left' | 'right';
interface Column {
  key: 'description' | 'quantity' | 'unit' | 'unit_price' | 'discount' | 'taxes' | 'amount';
  title: string;
  width: number;
  align: Align;
}

/** Widths add up to CONTENT_WIDTH (512 pt). */
const COLUMNS: readonly Column[] = [
  { key: 'description', title: 'Description', width: 162, align: 'left' },
  { key: 'quantity', title: 'Qty', width: 34, align: 'right' },
  { key: 'unit', title: 'Unit', width: 36, align: 'left' },
  { key: 'unit_price', title: 'Unit price', width: 58, align: 'right' },
  { key: 'discount', title: 'Discount', width: 50, align: 'right' },
  { key: 'taxes', title: 'Tax', width: 106, align: 'left' },
  { key: 'amount', title: 'Amount', width: 66, align: 'right' },
];

const quantityFormat = new Intl.NumberFormat('en-US', { maximumFractionDigits: 3 });
const percentFormat = new Intl.NumberFormat('en-US', { maximumFractionDigits: 3 });

/**
 * An estimate prints no balance; neither does a draft invoice: it owes nothing until it is sent, so
 * its preview shows the total the client will be asked for.
 */
function hidesBalance(view: InvoicePdfView): boolean {
  return view.document ? view.document.hide_balance : view.status === 'draft';
}

/** Letters, digits, dots and dashes only: safe in a header and on any disk. */
function fileSafe(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9._-]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/**
 * The file name a download gets: `INV-2026-0001.pdf`; before a number exists, the draft by its
 * client and date, `draft-acme-studio-2026-11-24.pdf` (never an internal id).
 */
export function invoicePdfFilename(view: {
  id: number;
  invoice_number: string | null;
  issue_date: string;
  client: { name: string };
}): string {
  if (!view.invoice_number) {
    const client = fileSafe(view.client.name).toLowerCase().slice(0, 60);
    return `draft-${client ? `${client}-` : ''}${fileSafe(view.issue_date)}.pdf`;
  }
  // Numbers come from the business's pattern; keep the name safe in a header and on any disk.
  const safe = view.invoice_number.replace(/[^A-Za-z0-9._-]+/g, '-').replace(/^-+|-+$/g, '');
  return `${safe || `invoice-${view.id}`}.pdf`;
}

function lineCells(line: InvoiceLineResponse): Record<Column['key'], string> {
  let discount = '';
  if (line.discount > 0) {
    const amount = formatCurrency(-line.discount);
    discount =
      line.discount_type === 'percent' && line.discount_value !== null
        ? `${percentFormat.format(line.discount_value)}%\n${amount}`
        : amount;
  }
  return {
    description: line.description,
    quantity: quantityFormat.format(line.quantity),
    unit: line.unit ?? '',
    unit_price: formatCurrency(line.unit_price),
    discount,
    taxes: line.taxes.map((tax) => formatTaxLabel(tax)).join('\n'),
    amount: formatCurrency(line.subtotal),
  };
}

/** Renders the invoice to PDF bytes. */
export function renderInvoicePdf(view: InvoicePdfView): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'LETTER',
    margins: MARGIN,
    bufferPages: true,
    info: {
      Title: view.invoice_number
        ? `${view.document?.name ?? 'Invoice'} ${view.invoice_number}`
        : `Draft ${(view.document?.name ?? 'Invoice').toLowerCase()}`,
      Author: view.business.name,
      Creator: 'Ledgerleaf',
    },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  try {
    drawInvoice(doc, view);
    doc.end();
  } catch (error) {
    // Stop the stream so nothing waits on it, and report the drawing error itself.
    doc.removeAllListeners('error');
    doc.on('error', () => undefined);
    doc.end();
    return Promise.reject(error instanceof Error ? error : new Error(String(error)));
  }
  return done;
}

function drawInvoice(doc: PDFKit.PDFDocument, view: InvoicePdfView): void {
  doc.fillColor(INK);
  let y = drawHeader(doc, view);
  y = drawParties(doc, view, y + 18);
  y = drawLines(doc, view, y + 22);
  y = drawSummary(doc, view, y + 14);
  // Each optional section brings its own gap, so a missing one leaves no hole.
  y = drawPayments(doc, view, y, 18);
  y = drawTextBlock(doc, 'Notes', view.notes, y, 16);
  drawTextBlock(doc, 'Terms', view.terms, y, 12);
  drawPageDecorations(doc, view);
}

function drawHeader(doc: PDFKit.PDFDocument, view: InvoicePdfView): number {
  const { business } = view;
  let left = MARGIN.top;
  if (business.logo && business.logo.length > 0) {
    try {
      const logo = Buffer.isBuffer(business.logo) ? business.logo : Buffer.from(business.logo);
      doc.image(logo, MARGIN.left, left, { fit: [150, 56] });
      left += 64;
    } catch {
      // Not a PNG or JPEG pdfkit can read: the invoice goes out without a logo rather than not at all.
    }
  }
  doc.font(FONT_BOLD).fontSize(16).fillColor(INK).text(business.name, MARGIN.left, left, { width: 280 });
  left = doc.y + 2;
  doc.font(FONT).fontSize(9).fillColor(MUTED);
  // The same lines as the owner's page and the public page (domain `businessBlockLines`).
  for (const line of businessBlockLines(business)) {
    doc.text(line, MARGIN.left, left, { width: 280 });
    left = doc.y;
  }

  const rightX = 340;
  const rightWidth = RIGHT_EDGE - rightX;
  doc
    .font(FONT_BOLD)
    .fontSize(24)
    .fillColor(INK)
    .text(view.document?.title ?? 'INVOICE', rightX, MARGIN.top, { width: rightWidth, align: 'right' });
  doc
    .font(FONT)
    .fontSize(11)
    .fillColor(MUTED)
    .text(view.invoice_number ?? 'Draft', rightX, doc.y + 2, { width: rightWidth, align: 'right' });
  doc.fontSize(9).text(view.document?.status_label ?? CLIENT_INVOICE_STATUS_LABELS[view.status], rightX, doc.y + 2, {
    width: rightWidth,
    align: 'right',
  });
  const right = doc.y;
  doc.fillColor(INK);
  return Math.max(left, right);
}

function drawParties(doc: PDFKit.PDFDocument, view: InvoicePdfView, top: number): number {
  const { client } = view;
  doc.moveTo(MARGIN.left, top).lineTo(RIGHT_EDGE, top).lineWidth(0.5).strokeColor(RULE).stroke();
  let left = top + 12;
  doc.font(FONT_BOLD).fontSize(8).fillColor(MUTED).text('BILL TO', MARGIN.left, left, { width: 260 });
  doc
    .font(FONT_BOLD)
    .fontSize(11)
    .fillColor(INK)
    .text(client.name, MARGIN.left, doc.y + 3, { width: 260 });
  left = doc.y + 1;
  // The same lines as the owner's page and the public page (domain `billToBlockLines`).
  const lines = billToBlockLines(client);
  doc.font(FONT).fontSize(9).fillColor(INK);
  for (const line of lines) {
    doc.text(line, MARGIN.left, left, { width: 260 });
    left = doc.y;
  }

  const labelX = 340;
  const valueX = 440;
  const valueWidth = RIGHT_EDGE - valueX;
  let right = top + 12;
  const meta: Array<[string, string, boolean]> = [
    [view.document?.number_label ?? 'Invoice number', view.invoice_number ?? 'Draft', false],
    ['Issue date', businessDate(view.issue_date, view.business.date_format), false],
    [view.document?.due_label ?? 'Due date', businessDate(view.due_date, view.business.date_format), false],
    ...(hidesBalance(view)
      ? [['Total', formatCurrency(view.totals.total), true] as [string, string, boolean]]
      : [['Balance due', formatCurrency(view.balance_due), true] as [string, string, boolean]]),
  ];
  for (const [label, value, strong] of meta) {
    doc
      .font(FONT)
      .fontSize(9)
      .fillColor(MUTED)
      .text(label, labelX, right, { width: valueX - labelX - 8, lineBreak: false });
    doc
      .font(strong ? FONT_BOLD : FONT)
      .fillColor(INK)
      .text(value, valueX, right, { width: valueWidth, align: 'right' });
    right = doc.y + 3;
  }
  return Math.max(left, right);
}

function drawTableHeader(doc: PDFKit.PDFDocument, top: number): number {
  const height = 18;
  doc.rect(MARGIN.left, top, CONTENT_WIDTH, height).fill(HEADER_FILL);
  doc.font(FONT_BOLD).fontSize(8).fillColor(MUTED);
  let x = MARGIN.left;
  for (const column of COLUMNS) {
    doc.text(column.title, x + CELL_PAD_X, top + 5, {
      width: column.width - 2 * CELL_PAD_X,
      align: column.align,
      lineBreak: false,
    });
    x += column.width;
  }
  doc.fillColor(INK);
  return top + height;
}

function drawLines(doc: PDFKit.PDFDocument, view: InvoicePdfView, top: number): number {
  const tallest = BOTTOM - MARGIN.top - 18 - 2 * CELL_PAD_Y;
  let y = top;
  if (y + 18 + 24 > BOTTOM) {
    doc.addPage();
    y = MARGIN.top;
  }
  y = drawTableHeader(doc, y);
  doc.font(FONT).fontSize(TABLE_FONT_SIZE);
  for (const line of view.lines) {
    const cells = lineCells(line);
    let contentHeight = 0;
    for (const column of COLUMNS) {
      const text = cells[column.key];
      if (text === '') continue;
      contentHeight = Math.max(contentHeight, doc.heightOfString(text, { width: column.width - 2 * CELL_PAD_X }));
    }
    // A description longer than a page is cut with an ellipsis rather than running over the footer.
    contentHeight = Math.min(contentHeight, tallest);
    const rowHeight = contentHeight + 2 * CELL_PAD_Y;
    if (y + rowHeight > BOTTOM) {
      doc.addPage();
      y = drawTableHeader(doc, MARGIN.top);
      doc.font(FONT).fontSize(TABLE_FONT_SIZE);
    }
    let x = MARGIN.left;
    for (const column of COLUMNS) {
      const text = cells[column.key];
      if (text !== '') {
        doc.text(text, x + CELL_PAD_X, y + CELL_PAD_Y, {
          width: column.width - 2 * CELL_PAD_X,
          height: contentHeight + 1,
          align: column.align,
          ellipsis: true,
        });
      }
      x += column.width;
    }
    y += rowHeight;
    doc.moveTo(MARGIN.left, y).lineTo(RIGHT_EDGE, y).lineWidth(0.5).strokeColor(RULE).stroke();
  }
  return y;
}

interface SummaryRow {
  label: string;
  value: string;
  strong?: boolean;
  rule?: boolean;
}

function summaryRows(view: InvoicePdfView): SummaryRow[] {
  const { totals } = view;
  const rows: SummaryRow[] = [
    {
      label: totals.prices_include_tax ? 'Subtotal (tax included)' : 'Subtotal',
      value: formatCurrency(totals.subtotal),
    },
  ];
  if (totals.line_discounts > 0) rows.push({ label: 'Line discounts', value: formatCurrency(-totals.line_discounts) });
  if (totals.invoice_discount > 0) {
    const percent =
      view.discount_type === 'percent' && view.discount_value !== null
        ? ` (${percentFormat.format(view.discount_value)}%)`
        : '';
    rows.push({ label: `Discount${percent}`, value: formatCurrency(-totals.invoice_discount) });
  }
  for (const tax of totals.taxes) {
    const label = formatTaxLabel(tax);
    rows.push({ label: totals.prices_include_tax ? `Includes ${label}` : label, value: formatCurrency(tax.amount) });
  }
  rows.push({ label: 'Total', value: formatCurrency(totals.total), strong: true, rule: true });
  if (hidesBalance(view)) return rows;
  rows.push({ label: 'Amount paid', value: formatCurrency(view.amount_paid) });
  rows.push({ label: 'Balance due', value: formatCurrency(view.balance_due), strong: true, rule: true });
  if (view.credit > 0) rows.push({ label: 'Credit', value: formatCurrency(view.credit) });
  return rows;
}

function drawSummary(doc: PDFKit.PDFDocument, view: InvoicePdfView, top: number): number {
  const labelX = 300;
  const valueX = 462;
  const labelWidth = valueX - labelX - 6;
  const valueWidth = RIGHT_EDGE - valueX;
  const rows = summaryRows(view);
  doc.fontSize(9);
  const heights = rows.map(
    (row) =>
      doc.font(row.strong ? FONT_BOLD : FONT).heightOfString(row.label, { width: labelWidth }) + 5 + (row.rule ? 4 : 0),
  );
  const total = heights.reduce((sum, height) => sum + height, 0);
  let y = top;
  // The summary stays together: a break inside it would separate the total from its lines.
  if (y + total > BOTTOM) {
    doc.addPage();
    y = MARGIN.top;
  }
  rows.forEach((row, index) => {
    if (row.rule) {
      doc.moveTo(labelX, y).lineTo(RIGHT_EDGE, y).lineWidth(0.5).strokeColor(RULE).stroke();
      y += 4;
    }
    doc
      .font(row.strong ? FONT_BOLD : FONT)
      .fontSize(9)
      .fillColor(row.strong ? INK : MUTED);
    doc.text(row.label, labelX, y, { width: labelWidth });
    doc.fillColor(INK).text(row.value, valueX, y, { width: valueWidth, align: 'right' });
    y += heights[index]! - (row.rule ? 4 : 0);
  });
  return y;
}

function drawPayments(doc: PDFKit.PDFDocument, view: InvoicePdfView, top: number, gap: number): number {
  if (view.payments.length === 0 || view.document?.hide_balance) return top;
  let y = top + gap;
  const rowHeight = 14;
  if (y + 18 + rowHeight > BOTTOM) {
    doc.addPage();
    y = MARGIN.top;
  }
  doc.font(FONT_BOLD).fontSize(10).fillColor(INK).text('Payments', MARGIN.left, y);
  y = doc.y + 4;
  const columns: Array<{ x: number; width: number; align: Align }> = [
    { x: MARGIN.left, width: 90, align: 'left' },
    { x: MARGIN.left + 90, width: 100, align: 'left' },
    { x: MARGIN.left + 190, width: 220, align: 'left' },
    { x: MARGIN.left + 410, width: CONTENT_WIDTH - 410, align: 'right' },
  ];
  doc.font(FONT).fontSize(9);
  for (const payment of view.payments) {
    if (y + rowHeight > BOTTOM) {
      doc.addPage();
      y = MARGIN.top;
      doc.font(FONT).fontSize(9);
    }
    const values = [
      businessDate(payment.payment_date, view.business.date_format),
      PAYMENT_METHOD_LABELS[payment.method],
      payment.reference ?? '',
      formatCurrency(payment.amount),
    ];
    values.forEach((value, index) => {
      const column = columns[index]!;
      if (value !== '')
        doc.fillColor(INK).text(value, column.x, y, {
          width: column.width,
          align: column.align,
          lineBreak: false,
          ellipsis: true,
          height: rowHeight,
        });
    });
    y += rowHeight;
  }
  return y;
}

function drawTextBlock(doc: PDFKit.PDFDocument, title: string, body: string | null, top: number, gap: number): number {
  if (!body || body.trim() === '') return top;
  let y = top + gap;
  if (y + 40 > BOTTOM) {
    doc.addPage();
    y = MARGIN.top;
  }
  doc.font(FONT_BOLD).fontSize(10).fillColor(INK).text(title, MARGIN.left, y, { width: CONTENT_WIDTH });
  // Long text flows onto new pages by itself (pdfkit breaks at the bottom margin).
  doc
    .font(FONT)
    .fontSize(9)
    .fillColor(INK)
    .text(body.trim(), MARGIN.left, doc.y + 3, { width: CONTENT_WIDTH });
  return doc.y;
}

const WATERMARKS: Partial<Record<InvoicePdfView['status'], string>> = { paid: 'PAID', void: 'VOID', draft: 'DRAFT' };

function drawPageDecorations(doc: PDFKit.PDFDocument, view: InvoicePdfView): void {
  const range = doc.bufferedPageRange();
  const watermark = WATERMARKS[view.status];
  const label = view.invoice_number ?? `Draft ${(view.document?.name ?? 'Invoice').toLowerCase()}`;
  for (let index = range.start; index < range.start + range.count; index += 1) {
    doc.switchToPage(index);
    // Writing below the bottom margin would otherwise make pdfkit start a new page.
    const bottomMargin = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    if (watermark) {
      doc.save();
      doc.rotate(-30, { origin: [PAGE.width / 2, PAGE.height / 2] });
      doc.font(FONT_BOLD).fontSize(110).fillColor('#9aa5b1').fillOpacity(0.15);
      doc.text(watermark, 0, PAGE.height / 2 - 55, { width: PAGE.width, align: 'center', lineBreak: false });
      doc.restore();
    }
    doc.font(FONT).fontSize(8).fillColor(MUTED).fillOpacity(1);
    doc.text(`${view.business.name} · ${label}`, MARGIN.left, FOOTER_Y, {
      width: 300,
      lineBreak: false,
      ellipsis: true,
    });
    doc.text(`Page ${index - range.start + 1} of ${range.count}`, RIGHT_EDGE - 150, FOOTER_Y, {
      width: 150,
      align: 'right',
      lineBreak: false,
    });
    doc.page.margins.bottom = bottomMargin;
  }
}
