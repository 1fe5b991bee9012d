import { IrpfPositionResponse, IrpfWorkbookFile, IrpfYearParams, XLSX_MIME } from '@prata/domain';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { attachmentHeader } from '@/lib/uploads';
import { authenticate, currentUser } from '@/plugins/auth';
import * as service from './service';

/**
 * Imposto de renda (spec 3 §2, §7; docs/fiscal.md). The completed orders of a year are the orders feature's
 * GET /api/orders/completed?page&year; this feature adds the year's workbook (the spec's GET /api/orders/export/{year})
 * and the position on 31 December with the average cost per gram. Only the guide's years answer (422 otherwise).
 */
export async function irpfRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { deps } = app;

  app.get(
    '/orders/export/:year',
    { preHandler: authenticate, schema: { params: IrpfYearParams, response: { 200: IrpfWorkbookFile } } },
    async (req, reply) => {
      const file = await service.exportYear(deps, currentUser(req).id, req.params.year);
      return (reply as FastifyReply)
        .header('content-type', XLSX_MIME)
        .header('content-disposition', attachmentHeader(file.fileName))
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-store')
        .send(file.data);
    },
  );

  app.get(
    '/irpf/position/:year',
    { preHandler: authenticate, schema: { params: IrpfYearParams, response: { 200: IrpfPositionResponse } } },
    async (req) => service.position(deps, currentUser(req).id, req.params.year),
  );
}
