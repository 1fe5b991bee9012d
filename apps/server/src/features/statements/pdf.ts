import {
  beginText,
  endText,
  PDFDocument,
  type PDFFont,
  type PDFName,
  type PDFPage,
  type RGB,
  StandardFonts,
  setFillingColor,
  setFontAndSize,
  setTextMatrix,
  showText,
} from 'pdf-lib';
import {
  formatDateBR,
  formatDateTimeBR,
  formatDecimalGrams,
  formatReais,
  type MonthlyStatementCurrency,
  type MonthlyStatementResponse,
  statementMonthLabel,
} from '@prata/domain';
import { PDF_ACCENT, PDF_INK, PDF_MARGIN, PDF_MUTED, PDF_PAGE, PDF_PANEL, PDF_RULE, printable } from '@/lib/pdf';

const LINE_HEIGHT = 15;
const BOTTOM = PDF_MARGIN + 20;
const RIGHT = PDF_PAGE[0] - PDF_MARGIN;
/** Where each column starts (date, description) or ends (amount, balance: right-aligned). */
const COLUMNS = { date: PDF_MARGIN, description: PDF_MARGIN + 92, amountEnd: RIGHT - 96, balanceEnd: RIGHT };
const DESCRIPTION_WIDTH = COLUMNS.amountEnd - 90 - COLUMNS.description;

type TextOptions = { size?: number; font?: PDFFont; color?: RGB; x?: number; alignRight?: boolean };
/** A cell of a movement's line: its text, where it starts (or ends, right-aligned), its size and ink. */
type Cell = { text: string; x: number; size: number; bold?: boolean; color: RGB; alignRight?: boolean };

/** A description never runs into the amount column: cut with an ellipsis. */
function fitDescription(font: PDFFont, text: string, size: number): string {
  let shown = text;
  while (shown.length > 4 && font.widthOfTextAtSize(shown, size) > DESCRIPTION_WIDTH) shown = `${shown.slice(0, -2)}…`;
  return shown;
}

/**
 * A writer that goes down the page and opens a new one when it reaches the bottom: the statement of a busy month
 * runs over several pages, each with its number at the foot.
 */
class Writer {
  page: PDFPage;
  y: number;
  /** the fonts' names in this page's resources (for cells written as raw text operators) */
  keys: { regular: PDFName; bold: PDFName };
  constructor(
    readonly doc: PDFDocument,
    readonly regular: PDFFont,
    readonly bold: PDFFont,
  ) {
    this.page = doc.addPage(PDF_PAGE);
    this.y = PDF_PAGE[1] - PDF_MARGIN;
    this.keys = this.fontKeys();
  }

  private fontKeys() {
    return {
      regular: this.page.node.newFontDictionary(this.regular.name, this.regular.ref),
      bold: this.page.node.newFontDictionary(this.bold.name, this.bold.ref),
    };
  }

  /**
   * A line of cells as one text object: what drawText writes for each cell (a saved graphics state, a text object,
   * checks of every option) costs more than the layout itself when a month prints 10,000 lines, so a movement's four
   * cells share one. The same page, fonts and inks as text().
   */
  cells(list: readonly Cell[]) {
    const ops = [beginText()];
    for (const c of list) {
      const font = c.bold ? this.bold : this.regular;
      let shown = printable(font, c.text);
      let x = c.x;
      if (c.alignRight) x -= font.widthOfTextAtSize(shown, c.size);
      else if (c.x === COLUMNS.description) shown = fitDescription(font, shown, c.size);
      ops.push(
        setFillingColor(c.color),
        setFontAndSize(c.bold ? this.keys.bold : this.keys.regular, c.size),
        setTextMatrix(1, 0, 0, 1, x, this.y),
        showText(font.encodeText(shown)),
      );
    }
    ops.push(endText());
    this.page.pushOperators(...ops);
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
    if (x === COLUMNS.description) shown = fitDescription(font, shown, size);
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
    this.keys = this.fontKeys();
    onNewPage?.();
  }
}

/** "disponível R$ 700,00 + reservado R$ 300,00": how a balance splits, as the drawer shows it. */
function splitText(available: number, reserved: number, format: (n: number) => string): string {
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

/**
 * formatDateTimeBR by the minute (what it shows): a busy month has several movements a minute, and Intl's
 * formatToParts is most of a line's cost. Brasília's offsets are whole hours, so the minute decides the text.
 */
function dateTimeByMinute(): (iso: string) => string {
  const seen = new Map<string, string>();
  return (iso) => {
    const minute = iso.slice(0, 16);
    let text = seen.get(minute);
    if (text === undefined) {
      text = formatDateTimeBR(iso);
      seen.set(minute, text);
    }
    return text;
  };
}

function section(w: Writer, title: string, part: MonthlyStatementCurrency, format: (n: number) => string) {
  const dateTime = dateTimeByMinute();
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
    w.cells([
      { text: dateTime(m.at), x: COLUMNS.date, size: 9, color: PDF_INK },
      { text: m.description, x: COLUMNS.description, size: 10, color: PDF_INK },
      {
        text: `${m.amount > 0 ? '+' : ''}${format(m.amount)}`,
        x: COLUMNS.amountEnd,
        size: 10,
        color: PDF_INK,
        alignRight: true,
      },
      { text: format(m.balance), x: COLUMNS.balanceEnd, size: 10, color: PDF_MUTED, alignRight: true },
    ]);
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
