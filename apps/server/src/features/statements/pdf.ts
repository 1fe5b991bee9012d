import { deflateSync } from 'node:zlib';
import { PDFDocument, type PDFFont, type PDFName, type PDFPage, type RGB, StandardFonts } from 'pdf-lib';
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
import { renderJob } from '@/lib/render-pool';

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

/** A coordinate as a content stream writes it: at most two decimals, no exponent. */
function number(n: number): string {
  return String(Math.round(n * 100) / 100);
}

/** Each font's glyph code of each character, in hex as `<…> Tj` takes it: the font's encodeText, once per character. */
const glyphHex = new WeakMap<PDFFont, Map<string, string>>();
function glyphCodes(font: PDFFont, text: string): string {
  let known = glyphHex.get(font);
  if (!known) {
    known = new Map();
    glyphHex.set(font, known);
  }
  let hex = '';
  for (const ch of text) {
    let code = known.get(ch);
    if (code === undefined) {
      code = font.encodeText(ch).toString().slice(1, -1);
      known.set(ch, code);
    }
    hex += code;
  }
  return hex;
}

/** One page as the writer fills it: its fonts' names in its resources and its text and lines, as content stream. */
type Sheet = { page: PDFPage; keys: { regular: PDFName; bold: PDFName }; ops: string[] };

/**
 * A writer that goes down the page and opens a new one when it reaches the bottom: the statement of a busy month
 * runs over several pages, each with its number at the foot. Text and rules are written as the content stream's own
 * operators, kept per page and deflated once at the end (finish, with the footers): pdf-lib's operator objects for
 * each cell (numbers, names, hex strings, their serialization, pako's deflate of every page) cost ten times the layout
 * when a month prints 10,000 lines. The fonts are pdf-lib's (widths, glyph codes); what pdf-lib draws itself (the
 * summary panel's rectangle) comes first on its page, under the text.
 */
class Writer {
  sheet: Sheet;
  sheets: Sheet[] = [];
  y: number;
  constructor(
    readonly doc: PDFDocument,
    readonly regular: PDFFont,
    readonly bold: PDFFont,
  ) {
    this.sheet = this.addSheet();
    this.y = PDF_PAGE[1] - PDF_MARGIN;
  }

  get page(): PDFPage {
    return this.sheet.page;
  }

  private addSheet(): Sheet {
    const page = this.doc.addPage(PDF_PAGE);
    const keys = {
      regular: page.node.newFontDictionary(this.regular.name, this.regular.ref),
      bold: page.node.newFontDictionary(this.bold.name, this.bold.ref),
    };
    const sheet = { page, keys, ops: [] };
    this.sheets.push(sheet);
    return sheet;
  }

  /** One text object: ink, font and size, where it starts, the glyphs. */
  private show(shown: string, font: PDFFont, size: number, color: RGB, x: number, y: number): string {
    const key = font === this.bold ? this.sheet.keys.bold : this.sheet.keys.regular;
    return (
      `${color.red} ${color.green} ${color.blue} rg\n${key} ${size} Tf\n` +
      `1 0 0 1 ${number(x)} ${number(y)} Tm\n<${glyphCodes(font, shown)}> Tj\n`
    );
  }

  /** A text's width, or its description cut to fit, once per font, size and text (a month repeats its amounts). */
  private known = new Map<string, unknown>();
  private measured<T>(what: 'width' | 'fit', font: PDFFont, size: number, text: string, measure: () => T): T {
    const key = `${what}|${font === this.bold ? 'b' : 'r'}|${size}|${text}`;
    if (this.known.has(key)) return this.known.get(key) as T;
    const value = measure();
    this.known.set(key, value);
    return value;
  }

  /** A movement's line: its cells in one text object. */
  cells(list: readonly Cell[]) {
    let line = 'BT\n';
    for (const c of list) {
      const font = c.bold ? this.bold : this.regular;
      let shown = printable(font, c.text);
      let x = c.x;
      if (c.alignRight) x -= this.measured('width', font, c.size, shown, () => font.widthOfTextAtSize(shown, c.size));
      else if (c.x === COLUMNS.description)
        shown = this.measured('fit', font, c.size, shown, () => fitDescription(font, shown, c.size));
      line += this.show(shown, font, c.size, c.color, x, this.y);
    }
    this.sheet.ops.push(`${line}ET\n`);
  }

  text(value: string, opts: TextOptions = {}) {
    this.cells([
      {
        text: value,
        x: opts.x ?? PDF_MARGIN,
        size: opts.size ?? 10,
        bold: opts.font === this.bold,
        color: opts.color ?? PDF_INK,
        alignRight: opts.alignRight,
      },
    ]);
  }

  rule() {
    const { red, green, blue } = PDF_RULE;
    const y = number(this.y);
    this.sheet.ops.push(`q\n${red} ${green} ${blue} RG\n1 w\n${PDF_MARGIN} ${y} m\n${number(RIGHT)} ${y} l\nS\nQ\n`);
  }

  /** Room for `height` more points on this page, or a new page. */
  need(height: number, onNewPage?: () => void) {
    if (this.y - height >= BOTTOM) return;
    this.sheet = this.addSheet();
    this.y = PDF_PAGE[1] - PDF_MARGIN;
    onNewPage?.();
  }

  /** Each page's footer, then its text as one deflated content stream after what pdf-lib drew on it. */
  finish(footer: (page: number, pages: number) => string) {
    const context = this.doc.context;
    this.sheets.forEach((sheet, i) => {
      this.sheet = this.sheets[i]!;
      const text = printable(this.regular, footer(i + 1, this.sheets.length));
      sheet.ops.push(`BT\n${this.show(text, this.regular, 8, PDF_MUTED, PDF_MARGIN, PDF_MARGIN - 20)}ET\n`);
      const stream = context.stream(deflateSync(Buffer.from(sheet.ops.join(''), 'latin1')), { Filter: 'FlateDecode' });
      sheet.page.node.addContentStream(context.register(stream));
      sheet.ops = [];
    });
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
 * formatDateTimeBR by the hour (Intl's formatToParts is most of a line's cost when a month prints 10,000 lines):
 * Brasília's offsets are whole hours, so an instant's text is its hour's text with the instant's own minutes.
 */
function dateTimeByHour(): (iso: string) => string {
  const seen = new Map<string, string>();
  return (iso) => {
    if (iso[13] !== ':' || !iso.endsWith('Z')) return formatDateTimeBR(iso);
    const hour = iso.slice(0, 13);
    let text = seen.get(hour);
    if (text === undefined) {
      text = formatDateTimeBR(`${hour}:00:00Z`);
      seen.set(hour, text);
    }
    return `${text.slice(0, -2)}${iso.slice(14, 16)}`;
  };
}

function section(w: Writer, title: string, part: MonthlyStatementCurrency, format: (n: number) => string) {
  const dateTime = dateTimeByHour();
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

  w.finish((page, pages) => `Prata · extrato de ${label} · página ${page} de ${pages}`);
  return doc.save();
}

/** renderStatement on the render pool (GET /api/statements/pdf): 20,000 trades in a month are 0.3 s or more of layout. */
export const statementPdf = renderJob(import.meta.url, 'statementPdf', renderStatement);
