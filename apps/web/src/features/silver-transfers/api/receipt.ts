import { apiFetchFile } from '@/lib/api';
import { saveBlob } from '@/lib/files';
import { withLoading } from '@/lib/loading';
import { notify } from '@/lib/notify';

export const receiptPath = (id: number) => `/silver-transfer/${id}/receipt`;

/**
 * GET /api/silver-transfer/{id}/receipt, opened in a new window (spec 3 §7). The PDF needs the bearer token, so it is
 * fetched and shown from a blob; the window is opened at the click (a window opened after the answer would be
 * blocked as a pop-up). Where no window may open, the PDF is saved instead.
 */
export async function openTransferReceipt(id: number): Promise<void> {
  const opened = window.open('', '_blank');
  try {
    const { blob, fileName } = await withLoading('Gerando comprovante...', () => apiFetchFile(receiptPath(id)));
    const pdf = blob.type === 'application/pdf' ? blob : new Blob([blob], { type: 'application/pdf' });
    if (!opened) {
      saveBlob(pdf, fileName ?? `comprovante-transferencia-${id}.pdf`);
      return;
    }
    const url = URL.createObjectURL(pdf);
    opened.location.href = url;
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
  } catch (error) {
    opened?.close();
    notify.error(error);
  }
}
