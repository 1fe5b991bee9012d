import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  EmailOnlyRequest,
  LoginRequest,
  LoginResponse,
  MESSAGES,
  MessageResponse,
  PasskeyFallbackResponse,
  PasskeyLoginOptionsRequest,
  PasskeyLoginRequest,
  PasskeyOptionsResponse,
  PasswordResetRequest,
  RegisterRequest,
  RegisterResponse,
  ResendVerificationParams,
  SESSION_MAX_SECONDS,
  SessionPolicyResponse,
  SessionRenewResponse,
  VerificationCodeRequest,
  VerificationMethodRequest,
  VerificationMethodResponse,
  VerifyEmailParams,
  VerifyLoginCodeResponse,
} from '@prata/domain';
import { authenticate, currentUser, renewSession } from '@/plugins/auth';
import { acceptForms, TEXT_FORM } from '@/plugins/multipart';
import * as auth from './service';

/**
 * The client's address (request.ip: the TCP peer, or what a proxy named in TRUST_PROXY reported) and browser. The
 * rate limits of every route here are in the service, keyed on the account or destination first (limits.ts).
 */
const meta = (req: { ip: string; headers: Record<string, unknown> }) => ({
  ip: req.ip,
  userAgent: typeof req.headers['user-agent'] === 'string' ? req.headers['user-agent'] : undefined,
});

export async function authRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { deps } = app;

  // The registration form arrives as multipart text fields (spec 1 §7), or as JSON; no other route here takes multipart.
  await app.register(async (scope) => {
    await acceptForms(scope, TEXT_FORM);
    const form = scope.withTypeProvider<ZodTypeProvider>();
    form.post(
      '/register',
      {
        schema: { body: RegisterRequest, response: { 201: RegisterResponse }, tags: ['auth'] },
        config: { idempotent: true },
      },
      async (req, reply) => {
        const user = await auth.register(deps, req.body, meta(req));
        return reply.status(201).send({ user, message: MESSAGES.registered });
      },
    );
  });

  app.get(
    '/register/verify/:userId',
    // a double click on 'Reenviar' sends one link (the key is the screen's, the answer the same for any id)
    { schema: { params: ResendVerificationParams, response: { 200: MessageResponse } }, config: { idempotent: true } },
    async (req) => ({ message: await auth.resendVerification(deps, req.params.userId, meta(req)) }),
  );

  app.post(
    '/register/verify/:token',
    { schema: { params: VerifyEmailParams, response: { 200: MessageResponse } } },
    async (req) => ({ message: await auth.verifyEmail(deps, req.params.token, meta(req)) }),
  );

  app.post(
    '/login',
    { schema: { body: LoginRequest, response: { 200: LoginResponse }, tags: ['auth'] } },
    async (req) => auth.login(deps, req.body.email, req.body.password, meta(req)),
  );

  app.post(
    '/login/verification-method',
    {
      schema: { body: VerificationMethodRequest, response: { 200: VerificationMethodResponse } },
      config: { idempotent: true },
    },
    async (req) => auth.requestLoginCode(deps, req.body, meta(req)),
  );

  app.post(
    '/login/verification-code',
    { schema: { body: VerificationCodeRequest, response: { 200: VerifyLoginCodeResponse } } },
    async (req) => auth.verifyLoginCode(deps, req.body, meta(req)),
  );

  passkeySignIn(fastify);

  app.put(
    '/user/reopen-account',
    { schema: { body: EmailOnlyRequest, response: { 200: MessageResponse } }, config: { idempotent: true } },
    async (req) => ({
      message: await auth.reopenAccount(deps, req.body.email),
    }),
  );

  app.post(
    '/password/email',
    { schema: { body: EmailOnlyRequest, response: { 200: MessageResponse } }, config: { idempotent: true } },
    async (req) => ({
      message: await auth.requestPasswordReset(deps, req.body.email, meta(req)),
    }),
  );

  app.post(
    '/password/reset',
    { schema: { body: PasswordResetRequest, response: { 200: MessageResponse } } },
    async (req) => ({
      message: await auth.resetPassword(deps, req.body, meta(req)),
    }),
  );

  // The signed-in customer's own account: here the answer may say the e-mail is already confirmed.
  app.get(
    '/email/resend',
    { preHandler: authenticate, schema: { response: { 200: MessageResponse } }, config: { idempotent: true } },
    async (req) => {
      const user = currentUser(req);
      if (user.emailVerifiedAt) return { message: MESSAGES.emailAlreadyVerified };
      return { message: await auth.resendVerification(deps, user.id, { ip: req.ip }) };
    },
  );

  sessionRoutes(fastify);
}

/** The session's own calls: its end, its renewal, and the limits a person is told. */
function sessionRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { deps } = app;
  app.post('/logout', { preHandler: authenticate, schema: { response: { 200: MessageResponse } } }, async (req) => {
    await auth.logout(deps, req.auth!.sessionId);
    return { message: MESSAGES.loggedOut };
  });

  // "Continuar conectado" before the session ends (web: app/shell/session-timeout-dialog.tsx)
  app.post(
    '/session/renew',
    { preHandler: authenticate, schema: { response: { 200: SessionRenewResponse } } },
    async (req) => {
      const { authToken, expiresAt } = await renewSession(deps, req.auth!);
      return { authToken, expires_at: expiresAt.toISOString() };
    },
  );
  // the time limits the accessibility statement states (web: features/support/pages/accessibility-page.tsx)
  app.get('/session/policy', { schema: { tags: ['auth'], response: { 200: SessionPolicyResponse } } }, async () => ({
    session_seconds: deps.config.jwtTtlSeconds,
    max_seconds: SESSION_MAX_SECONDS,
  }));
}

/** With a passkey, it is the second step instead of the code (features/passkeys keeps the ceremonies). */
function passkeySignIn(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { deps } = app;
  app.post(
    '/login/passkey/options',
    { schema: { body: PasskeyLoginOptionsRequest, response: { 200: PasskeyOptionsResponse }, tags: ['auth'] } },
    async (req) => auth.passkeyLoginOptions(deps, req.body.email, req.body.password, meta(req)),
  );

  app.post(
    '/login/passkey',
    { schema: { body: PasskeyLoginRequest, response: { 200: VerifyLoginCodeResponse }, tags: ['auth'] } },
    async (req) => auth.verifyLoginPasskey(deps, req.body, meta(req)),
  );

  // "Perdi minha chave de acesso": the e-mail code after a wait, and an e-mail to the customer at once.
  app.post(
    '/login/passkey/fallback',
    {
      schema: { body: PasskeyLoginOptionsRequest, response: { 200: PasskeyFallbackResponse }, tags: ['auth'] },
      config: { idempotent: true },
    },
    async (req) => auth.passkeyFallback(deps, req.body.email, req.body.password, meta(req)),
  );
}
