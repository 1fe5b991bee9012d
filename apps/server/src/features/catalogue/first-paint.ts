import { stat } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ProductTypesResponse, SiteLinks } from '@prata/domain';
import type { FastifyInstance } from 'fastify';
import type { FirstPaint, FirstPaintPage } from '@/plugins/first-paint';
import { webDistOf } from '@/plugins/web';
import { bookVersion } from '@/features/orders/index';
import { catalogueVersion } from './cache';
import { readProductTypes } from './products';

/** The data the page's first render reads, in the browser and in the server's render alike. */
type CatalogueData = { productTypes: ProductTypesResponse['productTypes']; siteLinks: SiteLinks };

/** What the web build's server render exports (apps/web/src/ssr/first-paint.tsx). */
type WebRender = { renderCataloguePage(data: CatalogueData): Promise<{ html: string; title: string }> };

/**
 * Where `npm run build` writes the web's server render, inside the build folder (never served: plugins/web.ts); an
 * ES module by its name, wherever the build folder is copied (the e2e runner serves a copy).
 */
export const WEB_RENDER_FILE = path.join('ssr', 'first-paint.mjs');

type Loaded = { file: string; mtimeMs: number; module: Promise<WebRender> };
const loaded = new Map<string, Loaded>();

/** The build's render module, imported again when a new build replaced it; null when the build has none. */
async function webRender(dist: string): Promise<WebRender | null> {
  const file = path.join(dist, WEB_RENDER_FILE);
  const info = await stat(file).catch(() => undefined);
  if (!info?.isFile()) return null;
  const known = loaded.get(file);
  if (known && known.mtimeMs === info.mtimeMs) return known.module;
  const module = import(`${pathToFileURL(file).href}?t=${info.mtimeMs}`) as Promise<WebRender>;
  loaded.set(file, { file, mtimeMs: info.mtimeMs, module });
  return module;
}

/** Imports the build's render ahead of the first visitor (when the server starts listening); never rejects. */
export async function loadWebRender(app: FastifyInstance): Promise<void> {
  await webRender(webDistOf(app)).catch((error: unknown) => {
    app.log.warn({ err: error }, "the web build's server render did not load; the catalogue goes without first paint");
  });
}

/**
 * The first paint of /comprar-prata (plugins/first-paint.ts): the visitor's page drawn on the server by the web app's
 * own components (apps/web/src/ssr/first-paint.tsx: the guest header, the hero, the catalogue's first page, 'Como
 * funciona', the footer and Auro's button), from the same data the page's first render in the browser reads (the data
 * block: `productTypes`, `siteLinks`). Drawn once per version: the catalogue's (an operator's edit, an image, a
 * purchase's stock) and the book's (the prices are the house's asks: any batch of any instance, heard through the
 * broadcast bus). Its data is read afresh, never from the catalogue's one-second cache, so that the page drawn for a
 * version shows that version. Without a server render in the build (tests that build no web app), the page goes
 * without a first paint.
 */
export const catalogueFirstPaint: FirstPaintPage = {
  version: (app) => `${catalogueVersion()}:${bookVersion(app.deps)}`,
  async paint(app): Promise<FirstPaint | null> {
    const render = await webRender(webDistOf(app));
    if (!render) return null;
    const page = await readProductTypes(app.deps, 1);
    const data: CatalogueData = { productTypes: page.productTypes, siteLinks: app.deps.config.siteLinks };
    const { html, title } = await render.renderCataloguePage(data);
    return { html, data, title };
  },
};
