import { randomBytes } from 'node:crypto';
import { formatDateTimeBR } from '@prata/domain';
import { withTransaction } from '@/db/tx';
import type { AppDeps } from '@/deps';
import { writeAudit } from '@/lib/audit';
import { randomToken, sha256Hex } from '@/lib/crypto';
import { loggedAs } from '@/lib/log-failure';
import { enqueueEmail } from '@/messaging/outbox';
import { privacyExportReadyMail } from '@/messaging/templates';
import { findUserById } from '@/features/users/index';
import { collectCustomerData } from './collect';
import * as repo from './repository';
import { exportZip } from './zip';

/** A claim older than this belongs to an instance that died mid-build: another takes it. */
const EXPORT_STALE_SECONDS = 15 * 60;
/** Tries before an export is left 'failed' for an operator to look at (the queue shows its last error). */
const EXPORT_MAX_ATTEMPTS = 5;

/** The link the e-mail carries: the API answers the ZIP to whoever holds the token, until it expires. */
const downloadUrl = (deps: AppDeps, token: string) => `${deps.config.publicUrl}/api/privacy/download/${token}`;

/** The ZIP: data.json, resumo.pdf, LEIA-ME.txt, and the documents' and attachments' files, built on the render pool. */
async function buildExportZip(deps: AppDeps, userId: number, requestId: number) {
  // a decade of a heavy trader's rows: the background pool's limit, not a request's (db/client.ts)
  const { data, files } = await collectCustomerData(deps.database.background, userId, requestId, new Date());
  const stored = await Promise.all(
    files.map(async (f) => ({ path: f.path, bytes: new Uint8Array(await deps.adapters.storage.get(f.storageKey)) })),
  );
  const built = await deps.renderPool.run(exportZip, [data, stored, deps.config.dpo], { background: true });
  return {
    zip: Buffer.from(built.zip.buffer, built.zip.byteOffset, built.zip.byteLength),
    result: { counts: built.counts, files: built.files },
  };
}

/**
 * Builds the next pending export, if any (once across instances: the claim is an UPDATE ... SKIP LOCKED), stores it,
 * and in one transaction marks it ready with its link's token hash and queues the e-mail. Answers whether it built one.
 */
async function buildNextExport(deps: AppDeps): Promise<boolean> {
  const db = deps.database.db;
  const claimed = await repo.claimNextExport(db, EXPORT_STALE_SECONDS, EXPORT_MAX_ATTEMPTS);
  if (!claimed) return false;
  let fileKey: string | undefined;
  try {
    const { zip, result } = await buildExportZip(deps, claimed.userId, claimed.id);
    fileKey = `privacy-exports/${randomBytes(16).toString('hex')}.zip`;
    await deps.adapters.storage.put(fileKey, zip);
    const token = randomToken();
    const linkSeconds = deps.config.windows.privacyExportLinkSeconds;
    const done = await withTransaction(db, async (tx) => {
      const ready = await repo.markReady(tx, claimed.id, {
        fileKey: fileKey!,
        fileSize: zip.length,
        tokenHash: sha256Hex(token),
        linkSeconds,
        result,
      });
      if (!ready) return null;
      const user = await findUserById(tx, claimed.userId);
      if (user) {
        await enqueueEmail(tx, {
          to: user.email,
          ...privacyExportReadyMail(user.name, downloadUrl(deps, token), formatDateTimeBR(ready.expiresAt!)),
          carriesSecret: true,
        });
      }
      await writeAudit(tx, {
        actorUserId: null,
        action: 'privacy.export.ready',
        targetType: 'user',
        targetId: claimed.userId,
        details: { customer_id: claimed.userId, request_id: claimed.id, size_bytes: zip.length, ...result },
      });
      return ready;
    });
    if (!done) {
      // another instance took the claim over (this one was too slow): its file stands, this one goes
      await deps.adapters.storage.delete(fileKey);
      return true;
    }
    deps.outbox.kick();
    return true;
  } catch (err) {
    if (fileKey) {
      await deps.adapters.storage
        .delete(fileKey)
        .catch(loggedAs(`privacy: export file ${fileKey} left behind`, 'warn'));
    }
    await withTransaction(db, async (tx) => {
      await repo.markFailed(tx, claimed.id, err instanceof Error ? err.message : String(err));
      await writeAudit(tx, {
        actorUserId: null,
        action: 'privacy.export.failed',
        targetType: 'user',
        targetId: claimed.userId,
        details: { customer_id: claimed.userId, request_id: claimed.id, attempt: claimed.attempts },
      });
    });
    throw err;
  }
}

/** Deletes the files of exports whose link expired, a few at a time, and marks them expired. */
async function expireExports(deps: AppDeps): Promise<number> {
  const db = deps.database.db;
  const due = await repo.expiredExports(db, 50);
  for (const r of due) {
    if (r.fileKey) await deps.adapters.storage.delete(r.fileKey);
    await withTransaction(db, async (tx) => {
      await repo.markExpired(tx, r.id);
      await writeAudit(tx, {
        actorUserId: null,
        action: 'privacy.export.expired',
        targetType: 'user',
        targetId: r.userId,
        details: { customer_id: r.userId, request_id: r.id },
      });
    });
  }
  return due.length;
}

/** Every pending export, one after the other, then the expired files: one run of the job. */
export async function runPrivacyJob(deps: AppDeps): Promise<number> {
  let built = 0;
  while (await buildNextExport(deps)) built += 1;
  await expireExports(deps);
  return built;
}
