import { formatBRL, formatGrams, type ProductType, type ProductTypesResponse } from '@prata/domain';
import type { FastifyInstance } from 'fastify';
import type { FirstPaint } from '../../plugins/first-paint';
import { listProductTypes } from './products';

/**
 * The first paint of /comprar-prata (plugins/first-paint.ts): the page as a visitor's phone shows it before the app's
 * JavaScript has run — the header's logo, the hero, the first cards of the catalogue with their images, prices and
 * buy links — drawn with a few inline rules that follow the theme (apps/web/src/app/theme.ts) and the page
 * (apps/web/src/features/catalogue/pages/landing-page.tsx, components/product-card.tsx). React replaces it with the
 * same page, starting from the same catalogue page (the data block, key `productTypes`). The header carries the logo
 * only: a signed-in customer's header is another one, and the server cannot know which this visitor has.
 *
 * On a phone the cards are 4 px wider than React's: the first image, painted here, stays the page's largest
 * contentful paint when React puts the same picture back a few pixels narrower (an equal or larger one would count
 * as a new, later paint of what the visitor has been seeing all along).
 */
export async function catalogueFirstPaint(app: FastifyInstance): Promise<FirstPaint> {
  const page = await listProductTypes(app.deps, 1);
  return { html: renderCatalogue(page.productTypes), data: { productTypes: page.productTypes } };
}

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string,
  );

/** Reais or grams as the API writes them (dot-decimal) → minor units, as the web's toMinorUnits does. */
const minor = (value: number) => Math.round(value * 100);

/** Only paths of our own origin or https URLs go into src and href. */
const safeUrl = (url: string) => (/^(\/(?!\/)|https:\/\/)/.test(url) ? url : '');

const CSS = `
.fp{font-family:"Inter Variable",Inter,system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif;color:#1F2A30;background:#F4F6F7;-webkit-font-smoothing:antialiased}
.fp *{box-sizing:border-box}
body{margin:0;background:#F4F6F7}
.fp-c{width:100%;max-width:1200px;margin:0 auto;padding:0 16px}
.fp-bar{position:sticky;top:0;z-index:1;background:#fff;border-bottom:1px solid rgba(38,50,56,.12)}
.fp-bar .fp-c{display:flex;align-items:center;min-height:56px}
.fp-logo{display:inline-flex;align-items:center;gap:8px;color:#263238;text-decoration:none;font-weight:750;font-size:1.25rem;letter-spacing:-.02em}
.fp-hero{background:linear-gradient(160deg,#263238 0%,#37474F 55%,#546E7A 100%);color:#fff;padding:28px 0}
.fp-hero h1{margin:0 0 12px;max-width:720px;font-size:1.75rem;font-weight:700;letter-spacing:-.02em;line-height:1.15}
.fp-hero p{margin:0;max-width:720px;font-size:1rem;line-height:1.5;color:rgba(255,255,255,.85)}
.fp-main{padding:24px 0}
.fp-main h2{margin:0 0 16px;font-size:1.75rem;font-weight:700;letter-spacing:-.015em;line-height:1.2}
.fp-grid{display:grid;gap:16px;grid-template-columns:1fr;margin:0 -2px}
.fp-card{display:flex;flex-direction:column;overflow:hidden;background:#fff;border:1px solid rgba(38,50,56,.12);border-radius:20px}
.fp-img{aspect-ratio:4/3;background:#ECEFF1;display:flex;align-items:center;justify-content:center;overflow:hidden}
.fp-img img{width:100%;height:100%;object-fit:contain;display:block}
.fp-body{display:flex;flex-direction:column;gap:8px;padding:16px;flex-grow:1}
.fp-body h3{margin:0;font-size:1.125rem;font-weight:600;line-height:1.6}
.fp-body p{margin:0;font-size:.875rem;line-height:1.43;color:#55636B}
.fp-desc{display:-webkit-box;-webkit-line-clamp:3;-webkit-box-orient:vertical;overflow:hidden;flex-grow:1}
.fp-body .fp-price{font-size:1.375rem;font-weight:700;color:#1F2A30;font-variant-numeric:tabular-nums}
.fp-price span{font-size:.875rem;font-weight:400;color:#55636B}
.fp-buy{display:block;padding:8px 22px;border-radius:10px;background:#37474F;color:#fff;text-align:center;text-decoration:none;font-weight:600;font-size:.9375rem;line-height:1.75}
.fp-buy[aria-disabled]{background:rgba(0,0,0,.12);color:rgba(0,0,0,.26)}
@media(min-width:600px){.fp-grid{margin:0}.fp-c{padding:0 24px}.fp-bar .fp-c{min-height:64px}.fp-grid{grid-template-columns:repeat(2,minmax(0,1fr))}}
@media(min-width:900px){.fp-hero{padding:40px 0}.fp-hero h1{font-size:2.5rem}.fp-hero p{font-size:1.125rem}.fp-main{padding:40px 0}.fp-grid{gap:24px;grid-template-columns:repeat(3,minmax(0,1fr))}}
`
  .trim()
  .replace(/\n/g, '');

