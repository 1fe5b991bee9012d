import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { AXE_TAGS, axeSource } from './lib/axe';
import { type DemoServer, startDemoServer } from './lib/demo-server';
import { measureSideways, settle, textPass } from './lib/reflow';

const _ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const _HOST = '127.0.0.1';
/**
 * Each screen is measured on a phone and a desktop in the light theme, and on a phone in the operating system's
 * forced-colors (high contrast) mode, which Chromium emulates (`forced-colors: active`). The desktop pass also applies
 * WCAG 1.4.12's text spacing and then 200 % text, and looks for cut text; the 320 px pass (400 % zoom of a 1280 px
 * desktop, WCAG 1.4.10) measures sideways scrolling only (axe has seen the screen on the phone already).
 */
const VIEWPORTS = [
  { name: 'phone', width: 390, height: 844, forcedColors: 'none', axe: true, text: false, reflow: false },
  { name: 'desktop', width: 1280, height: 800, forcedColors: 'none', axe: true, text: true, reflow: false },
  { name: 'phone-hc', width: 390, height: 844, forcedColors: 'active', axe: true, text: false, reflow: false },
  { name: 'reflow-320', width: 320, height: 640, forcedColors: 'none', axe: false, text: false, reflow: true },
] as const;
const ARGS = process.argv.slice(2);
const FAIL_ON_SERIOUS = ARGS.includes('--fail-on-serious');
const ONLY = ARGS.filter((a) => a.startsWith('/'));
/** `--viewports=reflow-320,desktop`: only those passes (all by default). */
const ONLY_VIEWPORTS =
  ARGS.find((a) => a.startsWith('--viewports='))
    ?.slice('--viewports='.length)
    .split(',') ?? [];

/** Path parameters are filled with the first demo record's id (a missing one shows the screen's not-found state). */
const PUBLIC = [
  '/',
  '/comprar-prata',
  '/comprar-prata/1/auth',
  '/comprar-prata/1/checkout',
  '/register',
  '/termos-de-uso',
  '/privacidade',
  '/acessibilidade',
  '/email/verify/token-de-exemplo',
  '/login',
  '/password/reset/token-de-exemplo',
  '/encerrar-sessao/token-de-exemplo',
  '/contato/ticket/visitante',
  '/fale-conosco',
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
  '/meus-dados/acesso-e-dispositivos',
  '/meus-dados/meus-enderecos/adicionar',
  '/meus-dados/meus-enderecos/editar/1',
  '/meus-dados/privacidade-e-dados',
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
  '/admin',
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
  '/admin/privacidade',
  '/admin/retencao',
  '/admin/auditoria',
  '/admin/conferencia',
];

type Role = 'guest' | 'customer' | 'operator';
/**
 * One screen in one viewport. `sideways` is how far the page scrolls sideways (px) on the 320 px pass; `cut` the
 * elements whose text is cut under text spacing or 200 % text on the desktop pass; null where not measured.
 */
