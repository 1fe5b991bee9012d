import type { FastifyInstance } from 'fastify';
import { registerPaymentTarget } from '@/features/money/index';
import { silverPaymentTarget } from './payment-target';
import { checkoutRoutes } from './routes/checkout';
import { customerWithdrawalRoutes } from './routes/customer';
import { fulfilmentRoutes } from './routes/fulfilment';

/**
 * Silver withdrawals: creating (guest or signed in), the customer's list and cancel, and the back office's queue.
 * Each resource's routes are registered in this context, in this order.
 */
export async function silverWithdrawalRoutes(fastify: FastifyInstance) {
  // a silver order's Pix is confirmed by the money feature's one webhook handler
  registerPaymentTarget(silverPaymentTarget);
  await checkoutRoutes(fastify);
  await customerWithdrawalRoutes(fastify);
  await fulfilmentRoutes(fastify);
}
