import type { MonthlyStatementResponse } from '@prata/domain';
import { inflateSync } from 'node:zlib';
import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { createRenderPool } from '@/lib/render-pool';
import { renderStatement, statementPdf } from './pdf';

const movement = (i: number) => ({
  id: `t${i}`,
  at: new Date(Date.UTC(2026, 9, 1 + (i % 28), 15)).toISOString(),
  // a description longer than its column is cut with an ellipsis, never drawn over the amount
  description: i === 0 ? 'Uma descrição muito longa que não cabe na coluna reservada a ela no extrato 😀' : 'IOF',
  amount: -0.05,
  balance: 100 - 0.05 * (i + 1),
});

const statement = (movements: number): MonthlyStatementResponse => ({
  month: '2026-10',
  from: '2026-10-01T03:00:00.000Z',
  to: '2026-11-01T03:00:00.000Z',
  complete: true,
  months: ['2026-11', '2026-10'],
  customer: { name: 'Empresa Ltda', document: '11.222.333/0001-81' },
  reais: {
    opening: 100,
    opening_available: 70,
    opening_reserved: 30,
    closing: 100 - 0.05 * movements,
    closing_available: 70 - 0.05 * movements,
    closing_reserved: 30,
    credits: 0,
    debits: 0.05 * movements,
    movements: Array.from({ length: movements }, (_, i) => movement(i)),
  },
  grams: {
    opening: 0,
    opening_available: 0,
    opening_reserved: 0,
    closing: 0,
    closing_available: 0,
    closing_reserved: 0,
    credits: 0,
    debits: 0,
    movements: [],
  },
  truncated: false,
  average_cost: { bought_grams: 0, bought_amount: 0, month_per_gram: null, irpf_per_gram: null },
});

/** The text a PDF draws (pdf-lib's Tj operators in its deflated content streams), one string per drawText. */
function drawnText(pdf: Uint8Array): string[] {
  const raw = Buffer.from(pdf);
  const texts: string[] = [];
  for (let at = raw.indexOf('stream\n'); at !== -1; at = raw.indexOf('stream\n', at + 1)) {
    const end = raw.indexOf('endstream', at);
    let content: string;
    try {
      content = inflateSync(raw.subarray(at + 7, end)).toString('latin1');
    } catch {
      continue;
    }
    for (const m of content.matchAll(/<([0-9A-Fa-f]+)> Tj/g)) texts.push(Buffer.from(m[1]!, 'hex').toString('latin1'));
  }
  return texts;
}

describe('the statement PDF', () => {
  it('says how each opening and closing balance splits into available and reserved', async () => {
    const texts = drawnText(await renderStatement(statement(3), new Date('2026-11-02T12:00:00Z')));
    expect(texts).toContain('R$ 100,00 (disponível R$ 70,00 + reservado R$ 30,00)');
    expect(texts).toContain('disponível R$ 69,85 + reservado R$ 30,00');
    expect(texts).toContain('disponível 0,00 g + reservado 0,00 g');
  });

  it('prints each movement (date in Brasília, description, amount, balance) and every page its footer', async () => {
    const texts = drawnText(await renderStatement(statement(400), new Date('2026-11-02T12:00:00Z')));
    // movement 1: 2026-10-02 15:00 UTC, 12:00 in Brasília; movement 29: 2026-10-02 again
    expect(texts.filter((t) => t === '02/10/2026 12:00')).toHaveLength(15);
    expect(texts.filter((t) => t === 'IOF')).toHaveLength(399);
    expect(texts).toContain('Data');
    const footers = texts.filter((t) => t.startsWith('Prata · extrato de outubro de 2026 · página '));
    expect(footers.length).toBeGreaterThanOrEqual(8);
    expect(footers.at(-1)).toBe(`Prata · extrato de outubro de 2026 · página ${footers.length} de ${footers.length}`);
    // the long description is cut with an ellipsis (0x85 in WinAnsi, read back here as latin1)
    expect(texts.some((t) => t.startsWith('Uma descrição muito longa') && t.endsWith('\x85'))).toBe(true);
  });

  it('fits a quiet month on one page and carries a busy one over as many as it needs', async () => {
    const quiet = await PDFDocument.load(await renderStatement(statement(3), new Date('2026-11-02T12:00:00Z')));
    expect(quiet.getPageCount()).toBe(1);
    expect(quiet.getTitle()).toBe('Extrato Prata de outubro de 2026');
    const busy = await PDFDocument.load(await renderStatement(statement(400), new Date('2026-11-02T12:00:00Z')));
    // about 45 lines a page after the first
    expect(busy.getPageCount()).toBeGreaterThanOrEqual(8);
    expect(busy.getPageCount()).toBeLessThanOrEqual(11);
  });
});

describe('the statement PDF on the render pool', () => {
  it('is the document renderStatement makes on the event loop, but for the moment pdf-lib stamps as modified', async () => {
    const pool = createRenderPool({ threads: 1, queue: 0 }, (err) => {
      throw err;
    });
    try {
      const issuedAt = new Date('2026-11-02T12:00:00Z');
      const pooled = await pool.run(statementPdf, [statement(400), issuedAt]);
      const inline = await renderStatement(statement(400), issuedAt);
      // the same objects written again with one modification date: equal bytes are the same document
      const same = async (pdf: Uint8Array) => {
        const doc = await PDFDocument.load(pdf, { updateMetadata: false });
        doc.setModificationDate(issuedAt);
        return Buffer.from(await doc.save({ updateFieldAppearances: false }));
      };
      // (not their raw lengths: the modification date is compressed in an object stream, so two saves a second apart can
      // differ by a byte, as one run under load did)
      expect((await same(pooled)).equals(await same(inline))).toBe(true);
    } finally {
      await pool.close();
    }
  });
});
