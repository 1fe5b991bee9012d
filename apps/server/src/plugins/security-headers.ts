import { createRequire } from 'node:module';
import type { FastifyHelmetOptions } from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

type HelmetOptions = Omit<FastifyHelmetOptions, 'global' | 'enableCSPNonces'>;
type Middleware = (req: object, res: object, next: (err?: unknown) => void) => void;

// Helmet itself, as @fastify/helmet depends on it: the plugin builds a new helmet middleware (parsing every CSP
// directive) on every request; the headers never change, so they are computed once here.
const helmet = createRequire(createRequire(import.meta.url).resolve('@fastify/helmet'))('helmet') as (
  options: HelmetOptions,
) => Middleware;

/** The headers helmet sets for these options, by running its middleware once against a recording response. */
function securityHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const res = {
    setHeader(name: string, value: unknown) {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(options)({}, res, (err) => {
    if (err) throw err;
  });
  return headers;
}

/** Helmet's headers on every answer (pages, API, errors, 404s), computed once. */
export function registerSecurityHeaders(app: FastifyInstance, options: HelmetOptions) {
  const headers = securityHeaders(options);
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}
