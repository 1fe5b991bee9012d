/**
 * A failure that must not stop what called it (a sweeper's run, a provider's cancel after the database already said
 * no, a file left behind by a refused upload) is still written down: one JSON line on stderr, in the shape of the
 * server's own log lines (pino's level 50 is "error", 40 "warn"), with what was being done and why it failed.
 */
export function logFailure(what: string, err: unknown, level: 'error' | 'warn' = 'error'): void {
  const error =
    err instanceof Error ? { type: err.name, message: err.message, stack: err.stack } : { message: String(err) };
  console.error(JSON.stringify({ level: level === 'error' ? 50 : 40, time: Date.now(), msg: what, err: error }));
}

/** `promise.catch(loggedAs('…'))`: the failure is logged and the promise settles with undefined. */
export const loggedAs =
  (what: string, level: 'error' | 'warn' = 'error') =>
  (err: unknown): undefined => {
    logFailure(what, err, level);
    return undefined;
  };
