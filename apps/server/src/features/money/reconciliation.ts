import type { Executor } from '@/db/client';
import { type ReconciliationReport, registerReconciliationCheck } from '@/ledger/index';
import {
  depositsCreditedWrongly,
  heldPaymentsReceivedWrongly,
  suspenseAndHeld,
  withdrawalsHeldWrongly,
} from './repository/index';

/**
 * Deposits and the ledger agree: an approved deposit was credited once, with its amount (transfer 'deposit:<id>'), or
 * with what an operator credited of a held payment (credited_cents); a pending, expired, held, refunded, cancelled or
 * rejected one never was.
 */
async function depositsMatchLedger(db: Executor, report: ReconciliationReport): Promise<void> {
  const depositDrift = await depositsCreditedWrongly(db);
  report(
    depositDrift.map((d) =>
      d.status === 'approved'
        ? `depósito ${d.id}: aprovado com ${d.amount_cents} centavos, creditado ${d.posted_cents ?? 'nada'}`
        : `depósito ${d.id}: ${d.status}, mas creditado (${d.posted_cents} centavos)`,
    ),
  );
  // A held payment was received once into deposit:suspense with what arrived ('deposit:<id>:received'), and the
  // suspense holds exactly the payments still held.
  const heldDrift = await heldPaymentsReceivedWrongly(db);
  report(
    heldDrift.map(
      (d) => `depósito ${d.id}: pagamento retido de ${d.paid_cents} centavos, recebido ${d.received_cents ?? 'nada'}`,
    ),
  );
  const suspense = await suspenseAndHeld(db);
  if (suspense && suspense.balance_cents !== suspense.held_cents) {
    report([
      `deposit:suspense tem ${suspense.balance_cents} centavos, os pagamentos retidos somam ${suspense.held_cents}`,
    ]);
  }
}

/** Withdrawals and their holds agree: a pending one holds exactly its amount; a decided one holds nothing. */
async function withdrawalsMatchHolds(db: Executor, report: ReconciliationReport): Promise<void> {
  const withdrawalDrift = await withdrawalsHeldWrongly(db);
  report(
    withdrawalDrift.map(
      (w) =>
        `retirada ${w.id}: ${w.status} de ${w.amount_cents} centavos, reserva ${w.state ?? 'ausente'} (${w.held_cents ?? 0})`,
    ),
  );
}

/** Registers the checks of deposits and withdrawals with the ledger's reconciliation (wired in features/index.ts). */
export function registerMoneyReconciliation(): void {
  registerReconciliationCheck('money.deposits', depositsMatchLedger);
  registerReconciliationCheck('money.withdrawals', withdrawalsMatchHolds);
}
