import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { rows } from '../../db/sql';
import { type ReconciliationReport, registerReconciliationCheck } from '../../ledger/index';

/**
 * Deposits and the ledger agree: an approved deposit was credited once, with its amount (transfer 'deposit:<id>'), or
 * with what an operator credited of a held payment (credited_cents); a pending, expired, held, refunded, cancelled or
 * rejected one never was.
 */
async function depositsMatchLedger(db: Executor, report: ReconciliationReport): Promise<void> {
  const depositDrift = await rows<{ id: string; status: string; amount: string; posted: string | null }>(
    db,
    sql`select d.id::text, d.status, coalesce(d.credited_cents, d.amount_cents)::text as amount,
               t.amount::text as posted
          from deposits d left join ledger_transfers t on t.transfer_id = 'deposit:' || d.id
         where (d.status = 'approved' and (t.amount is null or t.amount <> coalesce(d.credited_cents, d.amount_cents)))
            or (d.status <> 'approved' and t.transfer_id is not null)`,
  );
  report(
    depositDrift.map((d) =>
      d.status === 'approved'
        ? `depósito ${d.id}: aprovado com ${d.amount} centavos, creditado ${d.posted ?? 'nada'}`
        : `depósito ${d.id}: ${d.status}, mas creditado (${d.posted} centavos)`,
    ),
  );
  // A held payment was received once into deposit:suspense with what arrived ('deposit:<id>:received'), and the
  // suspense holds exactly the payments still held.
  const heldDrift = await rows<{ id: string; paid: string; received: string | null }>(
    db,
    sql`select d.id::text, d.paid_cents::text as paid, t.amount::text as received
          from deposits d left join ledger_transfers t on t.transfer_id = 'deposit:' || d.id || ':received'
         where d.paid_cents is not null and (t.amount is null or t.amount <> d.paid_cents)`,
  );
  report(
    heldDrift.map((d) => `depósito ${d.id}: pagamento retido de ${d.paid} centavos, recebido ${d.received ?? 'nada'}`),
  );
  const [suspense] = await rows<{ balance: string; held: string }>(
    db,
    sql`select coalesce((select sum(case when t.credit_account_id = a.id then t.amount else -t.amount end)
                           from ledger_transfers t
                          where t.credit_account_id = a.id or t.debit_account_id = a.id), 0)::text as balance,
               coalesce((select sum(paid_cents) from deposits where status = 'held'), 0)::text as held
          from ledger_accounts a where a.code = 'deposit:suspense'`,
  );
  if (suspense && suspense.balance !== suspense.held) {
    report([`deposit:suspense tem ${suspense.balance} centavos, os pagamentos retidos somam ${suspense.held}`]);
  }
}

/** Withdrawals and their holds agree: a pending one holds exactly its amount; a decided one holds nothing. */
async function withdrawalsMatchHolds(db: Executor, report: ReconciliationReport): Promise<void> {
  const withdrawalDrift = await rows<{
    id: string;
    status: string;
    amount: string;
    state: string | null;
    held: string | null;
  }>(
    db,
    sql`select w.id::text, w.status, w.amount_cents::text as amount, h.state, h.amount::text as held
          from withdrawals w left join ledger_holds h on h.hold_id = 'withdrawal:' || w.id
         where h.hold_id is null
            or (w.status = 'pending' and (h.state <> 'held' or h.amount <> w.amount_cents))
            or (w.status <> 'pending' and h.state = 'held')`,
  );
  report(
    withdrawalDrift.map(
      (w) => `retirada ${w.id}: ${w.status} de ${w.amount} centavos, reserva ${w.state ?? 'ausente'} (${w.held ?? 0})`,
    ),
  );
}

/** Registers the checks of deposits and withdrawals with the ledger's reconciliation (wired in features/index.ts). */
export function registerMoneyReconciliation(): void {
  registerReconciliationCheck('money.deposits', depositsMatchLedger);
  registerReconciliationCheck('money.withdrawals', withdrawalsMatchHolds);
}
