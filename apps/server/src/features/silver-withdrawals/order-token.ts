import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The buyer's key to a Pix order (GET /api/silver-withdrawal/order/{token}): `<id>.<signature>`, the signature an
 * HMAC of the id under the server's secret. A visitor has no account to own the order by, so whoever holds the token
 * (the checkout's tab, the order e-mail) is its buyer; without the secret nobody can make one for another id. Nothing
 * is stored: the same order always has the same token, so the e-mail's link and the page's address agree.
 */
const signature = (secret: string, id: number) =>
  createHmac('sha256', secret).update(`silver-order:${id}`).digest('base64url').slice(0, 32);

export const orderToken = (secret: string, id: number) => `${id}.${signature(secret, id)}`;

const SHAPE = /^([1-9]\d{0,14})\.([A-Za-z0-9_-]{32})$/;

/** The order id a token names, or null when it is not one of ours (malformed or a forged signature). */
export function orderIdOfToken(secret: string, token: string): number | null {
  const match = SHAPE.exec(token);
  if (!match) return null;
  const id = Number(match[1]);
  if (!Number.isSafeInteger(id)) return null;
  const expected = Buffer.from(signature(secret, id));
  const given = Buffer.from(match[2]!);
  return expected.length === given.length && timingSafeEqual(expected, given) ? id : null;
}
