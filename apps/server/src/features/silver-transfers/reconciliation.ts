import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { rows } from '../../db/sql';
import { type ReconciliationReport, registerReconciliationCheck } from '../../ledger/index';

const cg = (n: bigint | string) => `${n} cg`;

/**
 * Silver transfers (docs/silver-transfers.md) and their postings agree: every transfer moved its grams once; a
 * completed one reached its receiver (directly, or claimed from transfer:unclaimed); a cancelled or expired one went
 * back to its sender; a pending one sits in transfer:unclaimed, which holds exactly the pending ones.
 */
async function silverTransfersMatchPostings(db: Executor, report: ReconciliationReport): Promise<void> {
  const transferDrift = await rows<{ id: string; status: string; problem: string }>(
    db,
    sql`select t.id::text, t.status,
               case
                 when s.amount is distinct from t.quantity_cg then 'envio de ' || coalesce(s.amount::text, 'nada')
                      || ' cg em vez de ' || t.quantity_cg
                 when t.status = 'completed' and s.credit_code = 'transfer:unclaimed'
                      and c.amount is distinct from t.quantity_cg then 'concluída sem o recebimento dos ' || t.quantity_cg || ' cg'
                 when t.status in ('cancelled', 'expired') and r.amount is distinct from t.quantity_cg
                   then 'encerrada sem a devolução dos ' || t.quantity_cg || ' cg'
                 when t.status = 'pending' and (s.credit_code <> 'transfer:unclaimed' or c.amount is not null
                                                or r.amount is not null)
                   then 'pendente, mas a prata não está em transfer:unclaimed'
               end as problem
          from silver_transfers t
          left join (select x.transfer_id, x.amount, a.code as credit_code from ledger_transfers x
                       join ledger_accounts a on a.id = x.credit_account_id) s
                 on s.transfer_id = 'silver-transfer:' || t.id
          left join ledger_transfers c on c.transfer_id = 'silver-transfer:' || t.id || ':claim'
          left join ledger_transfers r on r.transfer_id = 'silver-transfer:' || t.id || ':return'
         order by t.id`,
  );
  report(
    transferDrift.filter((t) => t.problem).map((t) => `transferência de prata ${t.id} (${t.status}): ${t.problem}`),
  );
  const [unclaimed] = await rows<{ balance: string; pending: string }>(
    db,
    sql`select coalesce((select sum(credits_posted - debits_posted) from ledger_balances
                          where code = 'transfer:unclaimed' and currency = 'AG'), 0)::text as balance,
               coalesce((select sum(quantity_cg) from silver_transfers where status = 'pending'), 0)::text as pending`,
  );
  if (unclaimed && BigInt(unclaimed.balance) !== BigInt(unclaimed.pending))
    report([
      `transfer:unclaimed tem ${cg(unclaimed.balance)}, mas as transferências pendentes somam ${cg(unclaimed.pending)}`,
    ]);
}

/** Registers the checks of silver transfers with the ledger's reconciliation (wired in features/index.ts). */
export function registerSilverTransfersReconciliation(): void {
  registerReconciliationCheck('silver-transfers', silverTransfersMatchPostings);
}
