import { BRASILIA_OFFSET_MS, brasiliaWallClock } from '@prata/domain';

const HOUR_MS = 3_600_000;

/** How many months of history the demo has: its accounts opened on the 1st of the month this many months ago. */
const DEMO_HISTORY_MONTHS = 24;

/**
 * One thing that happened in the demo's history (`npm start`), made through the product's own code: the demo's
 * clock (seed/clock.ts) runs every event in date order and moves what it wrote to `at`, so the ledger's transfers and
 * the rows of the screens read as of that moment. `at: null` is now: what is still open (a Pix charge waiting, the
 * resting book), run after every dated event, in the order given.
 */
export type DemoEvent = {
  at: Date | null;
  /** what happened, named in a failure's message */
  what: string;
  run: () => Promise<void>;
};

/** The demo's calendar: the instants its history is written at, all in the past of `now`. */
export type DemoCalendar = {
  /** when the demo is seeded: its history ends here */
  now: Date;
  /** when the demo's accounts opened: the 1st of the month DEMO_HISTORY_MONTHS ago, 09:00 in Brasília */
  opened: Date;
  /** `day` of the month `back` months before this one, at `hour`:`minute` in Brasília */
  monthsAgo(back: number, day: number, hour: number, minute?: number): Date;
  /** the Brasília day `days` before today (at least 1: always past), at `hour`:`minute` in Brasília */
  daysAgo(days: number, hour: number, minute?: number): Date;
  /** `hours` before now */
  hoursAgo(hours: number): Date;
};

export function demoCalendar(now: Date): DemoCalendar {
  const today = brasiliaWallClock(now);
  const wall = (month: number, day: number, hour: number, minute: number) =>
    new Date(Date.UTC(today.getUTCFullYear(), month, day, hour, minute) + BRASILIA_OFFSET_MS);
  const monthsAgo = (back: number, day: number, hour: number, minute = 0) =>
    wall(today.getUTCMonth() - back, day, hour, minute);
  return {
    now,
    opened: monthsAgo(DEMO_HISTORY_MONTHS, 1, 9),
    monthsAgo,
    daysAgo: (days, hour, minute = 0) => {
      if (days < 1) throw new RangeError(`demoCalendar: daysAgo takes a day before today, got ${days}`);
      return wall(today.getUTCMonth(), today.getUTCDate() - days, hour, minute);
    },
    hoursAgo: (hours) => new Date(now.getTime() - hours * HOUR_MS),
  };
}
