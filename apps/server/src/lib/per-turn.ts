import { loggedAs } from './log-failure';

/**
 * Calls made in the same turn of the event loop, gathered per key (a database handle, an app) and handled together in
 * the next turn (setImmediate): one statement for many requests that arrive at once. `handle` answers one result per
 * ask, in the asks' order; if it throws, every ask of that turn is rejected with the error.
 */
export function perTurn<K extends object, A, R>(handle: (key: K, asks: A[]) => Promise<R[]>) {
  type Pending = { ask: A; resolve: (r: R) => void; reject: (err: unknown) => void };
  const waiting = new WeakMap<K, Pending[]>();
  return (key: K, ask: A): Promise<R> =>
    new Promise<R>((resolve, reject) => {
      let turn = waiting.get(key);
      if (!turn) {
        const gathered: Pending[] = [];
        turn = gathered;
        waiting.set(key, gathered);
        setImmediate(() => {
          waiting.delete(key);
          handle(
            key,
            gathered.map((p) => p.ask),
          ).then(
            (results) => {
              gathered.forEach((p, i) => {
                p.resolve(results[i]!);
              });
            },
            (err: unknown) => {
              for (const p of gathered) p.reject(err);
            },
          );
        });
      }
      turn.push({ ask, resolve, reject });
    });
}

/**
 * Runs `task` every `everyMs` (a sweeper: expiries, purges); a failed run is logged under `name` and the next run
 * tries again. Answers the stop.
 */
export function every(everyMs: number, task: () => Promise<unknown>, name = 'sweeper'): () => void {
  const timer = setInterval(() => {
    task().catch(loggedAs(`${name}: run failed`));
  }, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
