import {
  brasiliaYear,
  COMPANY,
  formatDecimalGrams,
  formatReais,
  type ProductType,
  type ProductTypesResponse,
  type SiteLinks,
} from '@prata/domain';
import type { FastifyInstance } from 'fastify';
import type { FirstPaint } from '../../plugins/first-paint';
import { listProductTypes } from './products';

/**
 * The first paint of /comprar-prata (plugins/first-paint.ts): the page as a visitor sees it — the guest header (the
 * catalogue, the two external sites when set, 'Entrar' and 'Criar conta' as links, the phone's menu button), the hero, the
 * catalogue's first page with its images, prices, buy links and page links, 'Como funciona', the footer and Auro's
 * button — drawn with inline rules that follow the theme (apps/web/src/app/theme.ts) and the page
 * (apps/web/src/features/catalogue/pages/landing-page.tsx, components/product-card.tsx, app/shell/guest-header.tsx,
 * footer.tsx). For a visitor this page is the page until they use a control that needs the app: the links are plain
 * links, and the two buttons (`data-prata-action`: the menu, the chat) boot the app, which then does what was asked
 * (the loader in plugins/first-paint.ts). A signed-in customer's app boots at once and replaces it (their page shows
 * balances). React starts from the same catalogue page (the data block, key `productTypes`).
 *
 * On a phone the cards are 4 px wider than React's: the first image, painted here, stays the page's largest
 * contentful paint when React puts the same picture back a few pixels narrower (an equal or larger one would count
 * as a new, later paint of what the visitor has been seeing all along).
 */
export async function catalogueFirstPaint(app: FastifyInstance): Promise<FirstPaint> {
  const page = await listProductTypes(app.deps, 1);
  const links = app.deps.config.siteLinks;
  return {
    html: renderCatalogue(page.productTypes, brasiliaYear(), links),
    data: { productTypes: page.productTypes, siteLinks: links },
    title: 'Comprar prata | Prata',
  };
}

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string,
  );

/** Only paths of our own origin or https URLs go into src and href. */
const safeUrl = (url: string) => (/^(\/(?!\/)|https:\/\/)/.test(url) ? url : '');

