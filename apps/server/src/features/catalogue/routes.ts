import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { addFirstPaint } from '../../plugins/first-paint';
import { catalogueFirstPaint, loadWebRender } from './first-paint';
import { z } from 'zod';
import {
  AdminCouponResponse,
  AdminCouponsResponse,
  AdminProductTypeResponse,
  AdminProductTypesResponse,
  CalculateChargeRequest,
  CalculateChargeResponse,
  CheckEmailRequest,
  CheckEmailResponse,
  CouponQuery,
  CouponRequest,
  CouponResponse,
  HouseBarStock,
  IdParams,
  LoginRequest,
  LoginResponse,
  MESSAGES,
  MessageResponse,
  ProductImageDeleteQuery,
  ProductImageFileResponse,
  ProductImageParams,
  ProductImageUploadResponse,
  ProductTypeRequest,
  ProductTypeUpdateRequest,
  ProductTypeResponse,
  ProductTypesQuery,
  ProductTypesResponse,
  ShippingQuoteRequest,
  ShippingQuoteResponse,
  SilverSettingsRequest,
  SilverSettingsResponse,
  StockAdjustRequest,
  StockAdjustResponse,
  UploadedProductImageParams,
  ValidateQuantityRequest,
} from '@prata/domain';
import { notFound } from '../../lib/errors';
import { uploadedFile } from '../../lib/uploads';
import { optionalAuthenticate, requireStaff } from '../../plugins/auth';
import { acceptForms, uploadForm } from '../../plugins/multipart';
import { login } from '../auth/index';
import { findUserByEmail, requireApprovedRegistration } from '../users/index';
import * as charges from './charges';
import * as coupons from './coupons';
import * as images from './product-images';
import * as products from './products';
import * as settings from './settings';

// a path from the module's own address (a string: under jsdom the global URL is not Node's)
const IMAGES_DIR = `${path.join(path.dirname(fileURLToPath(import.meta.url)), 'images')}${path.sep}`;

/** A product image: public, cached by browsers for a day. */
function sendImage(reply: FastifyReply, data: Buffer, mime = 'image/png') {
  return reply
    .header('content-type', mime)
    .header('cache-control', 'public, max-age=86400')
    .header('x-content-type-options', 'nosniff')
    .send(data);
}

const meta = (req: FastifyRequest) => ({
  ip: req.ip,
  userAgent: typeof req.headers['user-agent'] === 'string' ? req.headers['user-agent'] : undefined,
});
const cartLines = (items: Array<{ product_type_id: number; quantity: number }>) =>
  items.map((i) => ({ productTypeId: i.product_type_id, quantity: i.quantity }));

