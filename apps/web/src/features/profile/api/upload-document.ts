import type { DocumentUploadResponse } from '@prata/domain';
import { api } from '../../../lib/api';
import { useAccountMutation } from './use-account-mutation';

/** POST /api/documents (multipart, one file in `document`) → 201 { document, message } */
export function uploadDocument(file: File): Promise<DocumentUploadResponse> {
  const form = new FormData();
  form.append('document', file, file.name);
  return api.post('/documents', form);
}

export const useUploadDocument = () => useAccountMutation('Enviando documento...', uploadDocument);
