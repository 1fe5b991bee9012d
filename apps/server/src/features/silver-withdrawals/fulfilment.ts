import { MESSAGES, minorToDecimal, type SilverWithdrawalStatus } from '@prata/domain';
import type { AppDeps } from '@/deps';
import type { SilverWithdrawalRow } from '@/db/rows';
import { withTransaction } from '@/db/tx';
import { logEvent, writeAudit } from '@/lib/audit';
import { AppError, notFound } from '@/lib/errors';
import { enqueueEmail } from '@/messaging/outbox';
import { moneyRejectedMail, silverSentMail } from '@/messaging/templates';
import { couponCodesById } from '@/features/catalogue/index';
import { captureAtShipping, releaseHolds, reversePixPayment } from './ledger';
import {
  findWithdrawal,
  itemsOfWithdrawals,
  lockWithdrawal,
  pageOfWithdrawalsByStatus,
  updateWithdrawal,
} from './repository/index';
import { giveBackStockAndCoupon, presentWithdrawal } from './service';
import { logFailure, loggedAs } from '@/lib/log-failure';
import { pageAnswer } from '@/lib/paging';

/**
 * The back office's side of silver withdrawals (docs/silver.md): the queue to pack and ship, and the moves of the
 * state machine. pending (a balance withdrawal: the money is held; a Pix: not paid yet) → paid → sent → delivered;
 * pending or paid → rejected (everything paid goes back). Each move is one transaction with its ledger moves and an
 * audit row.
 */

export type Staff = { userId: number; ip: string };
const FULFILMENT_PAGE_SIZE = 25;

const present = async (deps: AppDeps, rows: SilverWithdrawalRow[]) => {
  const db = deps.database.db;
  const items = await itemsOfWithdrawals(
    db,
    rows.map((r) => r.id),
  );
  const couponIds = [...new Set(rows.map((r) => r.couponId).filter((c): c is number => c !== null))];
  const codes = await couponCodesById(db, couponIds);
  return rows.map((r) => ({
    ...presentWithdrawal(r, items.get(r.id) ?? []),
    buyer: {
      customer_id: r.userId,
      name: r.buyer.name,
      email: r.buyer.email,
      cpf: r.buyer.cpf,
      celular: r.buyer.celular,
    },
    address: {
      cep: r.address.cep,
      city_id: r.address.city_id,
      city: r.address.city,
      state: r.address.state,
      neighborhood: r.address.neighborhood,
      street: r.address.street,
      number: r.address.number,
      unit: r.address.unit,
      other_info: r.address.other_info,
    },
    shipping: r.shipping,
    coupon_code: r.couponId ? (codes.get(r.couponId) ?? null) : null,
    charges: {
      silver_value: minorToDecimal(r.silverValueCents),
      minting_fee: minorToDecimal(r.mintingCents),
      shipping_fee: minorToDecimal(r.shippingCents),
      insurance_fee: minorToDecimal(r.insuranceCents),
      icms: minorToDecimal(r.icmsCents),
      difal: minorToDecimal(r.difalCents),
      pis: minorToDecimal(r.pisCents),
      cofins: minorToDecimal(r.cofinsCents),
      discount: minorToDecimal(r.discountCents),
      total: minorToDecimal(r.totalCents),
    },
    paid_at: r.paidAt?.toISOString() ?? null,
    sent_at: r.sentAt?.toISOString() ?? null,
    delivered_at: r.deliveredAt?.toISOString() ?? null,
    refunded_at: r.refundedAt?.toISOString() ?? null,
    refund_pending: refundOwed(r) && !r.refundedAt,
  }));
};

/** A rejected order whose Pix was paid: its money goes back through the provider (refunded_at once it accepted). */
const refundOwed = (r: SilverWithdrawalRow) =>
  r.status === 'rejected' && r.paymentMethod === 'pix' && r.paidAt !== null && r.asaasPaymentId !== null;

/**
 * GET /api/admin/silver-withdrawals?status=&page=. status 'paid' is the packing queue: paid orders and the pending
 * withdrawals paid by balance (their money is already held), oldest first. Other statuses newest first.
 */
