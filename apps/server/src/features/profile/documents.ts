import { randomBytes } from 'node:crypto';
import { MESSAGES } from '@prata/domain';
import type { AppDeps } from '@/deps';
import type { Executor } from '@/db/client';
import { lockCustomer } from '@/db/lock';
import type { DocumentRow } from '@/db/rows';
import { withTransaction } from '@/db/tx';
import { logEvent } from '@/lib/audit';
import { AppError, notFound } from '@/lib/errors';
import { inspectUpload, type UploadedFile } from '@/lib/uploads';
import { loggedAs } from '@/lib/log-failure';
import { insertDocument, keptDocumentById, keptDocumentCount, keptDocuments } from './repository/index';

export const MAX_DOCUMENTS = 30;

const presentDocument = (d: DocumentRow) => ({
  id: d.id,
  original_name: d.originalName,
  mime_type: d.mimeType,
  size_bytes: d.sizeBytes,
  created_at: d.createdAt.toISOString(),
});

export async function listDocuments(db: Executor, userId: number) {
  const rows = await keptDocuments(db, userId);
  return rows.map(presentDocument);
}

/**
 * Checks every file first (size, type by content), then writes the bytes under random keys and the rows in one
 * transaction. If the transaction fails, the bytes already written are removed.
 */
export async function storeDocuments(
  deps: AppDeps,
  tx: Executor,
  userId: number,
  files: UploadedFile[],
  purpose: 'profile' | 'trading_limit',
  tradingLimitRequestId: number | null = null,
): Promise<DocumentRow[]> {
  const inspected = files.map((f) => ({ file: f, facts: inspectUpload(f) }));
  await lockCustomer(tx, userId);
  if ((await keptDocumentCount(tx, userId)) + files.length > MAX_DOCUMENTS)
    throw new AppError('LIST_LIMIT_REACHED', MESSAGES.documentLimit);
  const rows: DocumentRow[] = [];
  for (const { file, facts } of inspected) {
    const storageKey = `u${userId}/${randomBytes(16).toString('hex')}.${facts.ext}`;
    await deps.adapters.storage.put(storageKey, file.data);
    const row = await insertDocument(tx, {
      userId,
      purpose,
      originalName: facts.originalName,
      storageKey,
      mimeType: facts.mime,
      sizeBytes: facts.sizeBytes,
      sha256: facts.sha256,
      tradingLimitRequestId,
    });
    rows.push(row);
  }
  return rows;
}

export async function uploadDocument(deps: AppDeps, userId: number, file: UploadedFile) {
  const written: string[] = [];
  try {
    return await withTransaction(deps.database.db, async (tx) => {
      const [row] = await storeDocuments(deps, tx, userId, [file], 'profile');
      written.push(row!.storageKey);
      await logEvent(tx, userId, `Documento enviado: ${row!.originalName}`);
      return presentDocument(row!);
    });
  } catch (err) {
    for (const key of written)
      await deps.adapters.storage.delete(key).catch(loggedAs(`documents: file ${key} left behind`, 'warn'));
    throw err;
  }
}

/** The file of a document, for its owner (or, with `asStaff`, for an operator). */
export async function readDocument(deps: AppDeps, id: number, owner: { userId: number } | { asStaff: true }) {
  const row = await keptDocumentById(deps.database.db, id, 'userId' in owner ? owner.userId : null);
  if (!row) throw notFound();
  return { row, data: await deps.adapters.storage.get(row.storageKey) };
}
