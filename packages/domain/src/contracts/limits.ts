/**
 * The contracts' limits and shapes that need no zod: a screen that checks a field by hand (the sign-in page, whose
 * first load must stay small) imports them without pulling zod and the schemas in. Re-exported by common.ts and
 * auth.ts, where they have always been.
 */

/**
 * The spec's "simple x@y.z shape", of characters a mail library reads as an address and nothing else: no space, one
 * @, and none of `<>()[]\,;:"`, with which `a<b@c.d>` is sent to b@c.d and `x@y.z,a` to x@y.z (nodemailer's address
 * parser), so the account's e-mail and the mailbox its codes reach would differ. The look-ahead pins the domain to the
 * end of the value before the dot is looked for, so a value that fails costs one pass instead of one pass per
 * character (`a@` and 100k dots took seconds).
 */
export const EMAIL_SHAPE = /^[^\s@<>()[\]\\,;:"]+@(?=[^\s@<>()[\]\\,;:"]*$)[^\s@<>()[\]\\,;:"]+\.[^\s@<>()[\]\\,;:"]+$/;

/** The longest address SMTP carries (RFC 5321). */
export const EMAIL_MAX = 254;

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
export const CODE_LENGTH = 6;
export const CODE_RESEND_SECONDS = 60;

/**
 * When a code just sent may be asked for again and when it stops confirming (epoch ms), from the server's answer
 * (CodeSentResponse's `resendAfterSeconds` and `validForSeconds`).
 */
export function codeDeadlines(answer: { resendAfterSeconds: number; validForSeconds: number }, now = Date.now()) {
  return { resendAt: now + answer.resendAfterSeconds * 1000, expiresAt: now + answer.validForSeconds * 1000 };
}

const TAB = 0x09;
const LINE_FEED = 0x0a;
const CARRIAGE_RETURN = 0x0d;

/**
 * C0 control characters and DEL: PostgreSQL refuses NUL, and none of them belongs in a one-line field. Text typed in
 * a text area (`multiline`) may hold tab, line feed and carriage return.
 */
export function hasControlChars(value: string, multiline = false): boolean {
  for (let i = 0; i < value.length; i += 1) {
    const c = value.charCodeAt(i);
    if (c === 0x7f) return true;
    if (c < 0x20 && !(multiline && (c === TAB || c === LINE_FEED || c === CARRIAGE_RETURN))) return true;
  }
  return false;
}
