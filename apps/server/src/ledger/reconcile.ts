import { is, sql } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import type { Db, Executor } from '../db/client';
import { seededAccounts } from './accounts';
import { int, rows } from '../db/sql';

export type Reconciliation = { ok: boolean; problems: string[] };

/** At most this many lines per kind of problem (a broken database should not print millions). */
const MAX_PER_CHECK = 50;

/** Silver in custody against the silver owed (customers' and the house's available + held, plus unclaimed). */
export async function proofOfReserves(db: Executor): Promise<{ vault: bigint; owed: bigint }> {
  const [r] = await rows<{ vault: string; owed: string }>(
    db,
    sql`select
          coalesce(sum(debits_posted - credits_posted) filter (where code = 'vault'), 0)::text as vault,
          coalesce(sum(credits_posted - debits_posted)
            filter (where code like 'customer:%' or code like 'house:%' or code = 'transfer:unclaimed'), 0)::text as owed
        from ledger_balances where currency = 'AG'`,
  );
  return { vault: BigInt(r?.vault ?? 0), owed: BigInt(r?.owed ?? 0) };
}

const cg = (n: bigint | string) => `${n} cg`;

/**
 * The ledger's invariants (docs/ledger.md), in Portuguese: run after every API test file, by `npm run reconcile` and
 * from the back office. Read-only. Given the database it runs in one REPEATABLE READ transaction, so every check sees
 * the same moment; given a transaction it uses it.
 */