export async function listForFulfilment(deps: AppDeps, query: { status: SilverWithdrawalStatus; page: number }) {
  const { rows, total } = await pageOfWithdrawalsByStatus(deps.database.db, query.status, {
    page: query.page,
    perPage: FULFILMENT_PAGE_SIZE,
  });
  return pageAnswer(await present(deps, rows), total, FULFILMENT_PAGE_SIZE);
}

/** One withdrawal as operators read it. */
async function withdrawalForBackOffice(deps: AppDeps, id: number) {
  const row = await findWithdrawal(deps.database.db, id);
  if (!row) throw notFound();
  return (await present(deps, [row]))[0]!;
}

const notOpen = () => new AppError('SILVER_WITHDRAWAL_NOT_OPEN', MESSAGES.silverWithdrawalNotOpen);

/** Ready to ship: paid, or a pending withdrawal paid by balance (its money is held). */
const shippable = (r: SilverWithdrawalRow) =>
  r.status === 'paid' || (r.status === 'pending' && r.paymentMethod === 'balance');

/** POST /api/admin/silver-withdrawals/{id}/sent: the bars left with this tracking code (grams and money captured). */
export async function markSent(deps: AppDeps, staff: Staff | null, id: number, trackingCode: string) {
  await withTransaction(deps.database.db, async (tx) => {
    const row = await lockWithdrawal(tx, { id });
    if (!row) throw notFound();
    if (!shippable(row)) throw notOpen();
    await captureAtShipping(tx, row, row.status);
    const now = new Date();
    await updateWithdrawal(tx, id, {
      status: 'sent',
      trackingCode,
      sentAt: now,
      paidAt: row.paidAt ?? now,
      handledBy: staff?.userId ?? null,
      updatedAt: now,
    });
    if (row.userId) await logEvent(tx, row.userId, `Retirada de prata nº ${id} enviada (rastreio ${trackingCode})`);
    await enqueueEmail(tx, {
      to: row.buyer.email,
      ...silverSentMail(row.buyer.name, {
        id,
        carrier: row.shipping.Carrier,
        service: row.shipping.ServiceDescription,
        trackingCode,
        deliveryDays: row.shipping.DeliveryTime,
      }),
    });
    await writeAudit(tx, {
      actorUserId: staff?.userId ?? null,
      action: 'silver_withdrawal.sent',
      targetType: 'silver_withdrawal',
      targetId: id,
      details: { tracking_code: trackingCode },
      ip: staff?.ip,
    });
  });
  deps.outbox.kick();
  return { silverWithdrawal: await withdrawalForBackOffice(deps, id), message: MESSAGES.silverWithdrawalSent };
}

/** POST /api/admin/silver-withdrawals/{id}/delivered */
export async function markDelivered(deps: AppDeps, staff: Staff | null, id: number) {
  await withTransaction(deps.database.db, async (tx) => {
    const row = await lockWithdrawal(tx, { id });
    if (!row) throw notFound();
    if (row.status !== 'sent') throw notOpen();
    const now = new Date();
    await updateWithdrawal(tx, id, { status: 'delivered', deliveredAt: now, resolvedAt: now, updatedAt: now });
    if (row.userId) await logEvent(tx, row.userId, `Retirada de prata nº ${id} entregue`);
    await writeAudit(tx, {
      actorUserId: staff?.userId ?? null,
      action: 'silver_withdrawal.delivered',
      targetType: 'silver_withdrawal',
      targetId: id,
      ip: staff?.ip,
    });
  });
  return { silverWithdrawal: await withdrawalForBackOffice(deps, id), message: MESSAGES.silverWithdrawalDelivered };
}

/**
 * POST /api/admin/silver-withdrawals/{id}/reject: a pending or paid withdrawal refused with a reason the customer
 * reads. Holds back, stock and coupon back; a paid Pix is reversed in the ledger and refunded through the provider
 * after the commit (refunded_at is set when the provider accepts; a failure leaves it empty for operators to retry
 * with retryRefund). An unpaid Pix charge is cancelled at the provider.
 */
