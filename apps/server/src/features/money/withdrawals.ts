import { logFailure } from '../../lib/log-failure';
import { and, count, desc, eq, gte, inArray } from 'drizzle-orm';
import {
  brasiliaMonthStart,
  formatBRL,
  freeWithdrawalsLeft,
  MESSAGES,
  minorToDecimal,
  withdrawalFee,
} from '@prata/domain';
import type { PayoutDestination } from '../../adapters/payments/port';
import type { AppDeps } from '../../deps';
import type { Executor } from '../../db/client';
import {
  type UserRow,
  users,
  type WithdrawalDestination,
  type WithdrawalRow,
  withdrawals,
} from '../../db/schema/index';
import { withTransaction } from '../../db/tx';
import { logEvent, writeAudit } from '../../lib/audit';
import { consumeCode, issueCode } from '../../lib/codes';
import { AppError, invalid, notFound } from '../../lib/errors';
import {
  capture,
  getBalances,
  hold,
  lockOwners,
  postBatch,
  release,
  requireAllOk,
  requireOk,
} from '../../ledger/index';
import { enqueueEmail } from '../../messaging/outbox';
import { moneyRejectedMail, withdrawalCodeMail, withdrawalPaidMail } from '../../messaging/templates';
import { emailKey } from '../../plugins/rate-limit';
import { HISTORY_PAGE_SIZE, page } from '../history/index';
import { listBanking } from '../profile/index';
import { findCompanyByUser } from '../users/index';
import { describeDestination, presentWithdrawal } from './presenter';

/** The hold that reserves a withdrawal's amount from the request until it is paid or refused. */
export const withdrawalHoldId = (id: number) => `withdrawal:${id}`;

/** This month's withdrawals that count towards the free ones: asked for and not refused. */
async function countThisMonth(db: Executor, userId: number, now = new Date()) {
  const [row] = await db
    .select({ n: count() })
    .from(withdrawals)
    .where(
      and(
        eq(withdrawals.userId, userId),
        inArray(withdrawals.status, ['pending', 'approved']),
        gte(withdrawals.createdAt, brasiliaMonthStart(now)),
      ),
    );
  return Number(row?.n ?? 0);
}

/** GET /api/withdrawal */
export async function withdrawalOverview(deps: AppDeps, userId: number) {
  const db = deps.database.db;
  const settings = deps.config.money;
  const [banking, balances, earlier] = await Promise.all([
    listBanking(db, userId),
    getBalances(db, userId),
    countThisMonth(db, userId),
  ]);
  return {
    bankingInformation: banking,
    minimumWithdrawalAmount: minorToDecimal(settings.minWithdrawalCents),
    currentBalance: minorToDecimal(balances.BRL.available),
    withdrawalFee: minorToDecimal(settings.withdrawalFeeCents),
    freeWithdrawalsPerMonth: settings.freeWithdrawalsPerMonth,
    freeWithdrawalsLeft: freeWithdrawalsLeft(earlier, settings.freeWithdrawalsPerMonth),
    resendAfterSeconds: deps.config.windows.codeResendSeconds,
  };
}

/** The amount rules that need no lock: the minimum, and more than the fee the withdrawal would pay. */
function checkAmount(deps: AppDeps, amountCents: number, feeCents: number) {
  const min = deps.config.money.minWithdrawalCents;
  if (amountCents < min) throw invalid('amount', MESSAGES.withdrawalMinimum(formatBRL(min)));
  if (amountCents <= feeCents) throw invalid('amount', MESSAGES.withdrawalAboveFee(formatBRL(feeCents)));
}

const feeFor = (deps: AppDeps, earlier: number) =>
  withdrawalFee({
    earlierThisMonth: earlier,
    freePerMonth: deps.config.money.freeWithdrawalsPerMonth,
    feeCents: deps.config.money.withdrawalFeeCents,
  });

async function checkBalance(db: Executor, userId: number, amountCents: number) {
  const balances = await getBalances(db, userId);
  if (balances.BRL.available < amountCents)
    throw new AppError('INSUFFICIENT_BALANCE', MESSAGES.insufficientBalanceBRL, {
      amount: [MESSAGES.insufficientBalanceBRL],
    });
}

/**
 * POST /api/withdrawal/verification-code: a six-digit code to the account's e-mail, bound to the amount (a code for
 * R$ 100,00 cannot confirm R$ 1.000,00). The amount is checked first, so nobody waits for a code that cannot work.
 */
