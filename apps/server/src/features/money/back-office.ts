import { and, asc, count, desc, eq, inArray, or } from 'drizzle-orm';
import { formatBRL, MESSAGES, minorToDecimal } from '@prata/domain';
import type { AppDeps } from '../../deps';
import type { Executor } from '../../db/client';
import {
  type DepositRow,
  type DepositStatus,
  deposits,
  ledgerAccounts,
  ledgerTransfers,
  users,
  type WithdrawalRow,
  type WithdrawalStatus,
  withdrawals,
} from '../../db/schema/index';
import { withTransaction } from '../../db/tx';
import { logEvent, writeAudit } from '../../lib/audit';
import { AppError, notFound } from '../../lib/errors';
import { getBalances } from '../../ledger/index';
import { enqueueEmail } from '../../messaging/outbox';
import { moneyRejectedMail } from '../../messaging/templates';
import { creditLockedDeposit, expiredOrPastDue, lockDeposit, stillPending } from './deposits';
import { presentCustomer, presentDeposit, presentWithdrawal } from './presenter';
import { paymentTargetsFor } from './payment-targets';
import { handlePaymentWebhook } from './webhooks';
import { payOut, rejectWithdrawal, settlePayout } from './payouts';

export const BACK_OFFICE_PAGE_SIZE = 25;

type Reviewer = { userId: number; ip: string };
type Customer = { id: number; name: string; email: string };

async function customersById(db: Executor, ids: number[]): Promise<Map<number, Customer>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id, name: users.name, email: users.email })
    .from(users)
    .where(inArray(users.id, [...new Set(ids)]));
  return new Map(rows.map((r) => [r.id, r]));
}

const adminDeposit = (d: DepositRow, customer: Customer | undefined) => ({
  ...presentDeposit(d),
  customer: presentCustomer(customer ?? { id: d.userId, name: '', email: '' }),
  receipt_name: d.receiptName,
  reviewed_at: d.reviewedAt?.toISOString() ?? null,
});

const adminWithdrawal = (w: WithdrawalRow, customer: Customer | undefined) => ({
  ...presentWithdrawal(w),
  customer: presentCustomer(customer ?? { id: w.userId, name: '', email: '' }),
  payout_status: w.payoutStatus,
  payout_id: w.payoutId,
  reviewed_at: w.reviewedAt?.toISOString() ?? null,
});

/** GET /api/admin/deposits: pending and held ones oldest first (the queues), decided ones newest first. */
export async function listDepositsForReview(
  deps: AppDeps,
  query: { status: DepositStatus; method?: 'pix' | 'ted'; page: number },
) {
  const db = deps.database.db;
  const now = new Date();
  // a Pix charge past its expiry is in the expired list, not the pending queue, before anything marks it
  const status =
    query.status === 'pending'
      ? stillPending(now)
      : query.status === 'expired'
        ? expiredOrPastDue(now)
        : eq(deposits.status, query.status);
  const where = and(status, query.method ? eq(deposits.method, query.method) : undefined);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(deposits)
      .where(where)
      .orderBy(query.status === 'pending' || query.status === 'held' ? asc(deposits.id) : desc(deposits.id))
      .limit(BACK_OFFICE_PAGE_SIZE)
      .offset((query.page - 1) * BACK_OFFICE_PAGE_SIZE),
    db.select({ n: count() }).from(deposits).where(where),
  ]);
  const people = await customersById(
    db,
    rows.map((r) => r.userId),
  );
  return {
    data: rows.map((r) => adminDeposit(r, people.get(r.userId))),
    total: Number(total?.n ?? 0),
    per_page: BACK_OFFICE_PAGE_SIZE,
    can_simulate_payments: Boolean(deps.adapters.payments.simulatePayment),
  };
}

export async function depositForBackOffice(db: Executor, id: number) {
  const [row] = await db.select().from(deposits).where(eq(deposits.id, id)).limit(1);
  if (!row) throw notFound();
  return adminDeposit(row, (await customersById(db, [row.userId])).get(row.userId));
}

/**
 * POST /api/admin/deposits/{id}/review: a TED deposit, after the operator found the money in the company's account
 * (approve: credited from ted:clearing) or did not (reject, with the reason the customer reads). A Pix deposit is
 * credited only by its payment.
 */
