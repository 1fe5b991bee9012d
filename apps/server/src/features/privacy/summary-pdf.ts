import {
  formatDateTimeBR,
  PRIVACY_EXPORT_SECTION_LABELS,
  PRIVACY_EXPORT_SECTIONS,
  type PrivacyExportData,
} from '@prata/domain';
import { PDFDocument, type PDFFont, type PDFPage, StandardFonts } from 'pdf-lib';
import { PDF_ACCENT, PDF_INK, PDF_MARGIN, PDF_MUTED, PDF_PAGE, PDF_RULE, printable } from '@/lib/pdf';

const LINE = 15;
const BOTTOM = PDF_MARGIN + 20;
const WIDTH = PDF_PAGE[0] - 2 * PDF_MARGIN;

/** Goes down the page, opening another when it reaches the bottom; wraps long lines at words. */
class Writer {
  page: PDFPage;
  y = PDF_PAGE[1] - PDF_MARGIN;
  constructor(
    readonly doc: PDFDocument,
    readonly regular: PDFFont,
    readonly bold: PDFFont,
  ) {
    this.page = doc.addPage(PDF_PAGE);
  }
  private room(h: number) {
    if (this.y - h < BOTTOM) {
      this.page = this.doc.addPage(PDF_PAGE);
      this.y = PDF_PAGE[1] - PDF_MARGIN;
    }
  }
  line(text: string, opts: { size?: number; bold?: boolean; muted?: boolean; indent?: number } = {}) {
    const font = opts.bold ? this.bold : this.regular;
    const size = opts.size ?? 10;
    const indent = opts.indent ?? 0;
    const words = printable(font, text).split(' ');
    let current = '';
    const lines: string[] = [];
    for (const w of words) {
      const next = current ? `${current} ${w}` : w;
      if (font.widthOfTextAtSize(next, size) > WIDTH - indent && current) {
        lines.push(current);
        current = w;
      } else current = next;
    }
    lines.push(current);
    for (const l of lines) {
      this.room(size + 5);
      this.y -= size + 5;
      this.page.drawText(l, {
        x: PDF_MARGIN + indent,
        y: this.y,
        size,
        font,
        color: opts.muted ? PDF_MUTED : opts.bold ? PDF_ACCENT : PDF_INK,
      });
    }
  }
  gap(h = LINE / 2) {
    this.y -= h;
  }
  rule() {
    this.room(10);
    this.y -= 6;
    this.page.drawLine({
      start: { x: PDF_MARGIN, y: this.y },
      end: { x: PDF_PAGE[0] - PDF_MARGIN, y: this.y },
      thickness: 0.5,
      color: PDF_RULE,
    });
    this.y -= 4;
  }
}

const yesNo = (v: boolean | null) => (v === null ? 'não informado' : v ? 'sim' : 'não');
const when = (v: unknown) => (typeof v === 'string' && v ? formatDateTimeBR(v) : '-');

/**
 * The summary a person reads (resumo.pdf): who the copy is about, what each section of data.json holds and how many
 * records, the declarations, the consents and the files. data.json is the complete copy; this is its table of contents.
 */
export async function summaryPdf(data: PrivacyExportData, dpo: { name: string; email: string }): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle('Seus dados na Prata');
  doc.setLanguage('pt-BR');
  doc.setCreator('Prata');
  const w = new Writer(
    doc,
    await doc.embedFont(StandardFonts.Helvetica),
    await doc.embedFont(StandardFonts.HelveticaBold),
  );
  const c = data.customer as { [k: string]: unknown };
  w.line('Seus dados na Prata', { size: 18, bold: true });
  w.line(`Cópia gerada em ${formatDateTimeBR(data.generated_at)} (pedido nº ${data.request_id})`, { muted: true });
  w.rule();
  w.line('Cadastro', { size: 13, bold: true });
  w.line(`Nome: ${String(c.name ?? '')}`);
  w.line(`E-mail: ${String(c.email ?? '')}`);
  if (c.cpf) w.line(`CPF: ${String(c.cpf)}`);
  if (data.company)
    w.line(`Empresa: ${String(data.company.razao_social ?? '')} (CNPJ ${String(data.company.cnpj ?? '')})`);
  w.line(`Conta aberta em: ${when(c.created_at)}`);
  w.gap();
  w.line('Declarações', { size: 13, bold: true });
  w.line(`Pessoa politicamente exposta: ${yesNo(data.declarations.politicamente_exposto)}`);
  w.line(`Cidadão americano: ${yesNo(data.declarations.americano)}`);
  w.line(`Contribuinte nos Estados Unidos: ${yesNo(data.declarations.contribuinte_americano)}`);
  w.line(`Declaração FATCA em: ${when(data.declarations.fatca_declared_at)}`);
  w.gap();
  w.line('O que o arquivo data.json contém', { size: 13, bold: true });
  for (const s of PRIVACY_EXPORT_SECTIONS) {
    const n = data.sections[s].length;
    w.line(`${PRIVACY_EXPORT_SECTION_LABELS[s]}: ${n} ${n === 1 ? 'registro' : 'registros'}`, { indent: 8 });
  }
  w.gap();
  w.line('Consentimentos', { size: 13, bold: true });
  if (data.sections.consents.length === 0) w.line('Nenhum consentimento registrado.', { muted: true });
  for (const k of data.sections.consents) {
    const what =
      k.kind === 'termos'
        ? 'Termos de uso'
        : k.kind === 'privacidade'
          ? 'Política de privacidade'
          : 'E-mails de ofertas';
    const action = k.kind === 'marketing' ? (k.granted ? 'aceitou' : 'recusou') : 'aceitou';
    w.line(`${what}${k.version ? ` (versão ${String(k.version)})` : ''}: ${action} em ${when(k.created_at)}`, {
      indent: 8,
    });
  }
  w.gap();
  w.line('Arquivos', { size: 13, bold: true });
  if (data.files.length === 0) w.line('Nenhum documento ou anexo enviado.', { muted: true });
  for (const f of data.files) w.line(`${f.path} (${Math.ceil(f.size_bytes / 1024)} KB)`, { indent: 8 });
  w.rule();
  w.line(
    'Valores em dinheiro estão em centavos de real e quantidades de prata em centigramas (1 g = 100 cg). ' +
      'O formato de cada seção está descrito em LEIA-ME.txt.',
    { muted: true, size: 9 },
  );
  w.line(`Dúvidas sobre os seus dados: ${dpo.name}, ${dpo.email}.`, { muted: true, size: 9 });
  return doc.save();
}
