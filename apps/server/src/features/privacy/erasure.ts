import {
  AML_RETENTION_YEARS,
  type ErasureBlocker,
  type ErasureDoneResponse,
  type ErasureKept,
  type ErasureReason,
  type ErasureStatusResponse,
  MESSAGES,
} from '@prata/domain';
import type { Executor } from '@/db/client';
import { lockCustomer } from '@/db/lock';
import type { UserRow } from '@/db/rows';
import { withTransaction } from '@/db/tx';
import type { AppDeps } from '@/deps';
import { closeAccount as closeLedgerAccount, getBalances, openHolds } from '@/ledger/index';
import { logEvent, writeAudit } from '@/lib/audit';
import { sha256Hex } from '@/lib/crypto';
import { AppError } from '@/lib/errors';
import { loggedAs } from '@/lib/log-failure';
import { verifyPassword } from '@/lib/passwords';
import { revokeSessions } from '@/plugins/auth';
import { emailKey, settledBy } from '@/plugins/rate-limit';
import * as repo from './erasure-repository';

type Asks = (ex: Executor, userId: number) => Promise<boolean>;
/**
 * What each feature says is still pending for a customer, given by the app's wiring (features/index.ts) from each
 * feature's index.ts: the sign-in (features/auth) uses this room, and those features reach the sign-in, so this room
 * does not import them itself (no import circle).
 */
export type ErasureChecks = {
  hasOpenOrders: Asks;
  pendingMoneyOf: (ex: Executor, userId: number) => Promise<{ deposits: boolean; withdrawals: boolean }>;
  hasPendingSilverWithdrawals: Asks;
  hasPendingOutgoingTransfers: Asks;
  hasLiveSavingPlans: Asks;
};

/**
 * "Pedir eliminação" (docs/privacy.md "Eliminação"): the customer's personal data anonymised or
 * deleted in one transaction, what anti-money-laundering law keeps moved to aml_records (locked, five years), the
 * ledger untouched. Allowed only when every balance is zero and nothing is pending.
 */

const REASON_TEXT: Record<ErasureBlocker, string> = {
  balance_brl: MESSAGES.erasureBalanceBrl,
  balance_ag: MESSAGES.erasureBalanceAg,
  held_funds: MESSAGES.erasureHeldFunds,
  open_orders: MESSAGES.erasureOpenOrders,
  pending_deposits: MESSAGES.erasurePendingDeposits,
  pending_withdrawals: MESSAGES.erasurePendingWithdrawals,
  pending_silver_withdrawals: MESSAGES.erasurePendingSilverWithdrawals,
  pending_silver_transfers: MESSAGES.erasurePendingSilverTransfers,
  live_saving_plans: MESSAGES.erasureLiveSavingPlans,
};

/** Every reason the customer cannot be erased now, each asked of the feature that owns it (through its index). */
async function blockersOf(checks: ErasureChecks, ex: Executor, userId: number): Promise<ErasureReason[]> {
  const found: ErasureBlocker[] = [];
  const balances = await getBalances(ex, userId);
  if (balances.BRL.available !== 0) found.push('balance_brl');
  if (balances.AG.available !== 0) found.push('balance_ag');
  if (balances.BRL.held !== 0 || balances.AG.held !== 0 || (await openHolds(ex, userId, 1)).length > 0)
    found.push('held_funds');
  if (await checks.hasOpenOrders(ex, userId)) found.push('open_orders');
  const money = await checks.pendingMoneyOf(ex, userId);
  if (money.deposits) found.push('pending_deposits');
  if (money.withdrawals) found.push('pending_withdrawals');
  if (await checks.hasPendingSilverWithdrawals(ex, userId)) found.push('pending_silver_withdrawals');
  if (await checks.hasPendingOutgoingTransfers(ex, userId)) found.push('pending_silver_transfers');
  if (await checks.hasLiveSavingPlans(ex, userId)) found.push('live_saving_plans');
  return found.map((code) => ({ code, message: REASON_TEXT[code] }));
}

