import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { boundedString } from '@prata/domain';
import { searchCities } from './service';

export async function cityRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/cities/search/:text',
    { schema: { params: z.object({ text: boundedString({ max: 80 }) }) } },
    async (req) => {
      await app.deps.limiter.hit('lookupAddress', req.ip);
      return { cities: searchCities(req.params.text) };
    },
  );
}
