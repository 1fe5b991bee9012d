import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  CalculateChargeRequest,
  CalculateChargeResponse,
  CheckEmailRequest,
  CheckEmailResponse,
  LoginRequest,
  LoginResponse,
  MessageResponse,
  ShippingQuoteRequest,
  ShippingQuoteResponse,
  ValidateQuantityRequest,
} from '@prata/domain';
import { optionalAuthenticate } from '@/plugins/auth';
import { login } from '@/features/auth/index';
import { findUserByEmail, requireApprovedRegistration } from '@/features/users/index';
import * as charges from '../charges';

const meta = (req: FastifyRequest) => ({
  ip: req.ip,
  userAgent: typeof req.headers['user-agent'] === 'string' ? req.headers['user-agent'] : undefined,
});
const cartLines = (items: Array<{ product_type_id: number; quantity: number }>) =>
  items.map((i) => ({ productTypeId: i.product_type_id, quantity: i.quantity }));

/** The cart and the checkout's calls before the order (spec 1 §7): the buyer's account, quantities, freight, charge. */
export async function checkoutRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { deps } = app;

  // Does this e-mail have an account? Limited per e-mail first, then per address (enumerating accounts).
  app.post(
    '/silver-withdrawal/check-email',
    { schema: { body: CheckEmailRequest, response: { 200: CheckEmailResponse }, tags: ['catalogue'] } },
    async (req) => {
      await deps.limiter.hit('checkEmailAccount', req.body.email.toLowerCase());
      await deps.limiter.hit('checkEmailAddress', req.ip);
      const user = await findUserByEmail(deps.database.db, req.body.email);
      return { exists: Boolean(user) };
    },
  );

  // The same answer as POST /api/login, through the auth feature: the second factor still follows.
  app.post(
    '/silver-withdrawal/check-password',
    { schema: { body: LoginRequest, response: { 200: LoginResponse }, tags: ['catalogue'] } },
    async (req) => login(deps, req.body.email, req.body.password, meta(req)),
  );

  app.post(
    '/silver-withdrawal/validate-quantity',
    { schema: { body: ValidateQuantityRequest, response: { 200: MessageResponse }, tags: ['catalogue'] } },
    async (req) => charges.validateQuantity(deps, cartLines(req.body.items)),
  );

  app.post(
    '/silver-withdrawal/shipping-quote',
    { schema: { body: ShippingQuoteRequest, response: { 200: ShippingQuoteResponse }, tags: ['catalogue'] } },
    async (req) => {
      await deps.limiter.hit('shippingQuoteAddress', req.ip);
      return charges.shippingQuote(deps, req.body.address.cep, req.body.quantity_cg);
    },
  );

  app.post(
    '/silver-withdrawal/calculate-charge',
    {
      preHandler: optionalAuthenticate,
      schema: { body: CalculateChargeRequest, response: { 200: CalculateChargeResponse }, tags: ['catalogue'] },
    },
    async (req) => {
      await deps.limiter.hit('shippingQuoteAddress', req.ip);
      // a withdrawal from custody prices the customer's own grams: signed in, registration approved
      if (!req.body.includeSilverValue) await requireApprovedRegistration(req);
      return charges.calculateCharge(deps, req.body);
    },
  );
}
