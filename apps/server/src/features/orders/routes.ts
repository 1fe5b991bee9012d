import {
  AdminMarketResponse,
  AveragePriceParams,
  AveragePriceResponse,
  CancelOrderResponse,
  CompletedOrdersQuery,
  CompletedOrdersResponse,
  DeletedOrdersResponse,
  HouseFundingRequest,
  HouseOrderRequest,
  HouseOrderResponse,
  IdParams,
  MarketSettingsRequest,
  OrderQuoteParams,
  MessageResponse,
  OrderQuoteResponse,
  OrdersResponse,
  PageQuery,
  PlaceOrderRequest,
  PlaceOrderResponse,
  PriceHistoryQuery,
  PriceHistoryResponse,
} from '@prata/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authenticate, currentUser, requireStaff } from '@/plugins/auth';
import { requireApprovedRegistration } from '@/features/users/index';
import * as house from './house';
import { priceHistoryJson } from './price-history';
import * as service from './service';
import { endStreams, openStream } from './stream';

/**
 * The order book (spec 2 §7; docs/orders.md). Reading the book needs an approved registration, as money does (403
 * REGISTRATION_* sends the screen to /register/finish); placing moves money, so it accepts an Idempotency-Key.
 * Cancelling and the history lists need only a session: a customer can always tidy up and read their past.
 */
// biome-ignore lint/complexity/noExcessiveLinesPerFunction: a route table: each route is a schema and one call
export async function orderRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { deps } = app;
  fastify.addHook('preClose', async () => endStreams(deps));

  // the screen's hot calls may reuse a session row read in the last SESSION_CACHE_MS (plugins/auth.ts)
  const hot = { sessionCache: true };

  app.get(
    '/orders',
    { preHandler: requireApprovedRegistration, config: hot, schema: { response: { 200: OrdersResponse } } },
    // the answer comes as the bytes of its JSON, the book's rows encoded once per version (placement-bytes.ts)
    async (req, reply) =>
      reply
        .type('application/json; charset=utf-8')
        .send((await service.ordersOverviewBytes(deps, currentUser(req).id)) as unknown as OrdersResponse),
  );

  // the spec's two calls, one per side (GET /api/orders/average-price-per-gram/buy/{grams} and /sell/{grams})
  for (const side of ['buy', 'sell'] as const) {
    app.get(
      `/orders/average-price-per-gram/${side}/:grams`,
      {
        preHandler: authenticate,
        schema: { params: AveragePriceParams, response: { 200: AveragePriceResponse } },
      },
      async (req) => service.averagePrice(deps, side, req.params.quantity_cg, currentUser(req).id),
    );
  }

  app.get(
    '/orders/quote/:side/:grams',
    {
      preHandler: requireApprovedRegistration,
      config: hot,
      schema: { params: OrderQuoteParams, response: { 200: OrderQuoteResponse } },
    },
    async (req) => service.quote(deps, req.params.side, req.params.quantity_cg, currentUser(req).id),
  );

  for (const side of ['buy', 'sell'] as const) {
    app.post(
      `/order/${side}`,
      {
        preHandler: requireApprovedRegistration,
        config: { idempotent: true, sessionCache: true },
        schema: { body: PlaceOrderRequest, response: { 201: PlaceOrderResponse } },
      },
      // the answer comes as the bytes of its JSON, encoded through PlaceOrderResponse's parts in the service (the
      // book's rows once per version): Fastify sends a buffer as it is, with the JSON content type set here
      async (req, reply) => {
        const placement = service.placementOf(req.body);
        const body = await service.placeOrderBytes(deps, currentUser(req).id, side, placement);
        return reply
          .status(201)
          .type('application/json; charset=utf-8')
          .send(body as unknown as PlaceOrderResponse);
      },
    );
  }

  // idempotent: a double tap on "Cancelar ordem" answers the first cancel twice, not "no longer open" the second time
  app.delete(
    '/order/:id',
    {
      preHandler: authenticate,
      config: { ...hot, idempotent: true },
      schema: { params: IdParams, response: { 200: CancelOrderResponse } },
    },
    async (req) => service.cancelOrder(deps, { userId: currentUser(req).id }, req.params.id),
  );

  app.get(
    '/orders/completed',
    {
      preHandler: authenticate,
      schema: { querystring: CompletedOrdersQuery, response: { 200: CompletedOrdersResponse } },
    },
    async (req) => service.completedOrders(deps.database.db, currentUser(req).id, req.query.page, req.query.year),
  );

  app.get(
    '/orders/deleted',
    { preHandler: authenticate, schema: { querystring: PageQuery, response: { 200: DeletedOrdersResponse } } },
    async (req) => service.deletedOrders(deps.database.db, currentUser(req).id, req.query.page),
  );

  /** Public: the trades' prices are public figures (the catalogue's visitors see the price too). */
  app.get(
    '/orders/price-history',
    { schema: { querystring: PriceHistoryQuery, response: { 200: PriceHistoryResponse } } },
    // the answer is JSON text shared by every caller for a version of the book (price-history.ts)
    async (req, reply) =>
      reply
        .type('application/json; charset=utf-8')
        .send((await priceHistoryJson(deps, req.query.range)) as unknown as PriceHistoryResponse),
  );

  /** Server-sent events: `event: book` with the market's version whenever the book changes. Carries no private data. */
  app.get(
    '/orders/stream',
    {
      schema: {
        response: {
          200: {
            description: 'text/event-stream: `event: book` / `data: {"version":N}` on each change, `: ping` every 25 s',
            content: { 'text/event-stream': { schema: z.string() } },
          },
        },
      },
    },
    async (req, reply) => openStream(deps, req, reply),
  );

  // ------------------------------------------------------------------ back office (the finance role)
  const finance = requireStaff('finance');
  const staff = (req: FastifyRequest) => ({ userId: currentUser(req).id, ip: req.ip });

  app.get('/admin/market', { preHandler: finance, schema: { response: { 200: AdminMarketResponse } } }, async () =>
    house.marketOverview(deps),
  );

  app.put(
    '/admin/market/settings',
    { preHandler: finance, schema: { body: MarketSettingsRequest, response: { 200: MessageResponse } } },
    async (req) =>
      house.updateMarketSettings(deps, staff(req), {
        feeRateBps: req.body.transaction_fee_bps,
        iofRateBps: req.body.iof_fee_bps,
        minimumFeeCents: req.body.minimum_fee_cents,
      }),
  );

  app.post(
    '/admin/market/house-orders',
    {
      preHandler: finance,
      config: { idempotent: true },
      schema: { body: HouseOrderRequest, response: { 201: HouseOrderResponse } },
    },
    async (req, reply) => {
      const order = {
        side: req.body.type,
        pricePerGramCents: req.body.price_per_gram_cents,
        quantityCentigrams: req.body.quantity_cg,
      };
      return reply.status(201).send(await house.placeHouseOrder(deps, staff(req), order));
    },
  );

  app.delete(
    '/admin/market/house-orders/:id',
    {
      preHandler: finance,
      config: { idempotent: true },
      schema: { params: IdParams, response: { 200: MessageResponse } },
    },
    async (req) => house.cancelHouseOrder(deps, staff(req), req.params.id),
  );

  app.post(
    '/admin/market/house-funding',
    {
      preHandler: finance,
      config: { idempotent: true },
      schema: { body: HouseFundingRequest, response: { 200: MessageResponse } },
    },
    async (req) =>
      house.fundHouse(deps, staff(req), {
        currency: req.body.currency,
        amountMinorUnits: req.body.currency === 'AG' ? req.body.amount_cg : req.body.amount_cents,
      }),
  );
}
