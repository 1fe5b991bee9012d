import type { InvoiceLinkResponse } from '@prata/domain';
import { api } from '@/lib/api';
import { downloadFromApi } from '@/lib/download';
import { withLoading } from '@/lib/loading';
import { notify } from '@/lib/notify';

/** GET /api/service-invoice/{id}/pdf: the PDF itself (with the bearer token), saved as a file. */
export const downloadServiceInvoice = (id: number, number: string) =>
  downloadFromApi(`/service-invoice/${id}/pdf`, `nota-servico-${number}.pdf`);

/** Opens a link the browser downloads from (an attachment: the page stays where it is). */
function openLink(uri: string): void {
  const link = document.createElement('a');
  link.href = uri;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.appendChild(link);
  link.click();
  link.remove();
}

/** GET /api/product-invoice/{id}/pdf → { uri }: a short-lived link the browser opens (spec 3 §7). */
export async function openProductInvoice(id: number): Promise<void> {
  try {
    const { uri } = await withLoading('Baixando arquivo...', () =>
      api.get<InvoiceLinkResponse>(`/product-invoice/${id}/pdf`),
    );
    openLink(uri);
  } catch (error) {
    notify.error(error);
  }
}
