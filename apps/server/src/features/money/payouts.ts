import { logFailure } from '@/lib/log-failure';
// Paying a withdrawal out: the provider asked, its answer recorded, a refusal given back; an operator's rejection.
import { formatBRL, MESSAGES } from '@prata/domain';
import type { PayoutDestination } from '@/adapters/payments/port';
import type { AppDeps } from '@/deps';
import type { Executor } from '@/db/client';
import type { WithdrawalRow } from '@/db/rows';
import { withTransaction } from '@/db/tx';
import { logEvent, writeAudit } from '@/lib/audit';
import { AppError, notFound } from '@/lib/errors';
import { capture, postBatch, release, requireAllOk, requireOk } from '@/ledger/index';
import { enqueueEmail } from '@/messaging/outbox';
import { moneyRejectedMail, withdrawalPaidMail } from '@/messaging/templates';
import { findCompanyByUser } from '@/features/users/index';
import { describeDestination } from './presenter';
import {
  findUser,
  lockWithdrawal,
  lockWithdrawalBy,
  markApprovedForPayout,
  markPayoutDoneById,
  markPayoutDoneByTransfer,
  markPayoutFailed,
  markPayoutSent,
  markWithdrawalRejected,
} from './repository/index';

async function ownerOf(db: Executor, userId: number) {
  const owner = await findUser(db, userId);
  if (!owner) throw notFound();
  return owner;
}

/** The provider's destination: the Pix key, or the bank account in the customer's own name and document. */
async function payoutDestination(db: Executor, row: WithdrawalRow): Promise<PayoutDestination> {
  const d = row.destination;
  if (d.type === 'pix') {
    return {
      type: 'pix',
      keyType: d.key_type === 'cpf' ? 'CPF' : d.key_type === 'cnpj' ? 'CNPJ' : 'EMAIL',
      key: d.key,
    };
  }
  const owner = await ownerOf(db, row.userId);
  const company = owner.accountType === 'company' ? await findCompanyByUser(db, owner.id) : undefined;
  return {
    type: 'account',
    bankCode: d.bank_number,
    branch: d.branch_number,
    account: d.account_number,
    accountType: d.account_type,
    ownerName: company?.razaoSocial ?? owner.name,
    cpfCnpj: company?.cnpj ?? owner.cpf ?? '',
  };
}

/** The hold that reserves a withdrawal's amount from the request until it is paid or refused. */
export const withdrawalHoldId = (id: number) => `withdrawal:${id}`;

type Reviewer = { userId: number; ip: string } | null;

/** Step (1) of payOut, in the caller's transaction: the hold captured, the row approved with payout 'sending'. */
async function approveForPayout(tx: Executor, id: number, reviewer: Reviewer) {
  const locked = await lockWithdrawal(tx, id);
  if (!locked) throw notFound();
  if (locked.status !== 'pending') throw new AppError('ALREADY_DECIDED', MESSAGES.notPending);
  const netCents = locked.amountCents - locked.feeCents;
  requireOk(
    await capture(tx, {
      holdId: withdrawalHoldId(id),
      currency: 'BRL',
      parts: [
        { to: { system: 'payout:clearing' }, amount: netCents, code: 'withdrawal.payout' },
        ...(locked.feeCents > 0
          ? [{ to: { system: 'revenue:withdrawal-fee' } as const, amount: locked.feeCents, code: 'withdrawal.fee' }]
          : []),
      ],
    }),
    'BRL',
  );
  const updated = await markApprovedForPayout(tx, id, reviewer?.userId ?? null, new Date());
  if (reviewer) {
    await writeAudit(tx, {
      actorUserId: reviewer.userId,
      action: 'withdrawal.approved',
      targetType: 'withdrawal',
      targetId: id,
      details: { customer_id: locked.userId, amount: locked.amountCents, fee: locked.feeCents },
      ip: reviewer.ip,
    });
  }
  return updated;
}

/**
 * Pays a pending withdrawal: (1) one transaction captures the hold (the net amount to payout:clearing, the fee to
 * revenue) and marks it approved with payout 'sending'; (2) the provider is asked, outside any transaction; (3) its
 * answer is recorded, and a refusal gives everything back. A crash between (1) and (3) leaves 'sending', which the back
 * office shows: the provider's panel says whether the money left (docs/decisions.md).
 */
export async function payOut(deps: AppDeps, id: number, reviewer: Reviewer) {
  const db = deps.database.db;
  const row = await withTransaction(db, (tx) => approveForPayout(tx, id, reviewer));

  let payout: Awaited<ReturnType<AppDeps['adapters']['payments']['createPayout']>>;
  try {
    payout = await deps.adapters.payments.createPayout({
      reference: `withdrawal-${id}`,
      amountCents: row.amountCents - row.feeCents,
      destination: await payoutDestination(db, row),
      description: `Retirada Prata nº ${id}`,
    });
  } catch (err) {
    // No answer: whether the money left is unknown, so nothing is undone; the row stays 'sending' for an operator.
    logFailure(`withdrawals: no answer from the payment provider for withdrawal ${id}`, err);
    return row;
  }
  if (payout.status === 'failed') {
    return (await refundPayout(deps, { withdrawalId: id }, payout.failReason ?? 'transferência recusada')) ?? row;
  }
  return withTransaction(db, async (tx) => {
    const updated = await markPayoutSent(tx, id, payout);
    const current = updated ?? (await lockWithdrawal(tx, id))!;
    if (updated) {
      const owner = await ownerOf(tx, row.userId);
      const netText = formatBRL(row.amountCents - row.feeCents);
      await logEvent(tx, row.userId, `Retirada de ${formatBRL(row.amountCents)} enviada ao banco`);
      await enqueueEmail(tx, {
        to: owner.email,
        ...withdrawalPaidMail(owner.name, netText, describeDestination(row.destination)),
      });
    }
    return current;
  });
}

