import type { FastifyInstance } from 'fastify';
import { addFirstPaint } from '@/plugins/first-paint';
import { catalogueFirstPaint, loadWebRender } from './first-paint';
import { adminPricingRoutes } from './routes/admin-pricing';
import { adminProductRoutes } from './routes/admin-products';
import { checkoutRoutes } from './routes/checkout';
import { couponRoutes } from './routes/coupons';
import { productRoutes } from './routes/products';

/**
 * The public catalogue and the checkout's calls before the order (spec 1 §7), and their back office. Each resource's
 * routes are registered in this context, in this order.
 */
export async function catalogueRoutes(fastify: FastifyInstance) {
  // every visitor's first page is painted before the app's JavaScript arrives (plugins/first-paint.ts)
  addFirstPaint(fastify, '/comprar-prata', catalogueFirstPaint);
  // its render (the web build's) is loaded as the server starts listening, not on the first visitor's request
  fastify.addHook('onListen', async () => {
    void loadWebRender(fastify);
  });

  await productRoutes(fastify);
  await checkoutRoutes(fastify);
  await couponRoutes(fastify);
  // the back office: products, coupons, fees and taxes, the house's bars (finance; admin holds every role)
  await adminProductRoutes(fastify);
  await adminPricingRoutes(fastify);
}
