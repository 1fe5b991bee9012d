import {
  AdminAffiliatesResponse,
  AdminRewardsResponse,
  AffiliateProgramResponse,
  AffiliateSettingsRequest,
  AffiliateSettingsResponse,
  AffiliatesPageQuery,
  AffiliatesResponse,
  RewardsResponse,
} from '@prata/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { currentUser, requireStaff } from '@/plugins/auth';
import { engineOf } from '@/features/orders/index';
import { requireCompleteRegistration } from '@/features/users/index';
import { adminAffiliates, adminRewards } from './back-office';
import { startRewardCrediter } from './rewards';
import { affiliateProgram, listAffiliates, listRewards } from './service';
import { affiliateSettingsView, updateAffiliateSettings } from './settings';

/**
 * The affiliate program (spec 3 §7 Affiliates): the customer's coupon, referred customers and rewards, and the back
 * office's rule and lists. A registration that is not complete answers 403 REGISTRATION_INCOMPLETE (the screen shows
 * the message and goes to /register/finish); a customer not yet approved sees the notice (no coupon).
 */
export async function affiliateRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { deps } = app;

  // rewards are credited after the matcher's batches commit, outside them (rewards.ts)
  const crediter = startRewardCrediter(deps, { onError: (err) => app.log.error({ err }, 'affiliate rewards') });
  const unsubscribe = engineOf(deps).onChange(() => crediter.schedule());
  app.addHook('onClose', async () => {
    unsubscribe();
    await crediter.stop();
  });

  app.get(
    '/affiliates-program',
    {
      preHandler: requireCompleteRegistration,
      schema: { response: { 200: AffiliateProgramResponse }, tags: ['affiliates'] },
    },
    async (req) => affiliateProgram(deps, currentUser(req)),
  );

  app.get(
    '/affiliates-program/affiliates',
    {
      preHandler: requireCompleteRegistration,
      schema: { querystring: AffiliatesPageQuery, response: { 200: AffiliatesResponse }, tags: ['affiliates'] },
    },
    async (req) => listAffiliates(deps.database.db, currentUser(req).id, req.query.page),
  );

  app.get(
    '/affiliates-program/rewards',
    {
      preHandler: requireCompleteRegistration,
      schema: { querystring: AffiliatesPageQuery, response: { 200: RewardsResponse }, tags: ['affiliates'] },
    },
    async (req) => listRewards(deps.database.db, currentUser(req).id, req.query.page),
  );

  // Back office: the rule (finance) and the lists (finance, support, compliance)
  const staffView = requireStaff('finance', 'support', 'compliance');
  const finance = requireStaff('finance');
  const staff = (req: FastifyRequest) => ({ userId: currentUser(req).id, ip: req.ip });

  app.get(
    '/admin/affiliates/settings',
    { preHandler: staffView, schema: { response: { 200: AffiliateSettingsResponse }, tags: ['admin'] } },
    async () => affiliateSettingsView(deps.database.db),
  );
  app.put(
    '/admin/affiliates/settings',
    {
      preHandler: finance,
      schema: { body: AffiliateSettingsRequest, response: { 200: AffiliateSettingsResponse }, tags: ['admin'] },
    },
    async (req) => updateAffiliateSettings(deps, staff(req), req.body),
  );
  app.get(
    '/admin/affiliates',
    {
      preHandler: staffView,
      schema: { querystring: AffiliatesPageQuery, response: { 200: AdminAffiliatesResponse }, tags: ['admin'] },
    },
    async (req) => adminAffiliates(deps.database.db, req.query.page),
  );
  app.get(
    '/admin/affiliate-rewards',
    {
      preHandler: staffView,
      schema: { querystring: AffiliatesPageQuery, response: { 200: AdminRewardsResponse }, tags: ['admin'] },
    },
    async (req) => adminRewards(deps.database.db, req.query.page),
  );
}
