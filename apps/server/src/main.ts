import { loadConfig } from './config';
import { boot } from './boot';
import { logStrayRejections } from './lib/stray-rejections';

// `npm start` (the README's demo) passes --demo: demo accounts and the local mailbox, unless the environment says
// otherwise. Without it nothing development-only is on.
if (process.argv.includes('--demo')) {
  process.env.PRATA_DEMO ??= '1';
  process.env.PRATA_DEV_MAILBOX ??= '1';
}
let config: ReturnType<typeof loadConfig>;
try {
  config = loadConfig();
} catch (err) {
  console.error(`\nNão foi possível iniciar o Prata: ${(err as Error).message}\n`);
  process.exit(1);
}
let running: Awaited<ReturnType<typeof boot>>;
try {
  running = await boot(config);
} catch (err) {
  console.error(`\nNão foi possível iniciar o Prata: ${(err as Error).message}\n`);
  process.exit(1);
}
const { app, demoAccounts } = running;
logStrayRejections(app.log);
await app.listen({ port: config.port, host: config.host });

const address = app.server.address();
const port = typeof address === 'object' && address ? address.port : config.port;
const url = config.publicUrl.replace(/:\d+$/, `:${port}`);
const lines = [
  '',
  `Prata rodando em ${url}`,
  `Banco de dados: ${config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PGlite embutido em ${config.dataDir}`}`,
];
if (demoAccounts.length > 0) {
  lines.push('Contas de demonstração:');
  for (const a of demoAccounts) lines.push(`  ${a.label.padEnd(24)} ${a.email}  senha: ${a.password}`);
}
if (config.devMailbox) {
  lines.push(
    'Caixa postal local LIGADA (PRATA_DEV_MAILBOX=1): nenhum e-mail ou SMS sai desta máquina.',
    `  Leia os códigos e os links em ${url}/dev/caixa-postal`,
  );
} else {
  if (!config.smtpUrl) {
    lines.push(
      'Nenhum transporte de e-mail (SMTP_URL) nem caixa postal local: os códigos de acesso não serão entregues.',
    );
  }
  if (!config.smsProvider) {
    lines.push(
      'Nenhum transporte de SMS (SMS_PROVIDER=zenvia ou SMS_GATEWAY_URL): códigos pedidos por SMS não serão entregues.',
    );
  }
}
if (config.paymentsProvider === 'embedded') {
  lines.push(
    'Pagamentos: provedor embutido (PAYMENTS_PROVIDER=embedded): códigos Pix de demonstração, nenhum dinheiro real.',
  );
}
console.log(lines.join('\n'));

let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, async () => {
    if (stopping) return;
    stopping = true;
    // the fault tests' test of themselves: a shutdown that drops what is in flight (never in production: config.ts)
    if (config.faults.has('exit-at-once')) process.exit(0);
    // Out of the balancer first: readiness answers 503 for SHUTDOWN_DRAIN_MS while requests are still served; then
    // stop listening, finish what is in flight (an order's answer waits for its matcher batch), and exit.
    app.deps.lifecycle.draining = true;
    if (config.shutdownDrainMs > 0) {
      app.log.info({ signal, drainMs: config.shutdownDrainMs }, 'shutdown: draining');
      await new Promise((resolve) => setTimeout(resolve, config.shutdownDrainMs));
    }
    try {
      await running.stop();
    } catch (err) {
      app.log.error({ err }, 'shutdown: stop failed');
      process.exit(1);
    }
    process.exit(0);
  });
}