const CSS = `
.fp{display:flex;flex-direction:column;min-height:100vh;font-family:"Inter Variable",Inter,system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif;color:#1F2A30;background:#F4F6F7;-webkit-font-smoothing:antialiased}
.fp *{box-sizing:border-box}
body{margin:0;background:#F4F6F7}
.fp a:focus-visible,.fp button:focus-visible{outline:3px solid #00796B;outline-offset:2px;box-shadow:0 0 0 2px #fff}
.fp-c{width:100%;max-width:1200px;margin:0 auto;padding:0 16px}
.fp-bar{position:sticky;top:0;z-index:1100;background:#fff;border-bottom:1px solid rgba(38,50,56,.12)}
.fp-bar .fp-c{display:flex;align-items:center;gap:8px;min-height:56px}
.fp-logo{display:inline-flex;align-items:center;gap:8px;color:#263238;text-decoration:none;font-weight:750;font-size:1.25rem;letter-spacing:-.02em}
.fp-logo svg{flex:none}
.fp-nav,.fp-wide{display:none}
.fp-nav{gap:4px;margin-left:24px}
.fp-grow{flex-grow:1}
.fp-btn{display:inline-flex;align-items:center;justify-content:center;padding:6px 8px;border-radius:10px;color:#37474F;text-decoration:none;font-size:.875rem;font-weight:600;line-height:1.75;white-space:nowrap}
.fp-nav .fp-btn{color:inherit}
.fp-btn:hover{background:rgba(55,71,79,.04)}
.fp-solid,.fp-solid:hover{padding:6px 16px;background:#37474F;color:#fff}
.fp-narrow{display:flex;gap:8px;align-items:center}
.fp-narrow .fp-btn{padding:4px 5px;font-size:.8125rem}
.fp-icon{display:inline-flex;padding:8px;border:0;border-radius:50%;background:none;color:rgba(0,0,0,.54);cursor:pointer;font:inherit}
.fp-icon svg,.fp-fab svg{width:24px;height:24px;fill:currentColor}
.fp[data-signed-in] .fp-guest{visibility:hidden}
.fp [aria-busy=true]{position:relative;cursor:progress}
.fp [aria-busy=true] svg{visibility:hidden}
.fp [aria-busy=true]::after{content:"";position:absolute;inset:0;margin:auto;width:20px;height:20px;border:2.5px solid currentColor;border-right-color:transparent;border-radius:50%;animation:fp-spin .8s linear infinite}
@keyframes fp-spin{to{transform:rotate(360deg)}}
.fp-hero{background:linear-gradient(160deg,#263238 0%,#37474F 55%,#546E7A 100%);color:#fff;padding:28px 0}
.fp-hero h1{margin:0 0 12px;max-width:720px;font-size:1.75rem;font-weight:700;letter-spacing:-.02em;line-height:1.15}
.fp-hero p{margin:0;max-width:720px;font-size:1rem;line-height:1.5;color:rgba(255,255,255,.85)}
.fp-page{flex-grow:1}
.fp-main{padding:24px 0}
.fp h2{margin:0 0 16px;font-size:1.75rem;font-weight:700;letter-spacing:-.015em;line-height:1.2}
.fp-grid{display:grid;gap:16px;grid-template-columns:1fr;margin:0 -2px}
.fp-card{display:flex;flex-direction:column;overflow:hidden;background:#fff;border:1px solid rgba(38,50,56,.12);border-radius:20px}
.fp-img{position:relative;aspect-ratio:4/3;background:#ECEFF1;display:flex;align-items:center;justify-content:center;overflow:hidden}
.fp-img img{width:100%;height:100%;object-fit:contain;display:block}
.fp-chip{position:absolute;top:12px;left:12px;padding:0 8px;border-radius:12px;background:rgba(0,0,0,.08);font-size:.8125rem;font-weight:600;line-height:24px}
.fp-body{display:flex;flex-direction:column;gap:8px;padding:16px;flex-grow:1}
.fp-body h3{margin:0;font-size:1.125rem;font-weight:600;line-height:1.6}
.fp-body p,.fp-how p{margin:0;font-size:.875rem;line-height:1.43;color:#55636B}
.fp-desc{display:-webkit-box;-webkit-line-clamp:3;-webkit-box-orient:vertical;overflow:hidden;flex-grow:1}
.fp-body .fp-price{font-size:1.375rem;font-weight:700;color:#1F2A30;font-variant-numeric:tabular-nums}
.fp-price span{font-size:.875rem;font-weight:400;color:#55636B}
.fp-price .fp-note{display:block;font-size:.75rem;line-height:1.66}
.fp-buy{display:block;width:100%;padding:8px 22px;border:0;border-radius:10px;background:#37474F;color:#fff;text-align:center;text-decoration:none;font:inherit;font-weight:600;font-size:.9375rem;line-height:1.75}
.fp-buy:disabled{background:rgba(0,0,0,.12);color:rgba(0,0,0,.26)}
.fp-pages{display:flex;flex-wrap:wrap;justify-content:center;gap:6px;margin:24px 0 0;padding:0;list-style:none}
.fp-pages a,.fp-pages span{display:inline-flex;align-items:center;justify-content:center;min-width:32px;height:32px;padding:0 6px;border-radius:10px;color:#1F2A30;text-decoration:none;font-size:.875rem}
.fp-pages [aria-current]{background:#37474F;color:#fff}
.fp-pages [aria-disabled]{opacity:.38}
.fp-how{background:#fff;border-top:1px solid rgba(38,50,56,.12)}
.fp-how .fp-c{padding-top:32px;padding-bottom:32px}
.fp-how h2{margin-bottom:24px}
.fp-how-grid{display:grid;gap:16px;grid-template-columns:1fr}
.fp-how article{padding:20px;border:1px solid rgba(38,50,56,.12);border-radius:10px}
.fp-how svg{display:block;width:24px;height:24px;margin-bottom:12px;fill:#00796B}
.fp-how h3{margin:0 0 .35em;font-size:1.125rem;font-weight:600;line-height:1.6}
.fp-foot{background:#263238;color:rgba(255,255,255,.78);padding:32px 0;font-size:.875rem;line-height:1.43}
.fp-foot p{margin:0}
.fp-foot a{color:inherit;text-decoration:none}
.fp-foot a:hover{text-decoration:underline}
.fp-foot-row{display:flex;flex-direction:column;gap:24px;justify-content:space-between}
.fp-foot-col{display:flex;flex-direction:column;gap:8px;min-width:200px}
.fp-foot strong{display:block;margin-bottom:4px;color:#fff;font-size:1rem;line-height:1.5}
.fp-foot .fp-foot-col strong{margin:0;font-size:.875rem;font-weight:600}
.fp-foot small{display:block;margin-top:24px;opacity:.7;font-size:.75rem;line-height:1.66}
.fp-fab{position:fixed;right:12px;bottom:12px;z-index:1050;display:inline-flex;align-items:center;justify-content:center;width:48px;height:48px;padding:0;border:0;border-radius:50%;background:#00796B;color:#fff;cursor:pointer;box-shadow:0 3px 5px -1px rgba(0,0,0,.2),0 6px 10px 0 rgba(0,0,0,.14),0 1px 18px 0 rgba(0,0,0,.12);transition:transform 150ms ease-out,opacity 150ms}
@media(min-width:600px){.fp-grid{margin:0}.fp-c{padding:0 24px}.fp-bar .fp-c{min-height:64px}.fp-grid{grid-template-columns:repeat(2,minmax(0,1fr))}.fp-how-grid{grid-template-columns:1fr 1fr}.fp-fab{right:24px;bottom:24px}}
@media(min-width:900px){.fp-nav,.fp-wide{display:flex}.fp-wide{gap:8px}.fp-narrow{display:none}.fp-hero{padding:40px 0}.fp-hero h1{font-size:2.5rem}.fp-hero p{font-size:1.125rem}.fp-main{padding:40px 0}.fp-grid{gap:24px;grid-template-columns:repeat(3,minmax(0,1fr))}.fp-how .fp-c{padding-top:48px;padding-bottom:48px}.fp-how-grid{grid-template-columns:repeat(4,1fr)}.fp-foot{padding:40px 0}.fp-foot-row{flex-direction:row}}
`
  .trim()
  .replace(/\n/g, '');

