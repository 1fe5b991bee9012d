import { hash, verify } from '@node-rs/argon2';

/** argon2id, m=19456 KiB, t=2, p=1 (OWASP ASVS 5, 11.4.2). */
const OPTIONS = { algorithm: 2 as const, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/** A real hash to compare against when the e-mail is unknown, so both paths take the same time. */
let dummyHash: Promise<string> | undefined;
export function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword('senha-que-nunca-confere-0000');
  return dummyHash;
}
