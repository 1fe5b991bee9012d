import { randomBytes } from 'node:crypto';
import {
  type AdminReservesResponse,
  brasiliaIsoDate,
  lastClosedBrasiliaDay,
  MESSAGES,
  RESERVE_BARS_MAX,
} from '@prata/domain';
import { withTransaction, pgErrorCode } from '@/db/tx';
import type { AppDeps } from '@/deps';
import { balanceOf } from '@/ledger/index';
import { writeAudit } from '@/lib/audit';
import { AppError, notFound } from '@/lib/errors';
import { loggedAs } from '@/lib/log-failure';
import { inspectUpload, type UploadedFile } from '@/lib/uploads';
import { buildReserveDay } from './build';
import * as repo from './repository';
import { reservesSecret } from './salts';
import { reservesChanged, reservesSummary } from './summary';

type Actor = { userId: number; ip: string };

/** GET /api/admin/reserves: the same, the ledger's vault, and whether the bars fall short of what is owed. */
export async function adminReservesSummary(deps: AppDeps): Promise<AdminReservesResponse> {
  // the vault's one account, not the sum over every silver account (which the reconciliation checks)
  const [summary, vaultCg] = await Promise.all([
    reservesSummary(deps.database.db),
    balanceOf(deps.database.db, { system: 'vault' }, 'AG'),
  ]);
  return {
    ...summary,
    ledgerVaultCg: vaultCg,
    shortfall: summary.differenceCg !== null && summary.differenceCg < 0,
  };
}

/** POST /api/admin/reserves/rebuild: an operator builds a closed day again (default yesterday). */
export async function rebuildDay(deps: AppDeps, actor: Actor, day?: string) {
  const lastClosed = lastClosedBrasiliaDay();
  const wanted = day ?? lastClosed;
  if (wanted > lastClosed) {
    throw new AppError('VALIDATION_FAILED', MESSAGES.reservesDayInvalid, { day: [MESSAGES.reservesDayInvalid] });
  }
  const built = await buildReserveDay(deps.database.db, {
    day: wanted,
    source: 'operator',
    secret: await reservesSecret(deps, deps.database.db),
    builtBy: actor.userId,
    afterBuild: (tx, { proof, previousRoot }) =>
      writeAudit(tx, {
        actorUserId: actor.userId,
        action: 'reserves.rebuilt',
        targetType: 'reserve_day',
        targetId: wanted,
        details: { root: proof.root, previousRoot },
        ip: actor.ip,
      }),
  });
  return { ...built!, message: MESSAGES.reservesRebuilt };
}

/** The auditor's PDF: checked by content, stored under a random key. */
async function storeDocument(deps: AppDeps, file: UploadedFile): Promise<repo.BarDocument> {
  const facts = inspectUpload(file);
  if (facts.mime !== 'application/pdf') {
    throw new AppError('FILE_TYPE_NOT_ALLOWED', MESSAGES.reservesBarDocumentNotPdf, {
      document: [MESSAGES.reservesBarDocumentNotPdf],
    });
  }
  const storageKey = `reserves/${randomBytes(16).toString('hex')}.pdf`;
  await deps.adapters.storage.put(storageKey, file.data);
  return { storageKey, name: facts.originalName, size: facts.sizeBytes, sha256: facts.sha256 };
}

const serialTaken = () =>
  new AppError('ALREADY_EXISTS', MESSAGES.reservesBarSerialTaken, { serial: [MESSAGES.reservesBarSerialTaken] });

type BarFields = { serial: string; refiner: string; weightCg: number };