/** The public catalogue and the checkout's calls before the order (spec 1 §7), and their back office. */
// biome-ignore lint/complexity/noExcessiveLinesPerFunction: a route table: each route is a schema and one call
export async function catalogueRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { deps } = app;
  // every visitor's first page is painted before the app's JavaScript arrives (plugins/first-paint.ts)
  addFirstPaint(fastify, '/comprar-prata', catalogueFirstPaint);
  // its render (the web build's) is loaded as the server starts listening, not on the first visitor's request
  fastify.addHook('onListen', async () => {
    void loadWebRender(fastify);
  });

  app.get(
    '/silver-withdrawal-product-types',
    { schema: { querystring: ProductTypesQuery, response: { 200: ProductTypesResponse }, tags: ['catalogue'] } },
    // JSON text encoded through the contract once a second (products.ts): Fastify sends a string of a JSON type as it is
    async (req, reply) =>
      reply
        .type('application/json; charset=utf-8')
        .send((await products.listProductTypesJson(deps, req.query.page)) as unknown as ProductTypesResponse),
  );

  app.get(
    '/silver-withdrawal-product-type/:id',
    { schema: { params: IdParams, response: { 200: ProductTypeResponse }, tags: ['catalogue'] } },
    async (req, reply) =>
      reply
        .type('application/json; charset=utf-8')
        .send((await products.getProductTypeJson(deps, req.params.id)) as unknown as ProductTypeResponse),
  );

  app.get(
    '/catalogue/images/:name',
    { schema: { params: ProductImageParams, response: { 200: ProductImageFileResponse } } },
    async (req, reply) => {
      const data = await readFile(`${IMAGES_DIR}${req.params.name}`).catch(() => null);
      if (!data) throw notFound(MESSAGES.productNotFound);
      return sendImage(reply, data);
    },
  );

  // the images operators uploaded (random names; the type was checked by content when they arrived)
  app.get(
    '/catalogue/images/uploads/:name',
    { schema: { params: UploadedProductImageParams, response: { 200: ProductImageFileResponse } } },
    async (req, reply) => {
      const image = await images.readUploadedImage(deps, req.params.name);
      return sendImage(reply, image.data, image.mime);
    },
  );

  // Does this e-mail have an account? Limited per e-mail first, then per address (enumerating accounts).
  app.post(
    '/silver-withdrawal/check-email',
    { schema: { body: CheckEmailRequest, response: { 200: CheckEmailResponse }, tags: ['catalogue'] } },
    async (req) => {
      await deps.limiter.hit('checkEmailAccount', req.body.email.toLowerCase());
      await deps.limiter.hit('checkEmailAddress', req.ip);
      const user = await findUserByEmail(deps.database.db, req.body.email);
      return { exists: Boolean(user) };
    },
  );

  // The same answer as POST /api/login, through the auth feature: the second factor still follows.
  app.post(
    '/silver-withdrawal/check-password',
    { schema: { body: LoginRequest, response: { 200: LoginResponse }, tags: ['catalogue'] } },
    async (req) => login(deps, req.body.email, req.body.password, meta(req)),
  );

  app.post(
    '/silver-withdrawal/validate-quantity',
    { schema: { body: ValidateQuantityRequest, response: { 200: MessageResponse }, tags: ['catalogue'] } },
    async (req) => charges.validateQuantity(deps, cartLines(req.body.items)),
  );

  app.post(
    '/silver-withdrawal/shipping-quote',
    { schema: { body: ShippingQuoteRequest, response: { 200: ShippingQuoteResponse }, tags: ['catalogue'] } },
    async (req) => {
      await deps.limiter.hit('shippingQuoteAddress', req.ip);
      return charges.shippingQuote(deps, req.body.address.cep, req.body.quantity_grams);
    },
  );

  app.post(
    '/silver-withdrawal/calculate-charge',
    {
      preHandler: optionalAuthenticate,
      schema: { body: CalculateChargeRequest, response: { 200: CalculateChargeResponse }, tags: ['catalogue'] },
    },
    async (req) => {
      await deps.limiter.hit('shippingQuoteAddress', req.ip);
      // a withdrawal from custody prices the customer's own grams: signed in, registration approved
      if (!req.body.includeSilverValue) await requireApprovedRegistration(req);
      return charges.calculateCharge(deps, req.body);
    },
  );

  app.get(
    '/coupon',
    { schema: { querystring: CouponQuery, response: { 200: CouponResponse }, tags: ['catalogue'] } },
    async (req) => {
      await deps.limiter.hit('lookupAddress', req.ip);
      return coupons.couponByCode(deps, req.query.code);
    },
  );

  // ------------------------------------------------------------------------------------------------------------
  // Back office: products, coupons, fees and taxes, the house's bars (finance; admin holds every role)
  const finance = requireStaff('finance');
  const staff = (req: FastifyRequest) => ({ userId: req.auth!.user.id, ip: req.ip });

  app.get(
    '/admin/silver-product-types',
    { preHandler: finance, schema: { response: { 200: AdminProductTypesResponse } } },
    async () => products.listProductTypesForAdmin(deps),
  );
  app.post(
    '/admin/silver-product-types',
    {
      preHandler: finance,
      config: { idempotent: true },
      schema: { body: ProductTypeRequest, response: { 201: AdminProductTypeResponse } },
    },
    async (req, reply) => reply.status(201).send(await products.saveProductType(deps, staff(req), null, req.body)),
  );
  app.put(
    '/admin/silver-product-types/:id',
    {
      preHandler: finance,
      // no stock here: it moves only by deltas (…/stock, sales), so a save cannot undo a sale made meanwhile
      schema: { params: IdParams, body: ProductTypeUpdateRequest, response: { 200: AdminProductTypeResponse } },
    },
    async (req) => products.saveProductType(deps, staff(req), req.params.id, req.body),
  );
  app.post(
    '/admin/silver-product-types/:id/stock',
    {
      preHandler: finance,
      config: { idempotent: true },
      schema: { params: IdParams, body: StockAdjustRequest, response: { 200: StockAdjustResponse } },
    },
    async (req) => {
      const { message } = await products.adjustStock(deps, staff(req), req.params.id, req.body.delta);
      return { ...(await products.houseBarStock(deps)), message };
    },
  );
  app.delete(
    '/admin/silver-product-types/:id/images',
    {
      preHandler: finance,
      schema: { params: IdParams, querystring: ProductImageDeleteQuery, response: { 200: AdminProductTypeResponse } },
    },
    async (req) => images.removeProductImage(deps, staff(req), req.params.id, req.query),
  );
  // The upload takes a file: a context of its own that accepts multipart, the role checked before a byte is read.
  await fastify.register(async (scope) => {
    await acceptForms(scope, uploadForm(1));
    scope.withTypeProvider<ZodTypeProvider>().post(
      '/admin/silver-product-types/:id/images',
      {
        onRequest: finance,
        config: { idempotent: true },
        schema: {
          params: IdParams,
          body: z.object({ image: uploadedFile(MESSAGES.productImageRequired) }),
          response: { 201: ProductImageUploadResponse },
        },
      },
      async (req, reply) =>
        reply.status(201).send(await images.addProductImage(deps, staff(req), req.params.id, req.body.image)),
    );
  });
  app.get('/admin/silver-stock', { preHandler: finance, schema: { response: { 200: HouseBarStock } } }, async () =>
    products.houseBarStock(deps),
  );

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
