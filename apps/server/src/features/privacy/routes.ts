import {
  AdminDataProcessorsResponse,
  AdminPrivacyRequestsQuery,
  AdminPrivacyRequestsResponse,
  DataProcessorRequest,
  DataProcessorSavedResponse,
  ErasureDoneResponse,
  ErasureRequest,
  ErasureStatusResponse,
  IdParams,
  MarketingConsentRequest,
  MarketingConsentResponse,
  MESSAGES,
  PrivacyDownloadParams,
  PrivacyExportCreatedResponse,
  PrivacyExportFileResponse,
  PrivacyOverviewResponse,
  PrivacyPolicyResponse,
} from '@prata/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { startCoalescedRunner } from '@/lib/coalesced-runner';
import { sendAttachment } from '@/lib/uploads';
import { authenticate, currentUser, requireStaff } from '@/plugins/auth';
import { runPrivacyJob } from './build';
import { type ErasureChecks, erasureStatus, requestErasure } from './erasure';
import * as service from './service';

/** How often every instance looks for exports to build and files to delete (a request also wakes its own instance). */
const SWEEP_MS = 60_000;

/** "Pedir eliminação": always the requester's own (no id in the route); docs/privacy.md "Eliminação". */
function erasureRoutes(fastify: FastifyInstance, checks: ErasureChecks) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { deps } = app;
  const tags = ['privacy'];
  app.get(
    '/privacy/erasure',
    { preHandler: authenticate, schema: { tags, response: { 200: ErasureStatusResponse } } },
    async (req) => erasureStatus(deps, checks, currentUser(req).id),
  );
  app.post(
    '/privacy/erasure',
    {
      preHandler: authenticate,
      config: { idempotent: true },
      schema: { tags, body: ErasureRequest, response: { 200: ErasureDoneResponse } },
    },
    async (req) => requestErasure(deps, checks, currentUser(req), req.body.password, req.ip),
  );
}

/**
 * Privacy and data (docs/privacy.md): the customer's tab (exports, consents, processors, erasure),
 * the e-mailed download link, the public privacy policy, and the back office's queue and processors register. The
 * erasure's checks come from the app's wiring (features/index.ts).
 */
export const privacyRoutesWith = (checks: ErasureChecks) => (fastify: FastifyInstance) =>
  privacyRoutes(fastify, checks);

async function privacyRoutes(fastify: FastifyInstance, checks: ErasureChecks) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { deps } = app;
  const tags = ['privacy'];

  // the job that builds exports: on every instance, each export claimed by one (build.ts)
  const job = startCoalescedRunner('privacy: exports', () => runPrivacyJob(deps), {
    delayMs: 100,
    sweepMs: SWEEP_MS,
    onError: (err) => app.log.error({ err }, 'privacy: export job'),
  });
  app.addHook('onClose', async () => job.stop());

  app.get('/privacidade', { schema: { tags, response: { 200: PrivacyPolicyResponse } } }, async () =>
    service.privacyPolicy(deps),
  );

  app.get(
    '/privacy',
    { preHandler: authenticate, schema: { tags, response: { 200: PrivacyOverviewResponse } } },
    async (req) => service.overview(deps, currentUser(req).id),
  );

  app.post(
    '/privacy/exports',
    {
      preHandler: authenticate,
      config: { idempotent: true },
      schema: { tags, response: { 201: PrivacyExportCreatedResponse } },
    },
    async (req, reply) => {
      const created = await service.requestExport(deps, currentUser(req).id, req.ip);
      job.schedule();
      return reply.status(201).send({ export: created, message: MESSAGES.privacyExportRequested });
    },
  );

  app.get(
    '/privacy/exports/:id/file',
    { preHandler: authenticate, schema: { tags, params: IdParams, response: { 200: PrivacyExportFileResponse } } },
    async (req, reply) => {
      const { data, filename } = await service.ownExportFile(deps, currentUser(req).id, req.params.id);
      return sendAttachment(reply, { mimeType: 'application/zip', originalName: filename }, data);
    },
  );

  // the e-mailed link: the token is the key (256 random bits, kept as a hash, for PRIVACY_EXPORT_LINK_SECONDS)
  app.get(
    '/privacy/download/:token',
    { schema: { tags, params: PrivacyDownloadParams, response: { 200: PrivacyExportFileResponse } } },
    async (req, reply) => {
      const { data, filename } = await service.exportFileByToken(deps, req.params.token, req.ip);
      return sendAttachment(reply, { mimeType: 'application/zip', originalName: filename }, data);
    },
  );

  erasureRoutes(app, checks);

  app.put(
    '/privacy/consents/marketing',
    {
      preHandler: authenticate,
      schema: { tags, body: MarketingConsentRequest, response: { 200: MarketingConsentResponse } },
    },
    async (req) => service.setMarketing(deps, currentUser(req).id, req.body.opted_in, req.ip),
  );

  // the back office: compliance answers the requests and keeps the processors register
  const staff = requireStaff('compliance');
  app.get(
    '/admin/privacy/requests',
    {
      preHandler: staff,
      schema: { tags, querystring: AdminPrivacyRequestsQuery, response: { 200: AdminPrivacyRequestsResponse } },
    },
    async (req) => service.adminQueue(deps, req.query),
  );
  app.get(
    '/admin/privacy/processors',
    { preHandler: staff, schema: { tags, response: { 200: AdminDataProcessorsResponse } } },
    async () => service.adminProcessors(deps),
  );
  app.post(
    '/admin/privacy/processors',
    {
      preHandler: staff,
      config: { idempotent: true },
      schema: { tags, body: DataProcessorRequest, response: { 201: DataProcessorSavedResponse } },
    },
    async (req, reply) =>
      reply.status(201).send(await service.createProcessor(deps, currentUser(req).id, req.body, req.ip)),
  );
  app.put(
    '/admin/privacy/processors/:id',
    {
      preHandler: staff,
      schema: { tags, params: IdParams, body: DataProcessorRequest, response: { 200: DataProcessorSavedResponse } },
    },
    async (req) => service.updateProcessor(deps, currentUser(req).id, req.params.id, req.body, req.ip),
  );
}
