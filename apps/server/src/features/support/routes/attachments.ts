import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { DocumentFileResponse, IdParams, TicketAttachmentResponse } from '@prata/domain';
import { sendAttachment } from '@/lib/uploads';
import { authenticate, currentUser } from '@/plugins/auth';
import * as tickets from '../tickets';

/** A ticket's attachment, for the customer who owns the ticket: read it, delete it. */
export async function attachmentRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { deps } = app;

  app.get(
    '/ticket/attachment/:id',
    { preHandler: authenticate, schema: { params: IdParams, response: { 200: DocumentFileResponse } } },
    async (req, reply) => {
      const { row, data } = await tickets.readAttachment(deps, currentUser(req), req.params.id);
      return sendAttachment(reply, row, data);
    },
  );
  app.delete(
    '/ticket/attachment/:id',
    { preHandler: authenticate, schema: { params: IdParams, response: { 200: TicketAttachmentResponse } } },
    async (req) => tickets.deleteAttachment(deps, currentUser(req), req.params.id),
  );
}
