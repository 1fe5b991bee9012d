// Prata on loopback on an existing (seeded) database, as src/boot.ts builds it but without its jobs: the sweepers,
// the invoice issuer, the retention, the saving scheduler, the daily proof, the outbox dispatcher and the balance
// folder would write into the database the bench measures and take the machine's two cores while it measures. The
// migrations run (a no-op on a database the current code made). Counts the requests in flight, so the bench can wait
// until the server is idle between two measurements.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { createAdapters } from '@/adapters/index';
import { buildApp } from '@/app';
import { loadConfig } from '@/config';
import { type Database, openDatabase } from '@/db/client';
import { migrate } from '@/db/migrate';
import { alertCheckerOf } from '@/features/price-alerts/firing';
import { ensureSecret } from '@/seed/reference';

export type Served = {
  app: FastifyInstance;
  database: Database;
  base: string;
  /** resolves once no request is in flight (at most `maxMs`); answers whether it got there */
  idle(maxMs?: number): Promise<boolean>;
  stop(): Promise<void>;
};

export async function serve(databaseUrl: string, opts: { poolSize?: number } = {}): Promise<Served> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'prata-bench-scale-'));
  const config = loadConfig({
    ...process.env,
    DATABASE_URL: databaseUrl,
    DATA_DIR: dataDir,
    PORT: '0',
    NODE_ENV: 'development',
    PRATA_DEMO: '0',
    PRATA_DEV_MAILBOX: '0',
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
  });
  const database = await openDatabase({
    url: databaseUrl,
    dataDir: path.join(dataDir, 'pgdata'),
    ...(opts.poolSize ? { poolSize: opts.poolSize } : {}),
  });
  let app: FastifyInstance | undefined;
  try {
    await migrate(database);
    const jwtSecret = config.jwtSecret ?? (await ensureSecret(database.db, 'jwt_secret'));
    const adapters = createAdapters(config, process.env, database.db);
    // the outbox is never dispatched: what a read queues stays queued (reads queue nothing)
    app = await buildApp({ config: { ...config, jwtSecret }, database, adapters, outbox: { kick() {} } });
    // the price alerts' checker (started with the routes) would fire the generator's crossed alerts: a job too
    await alertCheckerOf(app.deps)?.stop();
    await app.listen({ port: 0, host: '127.0.0.1' });
    // every request until its response closes, answered or abandoned by the client (autocannon at its deadline)
    let inFlight = 0;
    app.server.on('request', (_req, res) => {
      inFlight++;
      res.once('close', () => {
        inFlight--;
      });
    });
    const { port } = app.server.address() as { port: number };
    const running = app;
    return {
      app: running,
      database,
      base: `http://127.0.0.1:${port}`,
      async idle(maxMs = 60_000) {
        const until = Date.now() + maxMs;
        while (inFlight > 0 && Date.now() < until) await new Promise((r) => setTimeout(r, 50));
        return inFlight <= 0;
      },
      async stop() {
        await running.close();
        adapters.mail.close?.();
        await database.close();
        await rm(dataDir, { recursive: true, force: true });
      },
    };
  } catch (err) {
    await app?.close();
    await database.close();
    await rm(dataDir, { recursive: true, force: true });
    throw err;
  }
}
