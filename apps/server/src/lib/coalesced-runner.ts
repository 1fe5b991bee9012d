import { logFailure } from './log-failure';

/** A piece of work that follows the matcher's batches (affiliate rewards, price alerts). */
export type CoalescedRunner = {
  /** a batch of the matcher committed: run soon (runs coalesce; at most one at a time) */
  schedule(): void;
  /** runs now and waits until everything committed so far is looked at (tests, the demo); its failure is thrown */
  flush(): Promise<void>;
  /** no run after it; waits for the one in progress */
  stop(): Promise<void>;
};

export type CoalescedRunnerOptions = {
  /** how long after a schedule the work runs: the schedules of that moment share one run */
  delayMs: number;
  /** a schedule every `sweepMs`, in case an instance stopped between a batch and its run */
  sweepMs: number;
  /** a failed run (and whatever the work reports through it); by default logged under the runner's name */
  onError?: (err: unknown) => void;
};

/**
 * Runs `work` `delayMs` after a schedule, coalesced: a busy book costs at most one run per `delayMs`, and never two at
 * once (a schedule while one runs runs once more after it, for what that run may have missed). A sweep schedules every
 * `sweepMs`. The timers are unref'd: the runner never keeps the process alive. `work` receives the runner's onError
 * for the failures it reports without failing (a notification that did not go out).
 */
export function startCoalescedRunner(
  name: string,
  work: (onError: (err: unknown) => void) => Promise<unknown>,
  opts: CoalescedRunnerOptions,
): CoalescedRunner {
  const onError = opts.onError ?? ((err: unknown) => logFailure(name, err));
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = false;

  const run = (): Promise<void> => {
    timer = null;
    if (running) {
      again = true;
      return running;
    }
    running = work(onError)
      .then(() => undefined)
      .catch((err) => {
        // after stop the caller's logger may be closing: the failure is still written down, as a warning
        if (stopped) logFailure(`${name}: run failed after stop`, err, 'warn');
        else onError(err);
      })
      .finally(() => {
        running = null;
        if (again && !stopped) {
          again = false;
          schedule();
        }
      });
    return running;
  };
  const schedule = () => {
    if (stopped || timer) return;
    timer = setTimeout(() => void run(), opts.delayMs);
    timer.unref?.();
  };
  const sweep = setInterval(schedule, opts.sweepMs);
  sweep.unref?.();

  return {
    schedule,
    async flush() {
      if (timer) clearTimeout(timer);
      timer = null;
      if (running) await running;
      await work(onError);
    },
    async stop() {
      stopped = true;
      clearInterval(sweep);
      if (timer) clearTimeout(timer);
      timer = null;
      if (running) await running;
    },
  };
}
