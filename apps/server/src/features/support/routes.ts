import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ContactInformationResponse,
  CreateTicketRequest,
  DocumentFileResponse,
  FaqsResponse,
  IdParams,
  MESSAGES,
  TICKET_FILES_PER_REQUEST,
  TicketAttachmentResponse,
  TicketCategoriesResponse,
  TicketCodeRequest,
  TicketCodeResponse,
  TicketCreatedResponse,
  TicketInteractionRequest,
  TicketInteractionResponse,
  TicketRatingRequest,
  TicketRatingResponse,
  TicketResponse,
  TicketsQuery,
  TicketsResponse,
  TicketVerifyCodeRequest,
  TicketVerifyCodeResponse,
  VisitorTicketRequest,
} from '@prata/domain';
import { AppError } from '../../lib/errors';
import { sendAttachment, type UploadedFile, uploadedFile, uploadedFiles } from '../../lib/uploads';
import { authenticate, currentUser } from '../../plugins/auth';
import { acceptForms, uploadForm } from '../../plugins/multipart';
import { supportAdminRoutes } from './admin-routes';
import { readContactInformation } from './contact';
import { listActiveCategories } from './categories';
import { listFaqs } from './faqs';
import * as tickets from './tickets';
import * as visitor from './visitor';

/** attachments[] (or attachments), optional: one file or several under the same name. */
const attachmentFields = {
  'attachments[]': uploadedFiles(MESSAGES.ticketFileRequired).optional(),
  attachments: uploadedFiles(MESSAGES.ticketFileRequired).optional(),
};
function filesOf(body: { 'attachments[]'?: UploadedFile[]; attachments?: UploadedFile[] }): UploadedFile[] {
  const files = [...(body['attachments[]'] ?? []), ...(body.attachments ?? [])];
  if (files.length > TICKET_FILES_PER_REQUEST)
    throw new AppError('VALIDATION_FAILED', MESSAGES.ticketTooManyFiles(TICKET_FILES_PER_REQUEST), {
      attachments: [MESSAGES.ticketTooManyFiles(TICKET_FILES_PER_REQUEST)],
    });
  return files;
}

/**
 * Support (spec 3 §7 "FAQs and contact", "Tickets"): the FAQs and the contact information (public), the customer's
 * tickets, the visitor's ticket, and the back office's routes (admin-routes.ts). docs/support.md.
 */
// biome-ignore lint/complexity/noExcessiveLinesPerFunction: a route table: each route is a schema and one call
export async function supportRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { deps } = app;
  const db = deps.database.db;

  app.get('/faqs', { schema: { response: { 200: FaqsResponse }, tags: ['support'] } }, async () => ({
    faqs: await listFaqs(db),
  }));
  app.get(
    '/contact-information',
    { schema: { response: { 200: ContactInformationResponse }, tags: ['support'] } },
    async () => ({ info: await readContactInformation(db) }),
  );

  // ------------------------------------------------------------ the customer's tickets
  app.get(
    '/tickets',
    { preHandler: authenticate, schema: { querystring: TicketsQuery, response: { 200: TicketsResponse } } },
    async (req) => tickets.listTickets(deps, currentUser(req), req.query.page),
  );
  // public: the visitor's form lists them too (nothing in them is private)
  app.get('/ticket', { schema: { response: { 200: TicketCategoriesResponse } } }, async () => listActiveCategories(db));
  app.get(
    '/ticket/:id',
    { preHandler: authenticate, schema: { params: IdParams, response: { 200: TicketResponse } } },
    async (req) => tickets.getTicket(deps, currentUser(req), req.params.id),
  );
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

  // The new ticket and the new attachment take files: contexts of their own that accept multipart; the session is
  // checked (onRequest) before a byte of the body is read.
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

  // ------------------------------------------------------------ a visitor's ticket (no session)
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

  await supportAdminRoutes(fastify);
}
