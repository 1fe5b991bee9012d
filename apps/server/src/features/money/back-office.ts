import { formatBRL, MESSAGES, minorToDecimal } from '@prata/domain';
import type { AppDeps } from '@/deps';
import type { Executor } from '@/db/client';
import type { DepositRow, DepositStatus, WithdrawalRow, WithdrawalStatus } from '@/db/rows';
import { withTransaction } from '@/db/tx';
import { logEvent, writeAudit } from '@/lib/audit';
import { AppError, notFound } from '@/lib/errors';
import { pageAnswer } from '@/lib/paging';
import { getBalances } from '@/ledger/index';
import { enqueueEmail } from '@/messaging/outbox';
import { moneyRejectedMail } from '@/messaging/templates';
import { creditLockedDeposit } from './deposits';
import { presentCustomer, presentDeposit, presentWithdrawal } from './presenter';
import { paymentTargetsFor } from './payment-targets';
import { handlePaymentWebhook } from './webhooks';
import { payOut, rejectWithdrawal, settlePayout } from './payouts';
import {
  type Customer,
  customersById,
  findDeposit,
  findDepositBy,
  findUser,
  ledgerAccountsById,
  ledgerAccountsOf,
  lockDeposit,
  markRejected,
  pageOfDepositsForReview,
  pageOfTransfersTouching,
  pageOfWithdrawalsForReview,
} from './repository/index';

export const BACK_OFFICE_PAGE_SIZE = 25;

type Reviewer = { userId: number; ip: string };

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
  const at = { page: query.page, perPage: BACK_OFFICE_PAGE_SIZE };
  const { rows, total } = await pageOfDepositsForReview(db, query, at, new Date());
  const people = await customersById(
    db,
    rows.map((r) => r.userId),
  );
  return {
    ...pageAnswer(
      rows.map((r) => adminDeposit(r, people.get(r.userId))),
      total,
      BACK_OFFICE_PAGE_SIZE,
    ),
    can_simulate_payments: Boolean(deps.adapters.payments.simulatePayment),
  };
}

export async function depositForBackOffice(db: Executor, id: number) {
  const row = await findDeposit(db, id);
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
      await markRejected(tx, id, decision.reason, reviewer.userId, new Date());
      const owner = await findUser(tx, row.userId);
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
  const row = await findDepositBy(db, where);
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
  const at = { page: query.page, perPage: BACK_OFFICE_PAGE_SIZE };
  const { rows, total } = await pageOfWithdrawalsForReview(db, query.status, at);
  const people = await customersById(
    db,
    rows.map((r) => r.userId),
  );
  return pageAnswer(
    rows.map((r) => adminWithdrawal(r, people.get(r.userId))),
    total,
    BACK_OFFICE_PAGE_SIZE,
  );
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
  if (!(await findUser(db, userId))) throw notFound();
  const accounts = await ledgerAccountsOf(db, userId);
  const ids = accounts.map((a) => a.id);
  const balances = await getBalances(db, userId);
  const presentBalances = {
    BRL: { available: minorToDecimal(balances.BRL.available), held: minorToDecimal(balances.BRL.held) },
    AG: { available: minorToDecimal(balances.AG.available), held: minorToDecimal(balances.AG.held) },
  };
  if (ids.length === 0) return { data: [], total: 0, per_page: BACK_OFFICE_PAGE_SIZE, balances: presentBalances };
  const { rows, total } = await pageOfTransfersTouching(db, ids, { page: pageNumber, perPage: BACK_OFFICE_PAGE_SIZE });
  const otherIds = rows.flatMap((r) => [r.debitAccountId, r.creditAccountId]).filter((id) => !ids.includes(id));
  const others = await ledgerAccountsById(db, otherIds);
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
  return { ...pageAnswer(data, total, BACK_OFFICE_PAGE_SIZE), balances: presentBalances };
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