export async function reconcile(db: Executor): Promise<Reconciliation> {
  if (!is(db, PgTransaction)) {
    return (db as Db).transaction((tx) => reconcile(tx), {
      isolationLevel: 'repeatable read',
      accessMode: 'read only',
    });
  }
  const problems: string[] = [];
  const add = (lines: string[]) => {
    problems.push(...lines.slice(0, MAX_PER_CHECK));
    if (lines.length > MAX_PER_CHECK) problems.push(`... e mais ${lines.length - MAX_PER_CHECK} do mesmo tipo`);
  };

  // 1. Per currency, the debits of all accounts equal their credits.
  const totals = await rows<{ currency: string; debits: string; credits: string }>(
    db,
    sql`select currency, sum(debits_posted)::text as debits, sum(credits_posted)::text as credits
          from ledger_balances group by currency order by currency`,
  );
  add(
    totals
      .filter((t) => BigInt(t.debits) !== BigInt(t.credits))
      .map((t) => `${t.currency}: a soma dos débitos (${t.debits}) difere da soma dos créditos (${t.credits})`),
  );

  // 2. Every account's balance (row + deltas) is the sum of its transfers; no delta of an unknown account.
  const drift = await rows<{ code: string; debits: string; credits: string; tdebits: string; tcredits: string }>(
    db,
    sql`select b.code, b.debits_posted::text as debits, b.credits_posted::text as credits,
               coalesce(d.s, 0)::text as tdebits, coalesce(c.s, 0)::text as tcredits
          from ledger_balances b
          left join (select debit_account_id as id, sum(amount) as s from ledger_transfers group by 1) d on d.id = b.id
          left join (select credit_account_id as id, sum(amount) as s from ledger_transfers group by 1) c on c.id = b.id
         where b.debits_posted <> coalesce(d.s, 0) or b.credits_posted <> coalesce(c.s, 0)
         order by b.id`,
  );
  add(
    drift.map(
      (r) =>
        `${r.code}: saldo com débitos ${r.debits} e créditos ${r.credits}, mas os lançamentos somam ${r.tdebits} e ${r.tcredits}`,
    ),
  );
  const strays = await rows<{ account_id: string }>(
    db,
    sql`select distinct d.account_id::text as account_id from ledger_balance_deltas d
         where not exists (select 1 from ledger_accounts a where a.id = d.account_id) order by 1`,
  );
  add(strays.map((r) => `ajuste de saldo de uma conta inexistente (id ${r.account_id})`));

  // 3. Every transfer is between two existing accounts of its currency (the tables have no foreign keys for speed).
  const orphans = await rows<{ transfer_id: string }>(
    db,
    sql`select t.transfer_id from ledger_transfers t
          left join ledger_accounts d on d.id = t.debit_account_id and d.currency = t.currency
          left join ledger_accounts c on c.id = t.credit_account_id and c.currency = t.currency
         where d.id is null or c.id is null order by t.id`,
  );
  add(orphans.map((r) => `lançamento ${r.transfer_id}: conta inexistente ou de outra moeda`));
  // ... and every hold between its owner's available and held accounts of its currency (no foreign keys either).
  const strayHolds = await rows<{ hold_id: string }>(
    db,
    sql`select h.hold_id from ledger_holds h
          left join ledger_owners o on o.id = h.owner_id
          left join ledger_accounts av on av.id = h.available_account_id and av.owner_id = h.owner_id
                                       and av.currency = h.currency and av.code like '%:available:%'
          left join ledger_accounts hd on hd.id = h.held_account_id and hd.owner_id = h.owner_id
                                       and hd.currency = h.currency and hd.code like '%:held:%'
         where o.id is null or av.id is null or hd.id is null order by h.hold_id`,
  );
  add(strayHolds.map((r) => `reserva ${r.hold_id}: dono ou contas inexistentes, de outro dono ou de outra moeda`));

  // 4. No customer, house or other floored account below zero.
  const negative = await rows<{ code: string; balance: string }>(
    db,
    sql`select code, case when credits_must_not_exceed_debits then debits_posted - credits_posted
                          else credits_posted - debits_posted end::text as balance
          from ledger_balances
         where ((debits_must_not_exceed_credits or code like 'customer:%' or code like 'house:%')
                and debits_posted > credits_posted)
            or (credits_must_not_exceed_debits and credits_posted > debits_posted)
         order by id`,
  );
  add(negative.map((r) => `${r.code}: saldo negativo (${r.balance})`));

  // 5. Proof of reserves.
  const { vault, owed } = await proofOfReserves(db);
  if (vault !== owed) {
    problems.push(
      `Prata: o cofre guarda ${cg(vault)}, mas clientes, casa e transferências não resgatadas somam ${cg(owed)}`,
    );
  }

  // 6. Every held account equals the sum of its open holds.
  const held = await rows<{ code: string; balance: string; holds: string }>(
    db,
    sql`select b.code, (b.credits_posted - b.debits_posted)::text as balance, coalesce(h.s, 0)::text as holds
          from ledger_balances b
          left join (select held_account_id as id, sum(amount) as s from ledger_holds where state = 'held'
                      group by 1) h on h.id = b.id
         where (b.code like 'customer:%:held:%' or b.code like 'house:held:%')
           and b.credits_posted - b.debits_posted <> coalesce(h.s, 0)
         order by b.id`,
  );
  add(held.map((r) => `${r.code}: saldo retido ${r.balance}, mas as reservas abertas somam ${r.holds}`));

  // 7. Each hold's transfers match its record: in by '<id>#hold' (unless it is another hold's remainder), out by
  // '<id>#release' and '<id>#capture.N' as its state says.
  const holds = await rows<{ hold_id: string; problem: string }>(
    db,
    sql`with moves as (
          select split_part(transfer_id, '#', 1) as hold_id,
                 sum(amount) filter (where split_part(transfer_id, '#', 2) = 'hold') as put,
                 sum(amount) filter (where split_part(transfer_id, '#', 2) = 'release') as released,
                 sum(amount) filter (where split_part(transfer_id, '#', 2) like 'capture.%') as captured
            from ledger_transfers where strpos(transfer_id, '#') > 0 group by 1),
        h as (
          select h.hold_id, h.amount, h.state, h.captured_amount, h.created_at,
                 r.amount as remainder, p.hold_id is not null as is_remainder,
                 coalesce(m.put, 0) as put, coalesce(m.released, 0) as released, coalesce(m.captured, 0) as captured
            from ledger_holds h
            left join moves m on m.hold_id = h.hold_id
            left join ledger_holds r on r.hold_id = h.remainder_hold_id
            left join ledger_holds p on p.remainder_hold_id = h.hold_id),
        checked as (
          select hold_id, created_at, case
                   when not is_remainder and put <> amount then 'reservado ' || put || ' em vez de ' || amount
                   when is_remainder and put <> 0 then 'sobra de outra reserva, mas com lançamento de reserva'
                   when state = 'held' and released + captured <> 0 then 'aberta, mas já movimentada'
                   when state = 'released' and (released <> amount or captured <> 0)
                     then 'liberada, mas os lançamentos não conferem'
                   when state = 'captured' and (captured <> captured_amount
                        or released + captured + coalesce(remainder, 0) <> amount)
                     then 'usada, mas os lançamentos não conferem'
                 end as problem
            from h)
        select hold_id, problem from checked where problem is not null
         order by created_at, hold_id`,
  );
  add(holds.map((r) => `reserva ${r.hold_id}: ${r.problem}`));

  // 8. A closed customer holds nothing.
  const closed = await rows<{ code: string; balance: string; open: string }>(
    db,
    sql`select o.code,
               coalesce((select sum(abs(b.credits_posted - b.debits_posted)) from ledger_balances b
                          where b.owner_id = o.id), 0)::text as balance,
               (select count(*) from ledger_holds h where h.owner_id = o.id and h.state = 'held')::text as open
          from ledger_owners o where o.closed_at is not null`,
  );
  add(
    closed
      .filter((r) => int(r.balance) !== 0 || int(r.open) !== 0)
      .map((r) => `${r.code}: conta encerrada com saldo (${r.balance}) ou reservas abertas (${r.open})`),
  );

  // 9. The chart's system accounts exist, as seeded.
  const present = new Set(
    (await rows<{ code: string }>(db, sql`select code from ledger_accounts where owner_user_id is null`)).map(
      (r) => r.code,
    ),
  );
  add(
    seededAccounts()
      .filter((s) => !present.has(s.code))
      .map((s) => `conta de sistema ausente: ${s.code}`),
  );

  // 10. Deposits and the ledger agree: an approved deposit was credited once, with its amount (transfer
  //     'deposit:<id>'), or with what an operator credited of a held payment (credited_cents); a pending, expired,
  //     held, refunded, cancelled or rejected one never was.
  const depositDrift = await rows<{ id: string; status: string; amount: string; posted: string | null }>(
    db,
    sql`select d.id::text, d.status, coalesce(d.credited_cents, d.amount_cents)::text as amount,
               t.amount::text as posted
          from deposits d left join ledger_transfers t on t.transfer_id = 'deposit:' || d.id
         where (d.status = 'approved' and (t.amount is null or t.amount <> coalesce(d.credited_cents, d.amount_cents)))
            or (d.status <> 'approved' and t.transfer_id is not null)`,
  );
  add(
    depositDrift.map((d) =>
      d.status === 'approved'
        ? `depósito ${d.id}: aprovado com ${d.amount} centavos, creditado ${d.posted ?? 'nada'}`
        : `depósito ${d.id}: ${d.status}, mas creditado (${d.posted} centavos)`,
    ),
  );
  //     A held payment was received once into deposit:suspense with what arrived ('deposit:<id>:received'), and the
  //     suspense holds exactly the payments still held.
  const heldDrift = await rows<{ id: string; paid: string; received: string | null }>(
    db,
    sql`select d.id::text, d.paid_cents::text as paid, t.amount::text as received
          from deposits d left join ledger_transfers t on t.transfer_id = 'deposit:' || d.id || ':received'
         where d.paid_cents is not null and (t.amount is null or t.amount <> d.paid_cents)`,
  );
  add(
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
    add([`deposit:suspense tem ${suspense.balance} centavos, os pagamentos retidos somam ${suspense.held}`]);
  }

  // 11. Withdrawals and their holds agree: a pending one holds exactly its amount; a decided one holds nothing.
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
  add(
    withdrawalDrift.map(
      (w) => `retirada ${w.id}: ${w.status} de ${w.amount} centavos, reserva ${w.state ?? 'ausente'} (${w.held ?? 0})`,
    ),
  );

  // 12. Orders and their holds agree (docs/orders.md): an open order holds exactly what its rest needs (a sell its
  //     open grams, a buy its summary's total minus what its fills were charged) under its current hold; a closed
  //     order holds nothing.
  const orderDrift = await rows<{ id: string; status: string; expected: string; held: string | null; open: string }>(
    db,
    sql`with open_refs as (
          select reference, count(*) as n from ledger_holds where state = 'held' group by reference)
        select o.id::text, o.status,
               (case when o.side = 'sell' then o.remaining_cg
                     else o.hold_amount - o.value_cents - o.fee_cents - o.iof_cents end)::text as expected,
               h.amount::text as held, coalesce(r.n, 0)::text as open
          from orders o
          left join ledger_holds h on h.hold_id = 'order:' || o.id || ':' || o.hold_seq and h.state = 'held'
          left join open_refs r on r.reference = 'order:' || o.id
         where (o.status = 'open' and (h.hold_id is null or h.amount <> (case when o.side = 'sell' then o.remaining_cg
                     else o.hold_amount - o.value_cents - o.fee_cents - o.iof_cents end)))
            or (o.status <> 'open' and r.n is not null)
         order by o.id`,
  );
  add(
    orderDrift.map((o) =>
      o.status === 'open'
        ? `ordem ${o.id}: aberta, reserva de ${o.held ?? 'nada'} em vez de ${o.expected}`
        : `ordem ${o.id}: ${o.status}, mas com ${o.open} reserva(s) aberta(s)`,
    ),
  );

  // ... and every order's customer exists, and every trade is between a buy and a sell order that exist, its taker's
  // side the taker order's (the matcher alone writes them; no foreign keys on its hot path).
  const strayOrders = await rows<{ what: string }>(
    db,
    sql`select 'ordem ' || o.id || ': cliente ' || o.user_id || ' inexistente' as what
          from orders o where o.user_id is not null and not exists (select 1 from users u where u.id = o.user_id)
        union all
        select 'negócio ' || t.id || ': ordens inexistentes ou do mesmo lado'
          from trades t
          left join orders m on m.id = t.maker_order_id
          left join orders k on k.id = t.taker_order_id
         where m.id is null or k.id is null or m.side = k.side or k.side <> t.taker_side`,
  );
  add(strayOrders.map((r) => r.what));

  // 13. Silver withdrawals (docs/silver.md) and their holds agree: a pending or paid one holds exactly its grams (the
  //     house's for a purchase, the customer's for custody) and, where the customer's money waits for the shipment
  //     (paid by balance, or a custody withdrawal's Pix), exactly its total in reais; a shipped one captured them; one
  //     that will not ship released them. A purchase's Pix, once paid, moved exactly its total from pix:clearing.
  const silverDrift = await rows<{ id: string; status: string; problem: string }>(
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
  add(silverDrift.filter((w) => w.problem).map((w) => `retirada de prata ${w.id} (${w.status}): ${w.problem}`));

  // 14. Silver transfers (docs/silver-transfers.md) and their postings agree: every transfer moved its grams once; a
  //     completed one reached its receiver (directly, or claimed from transfer:unclaimed); a cancelled or expired one
  //     went back to its sender; a pending one sits in transfer:unclaimed, which holds exactly the pending ones.
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
  add(transferDrift.filter((t) => t.problem).map((t) => `transferência de prata ${t.id} (${t.status}): ${t.problem}`));
  const [unclaimed] = await rows<{ balance: string; pending: string }>(
    db,
    sql`select coalesce((select sum(credits_posted - debits_posted) from ledger_balances
                          where code = 'transfer:unclaimed' and currency = 'AG'), 0)::text as balance,
               coalesce((select sum(quantity_cg) from silver_transfers where status = 'pending'), 0)::text as pending`,
  );
  if (unclaimed && BigInt(unclaimed.balance) !== BigInt(unclaimed.pending))
    add([
      `transfer:unclaimed tem ${cg(unclaimed.balance)}, mas as transferências pendentes somam ${cg(unclaimed.pending)}`,
    ]);

  // 15. Affiliate rewards (docs/affiliates.md) and the ledger agree: every reward was paid once, with its amount, by
  //     its transfer from the rewards account to its affiliate; the rewards account paid nothing else.
  const rewardDrift = await rows<{ id: string; amount: string; posted: string | null }>(
    db,
    sql`select w.id::text, w.amount::text, t.amount::text as posted
          from affiliate_rewards w left join ledger_transfers t on t.transfer_id = w.transfer_id
         where t.amount is distinct from w.amount order by w.id`,
  );
  add(rewardDrift.map((w) => `recompensa de afiliado ${w.id}: de ${w.amount}, paga ${w.posted ?? 'nada'}`));
  const rewardTotals = await rows<{ currency: string; paid: string; rewards: string }>(
    db,
    sql`select b.currency, (b.debits_posted - b.credits_posted)::text as paid,
               coalesce((select sum(w.amount) from affiliate_rewards w where w.currency = b.currency), 0)::text
                 as rewards
          from ledger_balances b where b.code in ('rewards:BRL', 'rewards:AG') order by b.currency`,
  );
  add(
    rewardTotals
      .filter((r) => BigInt(r.paid) !== BigInt(r.rewards))
      .map((r) => `rewards:${r.currency} pagou ${r.paid}, mas as recompensas de afiliados somam ${r.rewards}`),
  );

  return { ok: problems.length === 0, problems };
}
