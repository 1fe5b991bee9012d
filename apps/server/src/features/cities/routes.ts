import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { boundedString, CepLookupResponse, MESSAGES, onlyDigits } from '@prata/domain';
import { notFound } from '../../lib/errors';
import { lookupCep } from './cep';
import { searchCities } from './service';

const UF = z
  .string()
  .regex(/^[A-Za-z]{2}$/)
  .transform((v) => v.toUpperCase());

/** 8 digits, with or without the hyphen. */
const CepParam = z
  .string()
  .max(9)
  .regex(/^\d{5}-?\d{3}$/, MESSAGES.cepIncomplete)
  .transform((v) => onlyDigits(v));

export async function cityRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/cities/search/:text',
    {
      schema: {
        params: z.object({ text: boundedString({ max: 80 }) }),
        // the state of the CEP already typed, whose cities come first
        querystring: z.object({ uf: UF.optional() }),
      },
    },
    async (req) => {
      await app.deps.limiter.hit('lookupAddress', req.ip);
      return { cities: searchCities(req.params.text, { state: req.query.uf }) };
    },
  );

  // Public (the address form of the checkout has no session either), limited per address.
  app.get(
    '/cep/:cep',
    { schema: { params: z.object({ cep: CepParam }), response: { 200: CepLookupResponse } } },
    async (req) => {
      await app.deps.limiter.hit('cepLookupAddress', req.ip);
      const answer = await lookupCep(app.deps, req.params.cep);
      if (!answer) throw notFound(MESSAGES.cepNotFound);
      return answer;
    },
  );
}
