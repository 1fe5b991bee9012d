import {
  IdParams,
  InvoiceLinkQuery,
  InvoiceLinkResponse,
  InvoicePdfFile,
  PageQuery,
  ProductInvoicesResponse,
  ServiceInvoicesResponse,
} from '@prata/domain';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { attachmentHeader } from '@/lib/uploads';
import { authenticate, currentUser } from '@/plugins/auth';
import * as service from './service';

const sendPdf = (reply: FastifyReply, file: { pdf: Buffer; fileName: string }) =>
  reply
    .header('content-type', 'application/pdf')
    .header('content-disposition', attachmentHeader(file.fileName))
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'private, no-store')
    .send(file.pdf);

/**
 * Minhas notas (spec 3 §2, §7; docs/fiscal.md). Reading one's invoices needs only a session (a customer can always
 * read their past). Another customer's invoice answers 404. The product invoice's PDF is a link (spec: returns uri):
 * ours is signed and short-lived, so the browser opens it without the bearer token.
 */
export async function invoiceRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { deps } = app;

  app.get(
    '/service-invoices',
    { preHandler: authenticate, schema: { querystring: PageQuery, response: { 200: ServiceInvoicesResponse } } },
    async (req) => service.listServiceInvoices(deps, currentUser(req).id, req.query.page),
  );

  app.get(
    '/service-invoice/:id/pdf',
    { preHandler: authenticate, schema: { params: IdParams, response: { 200: InvoicePdfFile } } },
    async (req, reply) => sendPdf(reply, await service.serviceInvoicePdf(deps, currentUser(req).id, req.params.id)),
  );

  app.get(
    '/product-invoices',
    { preHandler: authenticate, schema: { querystring: PageQuery, response: { 200: ProductInvoicesResponse } } },
    async (req) => service.listProductInvoices(deps, currentUser(req).id, req.query.page),
  );

  app.get(
    '/product-invoice/:id/pdf',
    { preHandler: authenticate, schema: { params: IdParams, response: { 200: InvoiceLinkResponse } } },
    async (req) => service.productInvoiceLink(deps, currentUser(req).id, req.params.id),
  );

  /** The signed link's target: no session (the link is the permission), good for INVOICE_LINK_TTL_SECONDS. */
  app.get(
    '/product-invoice/:id/file',
    { schema: { params: IdParams, querystring: InvoiceLinkQuery, response: { 200: InvoicePdfFile } } },
    async (req, reply) => sendPdf(reply, await service.productInvoiceFile(deps, req.params.id, req.query)),
  );
}
