/**
 * Dates as the spec uses them: people type and read `dd/mm/yyyy`; the API and the database carry `yyyy-mm-dd`.
 * Calendar dates are handled as plain year/month/day numbers, never through `Date`, so no time zone can move
 * a birthday by one day.
 */
import { BRASILIA_ISO_OFFSET, BRASILIA_TIME_ZONE, brasiliaIsoDate } from './time/brasilia';

const MIN_YEAR = 1900;

function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

function daysInMonth(year: number, month: number): number {
  if (month === 2) return isLeapYear(year) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

function isRealDate(year: number, month: number, day: number): boolean {
  return year >= 1 && month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(year, month);
}

const pad2 = (n: number): string => String(n).padStart(2, '0');

/** Year, month and day of a `yyyy-mm-dd` date or of the date part of a full ISO timestamp; null otherwise. */
function parseIsoDatePart(value: string): { year: number; month: number; day: number } | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})(?:$|T)/.exec(value.trim());
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  return isRealDate(year, month, day) ? { year, month, day } : null;
}

/** `31/01/2000` → `2000-01-31`. Null unless it is a real calendar date (not 31/02/2000) from the year 1900 on. */
export function brDateToIso(value: string): string | null {
  const match = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(value.trim());
  if (!match) return null;
  const [day, month, year] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (year < MIN_YEAR || !isRealDate(year, month, day)) return null;
  return `${year}-${pad2(month)}-${pad2(day)}`;
}

/**
 * `01/12/2026 09:30`, a moment typed in Brasília time as formatDateTimeBR writes it, → `2026-12-01T09:30:00-03:00`.
 * Null unless the day is real (brDateToIso) and the time is 00:00–23:59.
 */
export function brDateTimeToInstant(value: string): string | null {
  const match = /^(\d{2}\/\d{2}\/\d{4}) (\d{2}):(\d{2})$/.exec(value.trim());
  if (!match) return null;
  const day = brDateToIso(match[1] ?? '');
  const [hour, minute] = [Number(match[2]), Number(match[3])];
  if (!day || hour > 23 || minute > 59) return null;
  return `${day}T${match[2]}:${match[3]}:00${BRASILIA_ISO_OFFSET}`;
}

/**
 * `2000-01-31` → `31/01/2000`. A full ISO timestamp shows its own date part as written (a date column sent as
 * `2000-01-31T00:00:00.000Z` stays the 31st); use formatDateTimeBR for instants. '' for empty or unreadable input.
 */
export function isoToBrDate(value: string | null | undefined): string {
  if (!value) return '';
  const date = parseIsoDatePart(value);
  if (!date) return '';
  return `${pad2(date.day)}/${pad2(date.month)}/${date.year}`;
}

/** True for a real calendar date written exactly `yyyy-mm-dd` (no time part). */
export function isValidIsoDate(value: string): boolean {
  return /^\d{4}-\d{2}-\d{2}$/.test(value) && parseIsoDatePart(value) !== null;
}

/** A day the API takes: a real calendar date written `yyyy-mm-dd`, from the year 1900 on (a column of type date). */
export function isAcceptedIsoDate(value: string): boolean {
  return isValidIsoDate(value) && Number(value.slice(0, 4)) >= MIN_YEAR;
}

/**
 * Age in whole years on `todayIso`: the birthday must have been reached. Someone born on 29 February turns a
 * year older on 1 March in common years. Throws on dates that are not `yyyy-mm-dd` (or an ISO timestamp).
 */
export function ageOn(birthIso: string, todayIso: string): number {
  const birth = parseIsoDatePart(birthIso);
  const today = parseIsoDatePart(todayIso);
  if (!birth || !today) throw new RangeError(`ageOn needs ISO dates, got ${birthIso} and ${todayIso}`);
  const birthdayReached = today.month > birth.month || (today.month === birth.month && today.day >= birth.day);
  return today.year - birth.year - (birthdayReached ? 0 : 1);
}

const SAO_PAULO_DATE_TIME = new Intl.DateTimeFormat('pt-BR', {
  timeZone: BRASILIA_TIME_ZONE,
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/**
 * An instant as people in Brazil read it: `22/11/2026 14:05`, in America/Sao_Paulo whatever the server's time
 * zone. Built from formatToParts so the output does not depend on the ICU version's separators. '' for an
 * invalid date.
 */
export function formatDateTimeBR(iso: string | Date): string {
  const date = iso instanceof Date ? iso : new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const parts: Record<string, string> = {};
  for (const part of SAO_PAULO_DATE_TIME.formatToParts(date)) parts[part.type] = part.value;
  return `${parts.day}/${parts.month}/${parts.year} ${parts.hour}:${parts.minute}`;
}

/** An instant's calendar date in Brasília as people read it: `22/11/2026`. '' for an invalid date. */
export function formatDateBR(iso: string | Date): string {
  const date = iso instanceof Date ? iso : new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return isoToBrDate(brasiliaIsoDate(date));
}
