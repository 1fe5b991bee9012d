import { AUTH_MESSAGES, COMMON_MESSAGES, EMAIL_MAX, EMAIL_SHAPE, PASSWORD_MAX, hasControlChars } from '@prata/domain';
import type { LoginInput } from './components/login-types';

export type LoginErrors = Partial<Record<keyof LoginInput, string>>;

/**
 * LoginRequest's rules (packages/domain, contracts/auth.ts) checked by hand, with the same messages and in the same
 * order, so that the sign-in page's first load does not carry zod and react-hook-form; the messages are read from
 * their two groups, not from MESSAGES, which carries every feature's. The e-mail is trimmed; the password is taken as
 * typed. The server checks the request against LoginRequest itself.
 */
export function validateLogin(values: LoginInput): { values: LoginInput; errors: LoginErrors } {
  const email = values.email.trim();
  const errors: LoginErrors = {};
  if (email.length > EMAIL_MAX || hasControlChars(email)) errors.email = AUTH_MESSAGES.emailInvalid;
  else if (email.length === 0) errors.email = AUTH_MESSAGES.emailRequired;
  else if (!EMAIL_SHAPE.test(email)) errors.email = AUTH_MESSAGES.emailInvalid;

  const { password } = values;
  if (password.length > PASSWORD_MAX) errors.password = AUTH_MESSAGES.passwordMax;
  else if (hasControlChars(password)) errors.password = COMMON_MESSAGES.invalidCharacters;
  else if (password.length === 0) errors.password = AUTH_MESSAGES.passwordRequired;

  return { values: { email, password }, errors };
}
