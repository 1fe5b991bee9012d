/**
 * The axe-core measure of every screen (`npm run a11y`, from the repository root; optionally followed by paths that
 * restrict the screens, e.g. `npm run a11y -- /login /ordens`, and by `--fail-on-serious`).
 *
 * Starts the product as lighthouse.ts does (the demo data on a fresh embedded database in a temporary folder, the
 * built web app: built first when apps/web/dist is missing), or targets A11Y_BASE_URL when set (a server started with
 * --demo, whose /api/dev/outbox gives the sign-in codes). Each screen is visited as a guest (public screens), as the
 * demo customer (every customer screen) and as the operator (the back office), on a phone (390x844) and a desktop
 * (1280x800); axe-core runs the WCAG 2.1 A and AA rules and the table shows, per visit, the serious and critical
 * nodes and their rule ids, then the totals per rule. Exits 0 unless the harness fails; with --fail-on-serious it
 * exits 1 when any serious or critical node is found. Figures are kept in docs/accessibility.md.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser } from 'playwright-core';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const HOST = '127.0.0.1';
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const VIEWPORTS = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1280, height: 800 },
] as const;
const ARGS = process.argv.slice(2);
const FAIL_ON_SERIOUS = ARGS.includes('--fail-on-serious');
const ONLY = ARGS.filter((a) => a.startsWith('/'));

/** Path parameters are filled with the first demo record's id (a missing one shows the screen's not-found state). */
const PUBLIC = [
  '/',
  '/comprar-prata',
  '/comprar-prata/1/auth',
  '/comprar-prata/1/checkout',
  '/register',
  '/termos-de-uso',
  '/email/verify/token-de-exemplo',
  '/login',
  '/password/reset/token-de-exemplo',
  '/contato/ticket/visitante',
  '/prova-de-reservas',
];
const CUSTOMER = [
  '/comprar-prata',
  '/register/finish',
  '/ordens',
  '/adicionar-dinheiro',
  '/adicionar-dinheiro/pix',
  '/adicionar-dinheiro/ted',
  '/meus-dados',
  '/meus-dados/meus-enderecos/adicionar',
  '/meus-dados/meus-enderecos/editar/1',
  '/meu-historico',
  '/meu-historico/extrato',
  '/retirar-dinheiro',
  '/retirar-prata',
  '/transferir-prata',
  '/faqs',
  '/contato',
  '/contato/ticket/create',
  '/contato/ticket/1/details',
  '/afiliados',
  '/educacional',
  '/educacional/video/1',
  '/minhas-notas',
  '/irpf',
  '/alertas-de-preco',
  '/poupanca-automatica',
];
const OPERATOR = [
  '/admin/clientes',
  '/admin/clientes/1',
  '/admin/limites',
  '/admin/depositos',
  '/admin/retiradas',
  '/admin/mercado',
  '/admin/prata',
  '/admin/atendimento',
  '/admin/atendimento/tickets/1',
  '/admin/transferencias',
  '/admin/poupancas',
  '/admin/reservas',
  '/admin/afiliados',
  '/admin/videos',
  '/admin/auditoria',
  '/admin/conferencia',
];

type Role = 'guest' | 'customer' | 'operator';
type Row = { screen: string; role: Role; viewport: string; serious: number; critical: number; rules: string[] };
type AxeNode = { target: unknown };
type AxeViolation = { id: string; impact: string | null; nodes: AxeNode[] };

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, HOST, () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

async function waitForHealth(baseUrl: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 240_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited during startup (exit code ${child.exitCode})`);
    try {
      const response = await fetch(`${baseUrl}/api/health`, { signal: AbortSignal.timeout(2_000) });
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error('the server did not answer GET /api/health within 240 s');
}

type Server = { baseUrl: string; stop: () => Promise<void> };

async function startServer(): Promise<Server> {
  if (process.env.A11Y_BASE_URL) return { baseUrl: process.env.A11Y_BASE_URL.replace(/\/$/, ''), stop: async () => {} };
  if (!existsSync(path.join(ROOT, 'apps/web/dist/index.html'))) {
    const built = spawnSync('npm', ['run', 'build', '-w', '@prata/web'], { cwd: ROOT, stdio: 'inherit' });
    if (built.status !== 0) throw new Error('the web build failed');
  }
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'prata-a11y-'));
  const port = await freePort();
  const baseUrl = `http://${HOST}:${port}`;
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), HOST, PUBLIC_URL: baseUrl, DATA_DIR: dataDir };
  delete env.DATABASE_URL;
  delete env.REDIS_URL;
  const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts', '--demo'], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const stop = async () => {
    if (server.exitCode === null) {
      server.kill('SIGTERM');
      await new Promise((resolve) => server.once('exit', resolve));
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitForHealth(baseUrl, server);
  } catch (error) {
    await stop();
    throw error;
  }
  return { baseUrl, stop };
}

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