export async function sendWithdrawalCode(deps: AppDeps, user: UserRow, amountCents: number) {
  const db = deps.database.db;
  checkAmount(deps, amountCents, feeFor(deps, await countThisMonth(db, user.id)));
  await checkBalance(db, user.id, amountCents);
  await withTransaction(db, async (tx) => {
    const code = await issueCode(tx, deps.config, {
      userId: user.id,
      subject: user.email,
      purpose: 'withdrawal',
      channel: 'email',
      binding: { amount: amountCents },
      beforeIssue: () => deps.limiter.hit('messagesDestination', emailKey(user.email)),
    });
    await enqueueEmail(tx, {
      to: user.email,
      ...withdrawalCodeMail(user.name, code, formatBRL(amountCents), deps.config.windows.codeTtlSeconds),
      carriesSecret: true,
    });
  });
  deps.outbox.kick();
  return { message: MESSAGES.withdrawalCodeSent, resendAfterSeconds: deps.config.windows.codeResendSeconds };
}

const snapshot = (b: Awaited<ReturnType<typeof listBanking>>[number]): WithdrawalDestination =>
  b.type === 'pix'
    ? { type: 'pix', key_type: b.key_type!, key: b.key! }
    : {
        type: 'account',
        account_type: b.account_type ?? 'checking',
        bank_number: b.bank_number!,
        branch_number: b.branch_number!,
        account_number: b.account_number!,
      };

/**
 * POST /api/withdrawal: the bank entry, the amount rules and the balance are checked before the code is spent (a
 * mistake costs no code), then the code, then placeWithdrawal.
 */
export async function requestWithdrawal(
  deps: AppDeps,
  user: UserRow,
  input: { verificationCode: string; bankingInformationId: number; amount: number },
) {
  const db = deps.database.db;
  const entry = (await listBanking(db, user.id)).find((b) => b.id === input.bankingInformationId);
  if (!entry) throw invalid('bankingInformationId', MESSAGES.chooseOption);
  checkAmount(deps, input.amount, feeFor(deps, await countThisMonth(db, user.id)));
  await checkBalance(db, user.id, input.amount);
  try {
    await consumeCode(db, deps.config, {
      subject: user.email,
      purpose: 'withdrawal',
      code: input.verificationCode,
      binding: { amount: input.amount },
    });
  } catch (err) {
    if (err instanceof AppError) throw new AppError(err.code, err.message, { verificationCode: [err.message] });
    throw err;
  }
  return placeWithdrawal(deps, user, entry, input.amount);
}

/**
 * The withdrawal itself, once the code was accepted: in one transaction under the customer's ledger lock, this
 * month's count (two requests at once cannot both be "the second free one"), the row and the hold of the whole amount
 * (refused past the available balance). A CPF Pix key is paid at once; anything else waits for an operator.
 */
export async function placeWithdrawal(
  deps: AppDeps,
  user: UserRow,
  entry: Awaited<ReturnType<typeof listBanking>>[number],
  amountCents: number,
) {
  const db = deps.database.db;
  const destination = snapshot(entry);
  const instant = destination.type === 'pix' && destination.key_type === 'cpf';
  const row = await withTransaction(db, async (tx) => {
    await lockOwners(tx, [{ customer: user.id }]);
    const feeCents = feeFor(deps, await countThisMonth(tx, user.id));
    checkAmount(deps, amountCents, feeCents);
    const [inserted] = await tx
      .insert(withdrawals)
      .values({
        userId: user.id,
        bankingInformationId: entry.id,
        destination,
        amountCents: amountCents,
        feeCents,
        instant,
      })
      .returning();
    requireOk(
      await hold(tx, {
        id: withdrawalHoldId(inserted!.id),
        holder: { customer: user.id },
        currency: 'BRL',
        amount: amountCents,
        reason: 'withdrawal',
        reference: `withdrawal:${inserted!.id}`,
      }),
      'BRL',
    );
    await logEvent(
      tx,
      user.id,
      `Retirada de ${formatBRL(amountCents)} solicitada (${describeDestination(destination)})`,
    );
    return inserted!;
  });
  if (!instant) return { withdrawal: presentWithdrawal(row), message: MESSAGES.withdrawalRequested };
  const paid = await payOut(deps, row.id, null);
  return {
    withdrawal: presentWithdrawal(paid),
    message:
      paid.status === 'rejected' ? (paid.rejectionReason ?? MESSAGES.withdrawalRequested) : MESSAGES.withdrawalInstant,
  };
}

/** GET /api/withdrawals?page=N */
export async function listWithdrawals(deps: AppDeps, userId: number, pageNumber: number) {
  const db = deps.database.db;
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(withdrawals)
      .where(eq(withdrawals.userId, userId))
      .orderBy(desc(withdrawals.id))
      .limit(HISTORY_PAGE_SIZE)
      .offset((pageNumber - 1) * HISTORY_PAGE_SIZE),
    db.select({ n: count() }).from(withdrawals).where(eq(withdrawals.userId, userId)),
  ]);
  return { withdrawals: page(rows.map(presentWithdrawal), Number(total?.n ?? 0)) };
}

