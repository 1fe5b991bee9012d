import { sql } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { rows } from '@/db/sql';
import { int } from '@/db/integers';

/** The saving plans' SQL, all of it: plans, runs and the once-per-period claim (migration 0029). */

export type PlanRow = {
  id: number;
  userId: number;
  amountCents: number;
  frequency: 'weekly' | 'monthly';
  weekday: number | null;
  monthDay: number | null;
  startDate: string;
  endDate: string | null;
  paymentMethod: 'balance' | 'pix_automatico';
  status: 'awaiting_authorization' | 'active' | 'paused' | 'cancelled' | 'ended';
  authorizationId: string | null;
  authorizationCode: string | null;
  /** why the payer's bank ended the plan (Pix Automático's events), in Portuguese; null otherwise */
  endReason: string | null;
  createdAt: Date;
};

export type RunRow = {
  id: number;
  planId: number;
  period: string;
  status: 'awaiting_payment' | 'due' | 'buying' | 'bought' | 'nothing';
  amountCents: number;
  depositId: number | null;
  paymentId: string | null;
  orderId: number | null;
  quantityCg: number | null;
  valueCents: number | null;
  feeCents: number | null;
  iofCents: number | null;
  totalCents: number | null;
  reason: string | null;
  createdAt: Date;
};

const PLAN_COLUMNS = sql`p.id::text, p.user_id::text, p.amount_cents::text, p.frequency, p.weekday, p.month_day,
  to_char(p.start_date, 'YYYY-MM-DD') as start_date, to_char(p.end_date, 'YYYY-MM-DD') as end_date, p.payment_method,
  p.status, p.authorization_id, p.authorization_code, p.end_reason, p.created_at`;

const RUN_COLUMNS = sql`r.id::text, r.plan_id::text, to_char(r.period, 'YYYY-MM-DD') as period, r.status,
  r.amount_cents::text, r.deposit_id::text, r.payment_id, r.order_id::text, r.quantity_cg::text, r.value_cents::text,
  r.fee_cents::text, r.iof_cents::text, r.total_cents::text, r.reason, r.created_at`;

type RawPlan = Record<string, unknown>;
const maybeInt = (v: unknown) => (v === null || v === undefined ? null : int(v));

function plan(r: RawPlan): PlanRow {
  return {
    id: int(r.id),
    userId: int(r.user_id),
    amountCents: int(r.amount_cents),
    frequency: r.frequency as PlanRow['frequency'],
    weekday: maybeInt(r.weekday),
    monthDay: maybeInt(r.month_day),
    startDate: String(r.start_date),
    endDate: (r.end_date as string | null) ?? null,
    paymentMethod: r.payment_method as PlanRow['paymentMethod'],
    status: r.status as PlanRow['status'],
    authorizationId: (r.authorization_id as string | null) ?? null,
    authorizationCode: (r.authorization_code as string | null) ?? null,
    endReason: (r.end_reason as string | null) ?? null,
    createdAt: new Date(r.created_at as string),
  };
}

function run(r: RawPlan): RunRow {
  return {
    id: int(r.id),
    planId: int(r.plan_id),
    period: String(r.period),
    status: r.status as RunRow['status'],
    amountCents: int(r.amount_cents),
    depositId: maybeInt(r.deposit_id),
    paymentId: (r.payment_id as string | null) ?? null,
    orderId: maybeInt(r.order_id),
    quantityCg: maybeInt(r.quantity_cg),
    valueCents: maybeInt(r.value_cents),
    feeCents: maybeInt(r.fee_cents),
    iofCents: maybeInt(r.iof_cents),
    totalCents: maybeInt(r.total_cents),
    reason: (r.reason as string | null) ?? null,
    createdAt: new Date(r.created_at as string),
  };
}

export async function insertPlan(
  ex: Executor,
  p: Omit<PlanRow, 'id' | 'createdAt' | 'authorizationId' | 'authorizationCode' | 'endReason'>,
): Promise<PlanRow> {
  const [row] = await rows<RawPlan>(
    ex,
    sql`insert into saving_plans as p (user_id, amount_cents, frequency, weekday, month_day, start_date, end_date,
          payment_method, status, authorization_id)
        values (${p.userId}, ${p.amountCents}, ${p.frequency}, ${p.weekday}, ${p.monthDay}, ${p.startDate}::date,
          ${p.endDate}::date, ${p.paymentMethod}, ${p.status},
          ${p.paymentMethod === 'pix_automatico' ? 'pending' : null})
        returning ${PLAN_COLUMNS}`,
  );
  return plan(row!);
}

