import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AdminDepositResponse,
  AdminDepositsQuery,
  AdminDepositsResponse,
  AdminWithdrawalResponse,
  AdminWithdrawalsQuery,
  AdminWithdrawalsResponse,
  CancelDepositResponse,
  DepositOverviewResponse,
  DepositsPageResponse,
  DocumentFileResponse,
  HeldDepositDecisionRequest,
  IdParams,
  MESSAGES,
  PageQuery,
  PayoutSettlementRequest,
  PixDepositRequest,
  PixDepositResponse,
  PixQrCodeResponse,
  ReviewDecisionRequest,
  StatementResponse,
  tedDepositWireFields,
  TedDepositResponse,
  WebhookAckResponse,
  WithdrawalCodeRequest,
  WithdrawalCodeResponse,
  WithdrawalCreatedResponse,
  WithdrawalOverviewResponse,
  WithdrawalRequest,
  WithdrawalPasskeyOptionsRequest,
  WithdrawalPasskeyRequest,
  PasskeyOptionsResponse,
  WithdrawalsPageResponse,
  withUnits,
} from '@prata/domain';
import { writeAudit } from '@/lib/audit';
import { sendAttachment, uploadedFile } from '@/lib/uploads';
import { authenticate, currentUser, requireStaff } from '@/plugins/auth';
import { acceptForms, acceptUrlencoded, SHORT_FORM, uploadForm } from '@/plugins/multipart';
import { requireApprovedRegistration } from '@/features/users/index';
import * as backOffice from './back-office';
import * as deposits from './deposits';
import { decideHeldDeposit } from './held-deposits';
import { receivePaymentWebhook } from './webhooks';
import * as withdrawals from './withdrawals';

/**
 * Money in and out (spec 2): deposits by Pix and TED, withdrawals, their histories, the provider's webhook and the
 * back office's queues. Anything that moves money needs an approved registration (users' guards: 403
 * REGISTRATION_INCOMPLETE sends the screen to /register/finish; REGISTRATION_UNDER_REVIEW says an operator is looking);
 * writes that move money or send a code accept an Idempotency-Key.
 */
export async function moneyRoutes(fastify: FastifyInstance) {
  await depositRoutes(fastify);
  await withdrawalRoutes(fastify);
  await paymentWebhookRoute(fastify);
  backOfficeDepositRoutes(fastify);
  backOfficeWithdrawalRoutes(fastify);
}

/** The customer's deposits: the overview, a Pix charge, a TED with its receipt, their documents and history. */
async function depositRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { deps } = app;

  app.get(
    '/deposit',
    { preHandler: requireApprovedRegistration, schema: { response: { 200: DepositOverviewResponse } } },
    async (req) => deposits.depositOverview(deps, currentUser(req).id),
  );

  // The Pix deposit takes JSON or the spec's "form data: amount" (multipart or urlencoded): a context of its own that
  // accepts a short form of text fields only; authentication runs before a byte of the body is read.
  await fastify.register(async (scope) => {
    await acceptForms(scope, SHORT_FORM);
    acceptUrlencoded(scope, SHORT_FORM);
    scope.withTypeProvider<ZodTypeProvider>().post(
      '/deposit/pix',
      {
        onRequest: requireApprovedRegistration,
        config: { idempotent: true },
        schema: { body: PixDepositRequest, response: { 201: PixDepositResponse } },
      },
      async (req, reply) =>
        reply.status(201).send(await deposits.createPixDeposit(deps, currentUser(req), req.body.amount_cents)),
    );
  });

  // The TED deposit carries its receipt: a context of its own that accepts one file; authentication runs before a byte
  // of the body is read.
  await fastify.register(async (scope) => {
    await acceptForms(scope, uploadForm(1));
    scope.withTypeProvider<ZodTypeProvider>().post(
      '/deposit/ted',
      {
        onRequest: requireApprovedRegistration,
        config: { idempotent: true },
        schema: {
          body: withUnits(tedDepositWireFields.extend({ receipt: uploadedFile(MESSAGES.receiptRequired) }), {
            amount: 'amount_cents',
          }),
          response: { 201: TedDepositResponse },
        },
      },
      async (req, reply) =>
        reply
          .status(201)
          .send(await deposits.createTedDeposit(deps, currentUser(req), req.body.amount_cents, req.body.receipt)),
    );
  });

  app.get(
    '/deposit/:id/qrcode',
    { preHandler: authenticate, schema: { params: IdParams, response: { 200: PixQrCodeResponse } } },
    async (req) => deposits.depositQrCode(deps, currentUser(req).id, req.params.id),
  );

  app.get(
    '/deposit/:id/receipt',
    { preHandler: authenticate, schema: { params: IdParams, response: { 200: DocumentFileResponse } } },
    async (req, reply) => {
      const { file, data } = await deposits.depositReceipt(deps, currentUser(req).id, req.params.id);
      return sendAttachment(reply, file, data);
    },
  );

  app.delete(
    '/deposit/:id',
    { preHandler: authenticate, schema: { params: IdParams, response: { 200: CancelDepositResponse } } },
    async (req) => deposits.cancelDeposit(deps, currentUser(req).id, req.params.id),
  );

  app.get(
    '/deposits',
    { preHandler: authenticate, schema: { querystring: PageQuery, response: { 200: DepositsPageResponse } } },
    async (req) => deposits.listDeposits(deps, currentUser(req).id, req.query.page),
  );
}

