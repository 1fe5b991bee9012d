import { z } from 'zod';
import { MESSAGES } from '../messages';
import {
  ACCOUNT_TYPES,
  boundedString,
  CodeSentResponse,
  emailField,
  isoDateTime,
  requiredText,
  idParam,
} from './common';
import { User } from './users';

import { CODE_LENGTH, CODE_RESEND_SECONDS, codeDeadlines, PASSWORD_MAX, PASSWORD_MIN } from './limits';

export { CODE_LENGTH, CODE_RESEND_SECONDS, codeDeadlines, PASSWORD_MAX, PASSWORD_MIN };

/** A password as typed (never trimmed), refused unread past PASSWORD_MAX. */
export const passwordField = (required: string, tooLong: string = MESSAGES.passwordMax) =>
  boundedString({ max: PASSWORD_MAX, required, tooLong, trim: false }).min(1, required);

/** The repetition of a new password: only its equality is checked, after the fields themselves. */
export const passwordConfirmationField = () =>
  boundedString({
    max: PASSWORD_MAX,
    required: MESSAGES.passwordsMustMatch,
    tooLong: MESSAGES.passwordsMustMatch,
    trim: false,
  });

const newPassword = (required: string) => passwordField(required).min(PASSWORD_MIN, MESSAGES.passwordMin);

export const AccountTypeSchema = z.enum(ACCOUNT_TYPES, { error: MESSAGES.accountTypeInvalid });
export type AccountType = z.infer<typeof AccountTypeSchema>;

/** POST /api/register (multipart). */
export const RegisterRequest = z
  .object({
    name: requiredText(MESSAGES.fullNameRequired),
    email: emailField(),
    email_confirmation: emailField(),
    password: newPassword(MESSAGES.passwordRequiredRegister),
    password_confirmation: newPassword(MESSAGES.passwordRequiredRegister),
    account_type: AccountTypeSchema.default('individual'),
    coupon_code: boundedString({ max: 40 }).optional(),
  })
  .superRefine((v, ctx) => {
    if (v.email.toLowerCase() !== v.email_confirmation.toLowerCase()) {
      ctx.addIssue({ code: 'custom', path: ['email_confirmation'], message: MESSAGES.emailConfirmationMismatch });
    }
    if (v.password !== v.password_confirmation) {
      ctx.addIssue({ code: 'custom', path: ['password_confirmation'], message: MESSAGES.passwordsMustMatch });
    }
  });
export type RegisterRequest = z.infer<typeof RegisterRequest>;

export const LoginRequest = z.object({
  email: emailField(),
  password: passwordField(MESSAGES.passwordRequired),
});
export type LoginRequest = z.infer<typeof LoginRequest>;

export const VerificationMethodSchema = z.enum(['email', 'sms'], { error: MESSAGES.chooseOneOption });
export const VerificationMethodRequest = LoginRequest.extend({ verificationMethod: VerificationMethodSchema });
export type VerificationMethodRequest = z.infer<typeof VerificationMethodRequest>;

export const codeField = boundedString({
  max: CODE_LENGTH,
  required: MESSAGES.codeRequired,
  tooLong: MESSAGES.codeInvalid,
  invalid: MESSAGES.codeInvalid,
})
  .min(1, MESSAGES.codeRequired)
  .regex(/^\d{6}$/, MESSAGES.codeInvalid);

/** The token of a link sent by e-mail (verification, password reset). */
export const LINK_TOKEN_MAX = 200;

export const VerificationCodeRequest = z.object({ email: emailField(), code: codeField });
export type VerificationCodeRequest = z.infer<typeof VerificationCodeRequest>;

export const EmailOnlyRequest = z.object({ email: emailField() });

export const PasswordResetRequest = z
  .object({
    token: boundedString({
      max: LINK_TOKEN_MAX,
      required: MESSAGES.passwordResetInvalid,
      tooLong: MESSAGES.passwordResetInvalid,
      invalid: MESSAGES.passwordResetInvalid,
    }).min(20, MESSAGES.passwordResetInvalid),
    email: emailField(),
    password: newPassword(MESSAGES.newPasswordRequired),
    password_confirmation: passwordConfirmationField(),
  })
  .refine((v) => v.password === v.password_confirmation, {
    path: ['password_confirmation'],
    message: MESSAGES.passwordsMustMatch,
  });
export type PasswordResetRequest = z.infer<typeof PasswordResetRequest>;

/** GET /api/register/verify/{userId} (the link sent again) */
export const ResendVerificationParams = z.object({
  userId: idParam(),
});

/** POST /api/register/verify/{token} (the link of the e-mail) */
export const VerifyEmailParams = z.object({ token: boundedString({ max: LINK_TOKEN_MAX }) });

/** POST /api/register → 201: the account, not yet verified. */
export const RegisterResponse = z.object({
  user: z.object({ id: z.number().int(), name: z.string(), email: z.string(), account_type: z.enum(ACCOUNT_TYPES) }),
  message: z.string(),
});
export type RegisterResponse = z.infer<typeof RegisterResponse>;

/** What the client may know between the password and the code. */
export const PreAuthUser = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  email_verified_at: isoDateTime().nullable(),
  /** masked, e.g. "(11) 9****-4321"; null when the account has no mobile */
  celular: z.string().nullable(),
});
export type PreAuthUser = z.infer<typeof PreAuthUser>;

/**
 * POST /api/login: the password is right; the second step is next (no token yet): a code by e-mail or SMS, or the
 * passkey when the account has one. `fallback_ready_at`: after "Perdi minha chave de acesso", when the e-mail code may
 * be asked (second_step is 'code' once that moment has passed).
 */
export const LoginResponse = z.object({
  user: PreAuthUser,
  second_step: z.enum(['code', 'passkey']),
  fallback_ready_at: isoDateTime().nullable(),
});
export type LoginResponse = z.infer<typeof LoginResponse>;

/** POST /api/login/verification-method: the code was sent (or sent again). */
export const VerificationMethodResponse = CodeSentResponse.extend({ verificationMethod: VerificationMethodSchema });
export type VerificationMethodResponse = z.infer<typeof VerificationMethodResponse>;

/** POST /api/login/verification-code: the session's bearer token and the user (as GET /api/user answers it). */
export const VerifyLoginCodeResponse = z.object({ authToken: z.string(), user: User });
export type VerifyLoginCodeResponse = z.infer<typeof VerifyLoginCodeResponse>;

/**
 * POST /api/session/renew ("Continuar conectado"): the same session with a later end, as a new bearer token. A session
 * lasts JWT_TTL_SECONDS from its start or its last renewal, never past SESSION_MAX_SECONDS from its start.
 */
export const SessionRenewResponse = z.object({ authToken: z.string(), expires_at: z.string() });
export type SessionRenewResponse = z.infer<typeof SessionRenewResponse>;
/** How long a session may last in all, renewals included (past WCAG 2.2.1's 20-hour exception). */
export const SESSION_MAX_SECONDS = 24 * 60 * 60;
/** How long before the session ends the client warns and offers a renewal (WCAG 2.2.1 asks for at least 20 s). */
export const SESSION_WARNING_SECONDS = 120;

/**
 * GET /api/session/policy (public): how long a session lasts from sign-in or a renewal (the server's JWT_TTL_SECONDS)
 * and at most in all, for the accessibility statement's time limits.
 */
export const SessionPolicyResponse = z.object({ session_seconds: z.number().int(), max_seconds: z.number().int() });
export type SessionPolicyResponse = z.infer<typeof SessionPolicyResponse>;