const LOGO = `<svg viewBox="0 0 64 64" aria-hidden="true" width="30" height="30"><defs><linearGradient id="fp-logo-g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#ECEFF1"/><stop offset="1" stop-color="#90A4AE"/></linearGradient></defs><rect width="64" height="64" rx="14" fill="#263238"/><path d="M22 48V16h13.5C43 16 48 20.5 48 27.5S43 39 35.5 39H29v9z M29 33h6c3.6 0 6-2 6-5.5S38.6 22 35 22h-6z" fill="url(#fp-logo-g)"/></svg>`;

function card(product: ProductType, index: number): string {
  const name = escapeHtml(product.name);
  const image = product.images[0] ? safeUrl(product.images[0].path) : '';
  const eager = index === 0;
  const outOfStock = product.availability !== 'in_stock' || product.stock <= 0;
  const buyable = !outOfStock && product.price > 0;
  const price =
    product.price > 0
      ? `<p class="fp-price">${formatBRL(minor(product.price))} <span>no Pix</span></p>`
      : '<p>Preço indisponível no momento</p>';
  const button = buyable
    ? `<a class="fp-buy" href="/comprar-prata/${product.id}/auth">Comprar</a>`
    : `<a class="fp-buy" aria-disabled="true">${outOfStock ? 'Esgotado' : 'Indisponível'}</a>`;
  return (
    `<article class="fp-card"><div class="fp-img">` +
    (image
      ? `<img src="${escapeHtml(image)}" alt="${name}" width="640" height="480" ${eager ? 'loading="eager" fetchpriority="high"' : 'loading="lazy"'} decoding="async">`
      : '<p>Sem imagem</p>') +
    `</div><div class="fp-body"><h3>${name}</h3><p class="fp-desc">${escapeHtml(product.description)}</p>` +
    `<p>${formatGrams(minor(product.grams_per_unit))} de prata</p>${price}${button}</div></article>`
  );
}

export function renderCatalogue(page: ProductTypesResponse['productTypes']): string {
  return (
    `<style>${CSS}</style><div class="fp">` +
    `<header class="fp-bar"><div class="fp-c"><a class="fp-logo" href="/" aria-label="Prata, página inicial">${LOGO}Prata</a></div></header>` +
    '<section class="fp-hero"><div class="fp-c"><h1>Prata física, entregue na sua casa</h1>' +
    '<p>Barras de prata pura com preço do mercado, pagas no Pix e enviadas com seguro para todo o Brasil.</p></div></section>' +
    '<main class="fp-main"><div class="fp-c"><h2>Barras de prata</h2>' +
    (page.data.length > 0
      ? `<div class="fp-grid">${page.data.map(card).join('')}</div>`
      : '<p>Nenhuma barra disponível no momento. Volte em breve.</p>') +
    '</div></main></div>'
  );
}
