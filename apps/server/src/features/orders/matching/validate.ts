import type { Side } from './types';

// Programmer errors only: the HTTP layer has already turned a customer's input into these units (or refused it), so
// anything else reaching the book is a bug and throws. Business outcomes (nothing to match, own order) never throw.

export function assertPositiveInteger(n: unknown, label: string): asserts n is number {
  if (typeof n !== 'number') throw new TypeError(`${label} must be a number, got ${typeof n}`);
  if (!Number.isSafeInteger(n) || n <= 0) throw new RangeError(`${label} must be a positive safe integer, got ${n}`);
}

export function assertId(s: unknown, label: string): asserts s is string {
  if (typeof s !== 'string') throw new TypeError(`${label} must be a string, got ${typeof s}`);
  if (s.length === 0) throw new RangeError(`${label} must not be empty`);
}

export function assertSide(side: unknown): asserts side is Side {
  if (side !== 'buy' && side !== 'sell') throw new TypeError(`side must be 'buy' or 'sell', got ${String(side)}`);
}
