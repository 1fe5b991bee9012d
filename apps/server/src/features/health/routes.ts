import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { LivenessResponse, ReadinessResponse } from '@prata/domain';
import { selectOne } from './repository';

/** How long readiness waits for the database or Redis before it says the instance is not ready. */
const READY_TIMEOUT_MS = 2_000;

/** Resolves true when `work` finishes in time without throwing; a failure or a timeout is logged with what it was. */
async function answers(
  what: string,
  work: () => Promise<unknown>,
  log: Pick<FastifyInstance['log'], 'warn'>,
): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => {
      log.warn(`readiness: ${what} did not answer in ${READY_TIMEOUT_MS} ms`);
      resolve(false);
    }, READY_TIMEOUT_MS);
  });
  try {
    return await Promise.race([work().then(() => true), timeout]);
  } catch (err) {
    log.warn({ err }, `readiness: ${what} failed`);
    return false;
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Liveness (GET /api/health) says the process answers: no I/O, so a slow database never gets a live instance
 * restarted. Readiness (GET /api/health/ready) says it can serve: the database, and Redis when configured, answer;
 * 503 otherwise, so a load balancer sends traffic elsewhere.
 */
export async function healthRoutes(app: FastifyInstance) {
  const { config, database } = app.deps;
  const live = { status: 'ok' as const, database: database.kind };
  app.get('/health', { schema: { response: { 200: LivenessResponse } } }, async () => live);

  // Its own connection, opened on the first readiness check: the limiter's client is not shared.
  let redis: Redis | undefined;
  app.addHook('onClose', async () => redis?.disconnect());
  app.get(
    '/health/ready',
    { schema: { response: { 200: ReadinessResponse, 503: ReadinessResponse } } },
    async (_req, reply) => {
      // SIGTERM: out of the balancer first, then stop (main.ts); the database and Redis are not asked
      if (app.deps.lifecycle.draining) {
        return reply
          .status(503)
          .send({ status: 'unavailable', database: 'ok', redis: config.redisUrl ? 'ok' : 'not-configured' });
      }
      const dbOk = await answers('the database', () => selectOne(database.db), app.log);
      let redisState: 'ok' | 'unavailable' | 'not-configured' = 'not-configured';
      if (config.redisUrl) {
        redis ??= new Redis(config.redisUrl, { maxRetriesPerRequest: 1, lazyConnect: true }).on('error', (err) =>
          app.log.warn({ err }, 'readiness: redis'),
        );
        const client = redis;
        redisState = (await answers('redis', () => client.ping(), app.log)) ? 'ok' : 'unavailable';
      }
      const ok = dbOk && redisState !== 'unavailable';
      return reply.status(ok ? 200 : 503).send({
        status: ok ? 'ok' : 'unavailable',
        database: dbOk ? 'ok' : 'unavailable',
        redis: redisState,
      });
    },
  );
}