/**
 * The bank refused a payout that had already left our books (an answer of the provider, or its TRANSFER_FAILED
 * webhook): the net amount comes back from payout:clearing and the fee from revenue, the withdrawal turns rejected
 * with the bank's reason. Once: a second failure of the same payout finds it failed already.
 */
export async function refundPayout(
  deps: AppDeps,
  where: { withdrawalId: number } | { transferId: string },
  reason: string,
  ex?: Executor,
): Promise<WithdrawalRow | undefined> {
  const run = async (tx: Executor) => {
    const found = await lockWithdrawalBy(tx, where);
    if (found?.status !== 'approved') return found;
    const netCents = found.amountCents - found.feeCents;
    requireAllOk(
      await postBatch(
        tx,
        [
          {
            id: `withdrawal:${found.id}:refund`,
            debit: { system: 'payout:clearing' },
            credit: { customer: found.userId, bucket: 'available' },
            currency: 'BRL',
            amount: netCents,
            code: 'withdrawal.refund',
          },
          ...(found.feeCents > 0
            ? [
                {
                  id: `withdrawal:${found.id}:fee-refund`,
                  debit: { system: 'revenue:withdrawal-fee' } as const,
                  credit: { customer: found.userId, bucket: 'available' } as const,
                  currency: 'BRL' as const,
                  amount: found.feeCents,
                  code: 'withdrawal.fee-refund',
                },
              ]
            : []),
        ],
        { atomic: true },
      ),
      'BRL',
    );
    const rejection = MESSAGES.withdrawalPayoutFailed(reason).slice(0, 500);
    const updated = await markPayoutFailed(tx, found.id, rejection);
    const owner = await ownerOf(tx, found.userId);
    await logEvent(tx, found.userId, `Retirada de ${formatBRL(found.amountCents)} devolvida ao saldo: ${rejection}`);
    await enqueueEmail(tx, {
      to: owner.email,
      ...moneyRejectedMail(
        owner.name,
        'Retirada devolvida ao saldo',
        `A transferência da sua retirada de ${formatBRL(found.amountCents)} não foi concluída; o valor voltou ao seu saldo.`,
        rejection,
      ),
    });
    return updated;
  };
  // in the caller's transaction, the caller wakes the outbox after its commit (the webhook handler does)
  if (ex) return run(ex);
  const result = await withTransaction(deps.database.db, run);
  deps.outbox.kick();
  return result;
}

/** The provider confirmed a payout (TRANSFER_DONE): the row says done. */
export async function markPayoutDone(tx: Executor, transferId: string) {
  return (await markPayoutDoneByTransfer(tx, transferId)) ? 'payout_done' : 'unknown_transfer';
}

/** An operator refuses a pending withdrawal: the hold goes back to available, the customer reads the reason. */
export async function rejectWithdrawal(
  deps: AppDeps,
  id: number,
  reason: string,
  reviewer: { userId: number; ip: string },
) {
  const row = await withTransaction(deps.database.db, async (tx) => {
    const locked = await lockWithdrawal(tx, id);
    if (!locked) throw notFound();
    if (locked.status !== 'pending') throw new AppError('ALREADY_DECIDED', MESSAGES.notPending);
    requireOk(await release(tx, withdrawalHoldId(id)), 'BRL');
    const updated = await markWithdrawalRejected(tx, id, reason, reviewer.userId, new Date());
    await writeAudit(tx, {
      actorUserId: reviewer.userId,
      action: 'withdrawal.rejected',
      targetType: 'withdrawal',
      targetId: id,
      details: { customer_id: locked.userId, amount: locked.amountCents, reason },
      ip: reviewer.ip,
    });
    const owner = await ownerOf(tx, locked.userId);
    const amount = formatBRL(locked.amountCents);
    await logEvent(tx, locked.userId, `Retirada de ${amount} recusada: ${reason}`);
    await enqueueEmail(tx, {
      to: owner.email,
      ...moneyRejectedMail(
        owner.name,
        'Retirada recusada',
        `Sua retirada de ${amount} foi recusada e o valor voltou ao seu saldo.`,
        reason,
      ),
    });
    return updated;
  });
  deps.outbox.kick();
  return row;
}

/**
 * An operator settles a payout whose outcome the provider never told us ('sending', or 'pending' for too long), after
 * checking the provider's panel: done, or failed (everything back to the customer, with the reason). Audited.
 */
export async function settlePayout(
  deps: AppDeps,
  id: number,
  settlement: { outcome: 'done' } | { outcome: 'failed'; reason: string },
  reviewer: { userId: number; ip: string },
) {
  const db = deps.database.db;
  const row = await withTransaction(db, async (tx) => {
    const locked = await lockWithdrawal(tx, id);
    if (!locked) throw notFound();
    if (locked.status !== 'approved' || (locked.payoutStatus !== 'sending' && locked.payoutStatus !== 'pending'))
      throw new AppError('ALREADY_DECIDED', MESSAGES.payoutNotOpen);
    await writeAudit(tx, {
      actorUserId: reviewer.userId,
      action: settlement.outcome === 'done' ? 'withdrawal.payout_done' : 'withdrawal.payout_failed',
      targetType: 'withdrawal',
      targetId: id,
      details: {
        customer_id: locked.userId,
        amount: locked.amountCents,
        ...(settlement.outcome === 'failed' ? { reason: settlement.reason } : {}),
      },
      ip: reviewer.ip,
    });
    if (settlement.outcome === 'failed') return refundPayout(deps, { withdrawalId: id }, settlement.reason, tx);
    return markPayoutDoneById(tx, id);
  });
  deps.outbox.kick();
  return row!;
}
