import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  IdParams,
  TicketInteractionRequest,
  TicketInteractionResponse,
  TicketRatingRequest,
  TicketRatingResponse,
} from '@prata/domain';
import { authenticate, currentUser } from '@/plugins/auth';
import * as tickets from '../tickets';

/** The customer's word on a ticket: a message, and the rating once it is answered. */
export async function messageRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { deps } = app;

  app.post(
    '/ticket/:id/interaction',
    {
      preHandler: authenticate,
      config: { idempotent: true },
      schema: { params: IdParams, body: TicketInteractionRequest, response: { 201: TicketInteractionResponse } },
    },
    async (req, reply) =>
      reply.status(201).send(await tickets.addInteraction(deps, currentUser(req), req.params.id, req.body.message)),
  );
  app.post(
    '/ticket/:id/rating',
    {
      preHandler: authenticate,
      config: { idempotent: true },
      schema: { params: IdParams, body: TicketRatingRequest, response: { 201: TicketRatingResponse } },
    },
    async (req, reply) =>
      reply.status(201).send(await tickets.rateTicket(deps, currentUser(req), req.params.id, req.body)),
  );
}
