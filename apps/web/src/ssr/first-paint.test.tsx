// @vitest-environment node
import type { ProductType, SiteLinks } from '@prata/domain';
import { describe, expect, it } from 'vitest';
import { type CatalogueData, renderCataloguePage } from './first-paint';

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

const NO_LINKS: SiteLinks = { jewelry: null, refining: null, app_store: null, google_play: null };

/** The page's HTML without its styles, class names and React's text separators: what a person reads and uses. */
async function paint(productTypes: CatalogueData['productTypes'], siteLinks = NO_LINKS): Promise<string> {
  const { html, title } = await renderCataloguePage({ productTypes, siteLinks });
  expect(title).toBe('Comprar prata | Prata');
  return html
    .replace(/<style[^>]*>[^<]*<\/style>/g, '')
    .replace(/ (class|tabindex|focusable)="[^"]*"/g, '')
    .replaceAll('<!-- -->', '');
}

describe("the catalogue's first paint, drawn by the page's own components on the server", { timeout: 30_000 }, () => {
  it('draws each card: image (the first one eager), name, grams, the price no Pix and the buy link', async () => {
    const html = await paint({
      data: [product({}), product({ id: 2, name: 'Barra 1 kg', grams_per_unit: 1000, stock: 0 })],
      total: 2,
      per_page: 12,
    });
    expect(html).toContain('<h1>Prata física, entregue na sua casa</h1>');
    expect(html).toContain(
      'src="/api/catalogue/images/bar-100g.png" alt="Barra de prata 100 g" width="640" height="480" loading="eager" decoding="async" fetchPriority="high"',
    );
    expect(html).toContain('R$ 1.234,50</span> <span>no Pix</span><span>+ frete e impostos do frete</span>');
    expect(html).toContain('100,00 g de prata');
    expect(html).toContain('aria-label="Comprar Barra de prata 100 g" href="/comprar-prata/1/auth">Comprar</a>');
    // out of stock: no link, and the image waits until it is near the screen
    expect(html).toContain('<span>Esgotado</span>');
    expect(html).toContain('<button type="button" disabled="">Esgotado</button>');
    expect(html).toContain('alt="Barra 1 kg" width="640" height="480" loading="lazy"');
  });

  it('escapes what operators typed and keeps script URLs from running', async () => {
    const html = await paint({
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
    expect(html).not.toContain('javascript:alert');
  });

  it('shows the links out of the app that are set, and only those', async () => {
    // the server takes https addresses only (apps/server/src/config.ts)
    const links = {
      jewelry: 'https://joias.exemplo.com.br',
      refining: null,
      app_store: 'https://apps.apple.com/br/app/prata/id123',
      google_play: null,
    };
    const html = await paint({ data: [product({})], total: 1, per_page: 12 }, links);
    expect(html).toContain('<a href="https://joias.exemplo.com.br" target="_blank" rel="noopener">Joias</a>');
    expect(html).not.toContain('Refino e análise');
    expect(html).toContain('Baixe o aplicativo</p>');
    expect(html).toContain('<a href="https://apps.apple.com/br/app/prata/id123" target="_blank" rel="noopener">');
    expect(html).not.toContain('Google Play');
  });

  it("is a visitor's whole page: the header's links, 'Como funciona', the footer, and the two controls that boot the app", async () => {
    const html = await paint({ data: [product({})], total: 1, per_page: 12 });
    // the loader keeps it as the page for a visitor (apps/server/src/plugins/first-paint.ts)
    expect(html).toMatch(/^<div data-prata-static data-prata-page="1">/);
    for (const link of [
      '<a href="/comprar-prata">Prata física</a>',
      '<a href="/login">Entrar</a>',
      '<a href="/register">Criar conta</a>',
      '<a href="/termos-de-uso">Termos de uso</a>',
      '<a href="/acessibilidade">Acessibilidade</a>',
      // how a visitor reaches the phones, e-mails and hours (/contato is for signed-in customers)
      '<a href="/fale-conosco">Contato</a>',
    ]) {
      expect(html).toContain(link);
    }
    // the links out of the app are settings, unset by default: not shown
    expect(html).not.toContain('Joias');
    expect(html).not.toContain('Refino e análise');
    expect(html).not.toContain('Baixe o aplicativo');
    expect(html).toContain('data-prata-action="menu" aria-label="Abrir menu" aria-haspopup="true"');
    expect(html).toContain('data-prata-action="chat" aria-label="Abrir o chat com o Auro"');
    expect(html).toContain('id="promises-title">Como funciona</h2>');
    expect(html).toContain('>Retire ou transfira</h3>');
    expect(html).toContain('Prata Metais Preciosos Ltda');
    expect(html).toContain(`© ${new Date().getFullYear()} Prata. Todos os direitos reservados.`);
    // one page of products: no page links
    expect(html).not.toContain('Página');
  });

  it("names each of the catalogue's pages by its address, as MUI's pagination lays them out", async () => {
    const html = await paint({ data: [product({})], total: 12 * 9, per_page: 12 });
    expect(html).toMatch(/<button type="button" disabled="" aria-label="Página anterior"[^>]*>/);
    expect(html).toContain('aria-current="page" aria-label="Página 1" data-prata-href="/comprar-prata">1</button>');
    expect(html).toContain('aria-label="Página 5" data-prata-href="/comprar-prata?page=5">5</button>');
    expect(html).toContain('…');
    expect(html).toContain('aria-label="Página 9" data-prata-href="/comprar-prata?page=9">9</button>');
    expect(html).not.toContain('page=6"');
    expect(html).toContain('aria-label="Próxima página" data-prata-href="/comprar-prata?page=2">');
  });

  it('says so when there is nothing to sell', async () => {
    expect(await paint({ data: [], total: 0, per_page: 12 })).toContain(
      'Nenhuma barra disponível no momento. Volte em breve.',
    );
  });

  it('draws one page at a time, each from its own data', async () => {
    const [one, two] = await Promise.all([
      paint({ data: [product({ name: 'Barra A' })], total: 1, per_page: 12 }),
      paint({ data: [product({ name: 'Barra B' })], total: 1, per_page: 12 }),
    ]);
    expect(one).toContain('Barra A');
    expect(one).not.toContain('Barra B');
    expect(two).toContain('Barra B');
  });
});
