import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { MESSAGES } from '@prata/domain';
import { APP_LOADER_FILE, APP_LOADER_PATH, firstPaintCache } from './first-paint';
import { pathLookup } from './path-lookup';
import { notModified, pickVariant, type WebFile, webFiles } from './web-files';

const DEFAULT_DIST = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../web/dist');

/** Hashed build assets: a new build gives new names, so a browser keeps each one for a year without asking. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Everything else (index.html, favicon): kept, but revalidated with its ETag on every use. */
const REVALIDATE = 'no-cache';

/**
 * Serves the built web app on the same port as the API, from memory (plugins/web-files.ts): the brotli or gzip copy
 * the build wrote when the browser takes it, ETags and 304s, HEAD on every page and asset, and index.html for client
 * routes (with the page's first paint when a feature gives it one).
 */
/** The web app's build folder (WEB_DIST, or apps/web/dist beside the server's source). */
export const webDistOf = (app: FastifyInstance): string => app.deps.config.webDist ?? DEFAULT_DIST;

/** The build's server render of painted pages (features/catalogue/first-paint.ts): imported, never served. */
const SERVER_ONLY = '/ssr/';

export async function registerWeb(app: FastifyInstance) {
  const dist = webDistOf(app);
  const hasWeb = existsSync(path.join(dist, 'index.html'));
  if (hasWeb) {
    const files = webFiles(dist);
    const firstPaint = firstPaintCache(app);
    const send = (request: FastifyRequest, reply: FastifyReply, file: WebFile) => {
      const variant = pickVariant(file, request.headers['accept-encoding']);
      reply.header('cache-control', file.immutable ? IMMUTABLE : REVALIDATE);
      reply.header('etag', variant.etag);
      reply.header('last-modified', file.lastModified);
      if (file.br || file.gzip) reply.header('vary', 'accept-encoding');
      if (notModified(request.headers['if-none-match'], variant.etag)) return reply.status(304).send();
      if (variant.encoding) reply.header('content-encoding', variant.encoding);
      return reply.type(file.type).send(variant.body);
    };
    // GET and HEAD (Fastify adds HEAD to a GET route) on every path the API does not own.
    app.get('/*', { schema: { hide: true } }, async (request, reply) => {
      const urlPath = request.url.split('?')[0]!;
      if (urlPath.startsWith('/api/')) return reply.callNotFound();
      // the loader of the painted pages' scripts (plugins/first-paint.ts) is the server's, not the build's
      if (urlPath === APP_LOADER_PATH) return send(request, reply, APP_LOADER_FILE);
      const file = urlPath === '/' || urlPath.startsWith(SERVER_ONLY) ? undefined : await files.get(urlPath);
      if (file) return send(request, reply, file);
      // A missing build asset is a 404; any other path is a page of the app (client-side routes).
      if (urlPath.startsWith('/assets/')) return reply.callNotFound();
      const index = await files.get('/index.html');
      // a page with a first paint (plugins/first-paint.ts) gets index.html with its HTML and data inside
      return index ? send(request, reply, await firstPaint(urlPath, index)) : reply.callNotFound();
    });
  }
  const lookup = pathLookup(app);
  app.setNotFoundHandler((request, reply) => {
    // A known path with a parameter over the router's limit is a 414; called with another method, a 405 with Allow.
    const known = lookup(request.url);
    if (known.paramTooLong && known.methods.length === 0) {
      return reply.status(414).send({ code: 'URI_TOO_LONG', message: MESSAGES.urlTooLong });
    }
    if (known.methods.length > 0) {
      return reply
        .status(405)
        .header('allow', known.methods.join(', '))
        .send({ code: 'METHOD_NOT_ALLOWED', message: MESSAGES.methodNotAllowed });
    }
    // Pages and files are the GET route's above: what reaches here is a missing API path or build asset.
    return reply.status(404).send({ code: 'ROUTE_NOT_FOUND', message: MESSAGES.routeNotFound });
  });
}
