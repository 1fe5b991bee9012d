import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  MESSAGES,
  MessageResponse,
  PasskeyCreateRequest,
  PasskeyCreatedResponse,
  PasskeyOptionsResponse,
  PasskeyParams,
  PasskeyRemoveRequest,
  PasskeysResponse,
} from '@prata/domain';
import { authenticate, currentUser, requireStaff, STAFF_ROLES } from '@/plugins/auth';
import * as service from './service';

/** "Chaves de acesso" in /meus-dados: the signed-in customer's passkeys (sign-in with them lives in features/auth). */
export async function passkeyRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { deps } = app;

  app.get(
    '/user/passkeys',
    { preHandler: authenticate, schema: { response: { 200: PasskeysResponse }, tags: ['passkeys'] } },
    async (req) => service.listPasskeys(deps, currentUser(req).id),
  );

  app.post(
    '/user/passkeys/registration-options',
    { preHandler: authenticate, schema: { response: { 200: PasskeyOptionsResponse }, tags: ['passkeys'] } },
    async (req) => ({ options: await service.registrationOptions(deps, currentUser(req)) }),
  );

  app.post(
    '/user/passkeys',
    {
      preHandler: authenticate,
      schema: { body: PasskeyCreateRequest, response: { 201: PasskeyCreatedResponse }, tags: ['passkeys'] },
      config: { idempotent: true },
    },
    async (req, reply) => reply.status(201).send(await service.createPasskey(deps, currentUser(req), req.body, req)),
  );

  // The back office's door: any operator's route answers OPERATOR_PASSKEY_REQUIRED while PASSKEYS_REQUIRED_FOR_OPERATORS
  // is on and the operator has none; the back office asks here first, to send the operator to "Chaves de acesso".
  app.get(
    '/admin/access',
    { preHandler: requireStaff(...STAFF_ROLES), schema: { response: { 200: MessageResponse }, tags: ['passkeys'] } },
    async () => ({ message: MESSAGES.adminAccessGranted }),
  );

  app.delete(
    '/user/passkeys/:id',
    {
      preHandler: authenticate,
      schema: {
        params: PasskeyParams,
        body: PasskeyRemoveRequest,
        response: { 200: MessageResponse },
        tags: ['passkeys'],
      },
    },
    async (req) => service.removePasskey(deps, currentUser(req), req.params.id, req.body.password, req),
  );
}
