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
    expect(html).toContain('href="/comprar-prata/1/auth">Comprar</a>');
    // out of stock: no link, and the image waits until it is near the screen
    expect(html).toContain('<a class="fp-buy" aria-disabled="true">Esgotado</a>');
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

  it('says so when there is nothing to sell', () => {
    expect(renderCatalogue({ data: [], total: 0, per_page: 12 })).toContain('Nenhuma barra disponível no momento.');
  });
});
