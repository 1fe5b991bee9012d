import { MESSAGES, TICKET_FILES_PER_REQUEST } from '@prata/domain';
import { AppError } from '@/lib/errors';
import { type UploadedFile, uploadedFiles } from '@/lib/uploads';

/** attachments[] (or attachments), optional: one file or several under the same name. */
export const attachmentFields = {
  'attachments[]': uploadedFiles(MESSAGES.ticketFileRequired).optional(),
  attachments: uploadedFiles(MESSAGES.ticketFileRequired).optional(),
};

export function filesOf(body: { 'attachments[]'?: UploadedFile[]; attachments?: UploadedFile[] }): UploadedFile[] {
  const files = [...(body['attachments[]'] ?? []), ...(body.attachments ?? [])];
  if (files.length > TICKET_FILES_PER_REQUEST)
    throw new AppError('VALIDATION_FAILED', MESSAGES.ticketTooManyFiles(TICKET_FILES_PER_REQUEST), {
      attachments: [MESSAGES.ticketTooManyFiles(TICKET_FILES_PER_REQUEST)],
    });
  return files;
}
