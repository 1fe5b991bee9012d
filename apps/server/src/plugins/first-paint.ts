import { createHash } from 'node:crypto';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import type { Variant, WebFile } from './web-files';

/**
 * A page's first paint: HTML the server puts inside index.html's `<div id="root">` so that a visitor sees the page
 * before the app's JavaScript has arrived, and the data the page's first render needs (read by the web app from
 * `<script type="application/json" id="prata-first-paint">`, a data block the CSP's script-src 'self' allows, since
 * it never runs), so that React's first render shows the same content instead of a skeleton. React replaces the HTML
 * when it renders (createRoot clears the container): new elements, so no layout shift is counted.
 */
export type FirstPaint = { html: string; data: Record<string, unknown> };
export type FirstPaintProvider = (app: FastifyInstance) => Promise<FirstPaint | null>;

/** How long a page's first paint is reused before it is built again (the catalogue's prices follow the book). */
export const FIRST_PAINT_TTL_MS = 5_000;

type Entry = { file: WebFile; source: WebFile; builtAt: number };

declare module 'fastify' {
  interface FastifyInstance {
    /** pathname → provider; read by the web plugin when it answers that page with index.html */
    firstPaints: Map<string, FirstPaintProvider>;
  }
}

/** Decorates the app with an empty registry: call before the features register their pages. */
export function registerFirstPaints(app: FastifyInstance): void {
  app.decorate('firstPaints', new Map<string, FirstPaintProvider>());
}

/** A feature gives a page (an exact pathname, e.g. '/comprar-prata') its first paint. */
export function addFirstPaint(app: FastifyInstance, pathname: string, provider: FirstPaintProvider): void {
  app.firstPaints.set(pathname, provider);
}

/** `<` and the line separators written as escapes: the JSON can neither close its script element nor break it. */
export function jsonForHtml(data: unknown): string {
  return JSON.stringify(data)
    .replaceAll('<', '\\u003c')
    .replaceAll('\u2028', '\\u2028')
    .replaceAll('\u2029', '\\u2029');
}

const etagOf = (body: Buffer, suffix: string) =>
  `"fp-${createHash('sha1').update(body).digest('base64url').slice(0, 22)}${suffix}"`;

function variant(body: Buffer, encoding: Variant['encoding']): Variant {
  return { body, encoding, etag: etagOf(body, encoding ? `-${encoding}` : '') };
}

/** The build's module script and its modulepreload links, as Vite writes them in the head. */
const APP_SCRIPTS = /\s*(<script type="module"[^>]*><\/script>|<link rel="modulepreload"[^>]*>)/g;

/** The build's stylesheet links (`<link rel="stylesheet" … href="/assets/x.css">`) and their paths. */
const STYLESHEET = /<link rel="stylesheet"[^>]*href="(\/assets\/[^"]+\.css)"[^>]*>/g;

/**
 * index.html with the page's HTML inside the root element and its data beside it, compressed once. `styles` maps a
 * stylesheet's path to its text: those links are written inline, so the painted page waits for no other request
 * (the app's stylesheet is a couple of KB; its font URLs are absolute and stay valid).
 */
export function withFirstPaint(
  index: WebFile,
  paint: FirstPaint,
  styles: ReadonlyMap<string, string> = new Map(),
): WebFile {
  let html = index.identity.body.toString('utf8');
  html = html.replace(STYLESHEET, (link, href: string) => {
    const css = styles.get(href);
    return css === undefined || css.includes('</') ? link : `<style>${css}</style>`;
  });
  // the app's scripts after the painted page: the browser asks for the page's images first, the JavaScript after
  const scripts: string[] = [];
  html = html.replace(APP_SCRIPTS, (tag) => {
    scripts.push(tag.trim());
    return '';
  });
  if (scripts.length > 0) html = html.replace('</body>', () => `${scripts.join('')}</body>`);
  const marker = '<div id="root"></div>';
  if (!html.includes(marker)) return index;
  const filled = html.replace(
    marker,
    () =>
      `<div id="root">${paint.html}</div>` +
      `<script type="application/json" id="prata-first-paint">${jsonForHtml(paint.data)}</script>`,
  );
  const body = Buffer.from(filled, 'utf8');
  return {
    ...index,
    identity: variant(body, undefined),
    br: variant(brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 9 } }), 'br'),
    gzip: variant(gzipSync(body, { level: 9 }), 'gzip'),
  };
}

/**
 * The first paints of one app: each page's index.html built at most once per FIRST_PAINT_TTL_MS (and again when the
 * build's index.html changes); a provider that fails or has nothing leaves the plain index.html, logged.
 */
export function firstPaintCache(
  app: FastifyInstance,
  readAsset: (urlPath: string) => Promise<WebFile | undefined> = async () => undefined,
  ttlMs = FIRST_PAINT_TTL_MS,
) {
  const entries = new Map<string, Entry>();
  const building = new Map<string, Promise<WebFile>>();
  return async (pathname: string, index: WebFile): Promise<WebFile> => {
    const provider = app.firstPaints.get(pathname);
    if (!provider) return index;
    const cached = entries.get(pathname);
    if (cached && cached.source === index && Date.now() - cached.builtAt < ttlMs) return cached.file;
    const running = building.get(pathname);
    if (running) return running;
    const build = (async () => {
      try {
        const paint = await provider(app);
        const styles = new Map<string, string>();
        for (const [, href] of index.identity.body.toString('utf8').matchAll(STYLESHEET)) {
          const css = href ? await readAsset(href) : undefined;
          if (href && css) styles.set(href, css.identity.body.toString('utf8'));
        }
        const file = paint ? withFirstPaint(index, paint, styles) : index;
        entries.set(pathname, { file, source: index, builtAt: Date.now() });
        return file;
      } catch (error) {
        app.log.warn({ err: error, pathname }, 'first paint failed; serving the plain index.html');
        return index;
      } finally {
        building.delete(pathname);
      }
    })();
    building.set(pathname, build);
    return build;
  };
}
