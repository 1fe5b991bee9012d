import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { HideBalancesResponse, UserResponse } from '@prata/domain';
import { authenticate, currentUser } from '@/plugins/auth';
import { presentUser } from './presenter';
import { toggleHideBalances } from './repository';

export async function userRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { deps } = app;
  const db = deps.database.db;

  app.get('/user', { preHandler: authenticate, schema: { response: { 200: UserResponse } } }, async (req) => ({
    user: await presentUser(db, currentUser(req)),
  }));

  app.put(
    '/user/toggle-balances-visibility',
    { preHandler: authenticate, schema: { response: { 200: HideBalancesResponse } } },
    async (req) => {
      return { hide_balances: await toggleHideBalances(db, currentUser(req).id) };
    },
  );
}
