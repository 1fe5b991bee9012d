import { createHash } from 'node:crypto';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { MESSAGES } from '@prata/domain';
import type { DocumentMime } from '@/db/schema/index';
import { AppError } from './errors';

/** 5 MB, as the spec says: 5242880 bytes is accepted, one byte more is not. */
export const MAX_UPLOAD_BYTES = 5_242_880;

export type UploadedFile = { filename: string; mimetype: string; data: Buffer };

/** A file field of a multipart body (the multipart plugin's onFile puts it there). */
export const uploadedFile = (required: string) =>
  z.custom<UploadedFile>(
    (v) =>
      typeof v === 'object' &&
      v !== null &&
      Buffer.isBuffer((v as UploadedFile).data) &&
      typeof (v as UploadedFile).filename === 'string',
    { message: required },
  );

/** One or several files under the same field name (documents[] or documents). */
export const uploadedFiles = (required: string) =>
  z.union([uploadedFile(required).transform((f) => [f]), z.array(uploadedFile(required)).min(1, required)], {
    error: required,
  });

const SIGNATURES: Array<{ mime: DocumentMime; ext: string; test: (b: Buffer) => boolean }> = [
  { mime: 'application/pdf', ext: 'pdf', test: (b) => b.subarray(0, 5).toString('latin1') === '%PDF-' },
  {
    mime: 'image/png',
    ext: 'png',
    test: (b) => b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
  },
  { mime: 'image/jpeg', ext: 'jpg', test: (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
  { mime: 'image/gif', ext: 'gif', test: (b) => /^GIF8[79]a$/.test(b.subarray(0, 6).toString('latin1')) },
  {
    mime: 'image/webp',
    ext: 'webp',
    test: (b) => b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP',
  },
];

/** The type of a file by its first bytes; the name and the browser's claim are not trusted. */
export function detectFileType(data: Buffer): { mime: DocumentMime; ext: string } | null {
  const hit = SIGNATURES.find((s) => data.length >= 12 && s.test(data));
  return hit ? { mime: hit.mime, ext: hit.ext } : null;
}

/** Checks size and content; answers the facts to store. */
export function inspectUpload(file: UploadedFile) {
  if (file.data.length > MAX_UPLOAD_BYTES) throw new AppError('FILE_TOO_LARGE', MESSAGES.fileTooLarge);
  if (file.data.length === 0) throw new AppError('FILE_TYPE_NOT_ALLOWED', MESSAGES.fileTypeNotAllowed);
  const type = detectFileType(file.data);
  if (!type)
    throw new AppError('FILE_TYPE_NOT_ALLOWED', MESSAGES.fileTypeNotAllowed, {
      document: [MESSAGES.fileTypeNotAllowed],
    });
  const name = cleanFileName(file.filename, type.ext);
  return {
    ...type,
    originalName: name,
    sizeBytes: file.data.length,
    sha256: createHash('sha256').update(file.data).digest('hex'),
  };
}

/** A display name without paths or control characters, ending in the real extension. */
function cleanFileName(name: string, ext: string): string {
  const base = [...(name.split(/[\\/]/).pop() ?? '')]
    .filter((ch) => ch.charCodeAt(0) >= 32 && ch.charCodeAt(0) !== 127 && !'"<>|*?:'.includes(ch))
    .join('')
    .trim()
    .slice(0, 200);
  const stem = base.replace(/\.[^.]*$/, '') || 'documento';
  return `${stem}.${ext}`;
}

/** RFC 6266 Content-Disposition for a download with a UTF-8 name. */
export function attachmentHeader(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/"/g, '');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/** Sends a stored file as a download: never rendered inline, never sniffed. */
export function sendAttachment(reply: FastifyReply, file: { mimeType: string; originalName: string }, data: Buffer) {
  return reply
    .header('content-type', file.mimeType)
    .header('content-disposition', attachmentHeader(file.originalName))
    .header('x-content-type-options', 'nosniff')
    .send(data);
}
