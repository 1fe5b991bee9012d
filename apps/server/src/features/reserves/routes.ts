import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  AdminReservesResponse,
  DevReservesTodayRequest,
  DocumentFileResponse,
  IdParams,
  MESSAGES,
  MessageResponse,
  RebuildReservesRequest,
  RebuildReservesResponse,
  ReserveBarFields,
  ReserveBarResponse,
  ReserveProofQuery,
  ReserveProofResponse,
  ReservesResponse,
} from '@prata/domain';
import { sendAttachment, uploadedFile } from '@/lib/uploads';
import { authenticate, currentUser, requireStaff } from '@/plugins/auth';
import { acceptForms, uploadForm } from '@/plugins/multipart';
import { customerProof } from './proof';
import * as service from './service';
import { publicSummaryJson } from './summary';

/**
 * Proof of reserves (docs/reserves.md): the public summary and bar documents, the signed-in
 * customer's own leaf and path, and the back office's bars (logistics) and rebuild (finance).
 */
export async function reservesRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { deps } = app;
  const tags = ['reserves'];

  // the same bytes for every visitor, kept by the instance (summary.ts)
  app.get('/reserves', { schema: { tags, response: { 200: ReservesResponse } } }, async (_req, reply) =>
    reply
      .type('application/json; charset=utf-8')
      .send((await publicSummaryJson(deps.database.db)) as unknown as ReservesResponse),
  );

  app.get(
    '/reserves/bars/:id/document',
    { schema: { tags, params: IdParams, response: { 200: DocumentFileResponse } } },
    async (req, reply) => {
      const { file, data } = await service.barDocument(deps, req.params.id);
      return sendAttachment(reply, file, data);
    },
  );

  // only one's own leaf: there is no way to name another customer's
  app.get(
    '/reserves/proof',
    {
      preHandler: authenticate,
      schema: { tags, querystring: ReserveProofQuery, response: { 200: ReserveProofResponse } },
    },
    async (req) => customerProof(deps, currentUser(req).id, req.query.day),
  );

  // development only (config.ts refuses PRATA_DEV_MAILBOX in production): today's proof so far
  if (deps.config.devMailbox) {
    app.post(
      '/dev/reserves/today',
      { schema: { hide: true, tags, body: DevReservesTodayRequest, response: { 200: RebuildReservesResponse } } },
      async () => service.buildTodaySoFar(deps),
    );
  }

  const readers = requireStaff('logistics', 'finance', 'compliance');
  const logistics = requireStaff('logistics');
  const operator = requireStaff('finance');
  const actor = (req: FastifyRequest) => ({ userId: currentUser(req).id, ip: req.ip });

  app.get(
    '/admin/reserves',
    { preHandler: readers, schema: { tags, response: { 200: AdminReservesResponse } } },
    async () => service.adminReservesSummary(deps),
  );

  app.post(
    '/admin/reserves/rebuild',
    {
      preHandler: operator,
      schema: { tags, body: RebuildReservesRequest, response: { 200: RebuildReservesResponse } },
    },
    async (req) => service.rebuildDay(deps, actor(req), req.body?.day),
  );

  app.delete(
    '/admin/reserves/bars/:id',
    { preHandler: logistics, schema: { tags, params: IdParams, response: { 200: MessageResponse } } },
    async (req) => service.removeBar(deps, actor(req), req.params.id),
  );

  // a bar carries the auditor's PDF: a context of its own that accepts one file; authentication runs first
  await fastify.register(async (scope) => {
    await acceptForms(scope, uploadForm(1));
    const forms = scope.withTypeProvider<ZodTypeProvider>();
    forms.post(
      '/admin/reserves/bars',
      {
        onRequest: logistics,
        config: { idempotent: true },
        schema: {
          tags,
          body: ReserveBarFields.extend({ document: uploadedFile(MESSAGES.reservesBarDocumentRequired) }),
          response: { 201: ReserveBarResponse },
        },
      },
      async (req, reply) => {
        const { document, ...fields } = req.body;
        return reply.status(201).send(await service.addBar(deps, actor(req), fields, document));
      },
    );
    forms.put(
      '/admin/reserves/bars/:id',
      {
        onRequest: logistics,
        schema: {
          tags,
          params: IdParams,
          body: ReserveBarFields.extend({ document: uploadedFile(MESSAGES.reservesBarDocumentRequired).optional() }),
          response: { 200: ReserveBarResponse },
        },
      },
      async (req) => {
        const { document, ...fields } = req.body;
        return service.changeBar(deps, actor(req), req.params.id, fields, document);
      },
    );
  });
}
