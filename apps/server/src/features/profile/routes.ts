import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  AddressRequest,
  AddressResponse,
  AddressSavedResponse,
  BankingInformationRequest,
  BankingInformationSavedResponse,
  CompanyRequest,
  CompanySavedResponse,
  CompanyUpdateRequest,
  ContactCodeRequest,
  CpfCheckResponse,
  CpfStatusRequest,
  DocumentFileResponse,
  FatcaRequest,
  IdParams,
  MESSAGES,
  CodeSentResponse,
  MessageResponse,
  PasswordChangeRequest,
  PersonalDataRequest,
  RegisterFinishResponse,
  UserIndexResponse,
  UserSavedResponse,
} from '@prata/domain';
import { sendAttachment } from '@/lib/uploads';
import { authenticate, currentUser, optionalAuthenticate } from '@/plugins/auth';
import { requireCompleteRegistration } from '@/features/users/index';
import { presentUser } from '@/features/users/index';
import * as addresses from './addresses';
import * as contact from './contact';
import * as banking from './banking';
import * as documents from './documents';
import * as security from './security';
import * as profile from './service';
import * as limits from './trading-limit';
import { uploadRoutes } from './upload-routes';

/** The customer's own registration and data: /meus-dados, addresses, documents, bank details, password. */
export async function profileRoutes(fastify: FastifyInstance) {
  accountRoutes(fastify);
  personalDataRoutes(fastify);
  addressRoutes(fastify);
  await documentAndBankingRoutes(fastify);
  securityRoutes(fastify);
}

/** Finishing the registration, and everything /meus-dados shows at once. */
function accountRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { deps } = app;
  const db = deps.database.db;

  app.get(
    '/register/finish',
    { preHandler: authenticate, schema: { response: { 200: RegisterFinishResponse } } },
    async (req) => profile.registrationData(deps, currentUser(req).id),
  );

  /** /meus-dados: everything the tabs show; 403 until the registration is complete (spec 2 §2). */
  app.get(
    '/user/index',
    { preHandler: requireCompleteRegistration, schema: { response: { 200: UserIndexResponse } } },
    async (req) => {
      const user = currentUser(req);
      const [view, documentList, bankingList, limitRequests] = await Promise.all([
        presentUser(db, user),
        documents.listDocuments(db, user.id),
        banking.listBanking(db, user.id),
        limits.listLimitRequests(db, user.id),
      ]);
      return {
        user: view,
        company: view.company,
        addresses: view.addresses,
        documents: documentList,
        bankingInformation: bankingList,
        tradingLimitRequests: limitRequests,
      };
    },
  );
}

/** Personal data, the contact change's code, the CPF's status, a company's data and FATCA. */
function personalDataRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { deps } = app;

  app.put(
    '/user/pessoais',
    { preHandler: authenticate, schema: { body: PersonalDataRequest, response: { 200: UserSavedResponse } } },
    async (req) => ({
      user: await profile.updatePersonalData(deps, currentUser(req), req.body, { ip: req.ip }),
      message: MESSAGES.personalDataSaved,
    }),
  );

  /** The code that confirms a new mobile number (or a company's new contact e-mail), sent to the account's e-mail. */
  app.post(
    '/user/contact-code',
    {
      preHandler: authenticate,
      schema: { body: ContactCodeRequest, response: { 200: CodeSentResponse } },
      config: { idempotent: true },
    },
    async (req) => contact.requestContactCode(deps, currentUser(req), req.body, { ip: req.ip }),
  );

  app.put(
    '/user/cpf-status',
    {
      preHandler: optionalAuthenticate,
      schema: { body: CpfStatusRequest, response: { 200: CpfCheckResponse } },
    },
    async (req) => {
      // Each check is paid to the provider: per customer when signed in, per address always.
      if (req.auth) await deps.limiter.hit('cpfCheckAccount', `user:${req.auth.user.id}`);
      await deps.limiter.hit('cpfCheckAddress', req.ip);
      return profile.cpfStatus(deps, req.auth?.user ?? null, req.body.cpf, req.body.nascimento);
    },
  );

  app.post(
    '/company',
    {
      preHandler: authenticate,
      schema: { body: CompanyRequest, response: { 201: CompanySavedResponse } },
      config: { idempotent: true },
    },
    async (req, reply) =>
      reply.status(201).send({
        company: await profile.createCompany(deps, currentUser(req), req.body),
        message: MESSAGES.companySaved,
      }),
  );

  app.put(
    '/company/:id',
    {
      preHandler: authenticate,
      schema: { params: IdParams, body: CompanyUpdateRequest, response: { 200: CompanySavedResponse } },
    },
    async (req) => ({
      company: await profile.updateCompany(deps, currentUser(req), req.params.id, req.body, { ip: req.ip }),
      message: MESSAGES.companySaved,
    }),
  );

  app.put(
    '/user/fatca',
    { preHandler: authenticate, schema: { body: FatcaRequest, response: { 200: UserSavedResponse } } },
    async (req) => ({
      user: await profile.declareFatca(deps, currentUser(req), req.body),
      message: MESSAGES.fatcaSaved,
    }),
  );
}

