import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { MESSAGES } from '@prata/domain';
import { pathLookup } from './path-lookup';

const DEFAULT_DIST = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../web/dist');

/** Serves the built web app on the same port as the API, with a fallback to index.html for client routes. */
export async function registerWeb(app: FastifyInstance) {
  const dist = app.deps.config.webDist ?? DEFAULT_DIST;
  const hasWeb = existsSync(path.join(dist, 'index.html'));
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: dist,
      // a wildcard route: files of a new build are served without a restart
      wildcard: true,
      // '/' (a directory) answers index.html; the app then routes the visitor to /comprar-prata
      index: ['index.html'],
      setHeaders(res, filePath) {
        if (filePath.includes(`${path.sep}assets${path.sep}`))
          res.header('cache-control', 'public, max-age=31536000, immutable');
      },
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
    // A missing API path or build asset is a 404; any other page is the app's (client-side routes).
    if (request.url.startsWith('/api/') || request.url.startsWith('/assets/') || !hasWeb || request.method !== 'GET') {
      return reply.status(404).send({ code: 'ROUTE_NOT_FOUND', message: MESSAGES.routeNotFound });
    }
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
}
