import { BRASILIA_TIME_ZONE, formatBRL, formatGrams, TEST_DOCUMENT_MARK } from '@prata/domain';
import { degrees, type PDFFont, type PDFPage, PDFDocument, rgb, StandardFonts } from 'pdf-lib';
import type { InvoiceBorrower, InvoicingPort, StoredProductInvoice, StoredServiceInvoice } from './port';

/** The platform as issuer on the embedded documents: the company the web app's footer names (demonstration data). */
const EMBEDDED_ISSUER = {
  name: 'Prata Metais Preciosos Ltda (demonstração)',
  cnpj: '12.ABC.345/01DE-35',
  address: 'Avenida Paulista, 1000, 10º andar - Bela Vista - São Paulo/SP - CEP 01310-100',
};

const A4: [number, number] = [595.28, 841.89];
const MARGIN = 48;
const RED = rgb(0.75, 0.1, 0.1);
const GREY = rgb(0.4, 0.4, 0.4);

/** Helvetica speaks WinAnsi (Latin-1 and a few more): anything else becomes '?'. */
function winAnsi(text: string): string {
  return text.replace(/[^\x20-\x7e\u00a0-\u00ff\u2013\u2014\u2018\u2019\u201c\u201d\u2022\u2026\u20ac]/g, '?');
}

const formatDocument = (b: InvoiceBorrower) => {
  if (!b.document) return 'não informado';
  const d = b.document;
  return b.document_type === 'cnpj'
    ? `CNPJ ${d.slice(0, 2)}.${d.slice(2, 5)}.${d.slice(5, 8)}/${d.slice(8, 12)}-${d.slice(12)}`
    : `CPF ${d.slice(0, 3)}.${d.slice(3, 6)}.${d.slice(6, 9)}-${d.slice(9)}`;
};

const formatAddress = (b: InvoiceBorrower) => {
  const a = b.address;
  if (!a) return 'Endereço não informado';
  const unit = a.unit ? `, ${a.unit}` : '';
  return `${a.street}, ${a.number}${unit} - ${a.neighborhood} - ${a.city}/${a.state} - CEP ${a.cep.slice(0, 5)}-${a.cep.slice(5)}`;
};

const dateTime = (d: Date) =>
  d.toLocaleString('pt-BR', { timeZone: BRASILIA_TIME_ZONE, dateStyle: 'short', timeStyle: 'short' });

/** Writes lines top-down on A4 pages, with the test mark on every page. */
class Writer {
  page!: PDFPage;
  y = 0;
  constructor(
    private doc: PDFDocument,
    private font: PDFFont,
    private bold: PDFFont,
    private test: boolean,
  ) {
    this.newPage();
  }

  newPage() {
    this.page = this.doc.addPage(A4);
    this.y = A4[1] - MARGIN;
    if (!this.test) return;
    // across the page, faint, and again in red at the top
    this.page.drawText(TEST_DOCUMENT_MARK, {
      x: 90,
      y: 220,
      size: 30,
      font: this.bold,
      color: rgb(0.92, 0.75, 0.75),
      rotate: degrees(45),
    });
    this.page.drawRectangle({ x: MARGIN, y: this.y - 26, width: A4[0] - 2 * MARGIN, height: 30, color: RED });
    this.text(TEST_DOCUMENT_MARK, { size: 14, bold: true, color: rgb(1, 1, 1), x: MARGIN + 10, dy: 0 });
    this.y -= 40;
  }

  text(
    value: string,
    o: { size?: number; bold?: boolean; color?: ReturnType<typeof rgb>; x?: number; dy?: number } = {},
  ) {
    const size = o.size ?? 10;
    if (this.y < MARGIN + size) this.newPage();
    this.page.drawText(winAnsi(value), {
      x: o.x ?? MARGIN,
      y: this.y - size,
      size,
      font: o.bold ? this.bold : this.font,
      color: o.color ?? rgb(0.1, 0.1, 0.1),
    });
    if (o.dy !== 0) this.y -= o.dy ?? size + 5;
  }

  /** A wrapped paragraph within the margins. */
  paragraph(value: string, size = 10) {
    const width = A4[0] - 2 * MARGIN;
    let line = '';
    for (const word of winAnsi(value).split(/\s+/)) {
      const next = line ? `${line} ${word}` : word;
      if (this.font.widthOfTextAtSize(next, size) > width && line) {
        this.text(line, { size });
        line = word;
      } else line = next;
    }
    if (line) this.text(line, { size });
  }

  /** Label on the left, amount on the right. */
  row(label: string, amount: string, bold = false) {
    const size = 10;
    if (this.y < MARGIN + size) this.newPage();
    const font = bold ? this.bold : this.font;
    const right = A4[0] - MARGIN - font.widthOfTextAtSize(winAnsi(amount), size);
    this.page.drawText(winAnsi(amount), { x: right, y: this.y - size, size, font });
    this.text(label, { size, bold });
  }

