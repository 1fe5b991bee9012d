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
  /** refuses (429) when the key is already past its limit, without counting */
  check(name: LimitName, key: string): Promise<void>;
  /** counts one failure (a wrong password or code) */
  fail(name: LimitName, key: string): Promise<void>;
  /** forgets the key's count (a right password, a password reset) */
  clear(name: LimitName, key: string): Promise<void>;
  /**
   * counts DISTINCT destinations per client (an address): the first request for a destination in the window counts
   * one and is refused (429) past the limit, without remembering the destination; a destination this client already
   * used in the window passes uncounted (the same person asking again is left to the per-destination limits)
   */
  hitDistinct(name: LimitName, client: string, destination: string): Promise<void>;
  /** counts a destination like hitDistinct, never refusing (the request already has its answer) */
  failDistinct(name: LimitName, client: string, destination: string): Promise<void>;
  close(): Promise<void>;
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

export function createLimiter(config: Pick<Config, 'limits' | 'redisUrl' | 'env'>, namespace?: string): Limiter {
  const redis = config.redisUrl
    ? new Redis(config.redisUrl, { maxRetriesPerRequest: 1, enableOfflineQueue: true, lazyConnect: false })
    : undefined;
  // ioredis reconnects by itself and the insurance limiter counts in memory meanwhile: the outage is logged once when it
  // begins (ioredis repeats the error at every attempt), and again after Redis has come back and gone away again.
  let redisDown = false;
  redis?.on('error', (err) => {
    if (redisDown) return;
    redisDown = true;
    logFailure('rate limits: Redis unavailable, counting in memory', err, 'warn');
  });
  redis?.on('ready', () => {
    redisDown = false;
  });
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
    fail: async (name, key) => {
      // A failure past the limit is already refused by check(); here it only counts.
      await get(name)
        .consume(hashKey(key))
        .catch((err) => {
          if (!(err instanceof RateLimiterRes)) throw err;
        });
    },
    async check(name, key) {
      const res = await get(name).get(hashKey(key));
      if (res && res.consumedPoints >= get(name).points) refuse(name, res.msBeforeNext);
    },
    async clear(name, key) {
      await get(name).delete(hashKey(key));
    },
    async hitDistinct(name, client, destination) {
      if (await alreadySeen(name, client, destination)) return;
      // Refused destinations are not remembered, so a client cannot bank free destinations while it is locked.
      await consume(name, client);
      await remember(name, client, destination);
    },
    async failDistinct(name, client, destination) {
      if (await alreadySeen(name, client, destination)) return;
      await get(name)
        .consume(hashKey(client))
        .catch((err) => {
          if (!(err instanceof RateLimiterRes)) throw err;
        });
      await remember(name, client, destination);
    },
    async close() {
      redis?.disconnect();
    },
  };
}

/** The e-mail as a limit key: trimmed and lower-cased, so 'Ana@X.com ' and 'ana@x.com' count together. */
export const emailKey = (email: string) => `email:${email.trim().toLowerCase()}`;
