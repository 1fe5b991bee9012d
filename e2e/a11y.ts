import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser } from 'playwright-core';
import { AXE_TAGS, axeSource } from './lib/axe';
import { type DemoServer, startDemoServer } from './lib/demo-server';

const _ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const _HOST = '127.0.0.1';
/**
 * Each screen is measured on a phone and a desktop in the light theme, and on a phone in the operating system's
 * forced-colors (high contrast) mode, which Chromium emulates (`forced-colors: active`).
 */
const VIEWPORTS = [
  { name: 'phone', width: 390, height: 844, forcedColors: 'none' },
  { name: 'desktop', width: 1280, height: 800, forcedColors: 'none' },
  { name: 'phone-hc', width: 390, height: 844, forcedColors: 'active' },
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

async function startServer(): Promise<DemoServer> {
  if (process.env.A11Y_BASE_URL) return { baseUrl: process.env.A11Y_BASE_URL.replace(/\/$/, ''), stop: async () => {} };
  return startDemoServer('a11y');
}

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
      forcedColors: viewport.forcedColors,
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
      await page.evaluate(axeSource()); // through CDP: the app's CSP forbids an inline script tag
      const violations = (await page.evaluate(
        (tags) =>
          (window as unknown as { axe: { run: (c: unknown, o: unknown) => Promise<{ violations: unknown }> } }).axe
            .run(document, { runOnly: { type: 'tag', values: tags } })
            .then((r) => r.violations),
        [...AXE_TAGS],
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
