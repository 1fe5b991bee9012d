/** The header the server reads on the writes that move money or send a code (apps/server/src/plugins/idempotency.ts). */
const IDEMPOTENCY_HEADER = 'Idempotency-Key';

/**
 * A fresh key for one attempt of a write: a retry of the same request (the network dropped the answer) would carry
 * the same key, a new attempt a new one. crypto.randomUUID exists only in secure contexts (https, localhost); a phone
 * opening the dev server by its LAN address has only getRandomValues, which gives the same 122 random bits.
 */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** The request options carrying an intention's key (lib/intention.ts): `{ headers: { 'Idempotency-Key': key } }`. */
export const idempotent = (key: string) => ({ headers: { [IDEMPOTENCY_HEADER]: key } });
