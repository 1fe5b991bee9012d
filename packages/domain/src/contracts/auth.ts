import { z } from 'zod';
import { MESSAGES } from '../messages';
import { boundedString, emailField, requiredText } from './common';

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
export const CODE_LENGTH = 6;
export const CODE_RESEND_SECONDS = 60;

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

export const AccountTypeSchema = z.enum(['individual', 'company'], { error: MESSAGES.accountTypeInvalid });
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
