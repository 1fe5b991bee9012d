import type { FastifyReply } from 'fastify';
import { type PDFFont, rgb } from 'pdf-lib';
import { attachmentHeader } from './uploads';

// The look of Prata's PDFs (the transfer receipt, the monthly statement): A4, standard fonts, the same inks.

/** A4 in points. */
export const PDF_PAGE: [number, number] = [595.28, 841.89];
export const PDF_MARGIN = 56;
export const PDF_INK = rgb(0.13, 0.13, 0.13);
export const PDF_MUTED = rgb(0.4, 0.4, 0.4);
export const PDF_ACCENT = rgb(0.216, 0.278, 0.31);
export const PDF_RULE = rgb(0.85, 0.85, 0.85);
export const PDF_PANEL = rgb(0.95, 0.96, 0.97);

/**
 * Keeps what the standard fonts can print (WinAnsi: Portuguese accents, quotes, dashes); anything else (an emoji in
 * the message) becomes '?', so a customer's text can never break the document.
 */
export function printable(font: PDFFont, text: string): string {
  const { allowed, outside } = characterSet(font);
  const flat = text.replace(/\s+/g, ' ');
  // the usual case (a statement prints 40,000 of these): every character printable, the text as it is
  if (!outside.test(flat)) return flat;
  return Array.from(flat, (c) => (allowed.has(c.codePointAt(0)!) ? c : '?')).join('');
}

/**
 * Each font's character set, built once per font: a Set of a few hundred code points, and a regular expression that
 * finds a character outside it (one native scan of a text instead of a lookup per character).
 */
const characterSets = new WeakMap<PDFFont, { allowed: Set<number>; outside: RegExp }>();
function characterSet(font: PDFFont) {
  let set = characterSets.get(font);
  if (!set) {
    const allowed = new Set(font.getCharacterSet());
    const ranges = [...allowed].map((cp) => `\\u{${cp.toString(16)}}`).join('');
    set = { allowed, outside: new RegExp(`[^${ranges}]`, 'u') };
    characterSets.set(font, set);
  }
  return set;
}

/** Our own document, opened in a new window: inline, never sniffed, never cached. */
export function sendPdf(reply: FastifyReply, pdf: Uint8Array, filename: string) {
  return reply
    .header('content-type', 'application/pdf')
    .header('content-disposition', attachmentHeader(filename).replace(/^attachment/, 'inline'))
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'no-store')
    .send(Buffer.from(pdf));
}
