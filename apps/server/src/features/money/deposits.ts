import { randomBytes } from 'node:crypto';
import { formatBRL, MESSAGES, MINIMUM_PIX_DEPOSIT_CENTS, minorToDecimal } from '@prata/domain';
import type { PaymentCustomer } from '@/adapters/payments/port';
import { brCodeQrPngBase64 as qrPngBase64 } from '@/adapters/payments/index';
import type { AppDeps } from '@/deps';
import type { Executor } from '@/db/client';
import type { DepositRow, UserRow } from '@/db/rows';
import { withTransaction } from '@/db/tx';
import { logEvent } from '@/lib/audit';
import { AppError, notFound } from '@/lib/errors';
import { inspectUpload, type UploadedFile } from '@/lib/uploads';
import { getBalances, post } from '@/ledger/index';
import { enqueueEmail } from '@/messaging/outbox';
import { depositCreditedMail } from '@/messaging/templates';
import { findCompanyByUser } from '@/features/users/index';
import { HISTORY_PAGE_SIZE, page } from '@/features/history/index';
import {
  depositLimits,
  insertPendingDeposit,
  presentDepositLimits,
  requireMoneyInAdmitted,
  type Wording,
} from './deposit-limits';
import { isExpired, presentDeposit } from './presenter';
import { logFailure, loggedAs } from '@/lib/log-failure';
import {
  findContact,
  findDeposit,
  listPendingDeposits,
  lockOwnDeposit,
  markApproved,
  markCancelled,
  markExpired,
  pageOfDeposits,
  setCreditNote,
} from './repository/index';

/** The ledger transfer that credits a deposit: one id per deposit, so however many events confirm it, it posts once. */
export const depositTransferId = (depositId: number) => `deposit:${depositId}`;

function receivingAccount(deps: AppDeps) {
  const a = deps.config.money.receivingAccount;
  return {
    bank_code: a.bankCode,
    bank_name: a.bankName,
    branch: a.branch,
    account: a.account,
    account_type: a.accountType,
    holder_name: a.holderName,
    holder_cnpj: a.holderCnpj,
  };
}

/** GET /api/deposit: with the limits, so the screen says what may be deposited before anything is typed. */
export async function depositOverview(deps: AppDeps, userId: number) {
  const db = deps.database.db;
  const [balances, pending, limits] = await Promise.all([
    getBalances(db, userId),
    listPendingDeposits(db, userId, new Date()),
    depositLimits(db, userId),
  ]);
  return {
    currentBalance: minorToDecimal(balances.BRL.available),
    pendingDeposits: pending.map((row) => presentDeposit(row)),
    receivingAccount: receivingAccount(deps),
    minimumPixDeposit: minorToDecimal(MINIMUM_PIX_DEPOSIT_CENTS),
    depositLimits: presentDepositLimits(limits),
  };
}

/** The charge's expiry: the provider's, or our own TTL, whichever comes first. */
function chargeExpiry(deps: AppDeps, providerExpiry: string | null, now: Date): Date {
  const ours = new Date(now.getTime() + deps.config.money.pixChargeTtlMinutes * 60_000);
  if (!providerExpiry) return ours;
  const theirs = new Date(providerExpiry);
  return theirs < ours ? theirs : ours;
}

/** Who pays, as the provider keeps customers: the person's CPF, or the company's CNPJ. */
export async function payerOf(db: Executor, user: UserRow): Promise<PaymentCustomer> {
  if (user.accountType === 'company') {
    const company = await findCompanyByUser(db, user.id);
    return {
      userId: user.id,
      name: company?.razaoSocial ?? user.name,
      cpfCnpj: company?.cnpj ?? '',
      email: user.email,
    };
  }
  return { userId: user.id, name: user.name, cpfCnpj: user.cpf ?? '', email: user.email };
}

const todayIso = () => new Date().toISOString().slice(0, 10);

/**
 * POST /api/deposit/pix: a Pix charge at the provider, then the pending deposit. The charge comes first (a network
 * call outside any transaction); if the row cannot be written after it, the charge is cancelled, and a payment of a
 * charge we never recorded is kept as an event for operators (webhooks.ts), never credited blindly. An amount above
 * the customer's limits is refused before the charge, and again, under the customer's lock, by the database as the
 * row is written (deposit-limits.ts): two charges asked for at once cannot pass the limits together.
 */