async function lockWithdrawal(tx: Executor, id: number) {
  const [row] = await tx.select().from(withdrawals).where(eq(withdrawals.id, id)).for('update').limit(1);
  return row;
}

async function ownerOf(db: Executor, userId: number) {
  const [owner] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
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

/**
 * Pays a pending withdrawal: (1) one transaction captures the hold (the net amount to payout:clearing, the fee to
 * revenue) and marks it approved with payout 'sending'; (2) the provider is asked, outside any transaction; (3) its
 * answer is recorded, and a refusal gives everything back. A crash between (1) and (3) leaves 'sending', which the back
 * office shows: the provider's panel says whether the money left (docs/decisions.md).
 */
export async function payOut(deps: AppDeps, id: number, reviewer: { userId: number; ip: string } | null) {
  const db = deps.database.db;
  const row = await withTransaction(db, async (tx) => {
    const locked = await lockWithdrawal(tx, id);
    if (!locked) throw notFound();
    if (locked.status !== 'pending') throw new AppError('ALREADY_DECIDED', MESSAGES.notPending);
    const net = locked.amountCents - locked.feeCents;
    requireOk(
      await capture(tx, {
        holdId: withdrawalHoldId(id),
        currency: 'BRL',
        parts: [
          { to: { system: 'payout:clearing' }, amount: net, code: 'withdrawal.payout' },
          ...(locked.feeCents > 0
            ? [{ to: { system: 'revenue:withdrawal-fee' } as const, amount: locked.feeCents, code: 'withdrawal.fee' }]
            : []),
        ],
      }),
      'BRL',
    );
    const now = new Date();
    const [updated] = await tx
      .update(withdrawals)
      .set({
        status: 'approved',
        payoutStatus: 'sending',
        reviewedBy: reviewer?.userId ?? null,
        reviewedAt: reviewer ? now : null,
        updatedAt: now,
      })
      .where(eq(withdrawals.id, id))
      .returning();
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
    return updated!;
  });

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
    const [updated] = await tx
      .update(withdrawals)
      .set({ payoutId: payout.transferId, payoutStatus: payout.status, updatedAt: new Date() })
      .where(and(eq(withdrawals.id, id), eq(withdrawals.payoutStatus, 'sending')))
      .returning();
    const current = updated ?? (await lockWithdrawal(tx, id))!;
    if (updated) {
      const owner = await ownerOf(tx, row.userId);
      const net = formatBRL(row.amountCents - row.feeCents);
      await logEvent(tx, row.userId, `Retirada de ${formatBRL(row.amountCents)} enviada ao banco`);
      await enqueueEmail(tx, {
        to: owner.email,
        ...withdrawalPaidMail(owner.name, net, describeDestination(row.destination)),
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
    const [found] = await tx
      .select()
      .from(withdrawals)
      .where(
        'withdrawalId' in where ? eq(withdrawals.id, where.withdrawalId) : eq(withdrawals.payoutId, where.transferId),
      )
      .for('update')
      .limit(1);
    if (found?.status !== 'approved') return found;
    const net = found.amountCents - found.feeCents;
    requireAllOk(
      await postBatch(
        tx,
        [
          {
            id: `withdrawal:${found.id}:refund`,
            debit: { system: 'payout:clearing' },
            credit: { customer: found.userId, bucket: 'available' },
            currency: 'BRL',
            amount: net,
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
    const [updated] = await tx
      .update(withdrawals)
      .set({ status: 'rejected', payoutStatus: 'failed', rejectionReason: rejection, updatedAt: new Date() })
      .where(eq(withdrawals.id, found.id))
      .returning();
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
  const [updated] = await tx
    .update(withdrawals)
    .set({ payoutStatus: 'done', updatedAt: new Date() })
    .where(and(eq(withdrawals.payoutId, transferId), eq(withdrawals.status, 'approved')))
    .returning({ id: withdrawals.id });
  return updated ? 'payout_done' : 'unknown_transfer';
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
    const now = new Date();
    const [updated] = await tx
      .update(withdrawals)
      .set({
        status: 'rejected',
        rejectionReason: reason,
        reviewedBy: reviewer.userId,
        reviewedAt: now,
        updatedAt: now,
      })
      .where(eq(withdrawals.id, id))
      .returning();
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
    return updated!;
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
    const [updated] = await tx
      .update(withdrawals)
      .set({ payoutStatus: 'done', updatedAt: new Date() })
      .where(eq(withdrawals.id, id))
      .returning();
    return updated;
  });
  deps.outbox.kick();
  return row!;
}
