import { eq, not } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { HideBalancesResponse, UserResponse } from '@prata/domain';
import { users } from '../../db/schema/index';
import { authenticate, currentUser } from '../../plugins/auth';
import { presentUser } from './presenter';

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
      const [row] = await db
        .update(users)
        .set({ hideBalances: not(users.hideBalances), updatedAt: new Date() })
        .where(eq(users.id, currentUser(req).id))
        .returning({ hideBalances: users.hideBalances });
      return { hide_balances: row!.hideBalances };
    },
  );
}
