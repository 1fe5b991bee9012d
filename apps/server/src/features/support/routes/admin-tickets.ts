import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AdminTicketAnswerRequest,
  AdminTicketCloseRequest,
  AdminTicketMoveResponse,
  AdminTicketResponse,
  AdminTicketsQuery,
  AdminTicketsResponse,
  DocumentFileResponse,
  IdParams,
  MESSAGES,
  TicketAttachmentResponse,
} from '@prata/domain';
import { sendAttachment, uploadedFile } from '@/lib/uploads';
import { currentUser, requireStaff } from '@/plugins/auth';
import { acceptForms, uploadForm } from '@/plugins/multipart';
import * as backOffice from '../back-office';

/**
 * The back office's ticket queue and its moves (operators with the support role; admin holds every role): the list,
 * a ticket, the answer, the close, the attachments. Every write is audited in its transaction.
 */
export async function adminTicketRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { deps } = app;
  const support = requireStaff('support');
  const staff = (req: FastifyRequest) => ({ userId: currentUser(req).id, ip: req.ip });

  app.get(
    '/admin/tickets',
    { preHandler: support, schema: { querystring: AdminTicketsQuery, response: { 200: AdminTicketsResponse } } },
    async (req) => backOffice.listForStaff(deps, req.query),
  );
  app.get(
    '/admin/tickets/:id',
    { preHandler: support, schema: { params: IdParams, response: { 200: AdminTicketResponse } } },
    async (req) => backOffice.getForStaff(deps, req.params.id),
  );
  app.post(
    '/admin/tickets/:id/interaction',
    {
      preHandler: support,
      schema: { params: IdParams, body: AdminTicketAnswerRequest, response: { 200: AdminTicketMoveResponse } },
      config: { idempotent: true },
    },
    async (req) => backOffice.answerTicket(deps, staff(req), req.params.id, req.body.message),
  );
  app.post(
    '/admin/tickets/:id/close',
    {
      preHandler: support,
      schema: { params: IdParams, body: AdminTicketCloseRequest, response: { 200: AdminTicketMoveResponse } },
      config: { idempotent: true },
    },
    async (req) => backOffice.closeTicket(deps, staff(req), req.params.id, req.body.message),
  );
  app.get(
    '/admin/ticket-attachments/:id',
    { preHandler: support, schema: { params: IdParams, response: { 200: DocumentFileResponse } } },
    async (req, reply) => {
      const { row, data } = await backOffice.readAttachmentForStaff(deps, staff(req), req.params.id);
      return sendAttachment(reply, row, data);
    },
  );
  await fastify.register(async (scope) => {
    await acceptForms(scope, uploadForm(1));
    scope.withTypeProvider<ZodTypeProvider>().post(
      '/admin/tickets/:id/attachment',
      {
        onRequest: support,
        config: { idempotent: true },
        schema: {
          params: IdParams,
          body: z.object({ file: uploadedFile(MESSAGES.ticketFileRequired) }),
          response: { 201: TicketAttachmentResponse },
        },
      },
      async (req, reply) =>
        reply.status(201).send(await backOffice.attachForStaff(deps, staff(req), req.params.id, req.body.file)),
    );
  });
}