/** The customer's withdrawals: the overview, the confirmation code or passkey, the request and the history. */
async function withdrawalRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { deps } = app;

  app.get(
    '/withdrawal',
    { preHandler: requireApprovedRegistration, schema: { response: { 200: WithdrawalOverviewResponse } } },
    async (req) => withdrawals.withdrawalOverview(deps, currentUser(req).id),
  );

  app.post(
    '/withdrawal/verification-code',
    {
      preHandler: requireApprovedRegistration,
      config: { idempotent: true },
      schema: { body: WithdrawalCodeRequest, response: { 200: WithdrawalCodeResponse } },
    },
    async (req) => withdrawals.sendWithdrawalCode(deps, currentUser(req), req.body.amount_cents),
  );

  app.post(
    '/withdrawal',
    {
      preHandler: requireApprovedRegistration,
      config: { idempotent: true },
      schema: { body: WithdrawalRequest, response: { 201: WithdrawalCreatedResponse } },
    },
    async (req, reply) => reply.status(201).send(await withdrawals.requestWithdrawal(deps, currentUser(req), req.body)),
  );

  // A customer with a passkey confirms with it instead of the e-mail code (features/passkeys).
  app.post(
    '/withdrawal/passkey-options',
    {
      preHandler: requireApprovedRegistration,
      schema: { body: WithdrawalPasskeyOptionsRequest, response: { 200: PasskeyOptionsResponse } },
    },
    async (req) => withdrawals.withdrawalPasskeyOptions(deps, currentUser(req), req.body),
  );

  app.post(
    '/withdrawal/passkey',
    {
      preHandler: requireApprovedRegistration,
      config: { idempotent: true },
      schema: { body: WithdrawalPasskeyRequest, response: { 201: WithdrawalCreatedResponse } },
    },
    async (req, reply) =>
      reply.status(201).send(await withdrawals.requestWithdrawalWithPasskey(deps, currentUser(req), req.body, req.ip)),
  );

  app.get(
    '/withdrawals',
    { preHandler: authenticate, schema: { querystring: PageQuery, response: { 200: WithdrawalsPageResponse } } },
    async (req) => withdrawals.listWithdrawals(deps, currentUser(req).id, req.query.page),
  );
}

/**
 * The payment provider's webhook (Asaas: the `asaas-access-token` header carries the token we configured). Answers
 * 200 for every authenticated event, even one we ignore, so the provider's queue never stops on us.
 */
async function paymentWebhookRoute(fastify: FastifyInstance) {
  const { deps } = fastify;
  await fastify.register(async (scope) => {
    // the body reaches the handler as the text sent: kept as it came, parsed only once the token matched
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, text, done) => done(null, text));
    scope
      .withTypeProvider<ZodTypeProvider>()
      .post(
        '/webhooks/payments',
        { schema: { body: z.unknown(), response: { 200: WebhookAckResponse } } },
        async (req) => receivePaymentWebhook(deps, req.headers, typeof req.body === 'string' ? req.body : ''),
      );
  });
}

const finance = requireStaff('finance');
const reviewer = (req: Parameters<typeof currentUser>[0]) => ({ userId: currentUser(req).id, ip: req.ip });