async function measure(
  browser: Browser,
  baseUrl: string,
  role: Role,
  screens: string[],
  token?: string,
): Promise<Row[]> {
  const rows: Row[] = [];
  for (const viewport of VIEWPORTS) {
    const context = await browser.newContext({
      baseURL: baseUrl,
      viewport: { width: viewport.width, height: viewport.height },
      locale: 'pt-BR',
      timezoneId: 'America/Sao_Paulo',
      storageState: token
        ? { cookies: [], origins: [{ origin: baseUrl, localStorage: [{ name: 'authToken', value: token }] }] }
        : undefined,
    });
    const page = await context.newPage();
    for (const screen of screens) {
      await page.goto(screen, { waitUntil: 'networkidle', timeout: 30_000 }).catch(() => undefined);
      await page.waitForTimeout(300);
      await page.evaluate(AXE_SOURCE); // through CDP: the app's CSP forbids an inline script tag
      const violations = (await page.evaluate(
        (tags) =>
          (window as unknown as { axe: { run: (c: unknown, o: unknown) => Promise<{ violations: unknown }> } }).axe
            .run(document, { runOnly: { type: 'tag', values: tags } })
            .then((r) => r.violations),
        TAGS,
      )) as AxeViolation[];
      const bad = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
      const landed = new URL(page.url()).pathname;
      rows.push({
        screen: landed === screen ? screen : `${screen} → ${landed}`,
        role,
        viewport: viewport.name,
        serious: count(bad, 'serious'),
        critical: count(bad, 'critical'),
        rules: bad.map((v) => `${v.id}×${v.nodes.length}`),
      });
    }
    await context.close();
  }
  return rows;
}

function count(violations: AxeViolation[], impact: string): number {
  return violations.filter((v) => v.impact === impact).reduce((sum, v) => sum + v.nodes.length, 0);
}

function print(rows: Row[]): void {
  console.log(['screen', 'role', 'viewport', 'serious', 'critical', 'rules'].join('\t'));
  for (const r of rows) {
    console.log([r.screen, r.role, r.viewport, r.serious, r.critical, r.rules.join(' ') || '-'].join('\t'));
  }
  const perRule = new Map<string, number>();
  for (const r of rows) {
    for (const rule of r.rules) {
      const [id, n] = rule.split('×');
      perRule.set(id as string, (perRule.get(id as string) ?? 0) + Number(n));
    }
  }
  const serious = rows.reduce((s, r) => s + r.serious, 0);
  const critical = rows.reduce((s, r) => s + r.critical, 0);
  const clean = rows.filter((r) => r.serious + r.critical === 0).length;
  console.log(
    `\nTotals: ${rows.length} visits, ${clean} without serious/critical; serious ${serious}, critical ${critical}`,
  );
  for (const [id, n] of [...perRule].sort((a, b) => b[1] - a[1])) console.log(`  ${id}\t${n}`);
}

const pick = (screens: string[]) => (ONLY.length > 0 ? screens.filter((s) => ONLY.includes(s)) : screens);

async function main(): Promise<number> {
  const server = await startServer();
  process.env.E2E_BASE_URL = server.baseUrl;
  let browser: Browser | undefined;
  try {
    const { launchBrowser } = await import('./lib/browser');
    const { apiLogin } = await import('./lib/api');
    const { DEMO, DEMO_PASSWORD } = await import('./lib/env');
    browser = await launchBrowser();
    const rows = await measure(browser, server.baseUrl, 'guest', pick(PUBLIC));
    const customer = await apiLogin(DEMO.customer.email, DEMO_PASSWORD);
    rows.push(...(await measure(browser, server.baseUrl, 'customer', pick(CUSTOMER), customer)));
    const operator = await apiLogin(DEMO.operator.email, DEMO_PASSWORD);
    rows.push(...(await measure(browser, server.baseUrl, 'operator', pick(OPERATOR), operator)));
    print(rows);
    const failing = rows.some((r) => r.serious + r.critical > 0);
    return FAIL_ON_SERIOUS && failing ? 1 : 0;
  } finally {
    await browser?.close();
    await server.stop();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(2);
  },
);