export async function createPixDeposit(deps: AppDeps, user: UserRow, amountCents: number) {
  const db = deps.database.db;
  await requireMoneyInAdmitted(db, { userId: user.id, method: 'pix', amountCents });

  const reference = `deposit-${randomBytes(10).toString('hex')}`;
  const payments = deps.adapters.payments;
  let charge: Awaited<ReturnType<typeof payments.createPixCharge>>;
  try {
    charge = await payments.createPixCharge({
      reference,
      amountCents,
      customer: await payerOf(db, user),
      description: `Depósito Prata ${formatBRL(amountCents)}`.slice(0, 40),
      dueDate: todayIso(),
    });
  } catch (err) {
    // The provider's own words stay out of the answer (they may name our account); they go to the log.
    logFailure('deposits: the payment provider refused or did not answer a Pix charge', err);
    throw new AppError('PAYMENT_PROVIDER_UNAVAILABLE', MESSAGES.paymentProviderUnavailable);
  }
  let row: DepositRow;
  try {
    row = await withTransaction(db, async (tx) => {
      const inserted = await insertPendingDeposit(tx, {
        userId: user.id,
        method: 'pix',
        amountCents,
        asaasPaymentId: charge.paymentId,
        externalReference: reference,
        pixCopiaECola: charge.pixCopiaECola,
        pixExpiresAt: chargeExpiry(deps, charge.expiresAt, new Date()),
      });
      await logEvent(tx, user.id, `Depósito por Pix de ${formatBRL(amountCents)} criado`);
      return inserted;
    });
  } catch (err) {
    await payments
      .cancelCharge(charge.paymentId)
      .catch(loggedAs(`deposit: the provider's charge ${charge.paymentId} was not cancelled`, 'warn'));
    throw err;
  }
  return {
    deposit: presentDeposit(row),
    pixQrCode: await qrPngBase64(charge.pixCopiaECola),
    pixCopiaECola: charge.pixCopiaECola,
    message: MESSAGES.pixDepositCreated,
  };
}

/**
 * A deposit for a charge another feature made at the provider (a Pix Automático charge of a saving plan): the same
 * pending row a Pix deposit writes, so the one webhook path credits it (and only once), through the same gate (the
 * limits on money in, under the customer's lock: a refusal is thrown as DEPOSIT_LIMIT_EXCEEDED or
 * PENDING_DEPOSITS_LIMIT and nothing is written). Written in the caller's transaction.
 */
export async function recordChargeDeposit(
  tx: Executor,
  input: {
    userId: number;
    amountCents: number;
    paymentId: string;
    reference: string;
    pixCopiaECola: string;
    /** when the code stops being payable (a code the payer scans); null: a debit on its due date (scheduled) */
    pixExpiresAt: Date | null;
  },
  wording?: Wording,
): Promise<DepositRow> {
  const inserted = await insertPendingDeposit(
    tx,
    {
      userId: input.userId,
      method: 'pix',
      amountCents: input.amountCents,
      asaasPaymentId: input.paymentId,
      externalReference: input.reference,
      pixCopiaECola: input.pixCopiaECola,
      pixExpiresAt: input.pixExpiresAt,
      scheduledDebit: input.pixExpiresAt === null,
    },
    wording,
  );
  await logEvent(tx, input.userId, `Depósito por Pix Automático de ${formatBRL(input.amountCents)} criado`);
  return inserted;
}

/**
 * Leaves a sentence on pending deposits for the e-mail that will say they were credited (a saving plan cancelled
 * while its charge was out: the money stays in the balance). The caller's transaction.
 */
export async function noteOnPendingDeposits(tx: Executor, ids: number[], note: string): Promise<void> {
  await setCreditNote(tx, ids, note);
}

/** POST /api/deposit/ted: the receipt is checked by content, stored, and the deposit waits for an operator. */
export async function createTedDeposit(deps: AppDeps, user: UserRow, amountCents: number, file: UploadedFile) {
  const facts = inspectUpload(file);
  await requireMoneyInAdmitted(deps.database.db, { userId: user.id, method: 'ted', amountCents });
  const storageKey = `ted${user.id}/${randomBytes(16).toString('hex')}.${facts.ext}`;
  await deps.adapters.storage.put(storageKey, file.data);
  try {
    const row = await withTransaction(deps.database.db, async (tx) => {
      const inserted = await insertPendingDeposit(tx, {
        userId: user.id,
        method: 'ted',
        amountCents,
        receiptStorageKey: storageKey,
        receiptName: facts.originalName,
        receiptMime: facts.mime,
        receiptSize: facts.sizeBytes,
        receiptSha256: facts.sha256,
      });
      await logEvent(tx, user.id, `Depósito por TED de ${formatBRL(amountCents)} enviado para conferência`);
      return inserted;
    });
    return { deposit: presentDeposit(row), message: MESSAGES.tedDepositSent };
  } catch (err) {
    await deps.adapters.storage.delete(storageKey).catch(loggedAs(`deposit: file ${storageKey} left behind`, 'warn'));
    throw err;
  }
}

/** The customer's own deposit, or 404 (another customer's deposit does not exist for them). */
async function ownDeposit(db: Executor, userId: number, id: number) {
  const row = await findDeposit(db, id, userId);
  if (!row) throw notFound();
  return row;
}

/**
 * GET /api/deposit/{id}/qrcode: a Pix deposit's code, as an image and as text, to pay it again from the history.
 * An expired charge answers 409 DEPOSIT_EXPIRED: its code must not be paid any more.
 */
