import { sql } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { type DepositRow, deposits } from '@/db/schema/index';
import { rows } from '@/db/sql';

// The admission of money in (migration functions money_in_admission and its trigger on deposits): its answer, the
// one insert of a pending deposit (called only through deposit-limits.ts's insertPendingDeposit, which turns the
// trigger's refusal into the customer's error) and the limits it reads.

/** money_in_admission's answer for this charge at `now` (null: the database's now), as its JSON text. */
export async function moneyInAdmissionJson(
  ex: Executor,
  charge: { userId: number; method: 'pix' | 'ted'; scheduledDebit: boolean; amountCents: number },
  now: Date | null,
): Promise<string> {
  const [row] = await rows<{ facts: string }>(
    ex,
    sql`select money_in_admission(${charge.userId}, ${charge.method}, ${charge.scheduledDebit},
          ${charge.amountCents}, coalesce(${now?.toISOString() ?? null}::timestamptz, now()))::text as facts`,
  );
  return row!.facts;
}

/** Inserts a pending deposit; the admission trigger may refuse it (the caller reads the refusal). */
export async function insertDepositRow(
  tx: Executor,
  values: Omit<typeof deposits.$inferInsert, 'status' | 'id'>,
): Promise<DepositRow> {
  const [inserted] = await tx.insert(deposits).values(values).returning();
  return inserted!;
}

/** Writes the configured limits where the admission reads them, when they changed (cents, days, a count). */
export async function upsertMoneyInSettings(
  ex: Executor,
  l: {
    perDepositCents: number;
    perPeriodCents: number;
    periodDays: number;
    nightPerDepositCents: number | null;
    pendingPixMax: number;
  },
): Promise<void> {
  await ex.execute(sql`insert into money_in_settings as s (id, per_deposit_cents, per_period_cents, period_days,
      night_per_deposit_cents, pending_pix_max)
    values (true, ${l.perDepositCents}, ${l.perPeriodCents}, ${l.periodDays}, ${l.nightPerDepositCents},
      ${l.pendingPixMax})
    on conflict (id) do update set per_deposit_cents = excluded.per_deposit_cents,
      per_period_cents = excluded.per_period_cents, period_days = excluded.period_days,
      night_per_deposit_cents = excluded.night_per_deposit_cents, pending_pix_max = excluded.pending_pix_max,
      updated_at = now()
    where (s.per_deposit_cents, s.per_period_cents, s.period_days, s.night_per_deposit_cents, s.pending_pix_max)
      is distinct from (excluded.per_deposit_cents, excluded.per_period_cents, excluded.period_days,
        excluded.night_per_deposit_cents, excluded.pending_pix_max)`);
}
