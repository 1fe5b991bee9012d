import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  AdminSilverTransferResponse,
  AdminSilverTransfersQuery,
  AdminSilverTransfersResponse,
  CheckReceiverRequest,
  CheckReceiverResponse,
  CreateSilverTransferRequest,
  CreateSilverTransferWithPasskeyRequest,
  PasskeyOptionsResponse,
  IdParams,
  SilverTransferCodeRequest,
  SilverTransferCodeResponse,
  SilverTransferOverviewResponse,
  SilverTransferResponse,
  SilverTransfersQuery,
  SilverTransfersResponse,
  TransferCheckCodeParams,
  TransferReceiptResponse,
} from '@prata/domain';
import { authenticate, currentUser, requireStaff } from '@/plugins/auth';
import { requireApprovedRegistration } from '@/features/users/index';
import * as backOffice from './back-office';
import { cancelTransfer } from './lifecycle';
import { sendPdf, transferReceipt } from './receipt';
import * as service from './service';

/**
 * Silver transfers between customers (spec 3 "Transferir prata"; docs/silver-transfers.md). Sending needs an approved
 * registration (the spec's 403: REGISTRATION_INCOMPLETE sends the screen to /register/finish); the history, the
 * receipt and the cancel of one's own transfer need a session only. Writes that move grams or send a code accept an
 * Idempotency-Key.
 */
export async function silverTransferRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { deps } = app;
  const tags = ['silver-transfers'];

  app.get(
    '/silver-transfer',
    { preHandler: requireApprovedRegistration, schema: { tags, response: { 200: SilverTransferOverviewResponse } } },
    async (req) => service.transferOverview(deps, currentUser(req).id),
  );

  app.post(
    '/silver-transfer/check-receiver',
    {
      preHandler: requireApprovedRegistration,
      schema: { tags, body: CheckReceiverRequest, response: { 200: CheckReceiverResponse } },
    },
    async (req) => service.checkReceiver(deps, currentUser(req), req.body.email),
  );

  app.post(
    '/silver-transfer/verification-code',
    {
      preHandler: requireApprovedRegistration,
      config: { idempotent: true },
      schema: { tags, body: SilverTransferCodeRequest, response: { 200: SilverTransferCodeResponse } },
    },
    async (req) => service.sendTransferCode(deps, currentUser(req), req.body),
  );

  passkeyConfirmation(fastify);

  app.post(
    '/silver-transfer',
    {
      preHandler: requireApprovedRegistration,
      config: { idempotent: true },
      schema: { tags, body: CreateSilverTransferRequest, response: { 201: SilverTransferResponse } },
    },
    async (req, reply) => reply.status(201).send(await service.createTransfer(deps, currentUser(req), req.body)),
  );

  app.get(
    '/silver-transfer/:id/receipt',
    { preHandler: authenticate, schema: { tags, params: IdParams, response: { 200: TransferReceiptResponse } } },
    async (req, reply) => {
      const { pdf, filename } = await transferReceipt(deps, currentUser(req).id, req.params.id);
      return sendPdf(reply, pdf, filename);
    },
  );

  app.get(
    '/silver-transfers',
    {
      preHandler: authenticate,
      schema: { tags, querystring: SilverTransfersQuery, response: { 200: SilverTransfersResponse } },
    },
    async (req) => service.listTransfers(deps, currentUser(req).id, req.query.page),
  );

  app.put(
    '/silver-transfer/:id/cancel',
    {
      preHandler: authenticate,
      config: { idempotent: true },
      schema: { tags, params: IdParams, response: { 200: SilverTransferResponse } },
    },
    async (req) => cancelTransfer(deps, currentUser(req).id, req.params.id),
  );

  // Back office: read-only (the transfers move by themselves); finance, compliance and support look them up
  const staff = requireStaff('finance', 'compliance', 'support');
  const actor = (req: FastifyRequest) => ({ userId: currentUser(req).id, ip: req.ip });

  app.get(
    '/admin/silver-transfers',
    {
      preHandler: staff,
      schema: { tags, querystring: AdminSilverTransfersQuery, response: { 200: AdminSilverTransfersResponse } },
    },
    async (req) => backOffice.listForBackOffice(deps, req.query),
  );

  app.get(
    '/admin/silver-transfers/check/:code',
    {
      preHandler: staff,
      schema: { tags, params: TransferCheckCodeParams, response: { 200: AdminSilverTransferResponse } },
    },
    async (req) => backOffice.checkReceiptCode(deps, req.params.code, actor(req)),
  );
}

/** A customer with a passkey confirms with it instead of the e-mail code (features/passkeys). */
function passkeyConfirmation(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { deps } = app;
  const tags = ['silver-transfers'];
  app.post(
    '/silver-transfer/passkey-options',
    {
      preHandler: requireApprovedRegistration,
      schema: { tags, body: SilverTransferCodeRequest, response: { 200: PasskeyOptionsResponse } },
    },
    async (req) => service.transferPasskeyOptions(deps, currentUser(req), req.body),
  );

  app.post(
    '/silver-transfer/passkey',
    {
      preHandler: requireApprovedRegistration,
      config: { idempotent: true },
      schema: { tags, body: CreateSilverTransferWithPasskeyRequest, response: { 201: SilverTransferResponse } },
    },
    async (req, reply) =>
      reply.status(201).send(await service.createTransferWithPasskey(deps, currentUser(req), req.body, req.ip)),
  );
}
