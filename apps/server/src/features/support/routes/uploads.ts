import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CreateTicketRequest,
  IdParams,
  MESSAGES,
  TICKET_FILES_PER_REQUEST,
  TicketAttachmentResponse,
  TicketCreatedResponse,
} from '@prata/domain';
import { uploadedFile } from '@/lib/uploads';
import { authenticate, currentUser } from '@/plugins/auth';
import { acceptForms, uploadForm } from '@/plugins/multipart';
import * as tickets from '../tickets';
import { attachmentFields, filesOf } from './files';

/**
 * The new ticket and the new attachment take files: contexts of their own that accept multipart; the session is
 * checked (onRequest) before a byte of the body is read.
 */
export async function ticketUploadRoutes(fastify: FastifyInstance) {
  const { deps } = fastify;
  await fastify.register(async (scope) => {
    await acceptForms(scope, uploadForm(TICKET_FILES_PER_REQUEST));
    scope.withTypeProvider<ZodTypeProvider>().post(
      '/ticket',
      {
        onRequest: authenticate,
        // a double tap on "Enviar" opens one ticket (its attachments are part of the request's fingerprint)
        config: { idempotent: true },
        schema: { body: CreateTicketRequest.extend(attachmentFields), response: { 201: TicketCreatedResponse } },
      },
      async (req, reply) =>
        reply.status(201).send(await tickets.createTicket(deps, currentUser(req), req.body, filesOf(req.body), req.ip)),
    );
  });
  await fastify.register(async (scope) => {
    await acceptForms(scope, uploadForm(1));
    scope.withTypeProvider<ZodTypeProvider>().post(
      '/ticket/:id/attachment',
      {
        onRequest: authenticate,
        config: { idempotent: true },
        schema: {
          params: IdParams,
          body: z.object({ file: uploadedFile(MESSAGES.ticketFileRequired) }),
          response: { 201: TicketAttachmentResponse },
        },
      },
      async (req, reply) =>
        reply.status(201).send(await tickets.addAttachment(deps, currentUser(req), req.params.id, req.body.file)),
    );
  });
}