export async function reject(deps: AppDeps, staff: Staff | null, id: number, reason: string) {
  const row = await withTransaction(deps.database.db, async (tx) => {
    const locked = await lockWithdrawal(tx, { id });
    if (!locked) throw notFound();
    if (locked.status !== 'pending' && locked.status !== 'paid') throw notOpen();
    await releaseHolds(tx, locked);
    const paidByPix = locked.paymentMethod === 'pix' && locked.status === 'paid';
    if (paidByPix) await reversePixPayment(tx, locked);
    await giveBackStockAndCoupon(tx, locked);
    const now = new Date();
    await updateWithdrawal(tx, id, {
      status: 'rejected',
      rejectionReason: reason,
      resolvedAt: now,
      handledBy: staff?.userId ?? null,
      updatedAt: now,
    });
    if (locked.userId) await logEvent(tx, locked.userId, `Retirada de prata nº ${id} recusada: ${reason}`);
    await enqueueEmail(tx, {
      to: locked.buyer.email,
      ...moneyRejectedMail(
        locked.buyer.name,
        'Pedido de prata recusado',
        paidByPix
          ? `Seu pedido de prata nº ${id} foi recusado e o Pix será devolvido.`
          : `Seu pedido de prata nº ${id} foi recusado; o que estava reservado voltou ao seu saldo.`,
        reason,
      ),
    });
    await writeAudit(tx, {
      actorUserId: staff?.userId ?? null,
      action: 'silver_withdrawal.rejected',
      targetType: 'silver_withdrawal',
      targetId: id,
      details: { reason, refund: paidByPix },
      ip: staff?.ip,
    });
    return { ...locked, paidByPix };
  });
  deps.outbox.kick();
  if (row.asaasPaymentId) {
    if (row.paidByPix) await retryRefund(deps, id);
    else
      await deps.adapters.payments
        .cancelCharge(row.asaasPaymentId)
        .catch(loggedAs(`silver withdrawal ${row.id}: the provider's charge was not cancelled`, 'warn'));
  }
  return { silverWithdrawal: await withdrawalForBackOffice(deps, id), message: MESSAGES.silverWithdrawalRejected };
}

/**
 * POST /api/admin/silver-withdrawals/{id}/retry-refund (finance): asks the provider again for the refund of a
 * rejected order's paid Pix. Audited whatever the answer; the provider refusing again is a 503 the operator may retry.
 * Nothing owed: 409 SILVER_WITHDRAWAL_NOT_OPEN; already refunded: the row as it is.
 */
export async function retryRefundByOperator(deps: AppDeps, staff: Staff, id: number) {
  const row = await findWithdrawal(deps.database.db, id);
  if (!row) throw notFound();
  if (!refundOwed(row)) throw new AppError('SILVER_WITHDRAWAL_NOT_OPEN', MESSAGES.refundNotOwed);
  const already = row.refundedAt !== null;
  const refunded = already || (await retryRefund(deps, id));
  await writeAudit(deps.database.db, {
    actorUserId: staff.userId,
    action: 'silver_withdrawal.refund_retried',
    targetType: 'silver_withdrawal',
    targetId: id,
    details: { refunded, already_refunded: already },
    ip: staff.ip,
  });
  if (!refunded) throw new AppError('PAYMENT_PROVIDER_UNAVAILABLE', MESSAGES.refundFailed);
  return { silverWithdrawal: await withdrawalForBackOffice(deps, id), message: MESSAGES.refundDone };
}

/** Asks the provider to refund a rejected withdrawal's paid Pix (again); true when it is refunded. */
async function retryRefund(deps: AppDeps, id: number): Promise<boolean> {
  const row = await findWithdrawal(deps.database.db, id);
  if (!row || !refundOwed(row)) return false;
  if (row.refundedAt) return true;
  try {
    await deps.adapters.payments.refundCharge(row.asaasPaymentId!, row.totalCents);
  } catch (err) {
    logFailure(`silver withdrawals: the refund of withdrawal ${id} failed`, err);
    return false;
  }
  await updateWithdrawal(deps.database.db, id, { refundedAt: new Date(), updatedAt: new Date() });
  return true;
}
