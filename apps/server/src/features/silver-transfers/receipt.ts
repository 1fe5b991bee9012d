import { PDFDocument, type PDFFont, type RGB, StandardFonts } from 'pdf-lib';
import { formatDateTimeBR, formatGrams, SILVER_TRANSFER_STATUS_LABELS } from '@prata/domain';
import type { AppDeps } from '@/deps';
import type { SilverTransferRow } from '@/db/rows';
import {
  PDF_ACCENT as ACCENT,
  PDF_MARGIN as MARGIN,
  PDF_MUTED as MUTED,
  PDF_INK as INK,
  PDF_PAGE as PAGE,
  PDF_PANEL,
  PDF_RULE,
  printable,
} from '@/lib/pdf';
import { namesOf, ownTransfer } from './service';
import { formatCheckCode, maskCpf, partyName } from './presenter';

export { sendPdf } from '@/lib/pdf';

type ReceiptData = {
  row: SilverTransferRow;
  senderName: string;
  receiverName: string | null;
};

/**
 * The receipt of a transfer as a one-page PDF (pdf-lib, standard fonts: nothing to embed): the number, the date, the
 * grams, the sender's name, the receiver (a short name once there is an account; the e-mail the sender typed and the
 * masked CPF while it waits), the status, the message, and the check code the back office finds the transfer by.
 */
async function renderReceipt({ row, senderName, receiverName }: ReceiptData): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(`Comprovante de transferência de prata nº ${row.id}`);
  doc.setAuthor('Prata');
  doc.setCreationDate(row.createdAt);
  const page = doc.addPage(PAGE);
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  let y = PAGE[1] - MARGIN;

  const text = (value: string, opts: { size?: number; font?: PDFFont; color?: RGB; x?: number }) => {
    const font = opts.font ?? regular;
    page.drawText(printable(font, value), {
      x: opts.x ?? MARGIN,
      y,
      size: opts.size ?? 11,
      font,
      color: opts.color ?? INK,
    });
  };

  text('Prata', { size: 22, font: bold, color: ACCENT });
  y -= 28;
  text('Comprovante de transferência de prata', { size: 15, font: bold });
  y -= 18;
  text('Transferências entre clientes Prata são gratuitas.', { size: 10, color: MUTED });
  y -= 16;
  page.drawLine({
    start: { x: MARGIN, y },
    end: { x: PAGE[0] - MARGIN, y },
    thickness: 1,
    color: PDF_RULE,
  });
  y -= 30;

  const receiver =
    receiverName ?? (row.receiverCpf ? `aguardando cadastro (CPF ${maskCpf(row.receiverCpf)})` : 'aguardando cadastro');
  const lines: Array<[string, string]> = [
    ['Transferência nº', String(row.id)],
    ['Data', formatDateTimeBR(row.createdAt)],
    ['Quantidade', formatGrams(row.quantityCg)],
    ['Remetente', senderName],
    ['Recebedor', receiver],
    ['E-mail do recebedor', row.receiverEmail],
    ['Situação', SILVER_TRANSFER_STATUS_LABELS[row.status]],
    ...(row.completedAt ? ([['Concluída em', formatDateTimeBR(row.completedAt)]] as Array<[string, string]>) : []),
    ...(row.status === 'pending' && row.expiresAt
      ? ([['Devolvida ao remetente se não recebida até', formatDateTimeBR(row.expiresAt)]] as Array<[string, string]>)
      : []),
    ...(row.message ? ([['Mensagem', `“${row.message}”`]] as Array<[string, string]>) : []),
  ];
  for (const [label, value] of lines) {
    text(label, { size: 10, color: MUTED });
    y -= 15;
    text(value, { size: 13, font: label === 'Quantidade' ? bold : regular });
    y -= 26;
  }

  y -= 10;
  page.drawRectangle({
    x: MARGIN,
    y: y - 50,
    width: PAGE[0] - 2 * MARGIN,
    height: 66,
    color: PDF_PANEL,
  });
  text('Código de verificação', { size: 10, color: MUTED, x: MARGIN + 14 });
  y -= 22;
  text(formatCheckCode(row.checkCode), { size: 18, font: bold, color: ACCENT, x: MARGIN + 14 });
  y -= 20;
  text('A equipe Prata confirma a autenticidade deste comprovante por este código.', {
    size: 9,
    color: MUTED,
    x: MARGIN + 14,
  });
  return doc.save();
}

/** GET /api/silver-transfer/{id}/receipt: the sender's or the receiver's own transfer (anyone else: 404). */
export async function transferReceipt(deps: AppDeps, userId: number, id: number) {
  const db = deps.database.db;
  const row = await ownTransfer(db, userId, id);
  const names = await namesOf(db, [row.senderId, row.receiverId]);
  const pdf = await renderReceipt({
    row,
    // the sender in full (the receipt is theirs to show), a company by its name; the receiver as the screens name them
    senderName: names.get(row.senderId)?.company ?? names.get(row.senderId)?.name ?? '',
    receiverName: row.receiverId ? partyName(names.get(row.receiverId)) : null,
  });
  return { pdf, filename: `comprovante-transferencia-${row.id}.pdf` };
}
