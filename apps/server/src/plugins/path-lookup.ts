import type { FastifyInstance } from 'fastify';

type Route = { method: string; segments: string[] };
export type PathLookup = {
  /** the methods with a route on this path (HEAD with GET) */
  methods: string[];
  /** a route's pattern fits the path, but a parameter is longer than the router takes */
  paramTooLong: boolean;
};

/** Fastify's default (find-my-way), unless the app sets its own. */
const DEFAULT_MAX_PARAM_LENGTH = 100;

function decode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/**
 * What the route table says about a concrete path the router did not match. The router answers 404 for a known
 * path called with another method (the not-found handler makes it a 405 with `Allow`), and also when a parameter is
 * over its length limit while a wildcard route (the web app's files) exists, instead of 414. Wildcard routes are left
 * out here: they would make every path "known".
 */
export function pathLookup(app: FastifyInstance): (url: string) => PathLookup {
  let routes: Route[] | null = null;
  const maxParamLength =
    (app.initialConfig as { routerOptions?: { maxParamLength?: number } }).routerOptions?.maxParamLength ??
    DEFAULT_MAX_PARAM_LENGTH;
  return (url) => {
    routes ??= app.routeTable
      .map((r) => ({ method: r.method, segments: r.url.split('/') }))
      .filter((r) => !r.segments.some((s) => s.includes('*')));
    const segments = url.split('?')[0]!.split('/');
    const methods = new Set<string>();
    let paramTooLong = false;
    for (const route of routes) {
      if (route.segments.length !== segments.length) continue;
      let fits = true;
      let tooLong = false;
      for (const [i, s] of route.segments.entries()) {
        const actual = segments[i]!;
        if (!s.startsWith(':')) fits &&= s === actual;
        else if (actual === '') fits = false;
        else if (decode(actual).length > maxParamLength) tooLong = true;
      }
      if (!fits) continue;
      if (tooLong) {
        paramTooLong = true;
        continue;
      }
      methods.add(route.method);
      if (route.method === 'GET') methods.add('HEAD');
    }
    return { methods: [...methods].sort(), paramTooLong };
  };
}