export async function reviewDeposit(
  deps: AppDeps,
  id: number,
  decision: { decision: 'approve'; note?: string | null } | { decision: 'reject'; reason: string },
  reviewer: Reviewer,
) {
  await withTransaction(deps.database.db, async (tx) => {
    const row = await lockDeposit(tx, { id });
    if (!row) throw notFound();
    if (row.status !== 'pending') throw new AppError('ALREADY_DECIDED', MESSAGES.notPending);
    if (row.method !== 'ted') throw new AppError('NOT_READY_FOR_APPROVAL', MESSAGES.depositPixOnlyByPayment);
    const amount = formatBRL(row.amountCents);
    if (decision.decision === 'approve') {
      const outcome = await creditLockedDeposit(tx, row, reviewer.userId);
      if (outcome === 'account_closed') throw new AppError('CUSTOMER_ACCOUNT_CLOSED', MESSAGES.ledgerAccountClosed);
    } else {
      const now = new Date();
      await tx
        .update(deposits)
        .set({
          status: 'rejected',
          rejectionReason: decision.reason,
          reviewedBy: reviewer.userId,
          reviewedAt: now,
          updatedAt: now,
        })
        .where(eq(deposits.id, id));
      const [owner] = await tx.select().from(users).where(eq(users.id, row.userId));
      await logEvent(tx, row.userId, `Depósito por TED de ${amount} recusado: ${decision.reason}`);
      if (owner) {
        await enqueueEmail(tx, {
          to: owner.email,
          ...moneyRejectedMail(
            owner.name,
            'Depósito recusado',
            `Seu depósito de ${amount} por TED foi recusado.`,
            decision.reason,
          ),
        });
      }
    }
    await writeAudit(tx, {
      actorUserId: reviewer.userId,
      action: decision.decision === 'approve' ? 'deposit.approved' : 'deposit.rejected',
      targetType: 'deposit',
      targetId: id,
      details: {
        customer_id: row.userId,
        amount: row.amountCents,
        ...(decision.decision === 'reject' ? { reason: decision.reason } : {}),
      },
      ip: reviewer.ip,
    });
  });
  deps.outbox.kick();
  return {
    deposit: await depositForBackOffice(deps.database.db, id),
    message: decision.decision === 'approve' ? MESSAGES.depositApproved : MESSAGES.depositRejected,
  };
}

/**
 * The embedded provider's payer: builds the webhook Asaas would send for this Pix deposit and hands it to the same
 * handler. Only where the embedded provider runs (never in production: config.ts refuses it there).
 */
export async function simulatePixPayment(deps: AppDeps, where: { id: number } | { paymentId: string }) {
  const simulate = deps.adapters.payments.simulatePayment;
  if (!simulate) throw notFound();
  const db = deps.database.db;
  const [row] = await db
    .select()
    .from(deposits)
    .where('id' in where ? eq(deposits.id, where.id) : eq(deposits.asaasPaymentId, where.paymentId))
    .limit(1);
  if (!row && 'paymentId' in where) {
    // not a deposit: a registered target's pending charge (a silver purchase)
    for (const target of paymentTargetsFor(null)) {
      const charge = await target.findCharge(db, where.paymentId);
      if (!charge) continue;
      const delivery = simulate({
        paymentId: charge.paymentId,
        reference: charge.reference,
        amountCents: charge.amountCents,
      });
      const result = await handlePaymentWebhook(deps, delivery.headers, delivery.body);
      return { ...result, depositId: null, userId: null, reference: charge.reference };
    }
  }
  if (row?.method !== 'pix' || !row.asaasPaymentId) throw notFound();
  const reference = row.externalReference ?? `deposit-${row.id}`;
  const delivery = simulate({ paymentId: row.asaasPaymentId, reference, amountCents: row.amountCents });
  const result = await handlePaymentWebhook(deps, delivery.headers, delivery.body);
  return { ...result, depositId: row.id as number | null, userId: row.userId as number | null, reference };
}

/** GET /api/admin/withdrawals */
export async function listWithdrawalsForReview(deps: AppDeps, query: { status: WithdrawalStatus; page: number }) {
  const db = deps.database.db;
  const where = eq(withdrawals.status, query.status);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(withdrawals)
      .where(where)
      .orderBy(query.status === 'pending' ? asc(withdrawals.id) : desc(withdrawals.id))
      .limit(BACK_OFFICE_PAGE_SIZE)
      .offset((query.page - 1) * BACK_OFFICE_PAGE_SIZE),
    db.select({ n: count() }).from(withdrawals).where(where),
  ]);
  const people = await customersById(
    db,
    rows.map((r) => r.userId),
  );
  return {
    data: rows.map((r) => adminWithdrawal(r, people.get(r.userId))),
    total: Number(total?.n ?? 0),
    per_page: BACK_OFFICE_PAGE_SIZE,
  };
}

