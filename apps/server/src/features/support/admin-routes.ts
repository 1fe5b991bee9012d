import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AdminContactInformationResponse,
  AdminFaqResponse,
  AdminFaqsResponse,
  AdminTicketAnswerRequest,
  AdminTicketCategoriesResponse,
  AdminTicketCategoryResponse,
  AdminTicketCloseRequest,
  AdminTicketMoveResponse,
  AdminTicketResponse,
  AdminTicketsQuery,
  AdminTicketsResponse,
  ContactInformationRequest,
  DocumentFileResponse,
  FaqRequest,
  IdParams,
  MESSAGES,
  TicketAttachmentResponse,
  TicketCategoryRequest,
} from '@prata/domain';
import { sendAttachment, uploadedFile } from '../../lib/uploads';
import { currentUser, requireStaff } from '../../plugins/auth';
import { acceptForms, uploadForm } from '../../plugins/multipart';
import * as backOffice from './back-office';
import * as categories from './categories';
import { readContactInformation, saveContactInformation } from './contact';
import * as faqs from './faqs';

/**
 * The back office of support (operators with the support role; admin holds every role): the ticket queue and its
 * moves, the FAQs, the contact information and the ticket categories. Every write is audited in its transaction.
 */
// biome-ignore lint/complexity/noExcessiveLinesPerFunction: a route table: each route is a schema and one call
export async function supportAdminRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { deps } = app;
  const db = deps.database.db;
  const support = requireStaff('support');
  const staff = (req: FastifyRequest) => ({ userId: currentUser(req).id, ip: req.ip });

  // ------------------------------------------------------------ tickets
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

  // ------------------------------------------------------------ FAQs
  app.get('/admin/faqs', { preHandler: support, schema: { response: { 200: AdminFaqsResponse } } }, async () => ({
    faqs: await faqs.listFaqsForStaff(db),
  }));
  app.post(
    '/admin/faqs',
    {
      preHandler: support,
      config: { idempotent: true },
      schema: { body: FaqRequest, response: { 201: AdminFaqResponse } },
    },
    async (req, reply) => reply.status(201).send(await faqs.createFaq(deps, staff(req), req.body)),
  );
  app.put(
    '/admin/faqs/:id',
    { preHandler: support, schema: { params: IdParams, body: FaqRequest, response: { 200: AdminFaqResponse } } },
    async (req) => faqs.updateFaq(deps, staff(req), req.params.id, req.body),
  );
  app.delete(
    '/admin/faqs/:id',
    { preHandler: support, schema: { params: IdParams, response: { 200: AdminFaqResponse } } },
    async (req) => faqs.deleteFaq(deps, staff(req), req.params.id),
  );

  // ------------------------------------------------------------ contact information
  app.get(
    '/admin/contact-information',
    { preHandler: support, schema: { response: { 200: AdminContactInformationResponse } } },
    async () => ({ info: await readContactInformation(db), message: '' }),
  );
  app.put(
    '/admin/contact-information',
    {
      preHandler: support,
      schema: { body: ContactInformationRequest, response: { 200: AdminContactInformationResponse } },
    },
    async (req) => saveContactInformation(deps, staff(req), req.body.info),
  );

  // ------------------------------------------------------------ categories
  app.get(
    '/admin/ticket-categories',
    { preHandler: support, schema: { response: { 200: AdminTicketCategoriesResponse } } },
    async () => ({ categories: await categories.listCategoriesForStaff(db) }),
  );
  app.post(
    '/admin/ticket-categories',
    {
      preHandler: support,
      config: { idempotent: true },
      schema: { body: TicketCategoryRequest, response: { 201: AdminTicketCategoryResponse } },
    },
    async (req, reply) => reply.status(201).send(await categories.createCategory(deps, staff(req), req.body)),
  );
  app.put(
    '/admin/ticket-categories/:id',
    {
      preHandler: support,
      schema: { params: IdParams, body: TicketCategoryRequest, response: { 200: AdminTicketCategoryResponse } },
    },
    async (req) => categories.updateCategory(deps, staff(req), req.params.id, req.body),
  );
  app.post(
    '/admin/ticket-categories/:id/subcategories',
    {
      preHandler: support,
      config: { idempotent: true },
      schema: { params: IdParams, body: TicketCategoryRequest, response: { 201: AdminTicketCategoryResponse } },
    },
    async (req, reply) =>
      reply.status(201).send(await categories.createSubcategory(deps, staff(req), req.params.id, req.body)),
  );
  app.put(
    '/admin/ticket-subcategories/:id',
    {
      preHandler: support,
      schema: { params: IdParams, body: TicketCategoryRequest, response: { 200: AdminTicketCategoryResponse } },
    },
    async (req) => categories.updateSubcategory(deps, staff(req), req.params.id, req.body),
  );
}
