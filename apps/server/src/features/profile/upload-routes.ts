import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  DocumentUploadResponse,
  MESSAGES,
  TRADING_LIMIT_UNITS,
  TradingLimitIncreaseRequest,
  TradingLimitRequestSavedResponse,
  withUnits,
} from '@prata/domain';
import { uploadedFile, uploadedFiles } from '@/lib/uploads';
import { authenticate, currentUser } from '@/plugins/auth';
import { acceptForms, uploadForm } from '@/plugins/multipart';
import { requireCompleteRegistration } from '@/features/users/index';
import * as documents from './documents';
import * as limits from './trading-limit';

/**
 * The two routes that take files, each in a context of its own that accepts multipart. Authentication is an
 * onRequest hook: it runs before a byte of the body is read, so nobody without a session can make the server read
 * (or buffer) an upload.
 */
export async function uploadRoutes(fastify: FastifyInstance) {
  const { deps } = fastify;

  await fastify.register(async (scope) => {
    await acceptForms(scope, uploadForm(1));
    scope.withTypeProvider<ZodTypeProvider>().post(
      '/documents',
      {
        onRequest: authenticate,
        config: { idempotent: true },
        schema: {
          body: z.object({ document: uploadedFile(MESSAGES.documentRequired) }),
          response: { 201: DocumentUploadResponse },
        },
      },
      async (req, reply) =>
        reply.status(201).send({
          document: await documents.uploadDocument(deps, currentUser(req).id, req.body.document),
          message: MESSAGES.documentUploaded,
        }),
    );
  });

  // Trading-limit increase: the form's fields and its documents under documents[]
  await fastify.register(async (scope) => {
    await acceptForms(scope, uploadForm(limits.MAX_LIMIT_DOCUMENTS));
    scope.withTypeProvider<ZodTypeProvider>().post(
      '/trading-limit-increase',
      {
        onRequest: requireCompleteRegistration,
        // a double tap on "Enviar pedido" sends one request (and one e-mail to the operators)
        config: { idempotent: true },
        schema: {
          body: withUnits(
            TradingLimitIncreaseRequest.extend({
              'documents[]': uploadedFiles(MESSAGES.limitDocumentsRequired).optional(),
              documents: uploadedFiles(MESSAGES.limitDocumentsRequired).optional(),
            }),
            TRADING_LIMIT_UNITS,
          ),
          response: { 201: TradingLimitRequestSavedResponse },
        },
      },
      async (req, reply) => {
        const files = [...(req.body['documents[]'] ?? []), ...(req.body.documents ?? [])];
        const request = await limits.requestLimitIncrease(deps, currentUser(req), req.body, files);
        return reply.status(201).send({ tradingLimitRequest: request, message: MESSAGES.limitRequested });
      },
    );
  });
}
