import {
  formatBRL,
  MESSAGES,
  minorToDecimal,
  SILVER_WITHDRAWAL_STATUS_LABELS,
  type SilverWithdrawalStatus,
} from '@prata/domain';
import { brCodeQrPngBase64 } from '@/adapters/payments/index';
import type { AppDeps } from '@/deps';
import type { Executor } from '@/db/client';
import type { SilverWithdrawalItemRow, SilverWithdrawalRow } from '@/db/rows';
import { withTransaction } from '@/db/tx';
import { logEvent } from '@/lib/audit';
import { AppError, notFound } from '@/lib/errors';
import { enqueueEmail } from '@/messaging/outbox';
import { silverPaidMail } from '@/messaging/templates';
import { returnCouponUse, returnStock } from '@/features/catalogue/index';
import { HISTORY_PAGE_SIZE, page } from '@/features/history/index';
import { releaseHolds } from './ledger';
import {
  findWithdrawal,
  idsOfExpiredPixOrders,
  itemsOfWithdrawal,
  itemsOfWithdrawals,
  lockWithdrawal,
  pageOfCustomerWithdrawals,
  updateWithdrawal,
} from './repository/index';
import { orderIdOfToken } from './order-token';
import { every } from '@/lib/per-turn';
import { loggedAs } from '@/lib/log-failure';

// ----------------------------------------------------------------------------------------------------------------
// Presenting

const CANCELLABLE: ReadonlySet<SilverWithdrawalStatus> = new Set(['pending']);

export function presentWithdrawal(w: SilverWithdrawalRow, items: SilverWithdrawalItemRow[]) {
  return {
    id: w.id,
    kind: w.kind,
    status: w.status,
    status_label: SILVER_WITHDRAWAL_STATUS_LABELS[w.status],
    created_at: w.createdAt.toISOString(),
    items: items.map((i) => ({
      product_type_id: i.productTypeId,
      name: i.name,
      quantity: i.quantity,
      quantity_grams: minorToDecimal(i.gramsCg),
    })),
    quantity_grams: minorToDecimal(w.silverCg),
    rejection_reason: w.rejectionReason,
    tracking_code: w.trackingCode,
    payment_method: w.paymentMethod,
    total: minorToDecimal(w.totalCents),
    expires_at: w.status === 'pending' && w.pixExpiresAt ? w.pixExpiresAt.toISOString() : null,
    cancellable: CANCELLABLE.has(w.status) && w.userId !== null,
  };
}

/** GET /api/silver-withdrawals?page=N: the customer's own, newest first. */
export async function listSilverWithdrawals(deps: AppDeps, userId: number, pageNumber: number) {
  const db = deps.database.db;
  const { rows, total } = await pageOfCustomerWithdrawals(db, userId, { page: pageNumber, perPage: HISTORY_PAGE_SIZE });
  const items = await itemsOfWithdrawals(
    db,
    rows.map((r) => r.id),
  );
  return {
    silverWithdrawals: page(
      rows.map((r) => presentWithdrawal(r, items.get(r.id) ?? [])),
      total,
    ),
  };
}

/**
 * The buyer's e-mail when an order is paid (a Pix confirmed, or a withdrawal by balance created: its money is held),
 * in the caller's transaction, at the address kept with the order (a guest's is the one typed at checkout).
 */
export async function enqueuePaidMail(tx: Executor, row: SilverWithdrawalRow, items: SilverWithdrawalItemRow[]) {
  await enqueueEmail(tx, {
    to: row.buyer.email,
    ...silverPaidMail(row.buyer.name, {
      id: row.id,
      kind: row.kind,
      total: formatBRL(row.totalCents),
      items: itemsText(items),
      byBalance: row.paymentMethod === 'balance',
    }),
  });
}

/** Each item as `2 × Barra 100 g`, for the e-mails. */
export const itemsText = (items: readonly SilverWithdrawalItemRow[]) =>
  items.map((i) => `${i.quantity} × ${i.name}`).join(', ');

/**
 * GET /api/silver-withdrawal/order/{token}: the order its buyer made (guest or signed in), read with the token the
 * creation answered. A malformed, forged or unknown token is 404, as another's order. While the Pix can still be
 * paid the QR code comes again, so a reload shows the same charge instead of making a second one.
 */
