/**
 * Brasília's clock, written once. Brazil has kept UTC−3 all year since 2019 (no daylight saving), so Brasília time is
 * a fixed offset from UTC and the calendar (the trading limit's year, the IRPF year, a month's free withdrawals, the
 * statements) is plain arithmetic: no time-zone database, the same answer in the browser, on the server and in a test.
 * Where a time-zone name is needed (Intl, PostgreSQL), BRASILIA_TIME_ZONE names the same clock.
 */

/** The IANA name of Brasília's clock, for Intl.DateTimeFormat and PostgreSQL's `at time zone`. */
export const BRASILIA_TIME_ZONE = 'America/Sao_Paulo';
/** How far Brasília's clock is behind UTC, in milliseconds (UTC−3). */
export const BRASILIA_OFFSET_MS = 3 * 60 * 60 * 1000;
/** The offset as ISO 8601 writes it after a Brasília wall-clock time: `2026-07-22T23:59:59-03:00`. */
export const BRASILIA_ISO_OFFSET = '-03:00';

/**
 * An instant as Brasília's wall clock: a Date whose UTC fields (getUTCFullYear, getUTCHours...) read what a clock in
 * Brasília shows. For arithmetic on the calendar and for formats with no time zone (Excel), never to store.
 */
export function brasiliaWallClock(at: Date): Date {
  return new Date(at.getTime() - BRASILIA_OFFSET_MS);
}

/**
 * The calendar year in Brasília at `at` (default now): the trading limit's year, the IRPF year. New Year's Eve at
 * 23:30 in Brasília (02:30 UTC on 1 January) still belongs to the old year.
 */
export function brasiliaYear(at: Date = new Date()): number {
  return brasiliaWallClock(at).getUTCFullYear();
}

/** The instant 00:00 of 1 January of `year` began in Brasília (03:00 UTC): the year is [start(y), start(y + 1)). */
export function brasiliaYearStart(year: number): Date {
  if (!Number.isSafeInteger(year)) throw new RangeError(`brasiliaYearStart takes a whole year, got ${year}`);
  return new Date(Date.UTC(year, 0, 1) + BRASILIA_OFFSET_MS);
}

/**
 * The instant the calendar month of `at` began in Brasília: a withdrawal at 23:30 of 31 January in São Paulo
 * (02:30 UTC on 1 February) still counts in January.
 */
export function brasiliaMonthStart(at: Date): Date {
  const local = brasiliaWallClock(at);
  return new Date(Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), 1) + BRASILIA_OFFSET_MS);
}

/** The calendar date in Brasília at `at` (default now), as `yyyy-mm-dd`: "today" for a person in Brazil. */
export function brasiliaIsoDate(at: Date = new Date()): string {
  return brasiliaWallClock(at).toISOString().slice(0, 10);
}

/**
 * The instant the Brasília calendar day `yyyy-mm-dd` ended (00:00 of the next day in Brasília, 03:00 UTC): the day is
 * [brasiliaDayEnd(previous day), brasiliaDayEnd(day)). The proof of reserves reads the ledger as of it.
 */
export function brasiliaDayEnd(day: string): Date {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) throw new RangeError(`brasiliaDayEnd takes a yyyy-mm-dd day, got ${day}`);
  const [year, month, date] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const end = new Date(Date.UTC(year, month - 1, date + 1) + BRASILIA_OFFSET_MS);
  if (brasiliaIsoDate(new Date(end.getTime() - 1)) !== day) throw new RangeError(`brasiliaDayEnd: no such day ${day}`);
  return end;
}

/** The last Brasília day that had ended at `at` (default now): yesterday for a person in Brazil. */
export function lastClosedBrasiliaDay(at: Date = new Date()): string {
  return brasiliaIsoDate(new Date(brasiliaDayStart(at).getTime() - 1));
}

/** The instant the Brasília day of `at` began. */
function brasiliaDayStart(at: Date): Date {
  const local = brasiliaWallClock(at);
  return new Date(Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate()) + BRASILIA_OFFSET_MS);
}
