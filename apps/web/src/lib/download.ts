import { apiFetchFile } from './api';
import { saveBlob } from './files';
import { withLoading } from './loading';
import { notify } from './notify';

/**
 * Downloads a file the API serves only with the bearer token (GET /api/document/{id}, the back office's
 * /api/admin/documents/{id}): fetch, then save. A failure shows the server's message.
 */
export async function downloadFromApi(path: string, fallbackName: string): Promise<void> {
  try {
    const { blob, fileName } = await withLoading('Baixando arquivo...', () => apiFetchFile(path));
    saveBlob(blob, fileName ?? fallbackName);
  } catch (error) {
    notify.error(error);
  }
}
