import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Redis } from 'ioredis';
import { MESSAGES } from '@prata/domain';

/**
 * Rate limits are opt-in per route (`config.rateLimit`). Counters live in Redis when REDIS_URL is set, so every
 * instance shares them; in memory otherwise (one process, the embedded default).
 */
export async function registerRateLimit(app: FastifyInstance) {
  const { redisUrl, env } = app.deps.config;
  const redis = redisUrl
    ? new Redis(redisUrl, { lazyConnect: false, maxRetriesPerRequest: 1, enableOfflineQueue: true })
    : undefined;
  if (redis) app.addHook('onClose', async () => void redis.disconnect());
  await app.register(rateLimit, {
    global: false,
    // after parsing, so limits can key on the e-mail in the body
    hook: 'preHandler',
    ...(redis
      ? { redis, nameSpace: env === 'test' ? `prata-test:${process.pid}:${Math.random()}:` : 'prata-rl:' }
      : {}),
    skipOnError: false,
    errorResponseBuilder: (_req, ctx) => ({
      statusCode: 429,
      message: MESSAGES.tooManyRequests,
      retryAfter: ctx.after,
    }),
  });
}

/** Keys a limit by client address and, when present, the e-mail in the body (one attacker, many accounts; many attackers, one account). */
export function byIpAndEmail(request: FastifyRequest): string {
  const body = request.body as { email?: unknown } | undefined;
  const email = typeof body?.email === 'string' ? body.email.trim().toLowerCase() : '';
  return `${request.ip}|${email}`;
}

export const limits = {
  /** sign-in with password */
  login: { max: 10, timeWindow: '15 minutes', keyGenerator: byIpAndEmail },
  /** anything that sends an e-mail or SMS */
  send: { max: 5, timeWindow: '10 minutes', keyGenerator: byIpAndEmail },
  /** code checks (each code also dies after 5 misses) */
  code: { max: 10, timeWindow: '10 minutes', keyGenerator: byIpAndEmail },
  /** public lookups */
  lookup: { max: 60, timeWindow: '1 minute' },
  /** registration */
  register: { max: 10, timeWindow: '1 hour' },
} as const;
