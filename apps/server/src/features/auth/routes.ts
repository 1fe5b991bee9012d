import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  EmailOnlyRequest,
  LoginRequest,
  MESSAGES,
  PasswordResetRequest,
  RegisterRequest,
  VerificationCodeRequest,
  VerificationMethodRequest,
} from '@prata/domain';
import { authenticate } from '../../plugins/auth';
import { byIpAndEmail, limits } from '../../plugins/rate-limit';
import * as auth from './service';

const meta = (req: { ip: string; headers: Record<string, unknown> }) => ({
  ip: req.ip,
  userAgent: typeof req.headers['user-agent'] === 'string' ? req.headers['user-agent'] : undefined,
});

/** A second limit per account (many addresses, one account): at most 50 password attempts an hour. */
const perAccount = {
  max: 50,
  timeWindow: '1 hour',
  keyGenerator: (req: Parameters<typeof byIpAndEmail>[0]) => `acct|${byIpAndEmail(req).split('|')[1]}`,
};

export async function authRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { deps } = app;
  // Two limits on the password routes (per address+account and per account). @fastify/rate-limit ignores
  // config.rateLimit on a route that also has its own preHandler, so both are explicit hooks here.
  const accountLimiter = app.rateLimit(perAccount);
  const loginLimiter = app.rateLimit(limits.login);
  const sendLimiter = app.rateLimit(limits.send);

  app.post(
    '/register',
    { schema: { body: RegisterRequest, tags: ['auth'] }, config: { rateLimit: limits.register } },
    async (req, reply) => {
      const user = await auth.register(deps, req.body);
      return reply.status(201).send({ user, message: MESSAGES.registered });
    },
  );

  app.get(
    '/register/verify/:userId',
    {
      schema: { params: z.object({ userId: z.coerce.number().int().positive() }) },
      config: { rateLimit: limits.send },
    },
    async (req) => ({ message: await auth.resendVerification(deps, req.params.userId) }),
  );

  app.post(
    '/register/verify/:token',
    { schema: { params: z.object({ token: z.string().max(200) }) }, config: { rateLimit: limits.code } },
    async (req) => ({ message: await auth.verifyEmail(deps, req.params.token) }),
  );

  app.post(
    '/login',
    { schema: { body: LoginRequest, tags: ['auth'] }, preHandler: [loginLimiter, accountLimiter] },
    async (req) => auth.login(deps, req.body.email, req.body.password),
  );

  app.post(
    '/login/verification-method',
    { schema: { body: VerificationMethodRequest }, preHandler: [sendLimiter, accountLimiter] },
    async (req) => auth.requestLoginCode(deps, req.body),
  );

  app.post(
    '/login/verification-code',
    { schema: { body: VerificationCodeRequest }, config: { rateLimit: limits.code } },
    async (req) => auth.verifyLoginCode(deps, req.body, meta(req)),
  );

  app.put(
    '/user/reopen-account',
    { schema: { body: EmailOnlyRequest }, config: { rateLimit: limits.code } },
    async (req) => ({ message: await auth.reopenAccount(deps, req.body.email) }),
  );

  app.post(
    '/password/email',
    { schema: { body: EmailOnlyRequest }, config: { rateLimit: limits.send } },
    async (req) => ({ message: await auth.requestPasswordReset(deps, req.body.email) }),
  );

  app.post(
    '/password/reset',
    { schema: { body: PasswordResetRequest }, config: { rateLimit: limits.code } },
    async (req) => ({ message: await auth.resetPassword(deps, req.body) }),
  );

  app.post('/logout', { preHandler: authenticate }, async (req) => {
    await auth.logout(deps, req.auth!.sessionId);
    return { message: MESSAGES.loggedOut };
  });
}
