import { chromium } from 'playwright-core';
import { AXE_TAGS, axeSource } from './lib/axe';
import { startDemoServer } from './lib/demo-server';

const server = await startDemoServer('axebench');
process.env.E2E_BASE_URL = server.baseUrl;
const { apiLogin } = await import('./lib/api');
const { DEMO, DEMO_PASSWORD } = await import('./lib/env');
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
try {
  const token = await apiLogin(DEMO.customer.email, DEMO_PASSWORD);
  const context = await browser.newContext({
    baseURL: server.baseUrl, viewport: { width: 390, height: 844 },
    storageState: { cookies: [], origins: [{ origin: server.baseUrl, localStorage: [{ name: 'authToken', value: token }] }] },
  });
  const page = await context.newPage();
  const variants: Record<string, object> = {
    default: { resultTypes: ['violations'] },
    noIframes: { resultTypes: ['violations'], iframes: false },
    noPreload: { resultTypes: ['violations'], iframes: false, preload: false },
    noSelectors: { resultTypes: ['violations'], iframes: false, preload: false, selectors: false },
    full: {},
  };
  for (const screen of ['/ordens', '/meus-dados', '/comprar-prata', '/adicionar-dinheiro/ted', '/meu-historico', '/educacional']) {
    await page.goto(screen, { waitUntil: 'networkidle' });
    await page.waitForTimeout(500);
    let t = performance.now();
    await page.evaluate(axeSource());
    const inject = performance.now() - t;
    const row: string[] = [`${screen} inject ${inject.toFixed(0)}`];
    for (const round of [1, 2]) for (const [name, options] of Object.entries(variants)) {
      t = performance.now();
      const inPage = await page.evaluate(async ([tags, options]) => {
        const t0 = performance.now();
        await (window as any).axe.run(document, { runOnly: { type: 'tag', values: tags }, ...options });
        return performance.now() - t0;
      }, [[...AXE_TAGS], options] as const);
      row.push(`${round}:${name} ${inPage.toFixed(0)}/${(performance.now() - t).toFixed(0)}`);
    }
    console.log(row.join(' | '));
  }
} finally {
  await browser.close();
  await server.stop();
}
