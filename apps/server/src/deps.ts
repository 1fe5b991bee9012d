/**
 * What every part of the server is given: configuration, database, adapters, the outbox, the limiter and the render
 * pool. A leaf
 * module (types only), so features and plugins can name it without importing app.ts, which imports them.
 */
import type { Adapters } from './adapters/index';
import type { Config } from './config';
import type { Database } from './db/client';
import type { RenderPool } from './lib/render-pool';
import type { Broadcast } from './messaging/broadcast';
import type { Limiter } from './plugins/rate-limit';

export type AppDeps = {
  config: Config & { jwtSecret: string };
  database: Database;
  adapters: Adapters;
  /** wakes the outbox dispatcher after a commit that queued mail or SMS */
  outbox: { kick(): void };
  /** the rate limits (plugins/rate-limit.ts), shared by every instance through Redis when configured */
  limiter: Limiter;
  /** short notices to every instance (the order book's changes): Redis pub/sub when configured, in-process otherwise */
  broadcast: Broadcast;
  /** the worker threads that render large files (statement PDFs, IRPF workbooks) off the event loop */
  renderPool: RenderPool;
  /** draining: SIGTERM arrived; readiness answers 503 so the balancer stops sending requests here (main.ts) */
  lifecycle: { draining: boolean };
};

declare module 'fastify' {
  interface FastifyInstance {
    deps: AppDeps;
    /** `METHOD /path` of every route, for `npm run routes` */
    registeredRoutes: string[];
  }
}
