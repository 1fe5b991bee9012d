/**
 * Journey: the small things that cost trust (issue 27, items 8, 9 and 11), on a phone and a desktop with the demo data.
 *
 * Auro's button never covers a money figure: the demo customer's /ordens scrolled from top to bottom on a phone and on
 * a desktop, the button checked against every figure at each step.
 *
 * The links out of the app are settings (the runner sets the jewelry and refining sites, not the app stores): a
 * visitor's header links to the configured sites, and the footer has no app-store links.
 */
import assert from 'node:assert/strict';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { apiLogin } from '../lib/api';
import {
  DESKTOP,
  launchBrowser,
  PHONE,
  SCREENSHOT_DIR,
  SCREENSHOTS,
  shot,
  type Viewport,
  withPage,
} from '../lib/browser';
import { DEMO, DEMO_PASSWORD } from '../lib/env';
import { byRole, expectVisible } from '../lib/ui';
import { eventually } from '../lib/wait';

const size = (v: Viewport) => `${v.width}x${v.height}`;

/** What the window shows (the chat button is fixed to it): e2e/screenshots/trust-<name>.png. */
async function view(page: Page, name: string) {
  if (!SCREENSHOTS) return;
  await mkdir(SCREENSHOT_DIR, { recursive: true });
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `trust-${name}.png`), animations: 'disabled' });
}

/** The money figures the chat button overlaps now ([] when none, or when it stepped aside). */
function figuresUnderChatButton(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const fab = document.querySelector<HTMLElement>('button[aria-label="Abrir o chat com o Auro"]');
    if (!fab || fab.getAttribute('aria-hidden') === 'true') return [];
    const a = fab.getBoundingClientRect();
    return [...document.querySelectorAll('[data-keep-clear]')]
      .filter((figure) => {
        const b = figure.getBoundingClientRect();
        return (
          b.width > 0 && b.height > 0 && b.left < a.right && b.right > a.left && b.top < a.bottom && b.bottom > a.top
        );
      })
      .map((figure) => figure.textContent ?? '');
  });
}

/** Scrolls the page from top to bottom in steps; at each step the button covers no figure. Answers the steps. */
async function scrollCheckingChatButton(page: Page): Promise<number> {
  const height = await page.evaluate(() => document.documentElement.scrollHeight - window.innerHeight);
  let steps = 0;
  for (let y = 0; ; y = Math.min(height, y + 150)) {
    await page.evaluate((top) => window.scrollTo(0, top), y);
    // the button is placed on the next frame and moves in 150 ms
    await page.waitForTimeout(350);
    assert.deepEqual(await figuresUnderChatButton(page), [], `the chat button covers a figure at scroll ${y}`);
    steps++;
    if (y >= height) return steps;
  }
}

describe('Detalhes que custam confiança', () => {
  let browser: Browser;
  let customer: string;
  before(async () => {
    browser = await launchBrowser();
    customer = await apiLogin(DEMO.customer.email, DEMO_PASSWORD);
  });
  after(async () => {
    await browser?.close();
  });

  it('os links externos seguem a configuração: os definidos aparecem, os outros não', async () => {
    await withPage(browser, { viewport: DESKTOP, name: 'trust-links' }, async (page) => {
      await page.goto('/login');
      const header = page.getByRole('banner');
      await expectVisible(byRole(header, 'link', 'Joias'));
      assert.equal(await byRole(header, 'link', 'Joias').getAttribute('href'), 'https://joias.exemplo.com.br');
      assert.equal(
        await byRole(header, 'link', 'Refino e análise').getAttribute('href'),
        'https://refino.exemplo.com.br',
      );
      const footer = page.getByRole('contentinfo');
      await expectVisible(byRole(footer, 'link', 'Termos de uso'));
      for (const text of ['Baixe o aplicativo', 'App Store', 'Google Play'])
        assert.equal(await footer.getByText(text).count(), 0, `${text} is not shown: no address set`);
      await shot(page, 'trust-links-1366x900');
    });
  });

  for (const viewport of [PHONE, DESKTOP]) {
    it(`o botão do Auro nunca cobre valores em /ordens (${size(viewport)})`, async () => {
      await withPage(browser, { viewport, token: customer, name: `trust-chat-${size(viewport)}` }, async (page) => {
        await page.goto('/ordens');
        await expectVisible(page.getByRole('region', { name: 'Preço da prata' }));
        // by its label, not its role: where it may cover a figure it stays in the page but steps aside (aria-hidden)
        const fab = page.locator('button[aria-label="Abrir o chat com o Auro"]');
        await eventually(async () => assert.equal(await fab.count(), 1, 'the chat button came'));
        await page.waitForTimeout(400);
        await view(page, `ordens-botao-${size(viewport)}`);
        const steps = await scrollCheckingChatButton(page);
        assert.ok(steps >= 2, 'the page was scrolled');
        await view(page, `ordens-botao-fim-${size(viewport)}`);
      });
    });
  }
});
