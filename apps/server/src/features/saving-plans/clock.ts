/**
 * The saving plans' clock. The scheduler and the routes read `savingClock.now()`; tests and the end-to-end journey
 * move it forward (POST /api/dev/clock, PRATA_TEST_CLOCK=1 only, refused in production by config.ts) to make a week
 * pass. The offset is the process's: every app instance in one test process sees the same moved time, as instances
 * sharing one real clock would.
 */
export type Clock = { now(): Date };

let offsetMs = 0;

export const savingClock: Clock = { now: () => new Date(Date.now() + offsetMs) };

/** Moves the clock forward by whole days (tests and the dev route only). */
export function advanceSavingClock(days: number): void {
  offsetMs += days * 86_400_000;
}

export function resetSavingClock(): void {
  offsetMs = 0;
}

export const savingClockOffsetDays = () => offsetMs / 86_400_000;
