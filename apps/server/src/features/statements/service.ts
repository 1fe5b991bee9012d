import {
  defaultStatementMonth,
  formatCnpj,
  formatCpf,
  MESSAGES,
  minorToDecimal,
  type MonthlyStatementResponse,
  perGramCents,
  STATEMENT_MOVEMENTS_MAX,
  statementDescription,
  statementMonthOf,
  statementMonthRange,
  statementMonths,
} from '@prata/domain';
import type { Executor } from '@/db/client';
import { AppError, notFound } from '@/lib/errors';
import { averageCostAt, purchasesBetween } from '@/features/irpf/index';
import {
  type AccountPair,
  balancesBefore,
  customerAccounts,
  findHolder,
  firstMovementAt,
  type MovementRow,
  movementsBetween,
} from './repository';

type Split = { available: number; held: number };

/** One currency's statement in minor units (centavos or centigrams): opening + Σ signed = closing. */
type CurrencyStatement = {
  openingMinor: number;
  closingMinor: number;
  /** the opening and closing balances as the drawer splits them: available + held = the total */
  openingSplit: Split;
  closingSplit: Split;
  creditsMinor: number;
  debitsMinor: number;
  movements: Array<MovementRow & { balanceMinor: number }>;
  truncated: boolean;
};

/**
 * One currency over [from, to): the balance before `from`, every movement with the balance after it, and the balance
 * before `to`. The closing balance is read from the ledger on its own, never summed from the listed movements, so a
 * list cut at STATEMENT_MOVEMENTS_MAX still closes on the ledger's figure; the test checks both agree.
 */
async function currencyStatement(
  db: Executor,
  pair: AccountPair,
  range: { from: Date; to: Date },
): Promise<CurrencyStatement> {
  const [openingSplit, closingSplit, found] = await Promise.all([
    balancesBefore(db, pair, range.from),
    balancesBefore(db, pair, range.to),
    movementsBetween(db, pair, range, STATEMENT_MOVEMENTS_MAX + 1),
  ]);
  const openingMinor = openingSplit.available + openingSplit.held;
  const closingMinor = closingSplit.available + closingSplit.held;
  const truncated = found.length > STATEMENT_MOVEMENTS_MAX;
  let balance = openingMinor;
  let creditsMinor = 0;
  let debitsMinor = 0;
  const movements = found.slice(0, STATEMENT_MOVEMENTS_MAX).map((m) => {
    balance += m.signed;
    if (m.signed > 0) creditsMinor += m.signed;
    else debitsMinor -= m.signed;
    return { ...m, balanceMinor: balance };
  });
  return { openingMinor, closingMinor, openingSplit, closingSplit, creditsMinor, debitsMinor, movements, truncated };
}

/** The month asked for, or the last complete one; refused before the account's first month or after this one. */
function checkMonth(months: readonly string[], asked: string | undefined, now: Date): string {
  const month = asked ?? defaultStatementMonth(now);
  if (!months.includes(month)) throw new AppError('STATEMENT_MONTH_OUT_OF_RANGE', MESSAGES.statementMonthOutOfRange);
  return month;
}

const present = (s: CurrencyStatement) => ({
  opening: minorToDecimal(s.openingMinor),
  opening_available: minorToDecimal(s.openingSplit.available),
  opening_reserved: minorToDecimal(s.openingSplit.held),
  closing: minorToDecimal(s.closingMinor),
  closing_available: minorToDecimal(s.closingSplit.available),
  closing_reserved: minorToDecimal(s.closingSplit.held),
  credits: minorToDecimal(s.creditsMinor),
  debits: minorToDecimal(s.debitsMinor),
  movements: s.movements.map((m) => ({
    id: m.id,
    at: m.at.toISOString(),
    description: statementDescription(m.code, m.signed > 0 ? 'in' : 'out'),
    amount: minorToDecimal(m.signed),
    balance: minorToDecimal(m.balanceMinor),
  })),
});

/**
 * GET /api/statements?month=: the signed-in customer's statement of a Brasília month (docs/statements.md). The month
 * in progress closes on the balance now.
 */
export async function monthlyStatement(
  db: Executor,
  userId: number,
  askedMonth: string | undefined,
  now: Date = new Date(),
): Promise<MonthlyStatementResponse> {
  const [holder, accounts] = await Promise.all([findHolder(db, userId), customerAccounts(db, userId)]);
  if (!holder) throw notFound();
  const firstMovement = await firstMovementAt(db, accounts);
  const opened = firstMovement && firstMovement < holder.created_at ? firstMovement : holder.created_at;
  const months = statementMonths(opened, now);
  const month = checkMonth(months, askedMonth, now);
  const range = statementMonthRange(month);
  const [reais, grams, bought, basis] = await Promise.all([
    currencyStatement(db, accounts.BRL, range),
    currencyStatement(db, accounts.AG, range),
    purchasesBetween(db, userId, range),
    averageCostAt(db, userId, range.to),
  ]);
  const company = holder.account_type === 'company' && holder.cnpj;
  return {
    month,
    from: range.from.toISOString(),
    to: range.to.toISOString(),
    complete: month !== statementMonthOf(now),
    months,
    customer: {
      name: (company ? holder.razao_social : null) ?? holder.name,
      document: company ? formatCnpj(holder.cnpj!) : holder.cpf ? formatCpf(holder.cpf) : null,
    },
    reais: present(reais),
    grams: present(grams),
    truncated: reais.truncated || grams.truncated,
    average_cost: {
      bought_grams: minorToDecimal(bought.grams),
      bought_amount: minorToDecimal(bought.costCents),
      month_per_gram: bought.grams > 0 ? minorToDecimal(perGramCents(bought.costCents, bought.grams)) : null,
      irpf_per_gram: basis.grams > 0 ? minorToDecimal(perGramCents(basis.costCents, basis.grams)) : null,
    },
  };
}
