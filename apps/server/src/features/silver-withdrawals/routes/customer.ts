import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { IdParams, SilverWithdrawalResponse, SilverWithdrawalsQuery, SilverWithdrawalsResponse } from '@prata/domain';
import { authenticate, currentUser } from '@/plugins/auth';
import * as service from '../service';

/** The signed-in customer's silver withdrawals: the list and the cancel. */
export async function customerWithdrawalRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { deps } = app;

  app.get(
    '/silver-withdrawals',
    {
      preHandler: authenticate,
      schema: { querystring: SilverWithdrawalsQuery, response: { 200: SilverWithdrawalsResponse } },
    },
    async (req) => service.listSilverWithdrawals(deps, currentUser(req).id, req.query.page),
  );

  app.put(
    '/silver-withdrawal/:id/cancel',
    { preHandler: authenticate, schema: { params: IdParams, response: { 200: SilverWithdrawalResponse } } },
    async (req) => service.cancelSilverWithdrawal(deps, currentUser(req).id, req.params.id),
  );
}
