import { PDFDocument, type PDFFont, type PDFPage, type RGB, StandardFonts } from 'pdf-lib';
import {
  formatDateBR,
  formatDateTimeBR,
  formatDecimalGrams,
  formatReais,
  type MonthlyStatementCurrency,
  type MonthlyStatementResponse,
  statementMonthLabel,
} from '@prata/domain';
import { PDF_ACCENT, PDF_INK, PDF_MARGIN, PDF_MUTED, PDF_PAGE, PDF_PANEL, PDF_RULE, printable } from '../../lib/pdf';

const LINE_HEIGHT = 15;
const BOTTOM = PDF_MARGIN + 20;
const RIGHT = PDF_PAGE[0] - PDF_MARGIN;
/** Where each column starts (date, description) or ends (amount, balance: right-aligned). */
const COLUMNS = { date: PDF_MARGIN, description: PDF_MARGIN + 92, amountEnd: RIGHT - 96, balanceEnd: RIGHT };
const DESCRIPTION_WIDTH = COLUMNS.amountEnd - 90 - COLUMNS.description;

type TextOptions = { size?: number; font?: PDFFont; color?: RGB; x?: number; alignRight?: boolean };

/**
 * A writer that goes down the page and opens a new one when it reaches the bottom: the statement of a busy month
 * runs over several pages, each with its number at the foot.
 */
class Writer {
  page: PDFPage;
  y: number;
  constructor(
    readonly doc: PDFDocument,
    readonly regular: PDFFont,
    readonly bold: PDFFont,
  ) {
    this.page = doc.addPage(PDF_PAGE);
    this.y = PDF_PAGE[1] - PDF_MARGIN;
  }

  text(value: string, opts: TextOptions = {}) {
    const font = opts.font ?? this.regular;
    const size = opts.size ?? 10;
    let shown = printable(font, value);
    const x = opts.x ?? PDF_MARGIN;
    if (opts.alignRight) {
      this.page.drawText(shown, {
        x: x - font.widthOfTextAtSize(shown, size),
        y: this.y,
        size,
        font,
        color: opts.color ?? PDF_INK,
      });
      return;
    }
    // a description never runs into the amount column
    if (x === COLUMNS.description)
      while (shown.length > 4 && font.widthOfTextAtSize(shown, size) > DESCRIPTION_WIDTH)
        shown = `${shown.slice(0, -2)}…`;
    this.page.drawText(shown, { x, y: this.y, size, font, color: opts.color ?? PDF_INK });
  }

  rule() {
    this.page.drawLine({
      start: { x: PDF_MARGIN, y: this.y },
      end: { x: RIGHT, y: this.y },
      thickness: 1,
      color: PDF_RULE,
    });
  }

  /** Room for `height` more points on this page, or a new page. */
  need(height: number, onNewPage?: () => void) {
    if (this.y - height >= BOTTOM) return;
    this.page = this.doc.addPage(PDF_PAGE);
    this.y = PDF_PAGE[1] - PDF_MARGIN;
    onNewPage?.();
  }
}

/** "disponível R$ 700,00 + reservado R$ 300,00": how a balance splits, as the drawer shows it. */
export function splitText(available: number, reserved: number, format: (n: number) => string): string {
  return `disponível ${format(available)} + reservado ${format(reserved)}`;
}

/** A balance line of a section: its label and total in bold, and how it splits, muted, under the description. */
function balanceLine(w: Writer, label: string, total: string, split: string, labelX: number) {
  w.text(label, { font: w.bold, x: labelX, alignRight: labelX !== COLUMNS.description });
  w.text(total, { font: w.bold, x: COLUMNS.balanceEnd, alignRight: true });
  w.y -= LINE_HEIGHT - 3;
  w.text(split, { size: 8, color: PDF_MUTED, x: COLUMNS.balanceEnd, alignRight: true });
  w.y -= LINE_HEIGHT;
}

function section(w: Writer, title: string, part: MonthlyStatementCurrency, format: (n: number) => string) {
  const header = () => {
    w.text('Data', { size: 9, color: PDF_MUTED, x: COLUMNS.date });
    w.text('Descrição', { size: 9, color: PDF_MUTED, x: COLUMNS.description });
    w.text('Valor', { size: 9, color: PDF_MUTED, x: COLUMNS.amountEnd, alignRight: true });
    w.text('Saldo', { size: 9, color: PDF_MUTED, x: COLUMNS.balanceEnd, alignRight: true });
    w.y -= 6;
    w.rule();
    w.y -= LINE_HEIGHT;
  };
  w.need(90);
  w.text(title, { size: 13, font: w.bold, color: PDF_ACCENT });
  w.y -= 20;
  header();
  balanceLine(
    w,
    'Saldo inicial',
    format(part.opening),
    splitText(part.opening_available, part.opening_reserved, format),
    COLUMNS.description,
  );
  if (part.movements.length === 0) {
    w.text('Nenhuma movimentação no mês.', { color: PDF_MUTED, x: COLUMNS.description });
    w.y -= LINE_HEIGHT;
  }
  for (const m of part.movements) {
    w.need(LINE_HEIGHT, header);
    w.text(formatDateTimeBR(m.at), { size: 9, x: COLUMNS.date });
    w.text(m.description, { x: COLUMNS.description });
    w.text(`${m.amount > 0 ? '+' : ''}${format(m.amount)}`, { x: COLUMNS.amountEnd, alignRight: true });
    w.text(format(m.balance), { x: COLUMNS.balanceEnd, alignRight: true, color: PDF_MUTED });
    w.y -= LINE_HEIGHT;
  }
  w.need(LINE_HEIGHT * 4, header);
  w.y += 6;
  w.rule();
  w.y -= LINE_HEIGHT;
  w.text(`Entradas ${format(part.credits)} · Saídas ${format(part.debits)}`, { size: 9, color: PDF_MUTED });
  balanceLine(
    w,
    'Saldo final',
    format(part.closing),
    splitText(part.closing_available, part.closing_reserved, format),
    COLUMNS.amountEnd,
  );
  w.y -= 15;
}

