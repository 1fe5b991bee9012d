import { sql } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { rows } from '@/db/sql';

/**
 * Every withdrawal with what is wrong with its holds and transfers, in Portuguese for the reconciliation's report
 * (problem is null when nothing is). The rules are told in reconciliation.ts.
 */
export function withdrawalsAgainstTheirHolds(db: Executor) {
  return rows<{ id: string; status: string; problem: string | null }>(
    db,
    sql`select w.id::text, w.status,
               case
                 when s.hold_id is null then 'sem reserva de prata'
                 when w.status in ('pending', 'paid') and (s.state <> 'held' or s.amount <> w.silver_cg)
                   then 'reserva de prata ' || s.state || ' de ' || s.amount || ' cg em vez de ' || w.silver_cg
                 when w.status in ('sent', 'delivered') and s.state <> 'captured'
                   then 'enviada, mas a reserva de prata está ' || s.state
                 when w.status in ('cancelled', 'expired', 'rejected') and s.state <> 'released'
                   then 'encerrada, mas a reserva de prata está ' || s.state
                 when w.status in ('pending', 'paid')
                      and (w.payment_method = 'balance' or (w.kind = 'custody' and w.status = 'paid'))
                      and (c.state is distinct from 'held' or c.amount <> w.total_cents)
                   then 'reserva em reais ' || coalesce(c.state, 'ausente') || ' de ' || coalesce(c.amount, 0)
                        || ' em vez de ' || w.total_cents
                 when not (w.status in ('pending', 'paid')
                           and (w.payment_method = 'balance' or (w.kind = 'custody' and w.status = 'paid')))
                      and c.state = 'held'
                   then 'reserva em reais aberta de ' || c.amount
                 when w.kind = 'purchase' and w.payment_method = 'pix' and w.paid_at is not null
                      and coalesce((select sum(t.amount) from ledger_transfers t
                                     where t.transfer_id like 'silver-withdrawal:' || w.id || ':paid:%'), 0)
                          <> w.total_cents
                   then 'Pix pago sem os lançamentos do total de ' || w.total_cents
               end as problem
          from silver_withdrawals w
          left join ledger_holds s on s.hold_id = 'silver-withdrawal:' || w.id || ':silver'
          left join ledger_holds c on c.hold_id = 'silver-withdrawal:' || w.id || ':charges'
         order by w.id`,
  );
}
