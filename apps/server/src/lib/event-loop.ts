/**
 * The longest the event loop went between two turns (ms) while `work` ran, with what `work` answered: a callback that
 * queues itself with setImmediate runs once per turn, after the turn's I/O. (monitorEventLoopDelay's histogram showed
 * 15–50 ms where a turn of a PDF's layout took 400–600 ms.) The render pool's tests and bench/statement-heavy.ts read
 * it.
 */
export async function longestTurn<T>(work: () => Promise<T>): Promise<{ value: T; longestMs: number }> {
  let longest = 0;
  let last = performance.now();
  let running = true;
  const turn = () => {
    const now = performance.now();
    longest = Math.max(longest, now - last);
    last = now;
    if (running) setImmediate(turn);
  };
  setImmediate(turn);
  try {
    const value = await work();
    return { value, longestMs: Math.max(longest, performance.now() - last) };
  } finally {
    running = false;
  }
}
