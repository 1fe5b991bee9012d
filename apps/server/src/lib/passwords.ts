import { hash, verify } from '@node-rs/argon2';
import { logFailure } from './log-failure';

/** argon2id, m=19456 KiB, t=2, p=1 (OWASP ASVS 5, 11.4.2). */
const OPTIONS = { algorithm: 2 as const, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

/** False for a wrong password; a stored hash argon2 cannot read is logged (a defect of the data) and matches nothing. */
export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch (err) {
    logFailure('passwords: a stored password hash could not be read', err);
    return false;
  }
}

/** A real hash to compare against when the e-mail is unknown, so both paths take the same time. */
let dummyHash: Promise<string> | undefined;
export function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword('senha-que-nunca-confere-0000');
  return dummyHash;
}