/** POST /api/admin/reserves/bars: logistics lists a bar with the auditor's PDF. */
export async function addBar(deps: AppDeps, actor: Actor, fields: BarFields, file: UploadedFile) {
  const document = await storeDocument(deps, file);
  try {
    const id = await withTransaction(deps.database.db, async (tx) => {
      await repo.lockBars(tx);
      if ((await repo.listBars(tx)).length >= RESERVE_BARS_MAX) {
        throw new AppError('LIST_LIMIT_REACHED', MESSAGES.reservesBarsLimit);
      }
      const id = await repo.insertBar(tx, { ...fields, createdBy: actor.userId, document });
      await writeAudit(tx, {
        actorUserId: actor.userId,
        action: 'reserves.bar_added',
        targetType: 'reserve_bar',
        targetId: id,
        details: fields,
        ip: actor.ip,
      });
      return id;
    });
    reservesChanged(deps.database.db);
    const found = await repo.findBar(deps.database.db, id, { includeRemoved: false });
    return { bar: found!.bar, message: MESSAGES.reservesBarSaved };
  } catch (err) {
    await deps.adapters.storage
      .delete(document.storageKey)
      .catch(loggedAs('reserves: a bar document left behind', 'warn'));
    if (pgErrorCode(err) === '23505') throw serialTaken();
    throw err;
  }
}

/** PUT /api/admin/reserves/bars/:id: corrects a bar; a new PDF replaces the old one. */
export async function changeBar(deps: AppDeps, actor: Actor, id: number, fields: BarFields, file?: UploadedFile) {
  const before = await repo.findBar(deps.database.db, id, { includeRemoved: false });
  if (!before) throw notFound();
  const document = file ? await storeDocument(deps, file) : null;
  try {
    await withTransaction(deps.database.db, async (tx) => {
      if (!(await repo.updateBar(tx, id, { ...fields, document }))) throw notFound();
      await writeAudit(tx, {
        actorUserId: actor.userId,
        action: 'reserves.bar_updated',
        targetType: 'reserve_bar',
        targetId: id,
        details: fields,
        ip: actor.ip,
      });
    });
  } catch (err) {
    if (document) {
      await deps.adapters.storage
        .delete(document.storageKey)
        .catch(loggedAs('reserves: a bar document left behind', 'warn'));
    }
    if (pgErrorCode(err) === '23505') throw serialTaken();
    throw err;
  }
  reservesChanged(deps.database.db);
  const found = await repo.findBar(deps.database.db, id, { includeRemoved: false });
  return { bar: found!.bar, message: MESSAGES.reservesBarSaved };
}

/** DELETE /api/admin/reserves/bars/:id: the bar leaves the vault's list (its record and PDF stay for the history). */
export async function removeBar(deps: AppDeps, actor: Actor, id: number) {
  await withTransaction(deps.database.db, async (tx) => {
    if (!(await repo.removeBar(tx, id))) throw notFound();
    await writeAudit(tx, {
      actorUserId: actor.userId,
      action: 'reserves.bar_removed',
      targetType: 'reserve_bar',
      targetId: id,
      ip: actor.ip,
    });
  });
  reservesChanged(deps.database.db);
  return { message: MESSAGES.reservesBarRemoved };
}

/** GET /api/reserves/bars/:id/document: the auditor's PDF of a bar, public like the bar list. */
export async function barDocument(deps: AppDeps, id: number) {
  const found = await repo.findBar(deps.database.db, id, { includeRemoved: true });
  if (!found) throw notFound();
  const data = await deps.adapters.storage.get(found.storageKey);
  return { file: { mimeType: 'application/pdf', originalName: found.bar.documentName }, data };
}

/**
 * POST /api/dev/reserves/today (PRATA_DEV_MAILBOX=1 only, never in production): today's proof as of now, so a fresh
 * development or end-to-end server, whose customers all opened today, has a leaf to show. The daily job builds the
 * day again after its real end.
 */
export async function buildTodaySoFar(deps: AppDeps) {
  const built = await buildReserveDay(deps.database.db, {
    day: brasiliaIsoDate(),
    source: 'operator',
    secret: await reservesSecret(deps, deps.database.db),
    endsAt: new Date(),
  });
  return { ...built!, message: MESSAGES.reservesRebuilt };
}
