import { MESSAGES } from '@prata/domain';

/** 5 MB, as the spec says (spec 2 §5): 5242880 bytes is accepted, one byte more is not. */
export const MAX_UPLOAD_BYTES = 5_242_880;

const UPLOAD_TYPES = ['application/pdf', 'image/png', 'image/jpeg', 'image/gif', 'image/webp'];
/** The same files by name, for a browser that gives no type (an empty `type`). */
const UPLOAD_NAME = /\.(pdf|png|jpe?g|gif|webp)$/i;

/** What the file pickers offer: PDF and images (the server checks the content again). */
export const UPLOAD_ACCEPT = UPLOAD_TYPES.join(',');

/**
 * Null when the file may be sent; otherwise the spec's message to show (the file is discarded): above 5 MB, or not a
 * PDF or an image (the picker only suggests these; "all files" or a drop gets past it).
 */
export function uploadProblem(file: Pick<File, 'size' | 'type' | 'name'>): string | null {
  if (file.size > MAX_UPLOAD_BYTES) return MESSAGES.fileTooLarge;
  const known = file.type ? UPLOAD_TYPES.includes(file.type) : UPLOAD_NAME.test(file.name);
  return known ? null : MESSAGES.fileTypeNotAllowed;
}

/** 1536 → '1,5 KB', 2621440 → '2,5 MB' (for lists of files). */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const kb = bytes / 1024;
  if (kb < 1024) return `${kb.toLocaleString('pt-BR', { maximumFractionDigits: 1 })} KB`;
  return `${(kb / 1024).toLocaleString('pt-BR', { maximumFractionDigits: 1 })} MB`;
}

/** Hands a downloaded blob to the browser as a file (an <a download> with an object URL). */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.appendChild(link);
  link.click();
  link.remove();
  // Give the browser time to start the download before the URL goes away.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
