import {
  brasiliaMonthStart,
  formatBRL,
  freeWithdrawalsLeft,
  MESSAGES,
  minorToDecimal,
  type PasskeyAssertion,
  withdrawalFee,
} from '@prata/domain';
import type { AppDeps } from '@/deps';
import type { Executor } from '@/db/client';
import type { UserRow, WithdrawalDestination } from '@/db/rows';
import { withTransaction } from '@/db/tx';
import { logEvent } from '@/lib/audit';
import { codeSent, consumeCode, issueCode } from '@/lib/codes';
import { AppError, invalid } from '@/lib/errors';
import { getBalances, hold, lockOwners, requireOk } from '@/ledger/index';
import { enqueueEmail } from '@/messaging/outbox';
import { withdrawalCodeMail } from '@/messaging/templates';
import { emailKey } from '@/plugins/rate-limit';
import { HISTORY_PAGE_SIZE, page } from '@/features/history/index';
import { assertionOptions, verifyAssertion } from '@/features/passkeys/index';
import { hasPasskey } from '@/plugins/auth';
import { listBanking } from '@/features/profile/index';
import { payOut, withdrawalHoldId } from './payouts';
import { describeDestination, presentWithdrawal } from './presenter';
import { countWithdrawalsSince, insertWithdrawal, pageOfWithdrawals } from './repository/index';

/** This month's withdrawals that count towards the free ones: asked for and not refused. */
async function countThisMonth(db: Executor, userId: number, now = new Date()) {
  return countWithdrawalsSince(db, userId, brasiliaMonthStart(now));
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
    confirm_with: (await hasPasskey(db, userId)) ? ('passkey' as const) : ('code' as const),
  };
}

/** The amount rules that need no lock: the minimum, and more than the fee the withdrawal would pay. */
function checkAmount(deps: AppDeps, amountCents: number, feeCents: number) {
  const minCents = deps.config.money.minWithdrawalCents;
  if (amountCents < minCents) throw invalid('amount', MESSAGES.withdrawalMinimum(formatBRL(minCents)));
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
  await refuseCodeWithPasskey(db, user.id);
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
  return codeSent(deps.config, MESSAGES.withdrawalCodeSent);
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
  input: { verificationCode: string; bankingInformationId: number; amount_cents: number },
) {
  const db = deps.database.db;
  await refuseCodeWithPasskey(db, user.id);
  const entry = await checkWithdrawal(deps, user, input);
  try {
    await consumeCode(db, deps.config, {
      subject: user.email,
      purpose: 'withdrawal',
      code: input.verificationCode,
      binding: { amount: input.amount_cents },
    });
  } catch (err) {
    if (err instanceof AppError) throw new AppError(err.code, err.message, { verificationCode: [err.message] });
    throw err;
  }
  return placeWithdrawal(deps, user, entry, input.amount_cents);
}

/** A customer with a passkey confirms money leaving with it: the e-mail code is refused (PASSKEY_REQUIRED). */
async function refuseCodeWithPasskey(db: Executor, userId: number) {
  if (await hasPasskey(db, userId)) throw new AppError('PASSKEY_REQUIRED', MESSAGES.passkeyRequired);
}

/** The bank entry (the customer's own), the amount rules and the balance, before anything is confirmed. */
async function checkWithdrawal(
  deps: AppDeps,
  user: UserRow,
  input: { bankingInformationId: number; amount_cents: number },
) {
  const db = deps.database.db;
  const entry = (await listBanking(db, user.id)).find((b) => b.id === input.bankingInformationId);
  if (!entry) throw invalid('bankingInformationId', MESSAGES.chooseOption);
  checkAmount(deps, input.amount_cents, feeFor(deps, await countThisMonth(db, user.id)));
  await checkBalance(db, user.id, input.amount_cents);
  return entry;
}

/** What a withdrawal's passkey confirms: this bank entry and this amount (an assertion for R$ 100 cannot take R$ 1.000). */
const passkeyBinding = (input: { bankingInformationId: number; amount_cents: number }) => ({
  bankingInformationId: input.bankingInformationId,
  amount: input.amount_cents,
});

/** POST /api/withdrawal/passkey-options: checked as the final request is, then a challenge bound to it. */
export async function withdrawalPasskeyOptions(
  deps: AppDeps,
  user: UserRow,
  input: { bankingInformationId: number; amount_cents: number },
) {
  await checkWithdrawal(deps, user, input);
  return { options: await assertionOptions(deps, user.id, 'withdrawal', passkeyBinding(input)) };
}

/** POST /api/withdrawal/passkey: the withdrawal confirmed with the passkey instead of the e-mail code. */
export async function requestWithdrawalWithPasskey(
  deps: AppDeps,
  user: UserRow,
  input: { bankingInformationId: number; amount_cents: number; passkey: unknown },
  ip: string,
) {
  const entry = await checkWithdrawal(deps, user, input);
  await verifyAssertion(deps, user.id, 'withdrawal', input.passkey as PasskeyAssertion, {
    binding: passkeyBinding(input),
    ip,
  });
  return placeWithdrawal(deps, user, entry, input.amount_cents);
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
    const inserted = await insertWithdrawal(tx, {
      userId: user.id,
      bankingInformationId: entry.id,
      destination,
      amountCents,
      feeCents,
      instant,
    });
    requireOk(
      await hold(tx, {
        id: withdrawalHoldId(inserted.id),
        holder: { customer: user.id },
        currency: 'BRL',
        amount: amountCents,
        reason: 'withdrawal',
        reference: `withdrawal:${inserted.id}`,
      }),
      'BRL',
    );
    await logEvent(
      tx,
      user.id,
      `Retirada de ${formatBRL(amountCents)} solicitada (${describeDestination(destination)})`,
    );
    return inserted;
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
  const at = { page: pageNumber, perPage: HISTORY_PAGE_SIZE };
  const { rows, total } = await pageOfWithdrawals(deps.database.db, userId, at);
  return { withdrawals: page(rows.map(presentWithdrawal), total) };
}