const LOGO = `<svg viewBox="0 0 64 64" aria-hidden="true" width="30" height="30"><defs><linearGradient id="fp-logo-g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#ECEFF1"/><stop offset="1" stop-color="#90A4AE"/></linearGradient></defs><rect width="64" height="64" rx="14" fill="#263238"/><path d="M22 48V16h13.5C43 16 48 20.5 48 27.5S43 39 35.5 39H29v9z M29 33h6c3.6 0 6-2 6-5.5S38.6 22 35 22h-6z" fill="url(#fp-logo-g)"/></svg>`;

/** A Material icon (the same paths as @mui/icons-material's), drawn by the page's CSS. */
const icon = (...paths: string[]) =>
  `<svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">${paths.map((d) => `<path d="${d}"/>`).join('')}</svg>`;

const ICONS = {
  menu: icon('M3 18h18v-2H3zm0-5h18v-2H3zm0-7v2h18V6z'),
  chat: icon(
    'M4 4h16v12H5.17L4 17.17zm0-2c-1.1 0-1.99.9-1.99 2L2 22l4-4h14c1.1 0 2-.9 2-2V4c0-1.1-.9-2-2-2zm2 10h8v2H6zm0-3h12v2H6zm0-3h12v2H6z',
  ),
  pix: icon(
    'm15.45 16.52-3.01-3.01c-.11-.11-.24-.13-.31-.13s-.2.02-.31.13L8.8 16.53c-.34.34-.87.89-2.64.89l3.71 3.7c1.17 1.17 3.07 1.17 4.24 0l3.72-3.71c-.91 0-1.67-.18-2.38-.89M8.8 7.47l3.02 3.02c.08.08.2.13.31.13s.23-.05.31-.13l2.99-2.99c.71-.74 1.52-.91 2.43-.91l-3.72-3.71c-1.17-1.17-3.07-1.17-4.24 0l-3.71 3.7c1.76 0 2.3.58 2.61.89',
    'm21.11 9.85-2.25-2.26H17.6c-.54 0-1.08.22-1.45.61l-3 3c-.28.28-.65.42-1.02.42-.36 0-.74-.15-1.02-.42L8.09 8.17c-.38-.38-.9-.6-1.45-.6H5.17l-2.29 2.3c-1.17 1.17-1.17 3.07 0 4.24l2.29 2.3h1.48c.54 0 1.06-.22 1.45-.6l3.02-3.02c.28-.28.65-.42 1.02-.42s.74.14 1.02.42l3.01 3.01c.38.38.9.6 1.45.6h1.26l2.25-2.26c1.17-1.18 1.17-3.1-.02-4.29',
  ),
  chart: icon('M9 4H7v2H5v12h2v2h2v-2h2V6H9zm0 12H7V8h2zm10-8h-2V4h-2v4h-2v7h2v5h2v-5h2zm-2 5h-2v-3h2z'),
  bank: icon('M6.5 10h-2v7h2zm6 0h-2v7h2zm8.5 9H2v2h19zm-2.5-9h-2v7h2zm-7-6.74L16.71 6H6.29zm0-2.26L2 6v2h19V6z'),
  truck: icon(
    'M20 8h-3V4H3c-1.1 0-2 .9-2 2v11h2c0 1.66 1.34 3 3 3s3-1.34 3-3h6c0 1.66 1.34 3 3 3s3-1.34 3-3h2v-5zm-.5 1.5 1.96 2.5H17V9.5zM6 18c-.55 0-1-.45-1-1s.45-1 1-1 1 .45 1 1-.45 1-1 1m2.22-3c-.55-.61-1.33-1-2.22-1s-1.67.39-2.22 1H3V6h12v9zM18 18c-.55 0-1-.45-1-1s.45-1 1-1 1 .45 1 1-.45 1-1 1',
  ),
};

