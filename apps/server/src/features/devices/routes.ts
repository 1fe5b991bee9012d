import {
  EndOtherSessionsResponse,
  EndSessionByLinkRequest,
  MessageResponse,
  SessionIdParams,
  SessionsQuery,
  SessionsResponse,
} from '@prata/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { authenticate } from '@/plugins/auth';
import * as service from './service';

/**
 * "Onde estou conectado" (docs/security.md "Sessions and devices"): the signed-in customer's open
 * sessions, ending one or every other one, and the new-device e-mail's link, which works without signing in.
 */
export async function deviceRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { deps } = app;
  const tags = ['devices'];

  app.get(
    '/sessions',
    { preHandler: authenticate, schema: { tags, querystring: SessionsQuery, response: { 200: SessionsResponse } } },
    async (req) => service.listSessions(deps, req.auth!, req.query.cursor),
  );
  app.delete(
    '/sessions',
    { preHandler: authenticate, schema: { tags, response: { 200: EndOtherSessionsResponse } } },
    async (req) => service.endOtherSessions(deps, req.auth!),
  );
  app.delete(
    '/sessions/:id',
    { preHandler: authenticate, schema: { tags, params: SessionIdParams, response: { 200: MessageResponse } } },
    async (req) => ({ message: await service.endSession(deps, req.auth!, req.params.id) }),
  );
  app.post(
    '/sessions/end-by-link',
    { schema: { tags, body: EndSessionByLinkRequest, response: { 200: MessageResponse } } },
    async (req) => ({ message: await service.endSessionByLink(deps, req.body.token, req.ip) }),
  );
}