/** What an erasure deletes or anonymises, as the tab and the answer list it. */
const ERASED_PARTS = [
  'Nome, e-mail, celular, sexo, data de nascimento e estado civil (com os dados do cônjuge)',
  'CPF e declarações (PEP e FATCA) do seu cadastro',
  'Endereços',
  'Documentos enviados (arquivos e registros)',
  'Contas bancárias e chaves Pix cadastradas',
  'Dados da empresa (contas de pessoa jurídica)',
  'Alertas de preço, notificações no navegador e chaves de acesso (passkeys)',
  'Sessões abertas: você sai da conta em todos os aparelhos',
];

/** Five years after `from` (Lei 9.613/1998 art. 10, § 2º), the day the locked records go. */
function purgeAfterOf(from: Date): Date {
  const d = new Date(from);
  d.setUTCFullYear(d.getUTCFullYear() + AML_RETENTION_YEARS);
  return d;
}

/** Access logs (sessions) stay 6 months after their end (the retention rule `sessions`, Marco Civil art. 15). */
const ACCESS_LOG_MONTHS = 6;

function keptParts(purgeAfter: Date, sessionsUntil: Date | null): ErasureKept[] {
  const until = purgeAfter.toISOString();
  const kept: ErasureKept[] = [
    {
      what: 'Identificação para prevenção à lavagem de dinheiro (nome, CPF ou CNPJ, data de nascimento, declarações e contas bancárias usadas em saques), bloqueada: só a equipe de conformidade consulta',
      why: 'Lei 9.613/1998, art. 10: cadastro guardado por cinco anos após o encerramento da conta',
      until,
    },
    {
      what: 'Suas operações: movimentos de saldo, ordens, negociações, depósitos, saques, transferências e retiradas de prata, notas fiscais e atendimentos',
      why: 'Lei 9.613/1998, art. 10: registros das operações guardados por cinco anos; Código Tributário Nacional, art. 195',
      until,
    },
    {
      what: 'Histórico dos consentimentos (termos, política de privacidade, e-mails de marketing) e registros de auditoria',
      why: 'LGPD, art. 8º, § 2º e art. 16, I: prova do consentimento e cumprimento de obrigação legal',
      until,
    },
  ];
  if (sessionsUntil) {
    kept.push({
      what: 'Registros de acesso (endereço IP, navegador e horários das sessões)',
      why: 'Marco Civil da Internet (Lei 12.965/2014), art. 15: seis meses',
      until: sessionsUntil.toISOString(),
    });
  }
  return kept;
}

async function sessionsUntilOf(ex: Executor, userId: number, now: Date): Promise<Date | null> {
  const last = await repo.lastSessionExpiry(ex, userId);
  if (!last) return null;
  const d = new Date(Math.max(last.getTime(), now.getTime()));
  d.setUTCMonth(d.getUTCMonth() + ACCESS_LOG_MONTHS);
  return d;
}

/** GET /api/privacy/erasure: may the customer ask now, and if not why; what goes and what stays until when. */
export async function erasureStatus(
  deps: AppDeps,
  checks: ErasureChecks,
  userId: number,
): Promise<ErasureStatusResponse> {
  const db = deps.database.db;
  const now = new Date();
  const reasons = await blockersOf(checks, db, userId);
  return {
    allowed: reasons.length === 0,
    reasons,
    erased: ERASED_PARTS,
    kept: keptParts(purgeAfterOf(now), await sessionsUntilOf(db, userId, now)),
  };
}

const notAllowed = (reasons: ErasureReason[]) =>
  new AppError('ERASURE_NOT_ALLOWED', MESSAGES.erasureNotAllowed(reasons.map((r) => r.message)), undefined, {
    reasons,
  });