/** What the product does (spec 1 §1), as the landing's "Como funciona" says it. */
const PROMISES = [
  [ICONS.pix, 'Prata física pelo Pix', 'Compre barras de prata física e pague com Pix, mesmo sem ter uma conta.'],
  [
    ICONS.chart,
    'Compre e venda por grama',
    'Com uma conta, negocie prata em gramas com ordens limitadas ou a mercado.',
  ],
  [ICONS.bank, 'Custódia integrada', 'Mantenha um saldo em reais e um saldo em prata guardados com segurança.'],
  [ICONS.truck, 'Retire ou transfira', 'Receba sua prata em casa ou transfira gramas para outra pessoa.'],
] as const;

/** A link out of the app, or nothing when its address is not set (a setting, docs/configuration.md). */
const external = (href: string | null, label: string, className = 'fp-btn') =>
  href && safeUrl(href)
    ? `<a class="${className}" href="${escapeHtml(href)}" target="_blank" rel="noopener">${label}</a>`
    : '';

const NO_LINKS: SiteLinks = { jewelry: null, refining: null, app_store: null, google_play: null };

function header(links: SiteLinks): string {
  return (
    '<header class="fp-bar"><div class="fp-c">' +
    `<a class="fp-logo" href="/" aria-label="Prata, página inicial">${LOGO}Prata</a>` +
    '<nav class="fp-nav fp-guest" aria-label="Principal"><a class="fp-btn" href="/comprar-prata">Prata física</a>' +
    external(links.jewelry, 'Joias') +
    external(links.refining, 'Refino e análise') +
    '</nav><div class="fp-grow"></div>' +
    '<div class="fp-wide fp-guest"><a class="fp-btn" href="/login">Entrar</a>' +
    '<a class="fp-btn fp-solid" href="/register">Criar conta</a></div>' +
    '<div class="fp-narrow fp-guest"><a class="fp-btn" href="/login">Entrar</a>' +
    `<button type="button" class="fp-icon" data-prata-action="menu" aria-label="Abrir menu" aria-haspopup="true">${ICONS.menu}</button>` +
    '</div></div></header>'
  );
}

function footer(year: number, links: SiteLinks): string {
  const stores = [external(links.app_store, 'App Store', ''), external(links.google_play, 'Google Play', '')].filter(
    Boolean,
  );
  return (
    '<footer class="fp-foot"><div class="fp-c"><div class="fp-foot-row"><div>' +
    `<strong>${escapeHtml(COMPANY.razaoSocial)}</strong><p>CNPJ ${escapeHtml(COMPANY.cnpj)}</p><p>${escapeHtml(COMPANY.address)}</p></div>` +
    '<div class="fp-foot-col">' +
    (stores.length > 0 ? `<strong>Baixe o aplicativo</strong><p>${stores.join(' &nbsp; ')}</p>` : '') +
    '<a href="/termos-de-uso">Termos de uso</a></div></div>' +
    `<small>© ${year} ${escapeHtml(COMPANY.brand)}. Todos os direitos reservados.</small></div></footer>`
  );
}

