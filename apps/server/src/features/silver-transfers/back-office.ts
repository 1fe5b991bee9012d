import {
  type AdminSilverTransfer,
  MESSAGES,
  minorToDecimal,
  SILVER_TRANSFER_STATUS_LABELS,
  type SilverTransferStatus,
} from '@prata/domain';
import type { AppDeps } from '@/deps';
import type { SilverTransferRow } from '@/db/rows';
import { writeAudit } from '@/lib/audit';
import { AppError } from '@/lib/errors';
import { inKeyOrder, pageAnswer } from '@/lib/paging';
import { balanceOf } from '@/ledger/index';
import { backOfficeTransferPageKeys, partyContacts, transferByCheckCode, transfersByIds } from './repository';

const ADMIN_TRANSFERS_PAGE_SIZE = 25;

type Party = { id: number; name: string; email: string };

async function partiesOf(deps: AppDeps, rows: SilverTransferRow[]) {
  const ids = [...new Set(rows.flatMap((r) => [r.senderId, r.receiverId]).filter((id): id is number => id !== null))];
  if (ids.length === 0) return new Map<number, Party>();
  const found = await partyContacts(deps.database.db, ids);
  return new Map(found.map((u) => [u.id, u]));
}

function present(row: SilverTransferRow, parties: Map<number, Party>): AdminSilverTransfer {
  return {
    id: row.id,
    created_at: row.createdAt.toISOString(),
    sender: parties.get(row.senderId) ?? { id: row.senderId, name: '', email: '' },
    receiver: row.receiverId ? (parties.get(row.receiverId) ?? null) : null,
    receiver_email: row.receiverEmail,
    receiver_cpf: row.receiverCpf,
    quantity_grams: minorToDecimal(row.quantityCg),
    message: row.message,
    status: row.status,
    status_label: SILVER_TRANSFER_STATUS_LABELS[row.status],
    expires_at: row.status === 'pending' && row.expiresAt ? row.expiresAt.toISOString() : null,
    completed_at: row.completedAt?.toISOString() ?? null,
    cancelled_at: row.cancelledAt?.toISOString() ?? null,
    check_code: row.checkCode,
  };
}

/**
 * GET /api/admin/silver-transfers?status=&q=&page=: newest first; `q` is part of either party's e-mail or name (or
 * the typed e-mail of an unclaimed one). Beside the page, the grams waiting in transfer:unclaimed.
 */
export async function listForBackOffice(
  deps: AppDeps,
  query: { status?: SilverTransferStatus; q?: string; page: number },
) {
  const db = deps.database.db;
  const [{ keys, total }, unclaimed] = await Promise.all([
    backOfficeTransferPageKeys(
      db,
      { status: query.status, q: query.q?.trim() },
      { page: query.page, perPage: ADMIN_TRANSFERS_PAGE_SIZE },
    ),
    balanceOf(db, { system: 'transfer:unclaimed' }, 'AG'),
  ]);
  const found = await transfersByIds(db, keys);
  const rows = inKeyOrder(found, keys, (r) => r.id);
  const parties = await partiesOf(deps, rows);
  return {
    ...pageAnswer(
      rows.map((r) => present(r, parties)),
      total,
      ADMIN_TRANSFERS_PAGE_SIZE,
    ),
    unclaimed_grams: minorToDecimal(unclaimed),
  };
}

/**
 * GET /api/admin/silver-transfers/check/{code}: the transfer a receipt's check code belongs to, for the operator to
 * compare with the printed receipt. Audited (who checked which receipt).
 */
export async function checkReceiptCode(deps: AppDeps, code: string, actor: { userId: number; ip: string }) {
  const db = deps.database.db;
  const row = await transferByCheckCode(db, code);
  if (!row) throw new AppError('NOT_FOUND', MESSAGES.transferCheckCodeUnknown);
  await writeAudit(db, {
    actorUserId: actor.userId,
    action: 'silver_transfer.receipt_checked',
    targetType: 'silver_transfer',
    targetId: row.id,
    details: { customer_id: row.senderId },
    ip: actor.ip,
  });
  const parties = await partiesOf(deps, [row]);
  return { transfer: present(row, parties), message: `Comprovante autêntico: transferência nº ${row.id}.` };
}