export async function depositQrCode(deps: AppDeps, userId: number, id: number) {
  const row = await ownDeposit(deps.database.db, userId, id);
  if (row.method !== 'pix' || !row.pixCopiaECola) throw notFound(MESSAGES.depositNoQrCode);
  if (row.status === 'expired' || isExpired(row)) throw new AppError('DEPOSIT_EXPIRED', MESSAGES.depositExpired);
  return { pixQrCode: await qrPngBase64(row.pixCopiaECola), pixCopiaECola: row.pixCopiaECola };
}

/** The receipt of a TED deposit: the customer's own (userId) or any, for an operator (userId null). */
export async function depositReceipt(deps: AppDeps, userId: number | null, id: number) {
  const row = await findDeposit(deps.database.db, id, userId);
  if (!row) throw notFound();
  if (!row.receiptStorageKey || !row.receiptMime || !row.receiptName) throw notFound(MESSAGES.depositNoReceipt);
  const data = await deps.adapters.storage.get(row.receiptStorageKey);
  return { file: { mimeType: row.receiptMime, originalName: row.receiptName }, data, row };
}

/**
 * DELETE /api/deposit/{id}: a pending Pix deposit is cancelled here first (under its row lock, so a payment being
 * credited at the same moment either wins, and the cancel is refused, or waits and finds it cancelled), then at the
 * provider. From then on no event can credit it: a late payment is held for an operator (webhooks.ts). A charge that
 * expired meanwhile is marked so and answers 409 DEPOSIT_EXPIRED.
 */
export async function cancelDeposit(deps: AppDeps, userId: number, id: number) {
  const outcome = await withTransaction(deps.database.db, async (tx) => {
    const locked = await lockOwnDeposit(tx, userId, id);
    if (!locked) throw notFound();
    if (locked.status === 'approved') throw new AppError('DEPOSIT_NOT_CANCELLABLE', MESSAGES.depositAlreadyPaid);
    if (locked.status === 'expired') throw new AppError('DEPOSIT_EXPIRED', MESSAGES.depositExpired);
    if (locked.method !== 'pix' || locked.status !== 'pending')
      throw new AppError('DEPOSIT_NOT_CANCELLABLE', MESSAGES.depositNotCancellable);
    if (isExpired(locked)) return { expired: true, row: await markExpired(tx, locked) };
    const updated = await markCancelled(tx, id);
    await logEvent(tx, userId, `Depósito por Pix de ${formatBRL(locked.amountCents)} cancelado`);
    return { expired: false, row: updated! };
  });
  const { row } = outcome;
  if (row.asaasPaymentId) {
    // Best effort: the row already refuses any payment; a provider that is down now only delays the cleanup there.
    await deps.adapters.payments
      .cancelCharge(row.asaasPaymentId)
      .catch(loggedAs(`deposit ${row.id}: the provider's charge was not cancelled`, 'warn'));
  }
  if (outcome.expired) throw new AppError('DEPOSIT_EXPIRED', MESSAGES.depositExpired);
  return { deposit: { id: row.id }, message: MESSAGES.depositCancelled };
}

/** GET /api/deposits?page=N */
export async function listDeposits(deps: AppDeps, userId: number, pageNumber: number) {
  const at = { page: pageNumber, perPage: HISTORY_PAGE_SIZE };
  const { rows, total } = await pageOfDeposits(deps.database.db, userId, at);
  return {
    deposits: page(
      rows.map((row) => presentDeposit(row)),
      total,
    ),
  };
}

export type CreditOutcome = 'credited' | 'duplicate' | 'cancelled' | 'rejected' | 'account_closed';

/**
 * Credits a pending deposit, in the caller's transaction, with the deposit's row locked by the caller: the ledger
 * transfer from the clearing account (its id is the deposit's, so it posts once), the row approved, the customer
 * told. An approved deposit answers 'duplicate'; a cancelled or rejected one is never credited.
 */
export async function creditLockedDeposit(
  tx: Executor,
  row: DepositRow,
  reviewer: number | null,
): Promise<CreditOutcome> {
  if (row.status === 'approved') return 'duplicate';
  if (row.status === 'cancelled') return 'cancelled';
  if (row.status === 'rejected') return 'rejected';
  const result = await post(tx, {
    id: depositTransferId(row.id),
    debit: { system: row.method === 'pix' ? 'pix:clearing' : 'ted:clearing' },
    credit: { customer: row.userId, bucket: 'available' },
    currency: 'BRL',
    amount: row.amountCents,
    code: row.method === 'pix' ? 'deposit.pix' : 'deposit.ted',
  });
  if (!result.ok) {
    if (result.reason === 'account_closed') return 'account_closed';
    throw new Error(`ledger refused deposit ${row.id}: ${result.reason}`);
  }
  await markApproved(tx, row.id, reviewer, new Date());
  const owner = await findContact(tx, row.userId);
  const amount = formatBRL(row.amountCents);
  await logEvent(tx, row.userId, `Depósito por ${row.method === 'pix' ? 'Pix' : 'TED'} de ${amount} creditado`);
  if (owner) {
    await enqueueEmail(tx, { to: owner.email, ...depositCreditedMail(owner.name, amount, row.method, row.creditNote) });
  }
  return 'credited';
}
