import { randomBytes } from 'node:crypto';
import { MESSAGES, TICKET_ATTACHMENTS_MAX } from '@prata/domain';
import type { AppDeps } from '@/deps';
import type { Executor } from '@/db/client';
import type { TicketAttachmentRow } from '@/db/rows';
import { AppError } from '@/lib/errors';
import { inspectUpload, type UploadedFile } from '@/lib/uploads';
import { loggedAs } from '@/lib/log-failure';
import { countAttachments, insertAttachment } from './repository/index';

/** Checks every file (size, type by content: images or PDF) before anything is written. */
export const inspectAll = (files: UploadedFile[]) => files.map((file) => ({ file, facts: inspectUpload(file) }));

/**
 * Writes the bytes under random keys and the rows, in the caller's transaction; refused past TICKET_ATTACHMENTS_MAX
 * kept on the ticket. The keys written are pushed to `written`, so the caller removes them if the transaction fails.
 */
export async function storeAttachments(
  deps: AppDeps,
  tx: Executor,
  ticketId: number,
  inspected: ReturnType<typeof inspectAll>,
  by: { userId: number | null; fromStaff: boolean },
  written: string[],
): Promise<TicketAttachmentRow[]> {
  if (inspected.length === 0) return [];
  if ((await countAttachments(tx, ticketId)) + inspected.length > TICKET_ATTACHMENTS_MAX)
    throw new AppError('LIST_LIMIT_REACHED', MESSAGES.ticketAttachmentsLimit(TICKET_ATTACHMENTS_MAX), {
      attachments: [MESSAGES.ticketAttachmentsLimit(TICKET_ATTACHMENTS_MAX)],
    });
  const rows: TicketAttachmentRow[] = [];
  for (const { file, facts } of inspected) {
    const storageKey = `tickets/${randomBytes(16).toString('hex')}.${facts.ext}`;
    await deps.adapters.storage.put(storageKey, file.data);
    written.push(storageKey);
    const row = await insertAttachment(tx, {
      ticketId,
      uploadedBy: by.userId,
      fromStaff: by.fromStaff,
      originalName: facts.originalName,
      storageKey,
      mimeType: facts.mime,
      sizeBytes: facts.sizeBytes,
      sha256: facts.sha256,
    });
    rows.push(row!);
  }
  return rows;
}

/** Runs `fn` with a list of written storage keys; when it fails, the bytes written are removed. */
export async function withUploads<T>(deps: AppDeps, fn: (written: string[]) => Promise<T>): Promise<T> {
  const written: string[] = [];
  try {
    return await fn(written);
  } catch (err) {
    for (const key of written)
      await deps.adapters.storage.delete(key).catch(loggedAs(`ticket attachments: file ${key} left behind`, 'warn'));
    throw err;
  }
}
