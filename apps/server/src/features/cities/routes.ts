import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  CepLookupResponse,
  CepParams,
  CitySearchParams,
  CitySearchQuery,
  CitySearchResponse,
  MESSAGES,
} from '@prata/domain';
import { notFound } from '@/lib/errors';
import { lookupCep } from './cep';
import { searchCities } from './service';

export async function cityRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/cities/search/:text',
    {
      // ?uf=: the state of the CEP already typed, whose cities come first
      schema: { params: CitySearchParams, querystring: CitySearchQuery, response: { 200: CitySearchResponse } },
    },
    async (req) => {
      await app.deps.limiter.hit('lookupAddress', req.ip);
      return { cities: searchCities(req.params.text, { state: req.query.uf }) };
    },
  );

  // Public (the address form of the checkout has no session either), limited per address.
  app.get('/cep/:cep', { schema: { params: CepParams, response: { 200: CepLookupResponse } } }, async (req) => {
    await app.deps.limiter.hit('cepLookupAddress', req.ip);
    const answer = await lookupCep(app.deps, req.params.cep);
    if (!answer) throw notFound(MESSAGES.cepNotFound);
    return answer;
  });
}