/** POST /api/admin/withdrawals/{id}/review: approve (paid through the provider) or reject (the hold goes back). */
export async function reviewWithdrawal(
  deps: AppDeps,
  id: number,
  decision: { decision: 'approve'; note?: string | null } | { decision: 'reject'; reason: string },
  reviewer: Reviewer,
) {
  const row =
    decision.decision === 'approve'
      ? await payOut(deps, id, reviewer)
      : await rejectWithdrawal(deps, id, decision.reason, reviewer);
  const people = await customersById(deps.database.db, [row.userId]);
  const message =
    decision.decision === 'reject'
      ? MESSAGES.withdrawalRejected
      : row.status === 'rejected'
        ? (row.rejectionReason ?? MESSAGES.withdrawalRejected)
        : MESSAGES.withdrawalApproved;
  return { withdrawal: adminWithdrawal(row, people.get(row.userId)), message };
}

/**
 * GET /api/admin/customers/{id}/statement: every ledger transfer that moved one of the customer's accounts, newest
 * first, signed from the customer's side, with the balances now.
 */
export async function customerStatement(deps: AppDeps, userId: number, pageNumber: number) {
  const db = deps.database.db;
  const [customer] = await db.select({ id: users.id }).from(users).where(eq(users.id, userId)).limit(1);
  if (!customer) throw notFound();
  const accounts = await db
    .select({ id: ledgerAccounts.id, code: ledgerAccounts.code })
    .from(ledgerAccounts)
    .where(eq(ledgerAccounts.ownerUserId, userId));
  const ids = accounts.map((a) => a.id);
  const balances = await getBalances(db, userId);
  const presentBalances = {
    BRL: { available: minorToDecimal(balances.BRL.available), held: minorToDecimal(balances.BRL.held) },
    AG: { available: minorToDecimal(balances.AG.available), held: minorToDecimal(balances.AG.held) },
  };
  if (ids.length === 0) return { data: [], total: 0, per_page: BACK_OFFICE_PAGE_SIZE, balances: presentBalances };
  const touches = or(inArray(ledgerTransfers.debitAccountId, ids), inArray(ledgerTransfers.creditAccountId, ids));
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(ledgerTransfers)
      .where(touches)
      .orderBy(desc(ledgerTransfers.createdAt), desc(ledgerTransfers.transferId))
      .limit(BACK_OFFICE_PAGE_SIZE)
      .offset((pageNumber - 1) * BACK_OFFICE_PAGE_SIZE),
    db.select({ n: count() }).from(ledgerTransfers).where(touches),
  ]);
  const otherIds = rows.flatMap((r) => [r.debitAccountId, r.creditAccountId]).filter((id) => !ids.includes(id));
  const others =
    otherIds.length === 0
      ? []
      : await db
          .select({ id: ledgerAccounts.id, code: ledgerAccounts.code })
          .from(ledgerAccounts)
          .where(inArray(ledgerAccounts.id, [...new Set(otherIds)]));
  const codeOf = new Map([...accounts, ...others].map((a) => [a.id, a.code]));
  const own = new Set(ids);
  const data = rows.flatMap((t) => {
    // a transfer between two of the customer's own accounts (a hold) shows on both sides
    const sides: Array<{ account: number; sign: 1 | -1; other: number }> = [];
    if (own.has(t.creditAccountId)) sides.push({ account: t.creditAccountId, sign: 1, other: t.debitAccountId });
    if (own.has(t.debitAccountId)) sides.push({ account: t.debitAccountId, sign: -1, other: t.creditAccountId });
    return sides.map((s) => ({
      transfer_id: t.transferId,
      created_at: t.createdAt.toISOString(),
      currency: t.currency,
      amount: minorToDecimal(s.sign * t.amount),
      bucket: (codeOf.get(s.account) ?? '').includes(':held:') ? ('held' as const) : ('available' as const),
      counterpart: codeOf.get(s.other) ?? String(s.other),
      code: t.code,
    }));
  });
  return { data, total: Number(total?.n ?? 0), per_page: BACK_OFFICE_PAGE_SIZE, balances: presentBalances };
}

/** POST /api/admin/withdrawals/{id}/payout */
export async function settleWithdrawalPayout(
  deps: AppDeps,
  id: number,
  settlement: { outcome: 'done' } | { outcome: 'failed'; reason: string },
  reviewer: Reviewer,
) {
  const row = await settlePayout(deps, id, settlement, reviewer);
  const people = await customersById(deps.database.db, [row.userId]);
  return {
    withdrawal: adminWithdrawal(row, people.get(row.userId)),
    message: settlement.outcome === 'done' ? MESSAGES.payoutSettledDone : MESSAGES.payoutSettledFailed,
  };
}
