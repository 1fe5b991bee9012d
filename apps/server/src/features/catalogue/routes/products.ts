import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  IdParams,
  MESSAGES,
  ProductImageFileResponse,
  ProductImageParams,
  ProductTypeResponse,
  ProductTypesQuery,
  ProductTypesResponse,
  UploadedProductImageParams,
} from '@prata/domain';
import { orMissing } from '@/adapters/storage/index';
import { notFound } from '@/lib/errors';
import * as images from '../product-images';
import * as products from '../products';

// a path from the module's own address (a string: under jsdom the global URL is not Node's)
const IMAGES_DIR = `${path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'images')}${path.sep}`;

/** A product image: public, cached by browsers for a day. */
function sendImage(reply: FastifyReply, data: Buffer, mime = 'image/png') {
  return reply
    .header('content-type', mime)
    .header('cache-control', 'public, max-age=86400')
    .header('x-content-type-options', 'nosniff')
    .send(data);
}

/** The public catalogue: the product types (spec 1 §7) and their images. */
export async function productRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { deps } = app;

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
      const data = await orMissing(readFile(`${IMAGES_DIR}${req.params.name}`));
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
}