/** The pages' links as MUI's Pagination lays them out (the first and last, the current one and its neighbours). */
function pagination(total: number, perPage: number, current: number): string {
  const count = perPage > 0 ? Math.ceil(total / perPage) : 1;
  if (count <= 1) return '';
  const href = (page: number) => (page <= 1 ? '/comprar-prata' : `/comprar-prata?page=${page}`);
  const shown = new Set([1, count, current - 1, current, current + 1]);
  if (current <= 4) for (let page = 1; page <= Math.min(5, count); page++) shown.add(page);
  if (current >= count - 3) for (let page = Math.max(1, count - 4); page <= count; page++) shown.add(page);
  const items: string[] = [];
  const link = (page: number, label: string, text: string) =>
    page < 1 || page > count
      ? `<li><span aria-disabled="true" aria-label="${label}">${text}</span></li>`
      : `<li><a href="${href(page)}" aria-label="${label}">${text}</a></li>`;
  items.push(link(current - 1, 'Página anterior', '‹'));
  let last = 0;
  for (const page of [...shown].filter((p) => p >= 1 && p <= count).sort((a, b) => a - b)) {
    if (page > last + 1) items.push('<li><span aria-hidden="true">…</span></li>');
    items.push(
      page === current
        ? `<li><a href="${href(page)}" aria-current="page" aria-label="Página ${page}">${page}</a></li>`
        : link(page, `Página ${page}`, String(page)),
    );
    last = page;
  }
  items.push(link(current + 1, 'Próxima página', '›'));
  return `<nav aria-label="Paginação"><ul class="fp-pages">${items.join('')}</ul></nav>`;
}

/** What the total adds to a card's price (issue 27): the React card says the same (web labels.ts PRICE_NOTE). */
const PRICE_NOTE = '+ frete e impostos do frete';

function card(product: ProductType, index: number): string {
  const name = escapeHtml(product.name);
  const image = product.images[0] ? safeUrl(product.images[0].path) : '';
  const eager = index === 0;
  const outOfStock = product.availability !== 'in_stock' || product.stock <= 0;
  const buyable = !outOfStock && product.price > 0;
  const titleId = `product-${product.id}-name`;
  const price =
    product.price > 0
      ? `<p class="fp-price">${formatReais(product.price)} <span>no Pix</span><span class="fp-note">${PRICE_NOTE}</span></p>`
      : '<p>Preço indisponível no momento</p>';
  const button = buyable
    ? `<a class="fp-buy" href="/comprar-prata/${product.id}/auth" aria-label="Comprar ${name}">Comprar</a>`
    : `<button type="button" class="fp-buy" disabled>${outOfStock ? 'Esgotado' : 'Indisponível'}</button>`;
  return (
    `<article class="fp-card" aria-labelledby="${titleId}"><div class="fp-img">` +
    (image
      ? `<img src="${escapeHtml(image)}" alt="${name}" width="640" height="480" ${eager ? 'loading="eager" fetchpriority="high"' : 'loading="lazy"'} decoding="async">`
      : '<p>Sem imagem</p>') +
    (outOfStock ? '<span class="fp-chip">Esgotado</span>' : '') +
    `</div><div class="fp-body"><h3 id="${titleId}">${name}</h3><p class="fp-desc">${escapeHtml(product.description)}</p>` +
    `<p>${formatDecimalGrams(product.grams_per_unit)} de prata</p>${price}${button}</div></article>`
  );
}

/**
 * The visitor's /comprar-prata at its first page. `data-prata-static`: the page works as it is until the visitor
 * uses a control that needs the app; `data-prata-page`: the catalogue's page it shows (another ?page= in the address
 * boots the app at once, which shows that page).
 */
export function renderCatalogue(
  page: ProductTypesResponse['productTypes'],
  year = brasiliaYear(),
  links: SiteLinks = NO_LINKS,
): string {
  return (
    `<style>${CSS}</style><div class="fp" data-prata-static data-prata-page="1">` +
    header(links) +
    '<main class="fp-page"><section class="fp-hero"><div class="fp-c"><h1>Prata física, entregue na sua casa</h1>' +
    '<p>Barras de prata pura com preço do mercado, pagas no Pix e enviadas com seguro para todo o Brasil.</p></div></section>' +
    '<div class="fp-main"><div class="fp-c"><section aria-labelledby="catalogue-title"><h2 id="catalogue-title">Barras de prata</h2>' +
    (page.data.length > 0
      ? `<div class="fp-grid">${page.data.map(card).join('')}</div>${pagination(page.total, page.per_page, 1)}`
      : '<p>Nenhuma barra disponível no momento. Volte em breve.</p>') +
    '</section></div></div>' +
    '<section class="fp-how" aria-labelledby="promises-title"><div class="fp-c"><h2 id="promises-title">Como funciona</h2><div class="fp-how-grid">' +
    PROMISES.map(([svg, title, text]) => `<article>${svg}<h3>${title}</h3><p>${text}</p></article>`).join('') +
    '</div></div></section></main>' +
    footer(year, links) +
    `<button type="button" class="fp-fab" data-prata-action="chat" aria-label="Abrir o chat com o Auro" title="Dúvidas? Fale com o Auro">${ICONS.chat}</button>` +
    '</div>'
  );
}
