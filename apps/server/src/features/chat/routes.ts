import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ChatAskRequest, ChatAskResponse } from '@prata/domain';
import { authenticate } from '@/plugins/auth';
import { ask, askerOf } from './service';

/** A session when the request carries one (an invalid or expired one is a 401, not a visitor); none otherwise. */
async function sessionIfSent(request: FastifyRequest) {
  if (request.headers.authorization) await authenticate(request);
}

/** Auro: POST /api/chat/ask, for visitors (name and e-mail) and signed-in customers (the token). */
export async function chatRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { deps } = app;

  app.post(
    '/chat/ask',
    {
      preHandler: sessionIfSent,
      schema: { body: ChatAskRequest, response: { 200: ChatAskResponse }, tags: ['chat'] },
    },
    async (req) =>
      ask(deps, askerOf(req.auth?.user ?? null, req.body.visitor_info), req.body, { ip: req.ip, log: req.log }),
  );
}
