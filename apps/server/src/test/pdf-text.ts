import { extractText } from 'unpdf';

/**
 * The text of each page of a PDF, read back with pdf.js (through unpdf): tests compare it with the
 * figures the engine computed. Whitespace runs become one space, so wrapped cells read as one string.
 */
export async function pdfPages(pdf: Buffer): Promise<string[]> {
  const { text } = await extractText(new Uint8Array(pdf), { mergePages: false });
  return text.map((page) => page.replace(/\s+/g, ' ').trim());
}
