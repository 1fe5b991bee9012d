import { createHash, randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { type RateLimiterAbstract, RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { MESSAGES } from '@prata/domain';
import type { Config } from '@/config';
import type { LimitName } from '@/limits';
import { AppError } from '@/lib/errors';
import { logFailure } from '@/lib/log-failure';

/**
 * The server's rate limits (limits.ts), called by the routes and services that know what to key on: the account, the
 * e-mail or the destination of a message first, the client address second. Counters live in Redis when REDIS_URL is
 * set, so every instance shares them (with an in-memory stand-in per instance if Redis stops answering), in memory
 * otherwise. Keys are hashed: no e-mail address or phone number is written to Redis.
 */
export type Limiter = {
  /** counts one request and refuses it (429) past the limit */
  hit(name: LimitName, key: string): Promise<void>;
  /** refuses (429) when the key is already past its limit, without counting (an early refusal before a `hit`) */
  check(name: LimitName, key: string): Promise<void>;
  /**
   * Starts an attempt limited by its failures (a password, a code): it takes one try from each limit before the
   * attempt runs (429 past any, with nothing kept), so attempts at once never get past a limit; its outcome then keeps
   * the tries (a failure) or gives them back (a success, or a fault that answered nothing).
   */
  attempt(limits: Array<[LimitName, string]>): Promise<Attempt>;
  /**
   * Like `attempt` for a limit on DISTINCT destinations per client (registrations of e-mails that have an account):
   * a destination this client already failed on in the window takes no try (a client past its limit still gets
   * 429); a failure remembers the destination.
   */
  attemptDistinct(name: LimitName, client: string, destination: string): Promise<Attempt>;
  /** forgets the key's count (a right password, a password reset) */
  clear(name: LimitName, key: string): Promise<void>;
  /**
   * counts DISTINCT destinations per client (an address): the first request for a destination in the window counts
   * one and is refused (429) past the limit, without remembering the destination; a destination this client already
   * used in the window passes uncounted (the same person asking again is left to the per-destination limits)
   */
  hitDistinct(name: LimitName, client: string, destination: string): Promise<void>;
  close(): Promise<void>;
};

/** What an attempt's outcome does with the tries it took (Limiter.attempt). */
export type Attempt = {
  /** a wrong password or code: the tries stay counted */
  failed(): Promise<void>;
  /** the tries are given back; the limits named in `clear` forget the key's whole count */
  succeeded(clear?: LimitName[]): Promise<void>;
  /**
   * Settles by the error that ended the attempt: a refusal answered to the client (an AppError) is a failure; any
   * other error (the database away) answered nothing about the password or code, and gives the tries back.
   */
  settle(err: unknown): Promise<void>;
};

/** The 429 of a limit: the message says how long to wait, Retry-After says it to machines. */
export class RateLimitedError extends AppError {
  constructor(
    code: 'RATE_LIMITED' | 'SIGNIN_LOCKED' | 'CODE_RESEND_WAIT' | 'PASSKEY_FALLBACK_WAIT',
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(code, message);
  }
}

const MESSAGE: Partial<Record<LimitName, (minutes: number) => string>> = {
  signinAccount: MESSAGES.signinAccountLocked,
};

function refuse(name: LimitName, msBeforeNext: number): never {
  const seconds = Math.max(1, Math.ceil(msBeforeNext / 1000));
  const message = MESSAGE[name]?.(Math.max(1, Math.ceil(seconds / 60))) ?? MESSAGES.tooManyRequests;
  throw new RateLimitedError(name === 'signinAccount' ? 'SIGNIN_LOCKED' : 'RATE_LIMITED', message, seconds);
}

const hashKey = (key: string) => createHash('sha256').update(key).digest('base64url').slice(0, 27);

/**
 * A connection for the counters. ioredis reconnects by itself and the insurance limiter counts in memory meanwhile:
 * the outage is logged once when it begins (ioredis repeats the error at every attempt), and again after Redis has
 * come back and gone away again.
 */
function countersConnection(redisUrl: string): Redis {
  const redis = new Redis(redisUrl, { maxRetriesPerRequest: 1, enableOfflineQueue: true, lazyConnect: false });
  let redisDown = false;
  redis.on('error', (err) => {
    if (redisDown) return;
    redisDown = true;
    logFailure('rate limits: Redis unavailable, counting in memory', err, 'warn');
  });
  redis.on('ready', () => {
    redisDown = false;
  });
  return redis;
}

type Taken = Array<[LimitName, string]>;

/** An attempt's outcome over the tries it took: settled once, by the first of its calls. */
function attemptOf(
  taken: Taken,
  counts: { giveBack(taken: Taken): Promise<void>; forget(name: LimitName, key: string): Promise<void> },
  onFailure: () => Promise<void>,
): Attempt {
  let settled = false;
  const once = async (run: () => Promise<void>) => {
    if (settled) return;
    settled = true;
    await run();
  };
  const attempt: Attempt = {
    failed: () => once(onFailure),
    succeeded: (clear = []) =>
      once(async () => {
        await counts.giveBack(taken.filter(([name]) => !clear.includes(name)));
        for (const [name, key] of taken) if (clear.includes(name)) await counts.forget(name, key);
      }),
    settle: (err) => (err instanceof AppError ? attempt.failed() : once(() => counts.giveBack(taken))),
  };
  return attempt;
}

export function createLimiter(config: Pick<Config, 'limits' | 'redisUrl' | 'env'>, namespace?: string): Limiter {
  const redis = config.redisUrl ? countersConnection(config.redisUrl) : undefined;
  // Tests share one Redis: each app counts apart from the others.
  const prefix = namespace ?? (config.env === 'test' ? `prata-test:${randomBytes(6).toString('hex')}` : 'prata-rl');
  const limiters = new Map<LimitName, RateLimiterAbstract>();
  // The destinations each client used in the window (hitDistinct): one marker per client and destination.
  const seen = new Map<LimitName, RateLimiterAbstract>();
  const build = (opts: { points: number; duration: number; keyPrefix: string }) =>
    redis
      ? new RateLimiterRedis({ ...opts, storeClient: redis, insuranceLimiter: new RateLimiterMemory(opts) })
      : new RateLimiterMemory(opts);
  for (const [name, rule] of Object.entries(config.limits) as Array<
    [LimitName, { max: number; windowSeconds: number }]
  >) {
    limiters.set(name, build({ points: rule.max, duration: rule.windowSeconds, keyPrefix: `${prefix}:${name}` }));
    seen.set(name, build({ points: 1, duration: rule.windowSeconds, keyPrefix: `${prefix}:${name}:seen` }));
  }
  const get = (name: LimitName) => limiters.get(name)!;
  const pairKey = (client: string, destination: string) => hashKey(`${client}\n${destination}`);

  async function alreadySeen(name: LimitName, client: string, destination: string) {
    const res = await seen.get(name)!.get(pairKey(client, destination));
    return Boolean(res && res.consumedPoints > 0);
  }
  async function remember(name: LimitName, client: string, destination: string) {
    // A concurrent request may have marked it first: the marker is there either way.
    await seen
      .get(name)!
      .consume(pairKey(client, destination))
      .catch((err) => {
        if (!(err instanceof RateLimiterRes)) throw err;
      });
  }

  const counts = {
    // A try given back after the count was forgotten (a right password while another attempt was in flight) would
    // leave it at -1, a free try: the count is raised back to zero by what it went below, an increment, so tries
    // taken meanwhile still count.
    async giveBack(taken: Taken) {
      for (const [name, key] of taken) {
        const res = await get(name).reward(hashKey(key), 1);
        if (res.consumedPoints < 0) await get(name).penalty(hashKey(key), -res.consumedPoints);
      }
    },
    async forget(name: LimitName, key: string) {
      await get(name).delete(hashKey(key));
    },
  };

  async function check(name: LimitName, key: string) {
    const res = await get(name).get(hashKey(key));
    if (res && res.consumedPoints >= get(name).points) refuse(name, res.msBeforeNext);
  }

  async function consume(name: LimitName, key: string) {
    try {
      await get(name).consume(hashKey(key));
    } catch (err) {
      if (err instanceof RateLimiterRes) refuse(name, err.msBeforeNext);
      throw err;
    }
  }

  return {
    hit: consume,
    async attempt(limits) {
      const taken: Taken = [];
      try {
        for (const [name, key] of limits) {
          await consume(name, key);
          taken.push([name, key]);
        }
      } catch (err) {
        // refused by a later limit (or a fault): the earlier ones' tries were not used
        await counts.giveBack(taken);
        throw err;
      }
      return attemptOf(taken, counts, async () => {});
    },
    async attemptDistinct(name, client, destination) {
      if (await alreadySeen(name, client, destination)) {
        // counted already; a client past its limit still waits, whatever it asks for
        await check(name, client);
        return attemptOf([], counts, async () => {});
      }
      await consume(name, client);
      return attemptOf([[name, client]], counts, () => remember(name, client, destination));
    },
    check,
    clear: counts.forget,
    async hitDistinct(name, client, destination) {
      if (await alreadySeen(name, client, destination)) return;
      // Refused destinations are not remembered, so a client cannot bank free destinations while it is locked.
      await consume(name, client);
      await remember(name, client, destination);
    },
    async close() {
      redis?.disconnect();
    },
  };
}

/** Runs an attempt's work: an error it throws settles the attempt (Attempt.settle) and goes on; a success is the caller's to say. */
export async function settledBy<T>(attempt: Attempt, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    await attempt.settle(err);
    throw err;
  }
}

/** The e-mail as a limit key: trimmed and lower-cased, so 'Ana@X.com ' and 'ana@x.com' count together. */
export const emailKey = (email: string) => `email:${email.trim().toLowerCase()}`;
