import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  AdminTicketCategoriesResponse,
  AdminTicketCategoryResponse,
  IdParams,
  TicketCategoryRequest,
} from '@prata/domain';
import { currentUser, requireStaff } from '@/plugins/auth';
import * as categories from '../categories';

/** The back office's ticket categories and subcategories (the support role), audited in their transactions. */
export async function adminCategoryRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { deps } = app;
  const db = deps.database.db;
  const support = requireStaff('support');
  const staff = (req: FastifyRequest) => ({ userId: currentUser(req).id, ip: req.ip });

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