export async function readOrderByToken(deps: AppDeps, token: string) {
  const id = orderIdOfToken(deps.config.jwtSecret, token);
  if (id === null) throw notFound(MESSAGES.silverOrderNotFound);
  const db = deps.database.db;
  const row = await findWithdrawal(db, id);
  if (row?.paymentMethod !== 'pix' || !row) throw notFound(MESSAGES.silverOrderNotFound);
  const items = (await itemsOfWithdrawals(db, [id])).get(id) ?? [];
  const payable = row.status === 'pending' && row.pixCopiaECola && row.pixExpiresAt && row.pixExpiresAt > new Date();
  return {
    silverWithdrawal: presentWithdrawal(row, items),
    order_token: token,
    ...(payable ? { pixQrCode: await brCodeQrPngBase64(row.pixCopiaECola!), pixCopiaECola: row.pixCopiaECola! } : {}),
  };
}

// ----------------------------------------------------------------------------------------------------------------
// Closing: cancelled by the customer, expired, or the provider failed at creation

/** Stock and coupon back, in the caller's transaction (an order that will not ship). */
export async function giveBackStockAndCoupon(tx: Executor, row: SilverWithdrawalRow) {
  const items = await itemsOfWithdrawal(tx, row.id);
  for (const item of items) await returnStock(tx, item.productTypeId, item.quantity);
  if (row.couponId) await returnCouponUse(tx, row.couponId);
}

/** A pending withdrawal closed without shipping (cancelled or expired), in its own transaction. */
export async function closeWithdrawal(
  deps: AppDeps,
  id: number,
  status: 'cancelled' | 'expired',
  userId: number | null,
  now = new Date(),
): Promise<SilverWithdrawalRow | null> {
  const row = await withTransaction(deps.database.db, async (tx) => {
    const locked = await lockWithdrawal(tx, { id });
    if (!locked || (userId !== null && locked.userId !== userId)) throw notFound();
    if (locked.status !== 'pending') {
      if (userId !== null)
        throw new AppError('SILVER_WITHDRAWAL_NOT_CANCELLABLE', MESSAGES.silverWithdrawalNotCancellable);
      return null;
    }
    if (status === 'expired' && (!locked.pixExpiresAt || locked.pixExpiresAt > now)) return null;
    await releaseHolds(tx, locked);
    await giveBackStockAndCoupon(tx, locked);
    const at = new Date();
    const updated = await updateWithdrawal(tx, id, { status, resolvedAt: at, updatedAt: at });
    if (locked.userId) {
      await logEvent(
        tx,
        locked.userId,
        `Retirada de prata nº ${id} ${status === 'cancelled' ? 'cancelada' : 'expirada (Pix não pago)'}`,
      );
    }
    return updated!;
  });
  if (row?.asaasPaymentId) {
    // best effort: the row already refuses any payment (a late one is recorded for operators, never applied)
    await deps.adapters.payments
      .cancelCharge(row.asaasPaymentId)
      .catch(loggedAs(`silver withdrawal ${row.id}: the provider's charge was not cancelled`, 'warn'));
  }
  return row;
}

/** PUT /api/silver-withdrawal/{id}/cancel: the customer's own pending withdrawal (another's: 404). */
export async function cancelSilverWithdrawal(deps: AppDeps, userId: number, id: number) {
  const row = await closeWithdrawal(deps, id, 'cancelled', userId);
  const items = await itemsOfWithdrawals(deps.database.db, [id]);
  return {
    silverWithdrawal: presentWithdrawal(row!, items.get(id) ?? []),
    message: MESSAGES.silverWithdrawalCancelled,
  };
}

/**
 * Expires the pending Pix orders whose window passed (holds, stock and coupon back). Run by a timer (boot.ts) and
 * by tests directly. Answers how many expired.
 */
export async function expireUnpaidSilverWithdrawals(deps: AppDeps, now = new Date()): Promise<number> {
  const due = await idsOfExpiredPixOrders(deps.database.db, now, EXPIRIES_PER_SWEEP);
  let expired = 0;
  for (const id of due) {
    if (await closeWithdrawal(deps, id, 'expired', null, now)) expired += 1;
  }
  return expired;
}

/** The most orders one sweep expires; the next sweep takes the rest. */
const EXPIRIES_PER_SWEEP = 200;

/** Runs the expiry every minute; answers a stop function. */
export function startSilverExpirySweeper(deps: AppDeps, everyMs = 60_000): () => void {
  return every(everyMs, () => expireUnpaidSilverWithdrawals(deps), 'silver withdrawals: expiry');
}