/** The back office's deposits (the finance role): the queue, a receipt, a held payment's decision, the test payer. */
function backOfficeDepositRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { deps } = app;

  app.get(
    '/admin/deposits',
    { preHandler: finance, schema: { querystring: AdminDepositsQuery, response: { 200: AdminDepositsResponse } } },
    async (req) => backOffice.listDepositsForReview(deps, req.query),
  );

  app.get(
    '/admin/deposits/:id/receipt',
    { preHandler: finance, schema: { params: IdParams, response: { 200: DocumentFileResponse } } },
    async (req, reply) => {
      const { file, data, row } = await deposits.depositReceipt(deps, null, req.params.id);
      await writeAudit(deps.database.db, {
        actorUserId: currentUser(req).id,
        action: 'deposit.receipt_viewed',
        targetType: 'deposit',
        targetId: row.id,
        details: { customer_id: row.userId },
        ip: req.ip,
      });
      return sendAttachment(reply, file, data);
    },
  );

  app.post(
    '/admin/deposits/:id/review',
    {
      preHandler: finance,
      config: { idempotent: true },
      schema: { params: IdParams, body: ReviewDecisionRequest, response: { 200: AdminDepositResponse } },
    },
    async (req) => backOffice.reviewDeposit(deps, req.params.id, req.body, reviewer(req)),
  );

  app.post(
    '/admin/deposits/:id/held',
    {
      preHandler: finance,
      config: { idempotent: true },
      schema: { params: IdParams, body: HeldDepositDecisionRequest, response: { 200: AdminDepositResponse } },
    },
    async (req) => {
      await decideHeldDeposit(deps, req.params.id, req.body, reviewer(req));
      return {
        deposit: await backOffice.depositForBackOffice(deps.database.db, req.params.id),
        message: MESSAGES.depositHeldDecided,
      };
    },
  );

  // The embedded provider's payer, from the back office (absent where a real provider runs).
  if (deps.adapters.payments.simulatePayment) {
    app.post(
      '/admin/deposits/:id/receive-payment',
      {
        preHandler: finance,
        config: { idempotent: true },
        schema: { params: IdParams, response: { 200: AdminDepositResponse } },
      },
      async (req) => {
        const result = await backOffice.simulatePixPayment(deps, { id: req.params.id });
        await writeAudit(deps.database.db, {
          actorUserId: currentUser(req).id,
          action: 'deposit.payment_simulated',
          targetType: 'deposit',
          targetId: req.params.id,
          details: { customer_id: result.userId, outcome: result.outcome },
          ip: req.ip,
        });
        return {
          deposit: await backOffice.depositForBackOffice(deps.database.db, req.params.id),
          message: MESSAGES.paymentSimulated,
        };
      },
    );
  }
}

/** The back office's withdrawals (the finance role): the queue, the review, the payout; a customer's statement. */
function backOfficeWithdrawalRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { deps } = app;

  app.get(
    '/admin/withdrawals',
    {
      preHandler: finance,
      schema: { querystring: AdminWithdrawalsQuery, response: { 200: AdminWithdrawalsResponse } },
    },
    async (req) => backOffice.listWithdrawalsForReview(deps, req.query),
  );

  app.post(
    '/admin/withdrawals/:id/review',
    {
      preHandler: finance,
      config: { idempotent: true },
      schema: { params: IdParams, body: ReviewDecisionRequest, response: { 200: AdminWithdrawalResponse } },
    },
    async (req) => backOffice.reviewWithdrawal(deps, req.params.id, req.body, reviewer(req)),
  );

  app.post(
    '/admin/withdrawals/:id/payout',
    {
      preHandler: finance,
      config: { idempotent: true },
      schema: { params: IdParams, body: PayoutSettlementRequest, response: { 200: AdminWithdrawalResponse } },
    },
    async (req) => backOffice.settleWithdrawalPayout(deps, req.params.id, req.body, reviewer(req)),
  );

  app.get(
    '/admin/customers/:id/statement',
    {
      preHandler: requireStaff('finance', 'compliance'),
      schema: { params: IdParams, querystring: PageQuery, response: { 200: StatementResponse } },
    },
    async (req) => backOffice.customerStatement(deps, req.params.id, req.query.page),
  );
}
