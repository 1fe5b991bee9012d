/**
 * When a plan's runs are due, on Brasília dates (yyyy-mm-dd): pure functions of the plan and today. A weekly plan is
 * due on its weekday, a monthly one on its day (1 to 28, so every month has it). A period is named by its due date:
 * the run's claim is unique per (plan, period), whatever instance finds it due (docs/saving-plans.md).
 */

export type Schedule = {
  frequency: 'weekly' | 'monthly';
  weekday: number | null;
  monthDay: number | null;
  /** Brasília date the plan began: no run is due before it */
  startDate: string;
  endDate: string | null;
};

const DAY_MS = 86_400_000;

/** yyyy-mm-dd → a UTC midnight Date (for arithmetic on days only). */
const day = (iso: string) => new Date(`${iso}T00:00:00.000Z`);
const isoOf = (d: Date) => d.toISOString().slice(0, 10);

function addDays(iso: string, days: number): string {
  return isoOf(new Date(day(iso).getTime() + days * DAY_MS));
}

/** The latest due date on or before `today`, ignoring the start and end. */
function latestOnOrBefore(s: Schedule, today: string): string {
  const d = day(today);
  if (s.frequency === 'weekly') {
    const back = (d.getUTCDay() - (s.weekday ?? 0) + 7) % 7;
    return addDays(today, -back);
  }
  const dom = s.monthDay ?? 1;
  if (d.getUTCDate() >= dom) return isoOf(new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), dom)));
  return isoOf(new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() - 1, dom)));
}

/** The first due date on or after `from`. */
function firstOnOrAfter(s: Schedule, from: string): string {
  const latest = latestOnOrBefore(s, from);
  if (latest === from) return from;
  if (s.frequency === 'weekly') return addDays(latest, 7);
  const d = day(latest);
  return isoOf(new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, s.monthDay ?? 1)));
}

/**
 * The period due today: the latest due date on or before today, when it falls inside the plan's dates; else null.
 * Only the latest is due: a period missed while the service was down, or while paused, is not bought late.
 */
export function duePeriod(s: Schedule, today: string): string | null {
  const latest = latestOnOrBefore(s, today);
  if (latest < s.startDate) return null;
  if (s.endDate !== null && latest > s.endDate) return null;
  return latest;
}

/** The next due date after the periods already run (`after`, exclusive) and from today on; null past the end. */
export function nextRunDate(s: Schedule, today: string, after: string | null): string | null {
  let from = today < s.startDate ? s.startDate : today;
  if (after !== null && after >= from) from = addDays(after, 1);
  const next = firstOnOrAfter(s, from);
  return s.endDate !== null && next > s.endDate ? null : next;
}

/** True when no run can be due any more: today is past the end date. */
export function isOver(s: Schedule, today: string): boolean {
  return s.endDate !== null && today > s.endDate;
}
