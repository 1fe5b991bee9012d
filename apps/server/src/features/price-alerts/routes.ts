import {
  CreatePriceAlertRequest,
  IdParams,
  MessageResponse,
  PriceAlert,
  PriceAlertsResponse,
  PushPublicKeyResponse,
  PushSubscriptionRequest,
  PushUnsubscribeRequest,
} from '@prata/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { authenticate, currentUser } from '@/plugins/auth';
import { engineOf } from '@/features/orders/index';
import { startAlertChecker } from './firing';
import { pushDeliveriesIdle, vapidKeys } from './push';
import * as service from './service';

/**
 * Price alerts (docs/price-alerts.md): a signed-in customer's list, create and delete, and the
 * browsers that receive their notifications. The checker that fires them runs after the matcher's batches.
 */
export async function priceAlertRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { deps } = app;
  const tags = ['price-alerts'];

  const checker = startAlertChecker(deps, { onError: (err) => app.log.error({ err }, 'price alerts') });
  const unsubscribe = engineOf(deps).onChange(() => checker.schedule());
  app.addHook('onClose', async () => {
    unsubscribe();
    await checker.stop();
    await pushDeliveriesIdle(deps);
  });

  app.get(
    '/price-alerts',
    { preHandler: authenticate, schema: { tags, response: { 200: PriceAlertsResponse } } },
    async (req) => service.listPriceAlerts(deps, currentUser(req).id),
  );
  app.post(
    '/price-alerts',
    {
      preHandler: authenticate,
      config: { idempotent: true },
      schema: { tags, body: CreatePriceAlertRequest, response: { 201: PriceAlert } },
    },
    async (req, reply) => reply.status(201).send(await service.createPriceAlert(deps, currentUser(req).id, req.body)),
  );
  app.delete(
    '/price-alerts/:id',
    { preHandler: authenticate, schema: { tags, params: IdParams, response: { 200: MessageResponse } } },
    async (req) => service.deletePriceAlert(deps, currentUser(req).id, req.params.id),
  );

  app.get(
    '/push/public-key',
    { preHandler: authenticate, schema: { tags, response: { 200: PushPublicKeyResponse } } },
    async () => ({ public_key: (await vapidKeys(deps)).publicKey }),
  );
  app.post(
    '/push/subscriptions',
    { preHandler: authenticate, schema: { tags, body: PushSubscriptionRequest, response: { 200: MessageResponse } } },
    async (req) => service.subscribePush(deps, currentUser(req).id, req.body),
  );
  app.delete(
    '/push/subscriptions',
    { preHandler: authenticate, schema: { tags, body: PushUnsubscribeRequest, response: { 200: MessageResponse } } },
    async (req) => service.unsubscribePush(deps, currentUser(req).id, req.body.endpoint),
  );
}