/**
 * POST /api/privacy/erasure: the password, then under the customer's lock and in one transaction: the ledger closes
 * the customer's accounts (refused while any balance or hold remains; from then on nothing can move money to or from
 * them), every other pending thing is asked, the AML record is written, the personal data goes, every session ends,
 * and the request and audit entries are recorded. The documents' files are deleted after the commit.
 */
export async function requestErasure(
  deps: AppDeps,
  checks: ErasureChecks,
  user: UserRow,
  password: string,
  ip: string,
): Promise<ErasureDoneResponse> {
  const account = emailKey(user.email);
  const attempt = await deps.limiter.attempt([['signinAccount', account]]);
  if (!(await settledBy(attempt, () => verifyPassword(user.passwordHash, password)))) {
    await attempt.failed();
    throw new AppError('ERASURE_PASSWORD_WRONG', MESSAGES.erasurePasswordWrong, {
      password: [MESSAGES.erasurePasswordWrong],
    });
  }
  await attempt.succeeded();
  const done = await withTransaction(deps.database.db, async (tx) => {
    await lockCustomer(tx, user.id);
    const current = await repo.userForErasure(tx, user.id);
    // a second request of the same customer waited for the first's lock: the account is gone
    if (!current || current.erased_at) throw new AppError('ACCOUNT_ERASED', MESSAGES.accountErased);
    // the ledger first: once its accounts are closed no transfer or hold can start; what started before is seen below
    const closed = await closeLedgerAccount(tx, user.id);
    const reasons = await blockersOf(checks, tx, user.id);
    if (!closed.ok && reasons.length === 0) reasons.push({ code: 'held_funds', message: REASON_TEXT.held_funds });
    if (reasons.length > 0) throw notAllowed(reasons);

    const now = new Date();
    const lastOperation = await repo.lastLedgerMovement(tx, user.id);
    const purgeAfter = purgeAfterOf(new Date(Math.max(now.getTime(), lastOperation?.getTime() ?? 0)));
    const kept = keptParts(purgeAfter, await sessionsUntilOf(tx, user.id, now));
    const request = await repo.insertErasureRequest(tx, user.id, {
      erased: ERASED_PARTS,
      kept,
      purge_after: purgeAfter.toISOString(),
    });
    await repo.insertAmlRecord(tx, {
      userId: user.id,
      requestId: request.id,
      lastOperationAt: lastOperation,
      closedAt: now,
      purgeAfter,
    });
    const counts = await repo.eraseCustomerData(tx, user.id, current.email);
    await repo.anonymiseUser(tx, user.id, sha256Hex(current.email.trim().toLowerCase()));
    await revokeSessions(tx, { userId: user.id });
    await writeAudit(tx, {
      actorUserId: user.id,
      action: 'privacy.erasure.done',
      targetType: 'user',
      targetId: user.id,
      details: {
        customer_id: user.id,
        request_id: request.id,
        purge_after: purgeAfter.toISOString(),
        last_operation_at: lastOperation?.toISOString() ?? null,
        addresses: counts.addresses,
        documents: counts.files.length,
        bank_entries: counts.bankEntries,
      },
      ip,
    });
    await logEvent(tx, user.id, 'Dados pessoais eliminados a pedido do titular');
    return { request, files: counts.files, kept, erasedAt: now };
  });
  for (const file of done.files)
    await deps.adapters.storage.delete(file).catch(loggedAs(`privacy: erased document ${file} left behind`, 'warn'));
  return {
    request_id: done.request.id,
    erased_at: done.erasedAt.toISOString(),
    erased: ERASED_PARTS,
    kept: done.kept,
    message: MESSAGES.erasureDone,
  };
}

/**
 * The sign-in's question (features/auth): the newest account erased under this e-mail, with its password hash, while
 * its AML record lasts; a right password then answers ACCOUNT_ERASED instead of wrong credentials.
 */
export async function findErasedAccount(ex: Executor, email: string) {
  return repo.erasedByEmailHash(ex, sha256Hex(email.trim().toLowerCase()));
}
