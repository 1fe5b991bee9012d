import { logFailure } from './log-failure';

type Entry<T> = { value: Promise<T>; settledAt: number | null; refreshing: boolean };

/**
 * One answer that every caller of a public read shares, per scope (a database: each app and each test has its own):
 * computed by one caller at a time and kept `freshMs`. Past that, the first caller starts one new computation and every
 * caller meanwhile, that one included, gets the answer kept until the new one lands (stale while it revalidates), so
 * no caller waits for the computation except the very first. A failed first computation is thrown to its callers and
 * forgotten; a failed refresh is logged and the kept answer serves on, to be refreshed again at the next call.
 */
export function sharedAnswer<T>(
  name: string,
  freshMs: number,
  compute: (scope: object) => Promise<T>,
): { get(scope: object, now?: number): Promise<T>; forget(scope: object): void } {
  const entries = new WeakMap<object, Entry<T>>();

  const start = (scope: object, now: number): Entry<T> => {
    const entry: Entry<T> = { value: compute(scope), settledAt: null, refreshing: false };
    entry.value.then(
      () => {
        entry.settledAt = now;
      },
      () => {
        if (entries.get(scope) === entry) entries.delete(scope);
      },
    );
    return entry;
  };

  return {
    get(scope, now = Date.now()) {
      const entry = entries.get(scope);
      if (!entry) {
        const first = start(scope, now);
        entries.set(scope, first);
        return first.value;
      }
      if (entry.settledAt !== null && now - entry.settledAt >= freshMs && !entry.refreshing) {
        entry.refreshing = true;
        const next = start(scope, now);
        next.value.then(
          () => entries.set(scope, next),
          (err: unknown) => {
            logFailure(`${name}: refresh`, err);
            entry.refreshing = false;
          },
        );
      }
      return entry.value;
    },
    forget(scope) {
      entries.delete(scope);
    },
  };
}
