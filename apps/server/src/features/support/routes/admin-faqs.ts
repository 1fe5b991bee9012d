import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  AdminContactInformationResponse,
  AdminFaqResponse,
  AdminFaqsResponse,
  ContactInformationRequest,
  FaqRequest,
  IdParams,
} from '@prata/domain';
import { currentUser, requireStaff } from '@/plugins/auth';
import { readContactInformation, saveContactInformation } from '../contact';
import * as faqs from '../faqs';

/** The back office's FAQs and contact information (the support role). Every write is audited in its transaction. */
export async function adminFaqRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { deps } = app;
  const db = deps.database.db;
  const support = requireStaff('support');
  const staff = (req: FastifyRequest) => ({ userId: currentUser(req).id, ip: req.ip });

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
}
