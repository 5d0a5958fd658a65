import { describe, expect, it } from 'vitest';
import { formatCurrency, formatTaxLabel } from '@ledgerleaf/domain';
import { pdfPages } from '../../test/pdf-text';
import { tinyPng } from '../../test/png';
import { invoicePdfFilename, renderInvoicePdf } from './render-invoice';
import { sampleInvoiceView } from './sample-view';
import type { InvoicePdfView } from './types';

const squash = (value: string) => value.replace(/\s+/g, ' ').trim();

function expectFigures(text: string, view: InvoicePdfView): void {
  expect(text).toContain(formatCurrency(view.totals.subtotal));
  expect(text).toContain(formatCurrency(view.totals.total));
  expect(text).toContain(`Amount paid ${formatCurrency(view.amount_paid)}`);
  expect(text).toContain(`Balance due ${formatCurrency(view.balance_due)}`);
  expect(text).toContain(`Total ${formatCurrency(view.totals.total)}`);
  if (view.totals.line_discounts > 0)
    expect(text).toContain(`Line discounts ${formatCurrency(-view.totals.line_discounts)}`);
  if (view.totals.invoice_discount > 0) expect(text).toContain(formatCurrency(-view.totals.invoice_discount));
  for (const tax of view.totals.taxes) {
    expect(text).toContain(`${squash(formatTaxLabel(tax))} ${formatCurrency(tax.amount)}`);
  }
}

