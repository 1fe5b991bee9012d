/**
 * Work run side by side with a bound: at most `atOnce` tasks at a time, the rest waiting in order, at most `waitingMax`
 * of them (a task beyond is refused, and the caller says so). The push notifications of price alerts go through one
 * per app, so a push service that never answers holds one lane until its deadline and delays nobody else's.
 */
export type BoundedQueue = {
  /** false: the queue is full and the task was not taken */
  add(task: () => Promise<void>): boolean;
  /** resolves when nothing runs or waits (tests; an app closing) */
  idle(): Promise<void>;
};

export function boundedQueue(atOnce: number, waitingMax: number, onError: (err: unknown) => void): BoundedQueue {
  const waiting: Array<() => Promise<void>> = [];
  const idleWaiters: Array<() => void> = [];
  let running = 0;

  const pump = () => {
    while (running < atOnce && waiting.length > 0) {
      const task = waiting.shift()!;
      running++;
      task()
        .catch(onError)
        .finally(() => {
          running--;
          pump();
        });
    }
    if (running === 0 && waiting.length === 0) for (const wake of idleWaiters.splice(0)) wake();
  };

  return {
    add(task) {
      if (waiting.length >= waitingMax) return false;
      waiting.push(task);
      pump();
      return true;
    },
    idle() {
      if (running === 0 && waiting.length === 0) return Promise.resolve();
      return new Promise((resolve) => idleWaiters.push(resolve));
    },
  };
}