export async function setAuthorization(ex: Executor, id: number, authorizationId: string, code: string) {
  await ex.execute(sql`update saving_plans set authorization_id = ${authorizationId}, authorization_code = ${code},
    updated_at = now() where id = ${id}`);
}

/** Moves a plan from one of `from` to `to`; null when it was in none of them (another request got there first). */
export async function changeStatus(
  ex: Executor,
  id: number,
  from: PlanRow['status'][],
  to: PlanRow['status'],
): Promise<PlanRow | null> {
  const [row] = await rows<RawPlan>(
    ex,
    sql`update saving_plans as p set status = ${to}, updated_at = now()
        where p.id = ${id} and p.status in (${sql.join(
          from.map((s) => sql`${s}`),
          sql`, `,
        )}) returning ${PLAN_COLUMNS}`,
  );
  return row ? plan(row) : null;
}

export async function findPlan(ex: Executor, id: number, userId: number | null): Promise<PlanRow | null> {
  const [row] = await rows<RawPlan>(
    ex,
    sql`select ${PLAN_COLUMNS} from saving_plans p where p.id = ${id}
        and (${userId}::bigint is null or p.user_id = ${userId})`,
  );
  return row ? plan(row) : null;
}

export async function plansOf(ex: Executor, userId: number): Promise<PlanRow[]> {
  const found = await rows<RawPlan>(
    ex,
    sql`select ${PLAN_COLUMNS} from saving_plans p where p.user_id = ${userId} order by p.id desc limit 50`,
  );
  return found.map(plan);
}

/**
 * Takes the customer's row lock (the caller's transaction; for no key update, the lock the deposits' admission takes):
 * two plans of one customer are counted one after the other.
 */
export async function lockCustomer(tx: Executor, userId: number): Promise<void> {
  await tx.execute(sql`select 1 from users where id = ${userId} for no key update`);
}

/** Live plans (awaiting, active or paused): counted under lockCustomer, so the most a customer may keep holds. */
export async function countLivePlans(ex: Executor, userId: number): Promise<number> {
  const [row] = await rows<{ n: string }>(
    ex,
    sql`select count(*)::text as n from saving_plans where user_id = ${userId}
        and status in ('awaiting_authorization', 'active', 'paused')`,
  );
  return int(row?.n ?? 0);
}

/** The plans the scheduler looks at: active ones (bounded: a tick takes at most `limit`, the next takes the rest). */
export async function activePlans(ex: Executor, afterId: number, limit: number): Promise<PlanRow[]> {
  const found = await rows<RawPlan>(
    ex,
    sql`select ${PLAN_COLUMNS} from saving_plans p where p.status = 'active' and p.id > ${afterId}
        order by p.id limit ${limit}`,
  );
  return found.map(plan);
}

export async function pagePlans(ex: Executor, status: PlanRow['status'] | null, limit: number, offset: number) {
  const where = status === null ? sql`true` : sql`p.status = ${status}`;
  const [found, [total]] = await Promise.all([
    rows<RawPlan>(
      ex,
      sql`select ${PLAN_COLUMNS} from saving_plans p where ${where} order by p.id desc limit ${limit} offset ${offset}`,
    ),
    rows<{ n: string }>(ex, sql`select count(*)::text as n from saving_plans p where ${where}`),
  ]);
  return { plans: found.map(plan), total: int(total?.n ?? 0) };
}

/** The once-per-period claim: the run's row, or null when another instance (or an earlier tick) has it. */
export async function claimRun(
  ex: Executor,
  input: { planId: number; period: string; status: 'awaiting_payment' | 'due'; amountCents: number },
): Promise<RunRow | null> {
  const [row] = await rows<RawPlan>(
    ex,
    sql`insert into saving_runs as r (plan_id, period, status, amount_cents)
        values (${input.planId}, ${input.period}::date, ${input.status}, ${input.amountCents})
        on conflict (plan_id, period) do nothing
        returning ${RUN_COLUMNS}`,
  );
  return row ? run(row) : null;
}

