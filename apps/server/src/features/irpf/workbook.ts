import { brasiliaWallClock, formatBRL, formatGrams, minorToDecimal } from '@prata/domain';
import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import { renderJob } from '@/lib/render-pool';
import type { Position, YearOrder } from './facts';

/** Excel's formats: reais (the sheet's locale shows R$ 1.234,56 in Portuguese), grams with 2 decimals, dates. */
export const FORMATS = {
  brl: '"R$" #,##0.00',
  grams: '#,##0.00 "g"',
  date: 'dd/mm/yyyy hh:mm',
} as const;

/** Monthly sales (Brasília): the R$ 35.000,00 test is on what was sold in the month, not on the profit. */
function monthlySales(orders: readonly YearOrder[]) {
  const months = new Map<number, { cents: number; cg: number; n: number }>();
  for (const o of orders) {
    if (o.side !== 'sell') continue;
    const m = brasiliaWallClock(o.at).getUTCMonth();
    const cur = months.get(m) ?? { cents: 0, cg: 0, n: 0 };
    cur.cents += o.valueCents;
    cur.cg += o.filledCg;
    cur.n += 1;
    months.set(m, cur);
  }
  return months;
}
const MONTHLY_EXEMPTION_CENTS = 3_500_000;
const MONTHS = ['jan', 'fev', 'mar', 'abr', 'mai', 'jun', 'jul', 'ago', 'set', 'out', 'nov', 'dez'];

/** exceljs's streaming writer into memory, and what finishes it: the file's bytes once every sheet is committed. */
function streamedWorkbook() {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (chunk: Buffer) => chunks.push(chunk));
  const finished = new Promise<void>((resolve, reject) => {
    out.on('end', resolve);
    out.on('error', reject);
  });
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: true });
  const finish = async () => {
    await wb.commit();
    await finished;
    return Buffer.concat(chunks);
  };
  return { wb, finish };
}

/**
 * GET /api/orders/export/{year}: the year's completed orders (one row each, oldest first, with totals), the position
 * on 31 December with the average cost per gram, and the monthly sales, as a real .xlsx made with exceljs. Written
 * by exceljs's streaming writer, each row committed as it is added: a year of 10,000 orders is written in one pass,
 * never held as a workbook of cell objects and serialized afterwards.
 */
async function buildWorkbook(p: Position, orders: readonly YearOrder[], customerName: string): Promise<Uint8Array> {
  const { wb, finish } = streamedWorkbook();
  wb.creator = 'Prata';
  wb.created = new Date();

  const sheet = wb.addWorksheet(`Ordens ${p.year}`, { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = [
    { header: 'Data', key: 'date', width: 18, style: { numFmt: FORMATS.date } },
    { header: 'Ordem', key: 'id', width: 10 },
    { header: 'Tipo', key: 'type', width: 10 },
    { header: 'Quantidade', key: 'grams', width: 14, style: { numFmt: FORMATS.grams } },
    { header: 'Preço por grama', key: 'price', width: 16, style: { numFmt: FORMATS.brl } },
    { header: 'Valor', key: 'value', width: 16, style: { numFmt: FORMATS.brl } },
    { header: 'Taxa operacional', key: 'fee', width: 16, style: { numFmt: FORMATS.brl } },
    { header: 'IOF', key: 'iof', width: 12, style: { numFmt: FORMATS.brl } },
    { header: 'Total', key: 'total', width: 16, style: { numFmt: FORMATS.brl } },
  ];
  sheet.getRow(1).font = { bold: true };
  for (const o of orders) {
    sheet
      .addRow({
        date: brasiliaWallClock(o.at),
        id: o.id,
        type: o.side === 'buy' ? 'Compra' : 'Venda',
        grams: minorToDecimal(o.filledCg),
        price: minorToDecimal(o.priceCents),
        value: minorToDecimal(o.valueCents),
        fee: minorToDecimal(o.feeCents),
        iof: minorToDecimal(o.iofCents),
        total: minorToDecimal(o.totalCents),
      })
      .commit();
  }
  sheet.addRow({});
  const totals = (side: 'buy' | 'sell', label: string) => {
    const mine = orders.filter((o) => o.side === side);
    const row = sheet.addRow({
      type: label,
      grams: minorToDecimal(mine.reduce((s, o) => s + o.filledCg, 0)),
      value: minorToDecimal(mine.reduce((s, o) => s + o.valueCents, 0)),
      fee: minorToDecimal(mine.reduce((s, o) => s + o.feeCents, 0)),
      iof: minorToDecimal(mine.reduce((s, o) => s + o.iofCents, 0)),
      total: minorToDecimal(mine.reduce((s, o) => s + o.totalCents, 0)),
    });
    row.font = { bold: true };
  };
  totals('buy', 'Compras');
  totals('sell', 'Vendas');
  sheet.commit();

  const summary = wb.addWorksheet('Posição em 31-12');
  summary.columns = [
    { key: 'label', width: 46 },
    { key: 'value', width: 20 },
  ];
  const line = (label: string, value: number | string, numFmt?: string) => {
    const row = summary.addRow({ label, value });
    if (numFmt) row.getCell('value').numFmt = numFmt;
    return row;
  };
  summary.addRow({ label: `Prata - Imposto de renda ${p.year}: ${customerName}` }).font = { bold: true, size: 13 };
  summary.addRow({});
  line(`Prata em custódia em 31/12/${p.year}`, minorToDecimal(p.custodyCg), FORMATS.grams);
  line('Custo médio por grama (com taxas e IOF)', minorToDecimal(p.averagePerGramCents), FORMATS.brl);
  line(`Valor a declarar em Bens e Direitos (31/12/${p.year})`, minorToDecimal(p.costAmountCents), FORMATS.brl).font = {
    bold: true,
  };
  summary.addRow({});
  line(`Comprado em ${p.year}`, minorToDecimal(p.boughtCents), FORMATS.brl);
  line(`Gramas compradas em ${p.year}`, minorToDecimal(p.boughtCg), FORMATS.grams);
  line(`Vendido em ${p.year}`, minorToDecimal(p.soldCents), FORMATS.brl);
  line(`Gramas vendidas em ${p.year}`, minorToDecimal(p.soldCg), FORMATS.grams);
  summary.addRow({});
  summary.addRow({ label: 'Vendas por mês (isenção até R$ 35.000,00 por mês)' }).font = { bold: true };
  const months = monthlySales(orders);
  for (const [m, s] of [...months.entries()].sort((a, b) => a[0] - b[0])) {
    const over = s.cents > MONTHLY_EXEMPTION_CENTS ? ' - acima de R$ 35.000,00: apure o ganho (DARF)' : '';
    line(`${MONTHS[m]}/${p.year}: ${s.n} venda(s), ${formatGrams(s.cg)}${over}`, minorToDecimal(s.cents), FORMATS.brl);
  }
  if (months.size === 0) summary.addRow({ label: 'Nenhuma venda no ano.' });
  summary.addRow({});
  summary.addRow({
    label:
      'Custo médio: média ponderada móvel das compras (valor + taxa operacional + IOF); cada venda retira gramas pelo custo médio, que não muda. ' +
      `Valores em reais; ${formatBRL(MONTHLY_EXEMPTION_CENTS)} é o limite mensal de vendas isentas.`,
  });

  summary.commit();
  return finish();
}

/** buildWorkbook on the render pool (GET /api/orders/export/{year}): a year of 10,000 orders is a second of exceljs. */
export const irpfWorkbook = renderJob(import.meta.url, 'irpfWorkbook', buildWorkbook);
