/**
 * The census's cut-text check (lib/reflow.ts, `npm run a11y`) on pages written here (no app, no server of the run):
 * it reports text cut by an ellipsis, a line clamp or a fixed box, at normal size or only once text spacing or 200 %
 * text is applied; it leaves alone what is not cut content: visually hidden text, a notch's invisible legend, an input's
 * own text, and a clamped text that a visible collapsed "Ler mais" opens (but not when that control says it is open).
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser } from '../lib/browser';
import { findClipped, textPass } from '../lib/reflow';

const LONG =
  'Uma onça troy de prata fina 999, cunhada e selada, com certificado de pureza do fabricante e número de série.';
const page = (body: string) =>
  `<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><title>Corte</title>` +
  `<style>body { font: 16px/1.4 sans-serif; margin: 16px; } .clamp { display: -webkit-box; -webkit-line-clamp: 2;` +
  ` -webkit-box-orient: vertical; overflow: hidden; width: 240px; }</style></head><body><main>${body}</main></body></html>`;

describe('o verificador de texto cortado', () => {
  let browser: Browser;
  let p: Page;
  before(async () => {
    browser = await launchBrowser();
    p = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  });
  after(async () => {
    await browser?.close();
  });

  it('acusa reticências, linhas cortadas e uma caixa fixa', async () => {
    await p.setContent(
      page(
        `<label id="l" style="display:block;width:120px;white-space:nowrap;overflow:hidden;text-overflow:ellipsis">` +
          `Data de nascimento do cônjuge</label>` +
          `<p id="c" class="clamp">${LONG}</p>` +
          `<div style="width:200px;height:20px;overflow:hidden">${LONG}</div>`,
      ),
    );
    const cut = await findClipped(p);
    assert.equal(cut.length, 3, cut.join(' | '));
    assert.ok(
      cut.some((c) => c.startsWith('label "Data de nascimento do cônjuge"')),
      'the cut label is found',
    );
    assert.ok(
      cut.some((c) => c.startsWith('p.clamp "Uma onça troy')),
      'the clamped paragraph is found',
    );
    assert.ok(
      cut.some((c) => c.startsWith('div "Uma onça troy')),
      'the cut block is found',
    );
  });

  it('acusa o que só se corta com o espaçamento de texto ou o texto a 200 %', async () => {
    await p.setContent(
      page(
        '<div style="width:260px;height:20px;overflow:hidden;line-height:1.2;font-size:1rem">Saldo em prata: 257,50 g</div>' +
          '<div style="width:16rem;height:1.5em;overflow:hidden;line-height:1.4">Preço médio por grama</div>',
      ),
    );
    assert.deepEqual(await findClipped(p), [], 'nothing is cut at normal size');
    const spacing = await textPass(p, 'spacing');
    assert.deepEqual(spacing.clipped, ['div "Saldo em prata: 257,50 g"']);
    const text200 = await textPass(p, 'text200');
    assert.ok(text200.clipped.includes('div "Saldo em prata: 257,50 g"'), text200.clipped.join(' | '));
    assert.ok(!text200.clipped.includes('div "Preço médio por grama"'), 'a box in rem and em grows with its text');
  });

  it('deixa de lado o que não é texto cortado', async () => {
    await p.setContent(
      page(
        // visually hidden by clip, as wide as its parent (sx width: 1 is 100 %)
        `<div style="position:relative;width:200px"><label style="position:absolute;width:100%;height:100%;` +
          `overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap">Quantidade de Barra de prata 31,1 g</label></div>` +
          // a notch's hidden legend, an input's own text
          `<fieldset style="width:80px"><legend style="visibility:hidden;max-width:100%;overflow:hidden;` +
          `white-space:nowrap"><span style="visibility:visible;opacity:0">Participação na taxa</span></legend></fieldset>` +
          `<input style="width:60px" value="${LONG}" aria-label="Descrição">` +
          // clamped, with a visible collapsed "Ler mais" that opens it
          `<p id="aberto" class="clamp">${LONG}</p>` +
          `<button aria-expanded="false" aria-controls="aberto">Ler mais</button>`,
      ),
    );
    assert.deepEqual(await findClipped(p), []);
  });

  it('acusa o texto cortado cujo "Ler mais" diz estar aberto, está oculto ou abre outra coisa', async () => {
    await p.setContent(
      page(
        `<p id="a" class="clamp">${LONG}</p><button aria-expanded="true" aria-controls="a">Ler menos</button>` +
          `<p id="b" class="clamp">${LONG}</p>` +
          `<button aria-expanded="false" aria-controls="b" style="display:none">Ler mais</button>` +
          `<p id="c" class="clamp">${LONG}</p><button aria-expanded="false" aria-controls="outro">Ler mais</button>`,
      ),
    );
    assert.equal((await findClipped(p)).length, 3);
  });
});
