import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { AppDeps } from './deps';
import { createRenderPool } from './lib/render-pool';
import './lib/zod-locale';
import { registerErrorHandling } from './plugins/errors';
import { clientErrorHandler, frameworkErrors, JSON_BODY_LIMIT, registerInputGuards } from './plugins/input';
import { registerAuth } from './plugins/auth';
import { registerIdempotency } from './plugins/idempotency';
import { type Broadcast, channelPrefix, createBroadcast } from './messaging/broadcast';
import { createLimiter, type Limiter } from './plugins/rate-limit';
import { registerResponseCheck } from './plugins/response-check';
import { registerSecurityHeaders } from './plugins/security-headers';
import { registerFirstPaints } from './plugins/first-paint';
import { registerWeb } from './plugins/web';
import { featureRoutes, registerFeatureReconciliation } from './features';

// biome-ignore lint/complexity/noExcessiveLinesPerFunction: the app's wiring, in Fastify's registration order
export async function buildApp(
  input: Omit<AppDeps, 'limiter' | 'broadcast' | 'renderPool' | 'lifecycle'> & {
    limiter?: Limiter;
    broadcast?: Broadcast;
    lifecycle?: AppDeps['lifecycle'];
  },
): Promise<FastifyInstance> {
  const { config } = input;
  let logError: (err: unknown) => void = () => {};
  let logRenderError: (err: unknown) => void = () => {};
  const deps: AppDeps = {
    ...input,
    limiter: input.limiter ?? createLimiter(config),
    broadcast:
      input.broadcast ??
      createBroadcast({
        redisUrl: config.redisUrl,
        prefix: channelPrefix(input.database.url),
        onError: (err) => logError(err),
      }),
    renderPool: createRenderPool(config.renderPool, (err) => logRenderError(err)),
    lifecycle: input.lifecycle ?? { draining: false },
  };
  const app = Fastify({
    logger:
      config.logLevel === 'silent'
        ? false
        : {
            level: config.logLevel,
            redact: ['req.headers.authorization', 'req.headers.cookie', 'body.password', 'body.code'],
          },
    // Only the proxies the operator named may set X-Forwarded-For (TRUST_PROXY); by default request.ip is the peer.
    trustProxy:
      typeof config.trustProxy === 'number'
        ? (
            (hops: number) => (_address: string, hop: number) =>
              hop < hops
          )(config.trustProxy)
        : config.trustProxy,
    // Multipart is accepted only by the routes that take it (plugins/multipart.ts), under limits of their own.
    bodyLimit: JSON_BODY_LIMIT,
    frameworkErrors,
    clientErrorHandler,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('deps', deps);
  const registeredRoutes: string[] = [];
  app.decorate('registeredRoutes', registeredRoutes);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD') registeredRoutes.push(`${method} ${route.url}`);
    }
  });
  registerInputGuards(app);
  // before any plugin: a plugin's context keeps the error handler it was registered under (the docs' routes too)
  registerErrorHandling(app);

  registerSecurityHeaders(app, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        baseUri: ["'none'"],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https://i.ytimg.com'],
        frameSrc: ["'self'", 'https://www.youtube-nocookie.com'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        scriptSrc: ["'self'"],
        connectSrc: ["'self'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: config.env === 'production' ? [] : null,
      },
    },
    strictTransportSecurity: { maxAge: 31_536_000, includeSubDomains: true },
  });
  // The API description is a map for attackers too: off in production unless API_DOCS=1.
  if (config.apiDocs) {
    await app.register(swagger, {
      openapi: { info: { title: 'Prata API', version: '0.1.0' } },
      transform: jsonSchemaTransform,
    });
    await app.register(swaggerUi, {
      routePrefix: '/api/docs',
      uiConfig: { docExpansion: 'list', deepLinking: false },
    });
  }

  if (!input.limiter) app.addHook('onClose', async () => deps.limiter.close());
  if (!input.broadcast) app.addHook('onClose', async () => deps.broadcast.close());
  app.addHook('onClose', async () => deps.renderPool.close());
  logError = (err) => app.log.warn({ err }, 'broadcast');
  logRenderError = (err) => app.log.error({ err }, 'render pool: a thread failed outside a render');
  registerAuth(app);
  registerIdempotency(app);
  // before the features: a page of theirs may give index.html its first paint (plugins/first-paint.ts)
  registerFirstPaints(app);

  if (config.checkResponses) registerResponseCheck(app);
  // Private answers must never be cached by browsers or proxies.
  app.addHook('onSend', (request, reply, payload, done) => {
    if (request.url.startsWith('/api/')) reply.header('cache-control', 'no-store');
    done(null, payload);
  });

  // the back office's reconciliation checks every feature's records against the ledger, not the ledger alone
  registerFeatureReconciliation();
  await app.register(
    async (api) => {
      for (const register of featureRoutes) await register(api);
    },
    { prefix: '/api' },
  );

  await registerWeb(app);
  return app;
}
