/**
 * The server's first paint of the catalogue (apps/server/src/features/catalogue/first-paint.ts), drawn by the app's own
 * components: the same shell (app/shell/app-shell.tsx: the guest header, the footer, Auro's button) and the same
 * landing page (features/catalogue/pages/landing-page.tsx) as the browser's first render, started from the same data
 * (lib/first-paint.ts), rendered to HTML with react-dom/server. Built by `npm run build` into apps/web/dist-ssr
 * (`vite build --ssr`, vite.config.ts), which the server imports when it is there.
 *
 * The page's styles are emotion's, collected from one cache of the render (not written beside each element), with the
 * few rules of the painted page itself: the browser's app, when it boots, replaces the painted page (createRoot, in
 * main.tsx) and finds these styles already in the document under the names it gives them.
 */
import createCache, { type EmotionCache } from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import type { ProductTypesResponse, SiteLinks } from '@prata/domain';
import { type ReactNode, StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import { type Navigator, Route, Router, Routes } from 'react-router';
import { AppProviders } from '@/app/provider';
import { AppShell } from '@/app/shell/app-shell';
import { withServerData } from '@/lib/first-paint';

/** The pathname painted, and its title as the page sets it (components/page.tsx useDocumentTitle). */
export const CATALOGUE_PATH = '/comprar-prata';
export const CATALOGUE_TITLE = 'Comprar prata | Prata';

/** What the page's first render reads (the keys of lib/first-paint.ts's data block). */
export type CatalogueData = { productTypes: ProductTypesResponse['productTypes']; siteLinks: SiteLinks };

export type PaintedPage = { html: string; title: string };

/** A render must never hang the server's answer: past this, the page goes without its first paint. */
const RENDER_TIMEOUT_MS = 5_000;

/**
 * The painted page's own rules (the loader in apps/server/src/plugins/first-paint.ts marks the page): a signed-in
 * customer's app boots at once and replaces it, so the visitor's controls are hidden meanwhile; a control that boots
 * the app shows it is busy until the app opens what was asked. On a phone the painted cards are 4 px wider than
 * React's: the first image, painted here, stays the page's largest contentful paint when React puts the same picture
 * back a few pixels narrower (an equal or larger one would count as a new, later paint of what the visitor has been
 * seeing all along).
 */
const PAINT_CSS =
  '[data-prata-static][data-signed-in] header .MuiToolbar-root>:not(:first-child){visibility:hidden}' +
  '@media(max-width:599.95px){[data-prata-static] [aria-labelledby=catalogue-title]>h2+div{margin:0 -2px}}' +
  '[data-prata-static] [aria-busy=true]{position:relative;cursor:progress}' +
  '[data-prata-static] [aria-busy=true] svg{visibility:hidden}' +
  '[data-prata-static] [aria-busy=true]::after{content:"";position:absolute;inset:0;margin:auto;width:20px;' +
  'height:20px;border:2.5px solid currentColor;border-right-color:transparent;border-radius:50%;' +
  'animation:prata-spin .8s linear infinite}' +
  '@keyframes prata-spin{to{transform:rotate(360deg)}}';

/** A router that stays on the painted page: nothing navigates during a server render. */
const STATIC_NAVIGATOR: Navigator = {
  createHref: (to) => (typeof to === 'string' ? to : `${to.pathname ?? ''}${to.search ?? ''}${to.hash ?? ''}`),
  go: () => {},
  push: () => {},
  replace: () => {},
};

/** The browser's tree for the painted page (main.tsx), with a static router on the painted path. */
function Page({ cache, landing }: { cache: EmotionCache; landing: ReactNode }) {
  return (
    <StrictMode>
      <CacheProvider value={cache}>
        <AppProviders>
          <Router location={CATALOGUE_PATH} navigator={STATIC_NAVIGATOR} static>
            <Routes>
              <Route element={<AppShell />}>
                <Route path={CATALOGUE_PATH.slice(1)} element={landing} />
              </Route>
            </Routes>
          </Router>
        </AppProviders>
      </CacheProvider>
    </StrictMode>
  );
}

/**
 * emotion's rules of the render, in the order they were inserted, as one element the browser's emotion adopts (it
 * then inserts none of these again). A class that no element of the page carries (the styles of a component that
 * another one's styles wrap and repeat) is left out: the browser's emotion inserts it if it is ever needed.
 */
function stylesOf(cache: EmotionCache, body: string): string {
  const names: string[] = [];
  let rules = '';
  for (const [name, value] of Object.entries(cache.inserted)) {
    if (typeof value !== 'string') continue;
    const className = `${cache.key}-${name}`;
    if (value.startsWith(`.${className}`) && !body.includes(className)) continue;
    names.push(name);
    rules += value;
  }
  return `<style data-emotion="${cache.key} ${names.join(' ')}">${rules}</style>`;
}

let queue: Promise<unknown> = Promise.resolve();
/** The last page drawn and what it was drawn from: the server asks again every few seconds, mostly for the same. */
let last: { key: string; page: PaintedPage } | undefined;

/**
 * The visitor's /comprar-prata at its first page: `data-prata-static`, the page works as it is until the visitor
 * uses a control that needs the app; `data-prata-page`, the catalogue's page it shows (another ?page= in the address
 * boots the app at once). Renders run one at a time (the page's data is the module's while it renders).
 */
export function renderCataloguePage(data: CatalogueData): Promise<PaintedPage> {
  const next = queue.then(() => render(data));
  queue = next.catch(() => undefined);
  return next;
}

async function render(data: CatalogueData): Promise<PaintedPage> {
  // the footer's year is the page's too
  const key = `${new Date().getFullYear()}\n${JSON.stringify(data)}`;
  if (last?.key === key) return last.page;
  const page = await draw(data);
  last = { key, page };
  return page;
}

async function draw(data: CatalogueData): Promise<PaintedPage> {
  const { LandingPage } = await import('@/features/catalogue/pages/landing-page');
  const cache = createCache({ key: 'css' });
  // emotion keeps each rule's text in `inserted` instead of writing a <style> beside each element
  cache.compat = true;
  const body = await withServerData(data, async () => {
    // prerender waits for the lazy parts (Auro's button) to be drawn too
    const { prelude } = await prerender(<Page cache={cache} landing={<LandingPage />} />, {
      signal: AbortSignal.timeout(RENDER_TIMEOUT_MS),
    });
    return new Response(prelude).text();
  });
  const html =
    `<style>${PAINT_CSS}</style>${stylesOf(cache, body)}` + `<div data-prata-static data-prata-page="1">${body}</div>`;
  return { html, title: CATALOGUE_TITLE };
}