/** The panel under the header: the four balances, each with its split, and both average costs. */
function summaryPanel(w: Writer, s: MonthlyStatementResponse) {
  const cost = s.average_cost;
  const balance = (total: number, available: number, reserved: number, format: (n: number) => string) =>
    `${format(total)} (${splitText(available, reserved, format)})`;
  const summary: Array<[string, string]> = [
    [
      'Saldo inicial em reais',
      balance(s.reais.opening, s.reais.opening_available, s.reais.opening_reserved, formatReais),
    ],
    [
      'Saldo final em reais',
      balance(s.reais.closing, s.reais.closing_available, s.reais.closing_reserved, formatReais),
    ],
    [
      'Saldo inicial em prata',
      balance(s.grams.opening, s.grams.opening_available, s.grams.opening_reserved, formatDecimalGrams),
    ],
    [
      'Saldo final em prata',
      balance(s.grams.closing, s.grams.closing_available, s.grams.closing_reserved, formatDecimalGrams),
    ],
    [
      'Custo médio das compras do mês',
      cost.month_per_gram === null
        ? 'sem compras no mês'
        : `${formatReais(cost.month_per_gram)}/g (${formatDecimalGrams(cost.bought_grams)} por ${formatReais(cost.bought_amount)})`,
    ],
    [
      'Custo médio de aquisição (IRPF) no fim do mês',
      cost.irpf_per_gram === null ? '—' : `${formatReais(cost.irpf_per_gram)}/g`,
    ],
  ];
  const panelHeight = summary.length * LINE_HEIGHT + 16;
  w.page.drawRectangle({
    x: PDF_MARGIN,
    y: w.y - panelHeight + 18,
    width: RIGHT - PDF_MARGIN,
    height: panelHeight,
    color: PDF_PANEL,
  });
  for (const [name, value] of summary) {
    w.text(name, { x: PDF_MARGIN + 12, color: PDF_MUTED });
    w.text(value, { x: RIGHT - 12, alignRight: true, font: w.bold });
    w.y -= LINE_HEIGHT;
  }
  w.y -= 26;
}

/**
 * The month's statement as a PDF (pdf-lib, standard fonts, the receipts' look: lib/pdf.ts): who and which month,
 * the balances and the average cost in a panel, then reais and silver, each opening balance, every movement with the
 * balance after it, and the closing balance. Figures are the JSON answer's, so the screen and the PDF cannot differ.
 */
export async function renderStatement(s: MonthlyStatementResponse, issuedAt: Date): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const label = statementMonthLabel(s.month);
  doc.setTitle(`Extrato Prata de ${label}`);
  doc.setAuthor('Prata');
  doc.setCreationDate(issuedAt);
  const w = new Writer(
    doc,
    await doc.embedFont(StandardFonts.Helvetica),
    await doc.embedFont(StandardFonts.HelveticaBold),
  );

  w.text('Prata', { size: 22, font: w.bold, color: PDF_ACCENT });
  w.y -= 28;
  w.text(`Extrato mensal · ${label}`, { size: 15, font: w.bold });
  w.y -= 18;
  const period = `${formatDateBR(s.from)} a ${formatDateBR(new Date(new Date(s.to).getTime() - 1))}`;
  w.text(`${s.customer.name}${s.customer.document ? ` · ${s.customer.document}` : ''}`, { size: 10 });
  w.y -= 14;
  w.text(
    `Período: ${period} (horário de Brasília)${s.complete ? '' : ' · mês em andamento'} · emitido em ${formatDateTimeBR(issuedAt)}`,
    { size: 9, color: PDF_MUTED },
  );
  w.y -= 14;
  w.rule();
  w.y -= 24;

  summaryPanel(w, s);

  section(w, 'Reais', s.reais, formatReais);
  section(w, 'Prata (gramas)', s.grams, formatDecimalGrams);
  if (s.truncated)
    w.text('Mês com movimentações demais para listar: os saldos estão completos; peça o extrato ao suporte.', {
      size: 9,
      color: PDF_MUTED,
    });

  const pages = doc.getPages();
  pages.forEach((page, i) => {
    const footer = printable(w.regular, `Prata · extrato de ${label} · página ${i + 1} de ${pages.length}`);
    page.drawText(footer, { x: PDF_MARGIN, y: PDF_MARGIN - 20, size: 8, font: w.regular, color: PDF_MUTED });
  });
  return doc.save();
}
