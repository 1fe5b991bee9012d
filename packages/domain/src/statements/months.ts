import { BRASILIA_OFFSET_MS, brasiliaWallClock } from '../time/brasilia';

/** A month of Brasília's calendar as the statement names it: `yyyy-mm`. */
export type StatementMonth = string;

/** How many months the selector offers at most (ten years): a limit on the list, not on what can be asked. */
export const STATEMENT_MONTHS_MAX = 120;
/** Movements listed per currency at most; the balances stay whole beyond it (the answer says `truncated`). */
export const STATEMENT_MOVEMENTS_MAX = 5000;

function parts(month: StatementMonth): { year: number; monthIndex: number } {
  const match = /^(\d{4})-(\d{2})$/.exec(month);
  const monthIndex = match ? Number(match[2]) - 1 : -1;
  if (!match || monthIndex < 0 || monthIndex > 11) throw new RangeError(`not a yyyy-mm month: ${month}`);
  return { year: Number(match[1]), monthIndex };
}

const format = (year: number, monthIndex: number): StatementMonth => {
  const d = new Date(Date.UTC(year, monthIndex, 1));
  return `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
};

/** The Brasília month an instant falls in: 23:30 of 31 January in São Paulo is still January. */
export function statementMonthOf(at: Date): StatementMonth {
  const local = brasiliaWallClock(at);
  return format(local.getUTCFullYear(), local.getUTCMonth());
}

/** The month `delta` months after (or before) `month`. */
export function addStatementMonths(month: StatementMonth, delta: number): StatementMonth {
  const { year, monthIndex } = parts(month);
  return format(year, monthIndex + delta);
}

/** The instants the month begins and ends in Brasília: the statement covers [from, to). */
export function statementMonthRange(month: StatementMonth): { from: Date; to: Date } {
  const { year, monthIndex } = parts(month);
  return {
    from: new Date(Date.UTC(year, monthIndex, 1) + BRASILIA_OFFSET_MS),
    to: new Date(Date.UTC(year, monthIndex + 1, 1) + BRASILIA_OFFSET_MS),
  };
}

/** The month the statement opens on: the last complete one. */
export const defaultStatementMonth = (now: Date = new Date()): StatementMonth =>
  addStatementMonths(statementMonthOf(now), -1);

/**
 * The months a customer may ask for, newest first: from the month the account opened to the current one (in
 * progress), at most STATEMENT_MONTHS_MAX. The last complete month is always offered, even to an account opened this
 * month (it shows zero balances), so the default is always a choice of the selector.
 */
export function statementMonths(openedAt: Date, now: Date = new Date()): StatementMonth[] {
  const current = statementMonthOf(now);
  const first = statementMonthOf(openedAt);
  const out: StatementMonth[] = [];
  for (let m = current; out.length < STATEMENT_MONTHS_MAX; m = addStatementMonths(m, -1)) {
    out.push(m);
    if (m <= first && out.length >= 2) break;
  }
  return out;
}

/** "outubro de 2026" */
export function statementMonthLabel(month: StatementMonth): string {
  const { year, monthIndex } = parts(month);
  return `${MONTH_NAMES[monthIndex]} de ${year}`;
}

/** The months' names in Portuguese, lower case as a date writes them ('outubro de 2026'). */
export const MONTH_NAMES = [
  'janeiro',
  'fevereiro',
  'março',
  'abril',
  'maio',
  'junho',
  'julho',
  'agosto',
  'setembro',
  'outubro',
  'novembro',
  'dezembro',
] as const;
