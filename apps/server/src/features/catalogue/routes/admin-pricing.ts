import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  AdminCouponResponse,
  AdminCouponsResponse,
  CouponRequest,
  IdParams,
  SilverSettingsRequest,
  SilverSettingsResponse,
} from '@prata/domain';
import { requireStaff } from '@/plugins/auth';
import * as coupons from '../coupons';
import * as settings from '../settings';

/** Back office: the coupons, and the fees and taxes of silver (finance; admin holds every role). */
export async function adminPricingRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { deps } = app;
  const finance = requireStaff('finance');
  const staff = (req: FastifyRequest) => ({ userId: req.auth!.user.id, ip: req.ip });

  app.get('/admin/coupons', { preHandler: finance, schema: { response: { 200: AdminCouponsResponse } } }, async () =>
    coupons.listCouponsForAdmin(deps),
  );
  app.post(
    '/admin/coupons',
    {
      preHandler: finance,
      config: { idempotent: true },
      schema: { body: CouponRequest, response: { 201: AdminCouponResponse } },
    },
    async (req, reply) => reply.status(201).send(await coupons.saveCoupon(deps, staff(req), null, req.body)),
  );
  app.put(
    '/admin/coupons/:id',
    { preHandler: finance, schema: { params: IdParams, body: CouponRequest, response: { 200: AdminCouponResponse } } },
    async (req) => coupons.saveCoupon(deps, staff(req), req.params.id, req.body),
  );

  app.get(
    '/admin/silver-settings',
    { preHandler: finance, schema: { response: { 200: SilverSettingsResponse } } },
    async () => ({ settings: await settings.silverSettingsView(deps.database.db) }),
  );
  app.put(
    '/admin/silver-settings',
    { preHandler: finance, schema: { body: SilverSettingsRequest, response: { 200: SilverSettingsResponse } } },
    async (req) => settings.updateSilverSettings(deps, staff(req), req.body),
  );
}