/** The customer's addresses. */
function addressRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { deps } = app;

  app.post(
    '/address',
    {
      preHandler: authenticate,
      schema: { body: AddressRequest, response: { 201: AddressSavedResponse } },
      // a double click on 'Continuar' (the registration's address step) saves one address
      config: { idempotent: true },
    },
    async (req, reply) =>
      reply.status(201).send({
        address: await addresses.createAddress(deps, currentUser(req), req.body),
        message: MESSAGES.addressSaved,
      }),
  );
  app.get(
    '/address/:id',
    { preHandler: authenticate, schema: { params: IdParams, response: { 200: AddressResponse } } },
    async (req) => ({
      address: await addresses.getAddress(deps, currentUser(req), req.params.id),
    }),
  );
  app.put(
    '/address/:id',
    {
      preHandler: authenticate,
      schema: { params: IdParams, body: AddressRequest, response: { 200: AddressSavedResponse } },
    },
    async (req) => ({
      address: await addresses.updateAddress(deps, currentUser(req), req.params.id, req.body),
      message: MESSAGES.addressSaved,
    }),
  );
  app.delete(
    '/address/:id',
    { preHandler: authenticate, schema: { params: IdParams, response: { 200: AddressSavedResponse } } },
    async (req) => ({
      address: await addresses.deleteAddress(deps, currentUser(req), req.params.id),
      message: MESSAGES.addressDeleted,
    }),
  );
}

/**
 * Documents: stored outside the web root, served only to their owner (operators read them in the back office); the
 * uploads (documents, trading-limit increase) take multipart, in contexts of their own. Bank details for withdrawals.
 */
async function documentAndBankingRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { deps } = app;
  await uploadRoutes(app);
  app.get(
    '/document/:id',
    { preHandler: authenticate, schema: { params: IdParams, response: { 200: DocumentFileResponse } } },
    async (req, reply) => {
      const { row, data } = await documents.readDocument(deps, req.params.id, { userId: currentUser(req).id });
      return sendAttachment(reply, row, data);
    },
  );

  app.post(
    '/banking-information',
    {
      preHandler: authenticate,
      // where withdrawals go: a double tap saves one entry
      config: { idempotent: true },
      schema: { body: BankingInformationRequest, response: { 201: BankingInformationSavedResponse } },
    },
    async (req, reply) =>
      reply.status(201).send({
        bankingInformation: await banking.addBanking(deps, currentUser(req), req.body),
        message: MESSAGES.bankingSaved,
      }),
  );
  app.delete(
    '/banking-information/:id',
    { preHandler: authenticate, schema: { params: IdParams, response: { 200: BankingInformationSavedResponse } } },
    async (req) => ({
      bankingInformation: await banking.deleteBanking(deps, currentUser(req), req.params.id),
      message: MESSAGES.bankingDeleted,
    }),
  );
}

/** The password's change and the account's closing. */
function securityRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { deps } = app;

  app.put(
    '/password',
    { preHandler: authenticate, schema: { body: PasswordChangeRequest, response: { 200: MessageResponse } } },
    async (req) => ({
      message: await security.changePassword(deps, currentUser(req), req.auth!.sessionId, req.body),
    }),
  );

  app.put(
    '/user/close-account',
    { preHandler: authenticate, schema: { response: { 200: MessageResponse } } },
    async (req) => ({
      message: await security.closeAccount(deps, currentUser(req)),
    }),
  );
}