describe('renderInvoicePdf', () => {
  it('prints the client’s phone formatted as the business’s is (issue 27 item 14)', async () => {
    const view = sampleInvoiceView({ lines: 1 });
    const stored = {
      ...view,
      business: { ...view.business, phone: '4155550100' },
      client: { ...view.client, phone: '5035550199' },
    };
    const text = (await pdfPages(await renderInvoicePdf(stored))).join('\n');
    expect(text).toContain('(415) 555-0100');
    expect(text).toContain('(503) 555-0199');
    expect(text).not.toContain('5035550199');
  });

  it('prints a two-line invoice with the engine figures, formatted, on one page', async () => {
    const view = sampleInvoiceView({ lines: 2, paidCents: 5_000 });
    const pdf = await renderInvoicePdf(view);
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');

    const pages = await pdfPages(pdf);
    expect(pages).toHaveLength(1);
    const text = pages[0]!;
    expect(text).toContain('INV-2026-0001');
    expect(text).toContain('Olive Bakery & Studio');
    expect(text).toContain('12 Market Street');
    expect(text).toContain('San Francisco, CA 94105');
    expect(text).toContain('Tax ID: US-94-1234567');
    expect(text).toContain('Acme Hospitality LLC');
    expect(text).toContain('Attn: Dana Price');
    expect(text).toContain('400 Broadway, Suite 12');
    // The business's date format, mm/dd/yy by default (SPEC.md section 9).
    expect(text).toContain('Issue date 01/15/26');
    expect(text).toContain('Due date 02/14/26');
    for (const line of view.lines) {
      expect(text).toContain(squash(line.description));
      expect(text).toContain(formatCurrency(line.unit_price));
      expect(text).toContain(formatCurrency(line.subtotal));
    }
    // Line 2 has a 10 % discount; its amount is the engine's, shown negative.
    expect(text).toContain(`10% ${formatCurrency(-view.lines[1]!.discount)}`);
    expectFigures(text, view);
    expect(text).toContain('Payments');
    expect(text).toContain(`02/10/26 Bank transfer ACH 4471 ${formatCurrency(view.payments[0]!.amount)}`);
    expect(text).toContain(view.notes!);
    expect(text).toContain(view.terms!);
    expect(text).toContain('Page 1 of 1');
  });

  it.each([
    ['sent', 'Due'],
    ['viewed', 'Due'],
    ['overdue', 'Overdue'],
    ['paid', 'Paid'],
  ] as const)("prints a %s invoice's status in the client's words: %s (issue 11)", async (status, words) => {
    const text = (await pdfPages(await renderInvoicePdf(sampleInvoiceView({ lines: 1, status }))))[0]!;
    expect(text).toContain(`INV-2026-0001 ${words}`);
    expect(text).not.toMatch(/\b(Sent|Viewed)\b/);
  });

  it('prints every date in the business date format (dd.mm.yyyy)', async () => {
    const view = sampleInvoiceView({ lines: 2, paidCents: 5_000 });
    const [text] = await pdfPages(
      await renderInvoicePdf({ ...view, business: { ...view.business, date_format: 'dd.mm.yyyy' } }),
    );
    expect(text).toContain('Issue date 15.01.2026');
    expect(text).toContain('Due date 14.02.2026');
    expect(text).toContain('10.02.2026 Bank transfer ACH 4471');
    expect(text).not.toContain('01/15/26');
  });

  it('breaks a 60-line invoice over pages, repeats the table header and numbers every page', async () => {
    const view = sampleInvoiceView({ lines: 60 });
    const pages = await pdfPages(await renderInvoicePdf(view));
    expect(pages.length).toBeGreaterThanOrEqual(2);
    pages.forEach((page, index) => {
      expect(page).toContain(`Page ${index + 1} of ${pages.length}`);
    });
    // Every page that carries lines starts them under the column titles.
    const withLines = pages.filter((page) => /\b\d+\. /.test(page));
    expect(withLines.length).toBeGreaterThanOrEqual(2);
    for (const page of withLines) expect(page).toContain('Description Qty Unit Unit price Discount Tax Amount');

    const all = pages.join(' ');
    for (const line of view.lines) expect(all).toContain(squash(line.description));
    expectFigures(all, view);
    expect(pages.at(-1)).toContain(`Balance due ${formatCurrency(view.balance_due)}`);
  });

  it('fits 60 one-line rows, the totals, notes and terms on two pages', async () => {
    const view = sampleInvoiceView({ lines: 60, compact: true });
    const pages = await pdfPages(await renderInvoicePdf(view));
    expect(pages).toHaveLength(2);
    expect(pages[0]).toContain('Page 1 of 2');
    expect(pages[1]).toContain('Page 2 of 2');
    expect(pages[1]).toContain('Description Qty Unit Unit price Discount Tax Amount');
    const all = pages.join(' ');
    for (const line of view.lines) expect(all).toContain(`${line.description} ${line.quantity}`);
    expectFigures(pages[1]!, view);
    expect(pages[1]).toContain(view.terms!);
  });

  it('prints Draft without a number, watermarks void and paid, and includes tax in inclusive pricing', async () => {
    const draft = sampleInvoiceView({ lines: 3, status: 'draft' });
    const [draftText] = await pdfPages(await renderInvoicePdf(draft));
    expect(draftText).toContain('Invoice number Draft');
    expect(draftText).toContain('DRAFT');

    const voided = sampleInvoiceView({ lines: 3, status: 'void' });
    expect((await pdfPages(await renderInvoicePdf(voided)))[0]).toContain('VOID');

    const paidView = sampleInvoiceView({ lines: 1, discount: null, pricesIncludeTax: true });
    const settled: InvoicePdfView = { ...paidView, status: 'paid' };
    const [paidText] = await pdfPages(await renderInvoicePdf(settled));
    expect(paidText).toContain('PAID');
    expect(paidText).toContain(`Subtotal (tax included) ${formatCurrency(settled.totals.subtotal)}`);
    for (const tax of settled.totals.taxes)
      expect(paidText).toContain(`Includes ${squash(formatTaxLabel(tax))} ${formatCurrency(tax.amount)}`);
  });

  it('draws a PNG logo and skips one it cannot read', async () => {
    const view = sampleInvoiceView({ lines: 2 });
    const withLogo = await renderInvoicePdf({ ...view, business: { ...view.business, logo: tinyPng() } });
    expect(withLogo.toString('latin1')).toContain('/Subtype /Image');
    const broken = await renderInvoicePdf({
      ...view,
      business: { ...view.business, logo: Buffer.from('not an image') },
    });
    const [text] = await pdfPages(broken);
    expect(text).toContain('Olive Bakery & Studio');
    expect(broken.toString('latin1')).not.toContain('/Subtype /Image');
  });

  it('survives text outside the standard fonts and a description longer than a page', async () => {
    const view = sampleInvoiceView({ lines: 2 });
    const odd: InvoicePdfView = {
      ...view,
      client: { ...view.client, name: 'Café Zoë “Crème” – 東京 🍞' },
      lines: [{ ...view.lines[0]!, description: 'Very long description. '.repeat(400) }, view.lines[1]!],
      notes: null,
      terms: '',
    };
    const pages = await pdfPages(await renderInvoicePdf(odd));
    expect(pages.join(' ')).toContain('Café Zoë “Crème” –');
    pages.forEach((page, index) => expect(page).toContain(`Page ${index + 1} of ${pages.length}`));
  });

  it('names the file after the number, or a draft after its client and date (never its id)', () => {
    const of = (invoice_number: string | null, name = 'Acme Studio') => ({
      id: 7,
      invoice_number,
      issue_date: '2026-11-24',
      client: { name },
    });
    expect(invoicePdfFilename(of('INV-2026-0001'))).toBe('INV-2026-0001.pdf');
    expect(invoicePdfFilename(of(null))).toBe('draft-acme-studio-2026-11-24.pdf');
    expect(invoicePdfFilename(of(null, 'Café Zoë / “Crème”'))).toBe('draft-cafe-zoe-creme-2026-11-24.pdf');
    expect(invoicePdfFilename(of(null, '***'))).toBe('draft-2026-11-24.pdf');
    expect(invoicePdfFilename(of('A/B "2026" 1'))).toBe('A-B-2026-1.pdf');
  });
});
