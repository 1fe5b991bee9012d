/**
 * Journey: enlarged text cuts nothing on the back-office screens whose
 * outlined fields' labels and select values MUI used to end with an ellipsis (the theme now wraps them, app/theme.ts):
 * under WCAG 1.4.12's text spacing and with text at 200 % the census's check (lib/reflow.ts) finds no cut text; at
 * normal size a floated label still sits on the field's border, in a notch as wide as itself, and at 200 % a label
 * longer than its field wraps above the input, its last line in the notch.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { apiLogin } from '../lib/api';
import { launchBrowser, withPage } from '../lib/browser';
import { DEMO, DEMO_PASSWORD } from '../lib/env';
import { settle, TEXT_200_CSS, textPass } from '../lib/reflow';
import { expectVisible } from '../lib/ui';

const DESKTOP_1280 = { width: 1280, height: 800 };
let browser: Browser;
let operatorToken: string;

before(async () => {
  browser = await launchBrowser();
  operatorToken = await apiLogin(DEMO.operator.email, DEMO_PASSWORD);
});
after(async () => {
  await browser?.close();
});

type Box = { top: number; bottom: number; left: number; right: number; height: number; width: number };
/** The floated label of the field `name` and its field's notch (the fieldset's hidden legend) and input box. */
async function labelGeometry(page: Page, name: string) {
  await page.evaluate('globalThis.__name ??= (fn) => fn'); // tsx names the helpers below with __name()
  return page.evaluate((text) => {
    const label = [...document.querySelectorAll('label.MuiInputLabel-root')].find((l) => l.textContent === text);
    if (!label) throw new Error(`no label ${text}`);
    const control = label.closest('.MuiFormControl-root');
    const box = (el: Element | null | undefined) => {
      if (!el) throw new Error(`no part of ${text}`);
      const r = el.getBoundingClientRect();
      return { top: r.top, bottom: r.bottom, left: r.left, right: r.right, height: r.height, width: r.width };
    };
    const lineHeight = Number.parseFloat(getComputedStyle(label).lineHeight);
    return {
      label: box(label),
      legend: box(control?.querySelector('fieldset > legend')),
      input: box(control?.querySelector('.MuiInputBase-root')),
      lines: Math.round(label.getBoundingClientRect().height / lineHeight),
    };
  }, name) as Promise<{ label: Box; legend: Box; input: Box; lines: number }>;
}

describe('Texto ampliado', () => {
  it('nada se corta com o espaçamento de texto ou o texto a 200 % nos campos do back office', {
    timeout: 180_000,
  }, async () => {
    await withPage(browser, { viewport: DESKTOP_1280, token: operatorToken, name: 'text-size' }, async (page) => {
      for (const screen of ['/admin/mercado', '/admin/transferencias', '/admin/atendimento', '/admin/afiliados']) {
        await page.goto(screen);
        await settle(page);
        for (const pass of ['spacing', 'text200'] as const) {
          const measured = await textPass(page, pass);
          assert.deepEqual(measured.clipped, [], `${screen}, ${pass}: nothing cut`);
          assert.equal(measured.sidewaysPx, 0, `${screen}, ${pass}: no sideways scrolling`);
        }
      }
    });
  });

  it('o rótulo flutuante fica na borda, num entalhe do seu tamanho, e quebra acima do campo a 200 %', async () => {
    await withPage(browser, { viewport: DESKTOP_1280, token: operatorToken, name: 'text-size-label' }, async (page) => {
      await page.goto('/admin/mercado');
      const fee = page.getByLabel('Taxa de transação');
      await expectVisible(fee, 'the fee field');
      await settle(page);
      const normal = await labelGeometry(page, 'Taxa de transação');
      assert.equal(normal.lines, 1, 'one line at normal size');
      const middle = (normal.label.top + normal.label.bottom) / 2;
      assert.ok(
        Math.abs(middle - normal.input.top) <= 3,
        `the label sits on the border (${middle} vs ${normal.input.top})`,
      );
      assert.ok(
        normal.legend.width >= normal.label.width && normal.legend.width <= normal.label.width + 14,
        `the notch (${normal.legend.width} px) fits the label (${normal.label.width} px)`,
      );

      const style = await page.addStyleTag({ content: TEXT_200_CSS });
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
      const large = await labelGeometry(page, 'Taxa de transação');
      assert.ok(large.lines >= 2, `the label wraps at 200 % (${large.lines} lines)`);
      assert.ok(large.label.top < large.input.top - 10, 'its first lines are above the input, not over it');
      assert.ok(large.label.right <= large.input.right, 'it stays inside the field’s width');
      await style.evaluate((el) => (el as Element).remove());
    });
  });
});
