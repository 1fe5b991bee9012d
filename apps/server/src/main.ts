import { loadConfig } from './config';
import { boot } from './boot';

const config = loadConfig();
let running: Awaited<ReturnType<typeof boot>>;
try {
  running = await boot(config);
} catch (err) {
  console.error(`\nNão foi possível iniciar o Prata: ${(err as Error).message}\n`);
  process.exit(1);
}
const { app, demoAccounts } = running;
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
  lines.push(`Caixa postal local (e-mails e SMS, com os códigos): ${url}/dev/caixa-postal`);
}
console.log(lines.join('\n'));

let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, async () => {
    if (stopping) return;
    stopping = true;
    await running.stop();
    process.exit(0);
  });
}
