import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { CouponQuery, CouponResponse } from '@prata/domain';
import * as coupons from '../coupons';

/** A coupon by its code, for the cart: public, limited per address. */
export async function couponRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { deps } = app;

  app.get(
    '/coupon',
    { schema: { querystring: CouponQuery, response: { 200: CouponResponse }, tags: ['catalogue'] } },
    async (req) => {
      await deps.limiter.hit('lookupAddress', req.ip);
      return coupons.couponByCode(deps, req.query.code);
    },
  );
}
