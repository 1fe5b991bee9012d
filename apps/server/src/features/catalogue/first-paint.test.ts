import type { ProductType } from '@prata/domain';
import { describe, expect, it } from 'vitest';
import { renderCatalogue } from './first-paint';

const product = (overrides: Partial<ProductType>): ProductType => ({
  id: 1,
  name: 'Barra de prata 100 g',
  description: 'Prata 999',
  price: 1234.5,
  images: [{ path: '/api/catalogue/images/bar-100g.png' }],
  grams_per_unit: 100,
  icon: null,
  availability: 'in_stock',
  stock: 3,
  ...overrides,
});

describe("the catalogue's first paint", () => {
  it('draws each card: image (the first one eager), name, grams, the price no Pix and the buy link', () => {
    const html = renderCatalogue({
      data: [product({}), product({ id: 2, name: 'Barra 1 kg', grams_per_unit: 1000, stock: 0 })],
      total: 2,
      per_page: 12,
    });
    expect(html).toContain('<h1>Prata física, entregue na sua casa</h1>');
    expect(html).toContain(
      'src="/api/catalogue/images/bar-100g.png" alt="Barra de prata 100 g" width="640" height="480" loading="eager" fetchpriority="high"',
    );
    expect(html).toContain('R$ 1.234,50 <span>no Pix</span>');
    expect(html).toContain('100,00 g de prata');
    expect(html).toContain('href="/comprar-prata/1/auth" aria-label="Comprar Barra de prata 100 g">Comprar</a>');
    // out of stock: no link, and the image waits until it is near the screen
    expect(html).toContain('<span class="fp-chip">Esgotado</span>');
    expect(html).toContain('<button type="button" class="fp-buy" disabled>Esgotado</button>');
    expect(html).toContain('alt="Barra 1 kg" width="640" height="480" loading="lazy"');
  });

  it('escapes what operators typed and keeps foreign or script URLs out', () => {
    const html = renderCatalogue({
      data: [
        product({
          name: '<script>alert(1)</script>',
          description: '"quoted" & <b>',
          images: [{ path: 'javascript:alert(1)' }],
        }),
      ],
      total: 1,
      per_page: 12,
    });
    expect(html).not.toContain('<script>');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toContain('&quot;quoted&quot; &amp; &lt;b&gt;');
    expect(html).not.toContain('javascript:');
  });

  it('shows the links out of the app that are set, and only those (https only)', () => {
    const links = {
      jewelry: 'https://joias.exemplo.com.br',
      refining: null,
      app_store: 'https://apps.apple.com/br/app/prata/id123',
      google_play: 'javascript:alert(1)',
    };
    const html = renderCatalogue({ data: [product({})], total: 1, per_page: 12 }, 2031, links);
    expect(html).toContain(
      '<a class="fp-btn" href="https://joias.exemplo.com.br" target="_blank" rel="noopener">Joias</a>',
    );
    expect(html).not.toContain('Refino e análise');
    expect(html).toContain(
      '<strong>Baixe o aplicativo</strong><p><a class="" href="https://apps.apple.com/br/app/prata/id123"',
    );
    expect(html).not.toContain('Google Play');
    expect(html).not.toContain('javascript:');
  });

  it("is a visitor's whole page: the header's links, 'Como funciona', the footer, and the two controls that boot the app", () => {
    const html = renderCatalogue({ data: [product({})], total: 1, per_page: 12 }, 2031);
    // the loader keeps it as the page for a visitor (plugins/first-paint.ts)
    expect(html).toContain('<div class="fp" data-prata-static data-prata-page="1">');
    for (const link of [
      '<a class="fp-btn" href="/comprar-prata">Prata física</a>',
      '<a class="fp-btn" href="/login">Entrar</a>',
      '<a class="fp-btn fp-solid" href="/register">Criar conta</a>',
      '<a href="/termos-de-uso">Termos de uso</a>',
    ]) {
      expect(html).toContain(link);
    }
    // the links out of the app are settings, unset by default: not shown
    expect(html).not.toContain('Joias');
    expect(html).not.toContain('Refino e análise');
    expect(html).not.toContain('Baixe o aplicativo');
    expect(html).toContain('data-prata-action="menu" aria-label="Abrir menu" aria-haspopup="true"');
    expect(html).toContain('data-prata-action="chat" aria-label="Abrir o chat com o Auro"');
    expect(html).toContain('<h2 id="promises-title">Como funciona</h2>');
    expect(html).toContain('<h3>Retire ou transfira</h3>');
    expect(html).toContain('Prata Metais Preciosos Ltda');
    expect(html).toContain('© 2031 Prata. Todos os direitos reservados.');
    // one page of products: no page links
    expect(html).not.toContain('Paginação');
  });

  it("links the catalogue's pages as plain links, as MUI's pagination lays them out", () => {
    const html = renderCatalogue({ data: [product({})], total: 12 * 9, per_page: 12 });
    expect(html).toContain('<span aria-disabled="true" aria-label="Página anterior">‹</span>');
    expect(html).toContain('<a href="/comprar-prata" aria-current="page" aria-label="Página 1">1</a>');
    expect(html).toContain('<a href="/comprar-prata?page=5" aria-label="Página 5">5</a>');
    expect(html).toContain('<span aria-hidden="true">…</span>');
    expect(html).toContain('<a href="/comprar-prata?page=9" aria-label="Página 9">9</a>');
    expect(html).not.toContain('page=6"');
    expect(html).toContain('<a href="/comprar-prata?page=2" aria-label="Próxima página">›</a>');
  });

  it('says so when there is nothing to sell', () => {
    expect(renderCatalogue({ data: [], total: 0, per_page: 12 })).toContain('Nenhuma barra disponível no momento.');
  });
});
