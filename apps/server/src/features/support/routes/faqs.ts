import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ContactInformationResponse, FaqsResponse } from '@prata/domain';
import { readContactInformation } from '../contact';
import { listFaqs } from '../faqs';

/** The FAQs and the contact information: public (spec 3 §7 "FAQs and contact"). */
export async function faqRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const db = app.deps.database.db;

  app.get('/faqs', { schema: { response: { 200: FaqsResponse }, tags: ['support'] } }, async () => ({
    faqs: await listFaqs(db),
  }));
  app.get(
    '/contact-information',
    { schema: { response: { 200: ContactInformationResponse }, tags: ['support'] } },
    async () => ({ info: await readContactInformation(db) }),
  );
}
