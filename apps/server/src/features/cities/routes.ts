import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { limits } from '../../plugins/rate-limit';
import { searchCities } from './service';

export async function cityRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/cities/search/:text',
    { schema: { params: z.object({ text: z.string().max(80) }) }, config: { rateLimit: limits.lookup } },
    async (req) => ({ cities: searchCities(req.params.text) }),
  );
}
