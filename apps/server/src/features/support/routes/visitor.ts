import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  TICKET_FILES_PER_REQUEST,
  TicketCodeRequest,
  TicketCodeResponse,
  TicketCreatedResponse,
  TicketVerifyCodeRequest,
  TicketVerifyCodeResponse,
  VisitorTicketRequest,
} from '@prata/domain';
import { acceptForms, uploadForm } from '@/plugins/multipart';
import * as visitor from '../visitor';
import { attachmentFields, filesOf } from './files';

/** A visitor's ticket (no session): the e-mail's code, its check, and the ticket with its files. */
export async function visitorTicketRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { deps } = app;

  app.post(
    '/ticket/send-verification-code',
    {
      schema: { body: TicketCodeRequest, response: { 200: TicketCodeResponse } },
      config: { idempotent: true },
    },
    async (req) => visitor.sendVisitorCode(deps, req.body.email, req.ip),
  );
  app.post(
    '/ticket/verify-code',
    { schema: { body: TicketVerifyCodeRequest, response: { 200: TicketVerifyCodeResponse } } },
    async (req) => visitor.verifyVisitorCode(deps, req.body.email, req.body.code, req.ip),
  );
  await fastify.register(async (scope) => {
    await acceptForms(scope, uploadForm(TICKET_FILES_PER_REQUEST));
    scope.withTypeProvider<ZodTypeProvider>().post(
      '/ticket/visitor',
      {
        // an address past its limit is refused before its upload is read
        onRequest: async (req) => deps.limiter.check('ticketsAddress', req.ip),
        config: { idempotent: true },
        schema: { body: VisitorTicketRequest.extend(attachmentFields), response: { 201: TicketCreatedResponse } },
      },
      async (req, reply) =>
        reply.status(201).send(await visitor.createVisitorTicket(deps, req.body, filesOf(req.body), req.ip)),
    );
  });
}
