import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  CreateSilverWithdrawalRequest,
  CreateSilverWithdrawalResponse,
  GuestSilverWithdrawalRequest,
  SilverOrderParams,
  SilverOrderResponse,
} from '@prata/domain';
import { authenticate, currentUser } from '@/plugins/auth';
import { requireApprovedRegistration } from '@/features/users/index';
import * as create from '../create';
import * as service from '../service';

/** A silver order's creation (guest or signed in) and the buyer's order by its token. */
export async function checkoutRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { deps } = app;

  app.post(
    '/silver-withdrawal/guest',
    {
      schema: {
        body: GuestSilverWithdrawalRequest,
        response: { 201: CreateSilverWithdrawalResponse },
        tags: ['silver-withdrawals'],
      },
      config: { idempotent: true },
    },
    async (req, reply) => reply.status(201).send(await create.createForGuest(deps, req.body, req.ip)),
  );

  app.post(
    '/silver-withdrawal',
    {
      preHandler: [authenticate, requireApprovedRegistration],
      schema: {
        body: CreateSilverWithdrawalRequest,
        response: { 201: CreateSilverWithdrawalResponse },
        tags: ['silver-withdrawals'],
      },
      config: { idempotent: true },
    },
    async (req, reply) =>
      reply.status(201).send(await create.createForCustomer(deps, currentUser(req), req.body, req.ip)),
  );

  // the buyer's order by its token (a visitor has no session): the checkout's Pix step after a reload, the e-mail's link
  app.get(
    '/silver-withdrawal/order/:token',
    {
      schema: { params: SilverOrderParams, response: { 200: SilverOrderResponse }, tags: ['silver-withdrawals'] },
    },
    async (req, reply) => {
      // the answer carries a payable code: never kept by a shared cache
      reply.header('Cache-Control', 'no-store');
      return service.readOrderByToken(deps, req.params.token);
    },
  );
}