export async function setRunPayment(ex: Executor, id: number, depositId: number, paymentId: string) {
  await ex.execute(sql`update saving_runs set deposit_id = ${depositId}, payment_id = ${paymentId}, updated_at = now()
    where id = ${id}`);
}

/**
 * Runs whose money is there: 'due' ones, and 'awaiting_payment' ones whose deposit was credited (moved to 'due' here).
 * Runs whose charge ended unpaid become 'nothing'.
 */
export async function promotePaidRuns(ex: Executor, unpaidReason: string): Promise<void> {
  await ex.execute(sql`update saving_runs r set status = 'due', updated_at = now() from deposits d
    where r.status = 'awaiting_payment' and d.id = r.deposit_id and d.status = 'approved'`);
  await ex.execute(sql`update saving_runs r set status = 'nothing', reason = ${unpaidReason},
    updated_at = now() from deposits d
    where r.status = 'awaiting_payment' and d.id = r.deposit_id
      and (d.status in ('cancelled', 'expired', 'rejected', 'refunded', 'held')
        or (d.status = 'pending' and d.pix_expires_at <= now()))`);
  // a plan whose first charge went unpaid never had its authorisation: it ends cancelled
  await ex.execute(sql`update saving_plans p set status = 'cancelled', updated_at = now()
    where p.status = 'awaiting_authorization' and exists (select 1 from saving_runs r
      where r.plan_id = p.id and r.status = 'nothing')`);
}

/**
 * A Pix Automático run claimed but never given its charge (the instance stopped between the claim and the provider's
 * answer): after an hour it says so and buys nothing. No deposit was written, so no money waits for it; a charge the
 * provider did make and the payer paid arrives as an unknown payment, kept for operators (money/webhooks.ts).
 */
export async function abandonUnchargedRuns(ex: Executor, reason: string): Promise<void> {
  await ex.execute(sql`update saving_runs set status = 'nothing', reason = ${reason}, updated_at = now()
    where status = 'awaiting_payment' and deposit_id is null and created_at < now() - interval '1 hour'`);
}

/** Plans whose due runs buy: running ones, and ended ones (their last period's money arrived after the end). */
const BUYING_PLANS = sql`('active', 'ended')`;

/**
 * Due runs of plans that must not buy (cancelled, or paused while the run's money arrived) buy nothing, with the
 * reason of the plan's state: the money stays in the balance.
 */
export async function closeStrandedDueRuns(ex: Executor, reasons: { cancelled: string; paused: string }) {
  await ex.execute(sql`update saving_runs r set status = 'nothing', updated_at = now(),
      reason = case p.status when 'paused' then ${reasons.paused} else ${reasons.cancelled} end
    from saving_plans p
    where r.status = 'due' and p.id = r.plan_id and p.status not in ${BUYING_PLANS}`);
}

/**
 * Claims one due run for this instance: 'due' → 'buying', skipping rows another instance holds. Only a run of a plan
 * that buys (active, or ended after its last period): a cancelled plan's run is never bought, whatever moved it.
 */
export async function claimDueRun(ex: Executor): Promise<(RunRow & { userId: number }) | null> {
  const [row] = await rows<RawPlan>(
    ex,
    sql`update saving_runs as r set status = 'buying', updated_at = now()
        from saving_plans p
        where p.id = r.plan_id and p.status in ${BUYING_PLANS}
          and r.id = (select d.id from saving_runs d join saving_plans dp on dp.id = d.plan_id
                       where d.status = 'due' and dp.status in ${BUYING_PLANS}
                       order by d.id limit 1 for update of d skip locked)
        returning ${RUN_COLUMNS}, p.user_id::text as user_id`,
  );
  return row ? { ...run(row), userId: int(row.user_id) } : null;
}

export async function finishRun(
  ex: Executor,
  id: number,
  result:
    | { status: 'bought'; orderId: number; quantityCg: number; valueCents: number; feeCents: number; iofCents: number }
    | { status: 'nothing'; reason: string },
) {
  if (result.status === 'nothing') {
    await ex.execute(sql`update saving_runs set status = 'nothing', reason = ${result.reason}, updated_at = now()
      where id = ${id}`);
    return;
  }
  const total = result.valueCents + result.feeCents + result.iofCents;
  await ex.execute(sql`update saving_runs set status = 'bought', order_id = ${result.orderId},
    quantity_cg = ${result.quantityCg}, value_cents = ${result.valueCents}, fee_cents = ${result.feeCents},
    iof_cents = ${result.iofCents}, total_cents = ${total}, updated_at = now() where id = ${id}`);
}

