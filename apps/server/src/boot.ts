import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { createAdapters } from './adapters/index';
import { buildApp } from './app';
import type { Config } from './config';
import { openDatabase, type Database } from './db/client';
import { lockDataDir } from './db/lock';
import { migrate } from './db/migrate';
import { startInvoiceIssuer } from './features/invoices/index';
import { seedEducationalDemo } from './features/educational/index';
import { writeMoneyInSettings } from './features/money/index';
import { startCostMonthsJob } from './features/irpf/index';
import { seedReservesDemo, startReservesJob } from './features/reserves/index';
import { startRetentionJob, writeRetentionSettings } from './features/retention/index';
import { startSilverExpirySweeper } from './features/silver-withdrawals/index';
import { startTransferExpirySweeper } from './features/silver-transfers/index';
import { startSavingScheduler } from './features/saving-plans/index';
import { startAccountMonthsJob, startBalanceFolder } from './ledger/index';
import { startOutboxDispatcher } from './messaging/outbox';
import { seedDemo, type DemoAccount } from './seed/demo';
import { ensureSecret, seedReferenceData } from './seed/reference';

/** The advisory lock the demo's seeding takes (migrations take 727_001). */
const DEMO_SEED_LOCK_KEY = 727_002;

/** Runs `work` while holding a PostgreSQL advisory lock on a connection of its own (PGlite: one process, no lock). */
async function oneAtATime<T>(database: Database, key: number, work: () => Promise<T>): Promise<T> {
  if (database.kind !== 'postgres') return work();
  return database.withConnection(async (c) => {
    await c.query('select pg_advisory_lock($1)', [key]);
    try {
      return await work();
    } finally {
      await c.query('select pg_advisory_unlock($1)', [key]);
    }
  });
}

export type Running = { app: FastifyInstance; database: Database; demoAccounts: DemoAccount[]; stop(): Promise<void> };

/**
 * The scheduled jobs (the sweepers, the invoice issuer, the retention, the saving scheduler, the daily proof, the
 * monthly checkpoints) start with the app unless `jobs` is false: only a bench that measures the write path on a
 * database the jobs would first catch up on (bench/scale) asks for that. The outbox dispatcher and the balance folder
 * always run: the write path needs them.
 */
export type BootOptions = { jobs?: boolean };

/** Opens (and locks) the database, migrates, seeds, and builds the app with its outbox dispatcher and ledger folder. */
export async function boot(config: Config, opts: BootOptions = {}): Promise<Running> {
  const release = config.databaseUrl ? undefined : await lockDataDir(config.dataDir);
  const database = await openDatabase({
    url: config.databaseUrl,
    dataDir: path.join(config.dataDir, 'pgdata'),
    statementTimeoutMs: config.databaseStatementTimeoutMs,
  });
  await migrate(database);
  await seedReferenceData(database.db);
  // the limits on money in, where the database's admission reads them (docs/decisions.md, "One gate for money in")
  await writeMoneyInSettings(database.db, config.money);
  // CHAT_RETENTION_SECONDS is the chat rule's period, where the retention job reads it (docs/privacy-retention.md)
  await writeRetentionSettings(database.db, config);
  const jwtSecret = config.jwtSecret ?? (await ensureSecret(database.db, 'jwt_secret'));
  const adapters = createAdapters(config, process.env, database.db);
  let app: FastifyInstance | undefined;
  const dispatcher = startOutboxDispatcher(database.db, adapters, (err) => app?.log.error({ err }, 'outbox'), {
    // loud: a customer did not get a code or a notice; the row stays 'failed' with its last error (GET /api/dev/outbox
    // in development, the outbox_messages table in production)
    onGiveUp: (m) =>
      app?.log.error(
        { outboxId: m.id, channel: m.channel, transport: m.transport, attempts: m.attempts, lastError: m.lastError },
        `outbox: entrega abandonada após ${m.attempts} tentativas`,
      ),
  });
  app = await buildApp({ config: { ...config, jwtSecret }, database, adapters, outbox: dispatcher });
  const log = app.log;
  database.setErrorLogger((err, where) => log.error({ err }, `database: ${where}`));
  // The demo, seeded by one instance at a time (several may start together on one PostgreSQL: the README's two
  // instances); the next finds it there and adds nothing.
  const deps = app.deps;
  const demoAccounts = config.demo
    ? await oneAtATime(database, DEMO_SEED_LOCK_KEY, async () => {
        // the accounts and their two years of history, each event at its own date through the product's own code:
        // deposits, trades, transfers, referrals, bars and invoices (seed/demo.ts)
        const accounts = await seedDemo(deps);
        // a dozen educational videos of both tags (features/educational/demo.ts)
        await seedEducationalDemo(database.db);
        // the vault's bars, enough to hold the demo's silver, each with a demonstration report (features/reserves/demo.ts)
        await seedReservesDemo(deps);
        return accounts;
      })
    : [];
  const jobs = opts.jobs !== false;
  const idle = () => {};
  // unpaid Pix orders of bars expire (their grams, stock and coupon come back): docs/silver.md
  const stopSweeper = jobs ? startSilverExpirySweeper(app.deps) : idle;
  // the service invoices of closed months and the product invoices of paid bars (docs/fiscal.md)
  const stopIssuer = jobs ? startInvoiceIssuer(app.deps) : idle;
  // silver sent to an e-mail nobody registered goes back to its sender (docs/silver-transfers.md)
  const stopTransferSweeper = jobs ? startTransferExpirySweeper(app.deps) : idle;
  // what has outlived its purpose goes by itself, rule by rule (retention_rules), once across instances: codes,
  // old sessions, rejected registrations' documents, visitors' contacts, Auro's conversations (docs/privacy-retention.md)
  const stopRetention = jobs ? startRetentionJob(app.deps) : idle;
  // saving plans' runs, once per period whatever the instances (docs/saving-plans.md)
  const stopSavingScheduler = jobs ? startSavingScheduler(app.deps) : idle;
  // each closed day's proof of reserves, once across instances (docs/reserves.md)
  const stopReserves = jobs ? startReservesJob(app.deps) : idle;
  // each closed month's per-account sums, once across instances: statements start from them (docs/statements.md)
  const stopAccountMonths = jobs ? startAccountMonthsJob(database.background) : idle;
  // and the IRPF's average cost as of each closed month's end and as of a few minutes ago (docs/fiscal.md)
  const stopCostMonths = jobs ? startCostMonthsJob(database.background) : idle;
  // keeps balance reads short: folds the ledger's balance deltas into their accounts (docs/ledger.md)
  const folder = startBalanceFolder(database.background, { onError: (err) => app?.log.error({ err }, 'ledger fold') });
  return {
    app,
    database,
    demoAccounts,
    async stop() {
      stopSweeper();
      stopIssuer();
      stopTransferSweeper();
      stopRetention();
      stopSavingScheduler();
      stopReserves();
      stopAccountMonths();
      stopCostMonths();
      await app?.close();
      await dispatcher.stop();
      adapters.mail.close?.();
      await folder.stop();
      await database.close();
      await release?.();
    },
  };
}
