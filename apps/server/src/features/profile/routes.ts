import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AddressRequest,
  CompanyRequest,
  CpfStatusRequest,
  FatcaRequest,
  MESSAGES,
  PersonalDataRequest,
} from '@prata/domain';
import { authenticate, currentUser, optionalAuthenticate } from '../../plugins/auth';
import * as profile from './service';

const idParams = z.object({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });

export async function profileRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { deps } = app;

  app.get('/register/finish', { preHandler: authenticate }, async (req) =>
    profile.registrationData(deps, currentUser(req).id),
  );

  app.put('/user/pessoais', { preHandler: authenticate, schema: { body: PersonalDataRequest } }, async (req) => ({
    user: await profile.updatePersonalData(deps, currentUser(req), req.body),
    message: MESSAGES.personalDataSaved,
  }));

  app.put(
    '/user/cpf-status',
    {
      preHandler: optionalAuthenticate,
      schema: { body: CpfStatusRequest },
      config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
    },
    async (req) => profile.cpfStatus(deps, req.auth?.user ?? null, req.body.cpf, req.body.nascimento),
  );

  app.post('/company', { preHandler: authenticate, schema: { body: CompanyRequest } }, async (req, reply) =>
    reply
      .status(201)
      .send({ company: await profile.createCompany(deps, currentUser(req), req.body), message: MESSAGES.companySaved }),
  );

  app.put(
    '/company/:id',
    { preHandler: authenticate, schema: { params: idParams, body: CompanyRequest } },
    async (req) => ({
      company: await profile.updateCompany(deps, currentUser(req), req.params.id, req.body),
      message: MESSAGES.companySaved,
    }),
  );

  app.post('/address', { preHandler: authenticate, schema: { body: AddressRequest } }, async (req, reply) =>
    reply
      .status(201)
      .send({ address: await profile.createAddress(deps, currentUser(req), req.body), message: MESSAGES.addressSaved }),
  );

  app.put('/user/fatca', { preHandler: authenticate, schema: { body: FatcaRequest } }, async (req) => ({
    user: await profile.declareFatca(deps, currentUser(req), req.body),
    message: MESSAGES.fatcaSaved,
  }));
}