  rule() {
    this.page.drawLine({
      start: { x: MARGIN, y: this.y - 2 },
      end: { x: A4[0] - MARGIN, y: this.y - 2 },
      thickness: 0.5,
      color: GREY,
    });
    this.y -= 10;
  }
}

async function start(title: string, test: boolean, number: string, issuedAt: Date) {
  const doc = await PDFDocument.create();
  doc.setTitle(winAnsi(title));
  doc.setAuthor('Prata');
  doc.setProducer('Prata (emissor embutido)');
  doc.setCreationDate(issuedAt);
  doc.setModificationDate(issuedAt);
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const w = new Writer(doc, font, bold, test);
  w.text(title, { size: 16, bold: true });
  w.text(`Número ${number} - emitida em ${dateTime(issuedAt)}`, { color: GREY });
  w.y -= 6;
  w.text('Emitente', { bold: true });
  w.text(EMBEDDED_ISSUER.name);
  w.text(`CNPJ ${EMBEDDED_ISSUER.cnpj}`);
  w.text(EMBEDDED_ISSUER.address);
  w.y -= 6;
  return { doc, w };
}

function borrower(w: Writer, heading: string, b: InvoiceBorrower) {
  w.text(heading, { bold: true });
  w.text(b.name);
  w.text(formatDocument(b));
  w.text(b.email);
  w.text(formatAddress(b));
  w.y -= 6;
}

function footer(w: Writer, test: boolean) {
  w.y -= 10;
  w.paragraph(
    test
      ? 'Documento emitido pelo emissor embutido da Prata para demonstração e testes. Não é uma nota fiscal, não tem validade fiscal e não foi transmitido à prefeitura nem à SEFAZ.'
      : 'Documento auxiliar da nota fiscal eletrônica.',
    9,
  );
}

async function renderServiceInvoicePdf(i: StoredServiceInvoice): Promise<Buffer> {
  const { doc, w } = await start('Nota Fiscal de Serviço Eletrônica (NFS-e)', i.testDocument, i.number, i.issuedAt);
  borrower(w, 'Tomador do serviço', i.borrower);
  w.text('Discriminação dos serviços', { bold: true });
  w.paragraph(i.description);
  w.y -= 4;
  w.rule();
  for (const line of i.lines) w.row(`${line.label} (${line.count})`, formatBRL(line.amount_cents));
  w.rule();
  w.row('Valor total dos serviços', formatBRL(i.servicesCents), true);
  footer(w, i.testDocument);
  return Buffer.from(await doc.save());
}

async function renderProductInvoicePdf(i: StoredProductInvoice): Promise<Buffer> {
  const { doc, w } = await start(
    'Nota Fiscal Eletrônica (NF-e) - DANFE simplificado',
    i.testDocument,
    i.number,
    i.issuedAt,
  );
  borrower(w, 'Destinatário', i.borrower);
  w.text('Produtos', { bold: true });
  w.paragraph(i.description);
  w.y -= 4;
  w.rule();
  for (const item of i.items)
    w.row(`${item.quantity} × ${item.name} (${formatGrams(item.grams_cg)})`, formatBRL(item.amount_cents));
  w.rule();
  w.row('Valor dos produtos', formatBRL(i.productsCents), true);
  w.y -= 6;
  w.text('Tributos', { bold: true });
  w.row('ICMS', formatBRL(i.taxes.icms));
  w.row('ICMS DIFAL', formatBRL(i.taxes.difal));
  w.row('PIS', formatBRL(i.taxes.pis));
  w.row('COFINS', formatBRL(i.taxes.cofins));
  w.rule();
  w.row('Total dos tributos', formatBRL(i.taxesCents), true);
  footer(w, i.testDocument);
  return Buffer.from(await doc.save());
}

/**
 * The embedded issuer: no network, numbers from the platform's own series, PDFs made here, every one a test document
 * ("SEM VALOR FISCAL - ambiente de testes"). In production it issues nothing (canIssue false): a test document must
 * never reach a customer there (docs/fiscal.md).
 */
export function embeddedInvoicing(opts: { production: boolean }): InvoicingPort {
  const refuse = () => {
    throw new Error('O emissor embutido não emite notas em produção.');
  };
  return {
    provider: 'embedded',
    testDocuments: true,
    canIssue: !opts.production,
    async issueService(draft) {
      if (opts.production) refuse();
      return { externalId: `embedded:${draft.reference}`, number: `T-S-${String(draft.sequence).padStart(6, '0')}` };
    },
    async issueProduct(draft) {
      if (opts.production) refuse();
      return { externalId: `embedded:${draft.reference}`, number: `T-P-${String(draft.sequence).padStart(6, '0')}` };
    },
    servicePdf: renderServiceInvoicePdf,
    productPdf: renderProductInvoicePdf,
    async productPdfLink() {
      return null;
    },
  };
}
