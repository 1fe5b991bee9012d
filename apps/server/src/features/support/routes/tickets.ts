import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { IdParams, TicketCategoriesResponse, TicketResponse, TicketsQuery, TicketsResponse } from '@prata/domain';
import { authenticate, currentUser } from '@/plugins/auth';
import { listActiveCategories } from '../categories';
import * as tickets from '../tickets';

/** The customer's tickets: the list, the categories to open one under, a ticket with its messages. */
export async function ticketRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { deps } = app;
  const db = deps.database.db;

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
}