/** The first Pix Automático run settled: the authorisation is active, the plan with it. */
export async function activateAuthorizedPlans(ex: Executor): Promise<void> {
  await ex.execute(sql`update saving_plans p set status = 'active', updated_at = now()
    where p.status = 'awaiting_authorization' and exists (select 1 from saving_runs r
      where r.plan_id = p.id and r.status in ('due', 'buying', 'bought'))`);
}

export async function runsOf(ex: Executor, planIds: number[], perPlan: number): Promise<RunRow[]> {
  if (planIds.length === 0) return [];
  const found = await rows<RawPlan>(
    ex,
    sql`select ${RUN_COLUMNS} from (select *, row_number() over (partition by plan_id order by period desc, id desc) as n
        from saving_runs where plan_id in (${sql.join(
          planIds.map((id) => sql`${id}`),
          sql`, `,
        )})) r where r.n <= ${perPlan} order by r.plan_id, r.period desc, r.id desc`,
  );
  return found.map(run);
}

/** The plan holding a Pix Automático authorisation, locked for the webhook's transaction; null when none does. */
export async function lockPlanByAuthorization(ex: Executor, authorizationId: string): Promise<PlanRow | null> {
  const [row] = await rows<RawPlan>(
    ex,
    sql`select ${PLAN_COLUMNS} from saving_plans p where p.authorization_id = ${authorizationId}
        order by p.id limit 1 for update`,
  );
  return row ? plan(row) : null;
}

/**
 * Runs not bought yet when the plan ended (cancelled by the customer, or the authorisation ended) buy nothing, with
 * its reason: waiting for their Pix, or due (the money arrived, the buy not claimed yet). A charge paid after all is
 * a credited deposit like any other, and its money stays in the balance (promotePaidRuns only moves runs that still
 * wait). Answers the deposits of the runs closed.
 */
export async function closeWaitingRuns(ex: Executor, planId: number, reason: string): Promise<number[]> {
  const closed = await rows<{ deposit_id: string | null }>(
    ex,
    sql`update saving_runs set status = 'nothing', reason = ${reason}, updated_at = now()
        where plan_id = ${planId} and status in ('awaiting_payment', 'due') returning deposit_id::text`,
  );
  return closed.flatMap((r) => (r.deposit_id === null ? [] : [int(r.deposit_id)]));
}

/** Ends a live plan with the reason the customer reads; null when it was not live (ended before). */
export async function endPlan(ex: Executor, id: number, to: 'cancelled' | 'ended', reason: string) {
  const [row] = await rows<RawPlan>(
    ex,
    sql`update saving_plans as p set status = ${to}, end_reason = ${reason}, updated_at = now()
        where p.id = ${id} and p.status in ('awaiting_authorization', 'active', 'paused')
        returning ${PLAN_COLUMNS}`,
  );
  return row ? plan(row) : null;
}

/**
 * A run whose debit the payer's bank refused: 'nothing', with the reason. The run is the one of that payment when
 * the provider names it, else the plan's latest run still awaiting its payment. Its pending deposit stays as it is:
 * the charge is never paid, and it expires like any other (promotePaidRuns would say the same, less precisely).
 */
export async function refuseRun(ex: Executor, planId: number, paymentId: string | null, reason: string) {
  const [row] = await rows<RawPlan>(
    ex,
    sql`update saving_runs as r set status = 'nothing', reason = ${reason}, updated_at = now()
        where r.id = (select id from saving_runs where plan_id = ${planId} and status = 'awaiting_payment'
          and (${paymentId}::text is null or payment_id = ${paymentId}) order by period desc, id desc limit 1)
        returning ${RUN_COLUMNS}`,
  );
  return row ? run(row) : null;
}

/**
 * Whether the customer has a saving plan that may still buy (active, paused or waiting for its Pix Automático
 * authorisation): the erasure asks it. Through saving_plans_user_idx.
 */
export async function hasLiveSavingPlans(ex: Executor, userId: number): Promise<boolean> {
  const found = await rows<{ one: number }>(
    ex,
    sql`select 1 as one from saving_plans
         where user_id = ${userId} and status in ('awaiting_authorization', 'active', 'paused') limit 1`,
  );
  return found.length > 0;
}
