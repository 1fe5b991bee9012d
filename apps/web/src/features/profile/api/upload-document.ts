import type { DocumentUploadResponse } from '@prata/domain';
import { api } from '@/lib/api';
import { idempotent } from '@/lib/idempotency';
import { useAccountMutation } from './use-account-mutation';

/**
 * POST /api/documents (multipart, one file in `document`) → 201 { document, message }, with the intention's
 * Idempotency-Key (lib/intention.ts): a double tap keeps one copy.
 */
function uploadDocument({ file, key }: { file: File; key: string }): Promise<DocumentUploadResponse> {
  const form = new FormData();
  form.append('document', file, file.name);
  return api.post('/documents', form, idempotent(key));
}

export const useUploadDocument = () => useAccountMutation('Enviando documento...', uploadDocument);
