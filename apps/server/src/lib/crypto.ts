import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

export const sha256Hex = (value: string) => createHash('sha256').update(value).digest('hex');
export const hmacHex = (key: string, value: string) => createHmac('sha256', key).update(value).digest('hex');

/** URL-safe random token with 256 bits of entropy (e-mail links). */
export const randomToken = () => randomBytes(32).toString('base64url');

/** Six digits from the CSPRNG, leading zeros kept. */
export const randomSixDigits = () => String(randomInt(0, 1_000_000)).padStart(6, '0');

export function safeEqualHex(a: string, b: string): boolean {
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  return x.length === y.length && timingSafeEqual(x, y);
}