type Row = {
  screen: string;
  role: Role;
  viewport: string;
  serious: number | null;
  critical: number | null;
  rules: string[];
  sideways: number | null;
  cut: number | null;
  notes: string[];
};
type AxeNode = { target: unknown; failureSummary?: string };
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
  for (const viewport of VIEWPORTS.filter((v) => ONLY_VIEWPORTS.length === 0 || ONLY_VIEWPORTS.includes(v.name))) {
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
      await settle(page);
      const bad = viewport.axe ? await runAxe(page) : null;
      const sideways = viewport.reflow ? await measureSideways(page) : null;
      const text = viewport.text ? [await textPass(page, 'spacing'), await textPass(page, 'text200')] : [];
      const notes = [
        // each offending node by its selector and axe's own reason, so a finding can be acted on from this report
        ...(bad ?? []).flatMap((v) =>
          v.nodes.map(
            (n) => `${v.id} at ${JSON.stringify(n.target)}: ${(n.failureSummary ?? '').replace(/\s+/g, ' ')}`,
          ),
        ),
        ...(sideways?.offenders ?? []),
        ...text.flatMap((pass) => [
          ...(pass.sidewaysPx > 0 ? [`${pass.name}: sideways ${pass.sidewaysPx}px`] : []),
          ...pass.clipped.map((label) => `${pass.name}: cut ${label}`),
        ]),
      ];
      const landed = new URL(page.url()).pathname;
      rows.push({
        screen: landed === screen ? screen : `${screen} → ${landed}`,
        role,
        viewport: viewport.name,
        serious: bad && count(bad, 'serious'),
        critical: bad && count(bad, 'critical'),
        rules: (bad ?? []).map((v) => `${v.id}×${v.nodes.length}`),
        sideways: sideways?.overflowPx ?? null,
        cut: viewport.text
          ? text.reduce((n, pass) => n + pass.clipped.length + (pass.sidewaysPx > 0 ? 1 : 0), 0)
          : null,
        notes,
      });
    }
    await context.close();
  }
  return rows;
}

async function runAxe(page: Page): Promise<AxeViolation[]> {
  await page.evaluate(axeSource()); // through CDP: the app's CSP forbids an inline script tag
  const violations = (await page.evaluate(
    (tags) =>
      (window as unknown as { axe: { run: (c: unknown, o: unknown) => Promise<{ violations: unknown }> } }).axe
        .run(document, { runOnly: { type: 'tag', values: tags } })
        .then((r) => r.violations),
    [...AXE_TAGS],
  )) as AxeViolation[];
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}

function count(violations: AxeViolation[], impact: string): number {
  return violations.filter((v) => v.impact === impact).reduce((sum, v) => sum + v.nodes.length, 0);
}

function print(rows: Row[]): void {
  const cell = (n: number | null) => (n === null ? '-' : String(n));
  console.log(['screen', 'role', 'viewport', 'serious', 'critical', 'sideways', 'cut', 'rules'].join('\t'));
  for (const r of rows) {
    const details = [...r.rules, ...r.notes].join(' | ') || '-';
    console.log(
      [r.screen, r.role, r.viewport, cell(r.serious), cell(r.critical), cell(r.sideways), cell(r.cut), details].join(
        '\t',
      ),
    );
  }
  const perRule = new Map<string, number>();
  for (const r of rows) {
    for (const rule of r.rules) {
      const [id, n] = rule.split('×');
      perRule.set(id as string, (perRule.get(id as string) ?? 0) + Number(n));
    }
  }
  const serious = rows.reduce((s, r) => s + (r.serious ?? 0), 0);
  const critical = rows.reduce((s, r) => s + (r.critical ?? 0), 0);
  const axed = rows.filter((r) => r.serious !== null);
  const clean = axed.filter((r) => (r.serious ?? 0) + (r.critical ?? 0) === 0).length;
  console.log(
    `\nTotals: ${axed.length} axe visits, ${clean} without serious/critical; serious ${serious}, critical ${critical}`,
  );
  const reflowed = rows.filter((r) => r.sideways !== null);
  const sideways = reflowed.filter((r) => (r.sideways ?? 0) > 0);
  const texted = rows.filter((r) => r.cut !== null);
  console.log(
    `Reflow at 320 px: ${reflowed.length - sideways.length}/${reflowed.length} screens without sideways scrolling` +
      (sideways.length > 0 ? ` (scroll: ${sideways.map((r) => `${r.screen} ${r.sideways}px`).join(', ')})` : ''),
  );
  console.log(
    `Text spacing and 200 % text: ${texted.filter((r) => r.cut === 0).length}/${texted.length} screens with nothing cut`,
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
    // a screen that scrolls sideways at 320 px fails like a serious violation (WCAG 1.4.10 is level AA)
    const failing = rows.some((r) => (r.serious ?? 0) + (r.critical ?? 0) > 0 || (r.sideways ?? 0) > 0);
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
