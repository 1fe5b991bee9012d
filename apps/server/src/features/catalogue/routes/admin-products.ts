import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AdminProductTypeResponse,
  AdminProductTypesResponse,
  HouseBarStock,
  IdParams,
  MESSAGES,
  ProductImageDeleteQuery,
  ProductImageUploadResponse,
  ProductTypeRequest,
  ProductTypeUpdateRequest,
  StockAdjustRequest,
  StockAdjustResponse,
} from '@prata/domain';
import { uploadedFile } from '@/lib/uploads';
import { requireStaff } from '@/plugins/auth';
import { acceptForms, uploadForm } from '@/plugins/multipart';
import * as images from '../product-images';
import * as products from '../products';

/** Back office: the product types, their images and stock, the house's bars (finance; admin holds every role). */
export async function adminProductRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { deps } = app;
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
}
