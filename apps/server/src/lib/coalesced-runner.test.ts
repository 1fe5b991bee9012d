import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startCoalescedRunner } from './coalesced-runner';

/** A piece of work whose runs the test ends one by one: `runs` counts the starts, `finish` ends the oldest. */
function gatedWork() {
  const gates: Array<{ resolve: () => void; reject: (err: unknown) => void }> = [];
  let runs = 0;
  return {
    work: () =>
      new Promise<void>((resolve, reject) => {
        runs++;
        gates.push({ resolve, reject });
      }),
    get runs() {
      return runs;
    },
    get open() {
      return gates.length;
    },
    async finish(err?: unknown) {
      const gate = gates.shift();
      if (!gate) throw new Error('no run in progress');
      if (err === undefined) gate.resolve();
      else gate.reject(err);
      // let the run's then/catch/finally settle
      await vi.advanceTimersByTimeAsync(0);
    },
  };
}

const DELAY = 100;
const SWEEP = 60_000;

/** A runner of a gated work with the test's timings; without `onError` in opts it keeps the runner's default. */
function gatedRunner(opts: { name?: string; onError?: (err: unknown) => void } = { onError: vi.fn() }) {
  const w = gatedWork();
  const runner = startCoalescedRunner(opts.name ?? 'test', w.work, {
    delayMs: DELAY,
    sweepMs: SWEEP,
    onError: opts.onError,
  });
  return { w, runner };
}

/** A gated runner whose first run has started (scheduled, and the delay gone by). */
async function runningRunner(opts?: { name?: string; onError?: (err: unknown) => void }) {
  const started = gatedRunner(opts);
  started.runner.schedule();
  await vi.advanceTimersByTimeAsync(DELAY);
  expect(started.w.runs).toBe(1);
  return started;
}

/** Ends the run in progress, checks that no other follows it (`runs` in all), and stops the runner. */
async function endsWithRun({ w, runner }: ReturnType<typeof gatedRunner>, runs: number) {
  await w.finish();
  await vi.advanceTimersByTimeAsync(DELAY * 5);
  expect(w.runs).toBe(runs);
  await runner.stop();
}

/** A runner of `work`, flushed once: answers the flush's outcome (its error's message) and the onError spy. */
async function flushedOnce(work: (report: (err: unknown) => void) => Promise<unknown>) {
  const onError = vi.fn();
  const runner = startCoalescedRunner('test', work, { delayMs: DELAY, sweepMs: SWEEP, onError });
  const outcome = await runner.flush().then(
    () => 'ok',
    (err: unknown) => (err as Error).message,
  );
  await runner.stop();
  return { outcome, onError };
}

/** The JSON lines logFailure wrote through the console.error spy. */
const loggedLines = (logged: { mock: { calls: unknown[][] } }) =>
  logged.mock.calls.map(([line]) => JSON.parse(String(line)) as Record<string, unknown>);

describe('startCoalescedRunner', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('coalesces: many schedules within the delay make one run, after the delay', async () => {
    const started = gatedRunner();
    for (let i = 0; i < 10; i++) started.runner.schedule();
    await vi.advanceTimersByTimeAsync(DELAY - 1);
    expect(started.w.runs).toBe(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(started.w.runs).toBe(1);
    await endsWithRun(started, 1);
  });

  it('a schedule while a run is in progress runs once more after it, never two at once', async () => {
    const started = await runningRunner();
    const { w, runner } = started;
    // several batches commit during the run: their timer fires while it runs, and waits for it
    for (let i = 0; i < 3; i++) {
      runner.schedule();
      await vi.advanceTimersByTimeAsync(DELAY);
    }
    expect(w.runs).toBe(1);
    expect(w.open).toBe(1);
    await w.finish();
    // once more, a delay after the run ended
    await vi.advanceTimersByTimeAsync(DELAY);
    expect(w.runs).toBe(2);
    await endsWithRun(started, 2);
  });

  it('sweeps: runs every sweepMs without a schedule', async () => {
    const runs = vi.fn(async () => {});
    const runner = startCoalescedRunner('test', runs, { delayMs: DELAY, sweepMs: SWEEP, onError: vi.fn() });
    await vi.advanceTimersByTimeAsync(SWEEP + DELAY);
    expect(runs).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(SWEEP);
    expect(runs).toHaveBeenCalledTimes(2);
    await runner.stop();
  });

  it('flush waits for the run in progress, then runs at once, and drops the pending timer', async () => {
    const started = await runningRunner();
    const { w, runner } = started;
    runner.schedule();
    let flushed = false;
    const flush = runner.flush().then(() => {
      flushed = true;
    });
    await vi.advanceTimersByTimeAsync(DELAY * 3);
    // still the first run: flush cleared the timer and waits for it
    expect(w.runs).toBe(1);
    expect(flushed).toBe(false);
    await w.finish();
    expect(w.runs).toBe(2);
    expect(flushed).toBe(false);
    await endsWithRun(started, 2);
    await flush;
    expect(flushed).toBe(true);
  });

  it("flush throws its own run's failure to its caller, not to onError", async () => {
    const { outcome, onError } = await flushedOnce(async () => {
      throw new Error('banco fora do ar');
    });
    expect(outcome).toBe('banco fora do ar');
    expect(onError).not.toHaveBeenCalled();
  });

  it('hands its onError to the work, for the failures the work reports without failing', async () => {
    const { outcome, onError } = await flushedOnce(async (report) => report(new Error('push service answered 500')));
    expect(outcome).toBe('ok');
    expect(onError).toHaveBeenCalledExactlyOnceWith(new Error('push service answered 500'));
  });

  it('stop waits for the run in progress, and nothing runs after it', async () => {
    const { w, runner } = await runningRunner();
    // a schedule during the run would run once more after it: stop cancels that too
    runner.schedule();
    await vi.advanceTimersByTimeAsync(DELAY);
    let stopped = false;
    const stop = runner.stop().then(() => {
      stopped = true;
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(stopped).toBe(false);
    await w.finish();
    await stop;
    expect(stopped).toBe(true);
    runner.schedule();
    await vi.advanceTimersByTimeAsync(SWEEP * 3);
    expect(w.runs).toBe(1);
  });

  it('a failed run goes to onError and the next run still happens', async () => {
    const onError = vi.fn();
    const { w, runner } = await runningRunner({ onError });
    const failure = new Error('connection terminated');
    await w.finish(failure);
    expect(onError).toHaveBeenCalledExactlyOnceWith(failure);
    runner.schedule();
    await vi.advanceTimersByTimeAsync(DELAY);
    expect(w.runs).toBe(2);
    await endsWithRun({ w, runner }, 2);
    expect(onError).toHaveBeenCalledTimes(1);
  });

  it('without onError, a failed run is logged under the runner name (never silent)', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { w, runner } = await runningRunner({ name: 'affiliate rewards' });
    await w.finish(new Error('connection terminated'));
    const lines = loggedLines(logged);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ level: 50, msg: 'affiliate rewards', err: { message: 'connection terminated' } });
    await runner.stop();
  });

  it('a run that fails after stop is logged as a warning, not handed to onError', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const onError = vi.fn();
    const { w, runner } = await runningRunner({ name: 'price alerts', onError });
    const stop = runner.stop();
    await w.finish(new Error('connection terminated'));
    await stop;
    expect(onError).not.toHaveBeenCalled();
    const lines = loggedLines(logged);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ level: 40, msg: 'price alerts: run failed after stop' });
  });
});
