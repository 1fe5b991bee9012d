import type { AppDeps } from '@/deps';

/**
 * The catalogue's answers, kept by this instance: the catalogue is the first page every visitor opens, so each page is
 * computed at most once a second per instance (a price at most a second old; the checkout prices everything again).
 * This module is the only owner of that memory, and the catalogue's own writes are the only callers of
 * `catalogueChanged()`: an operator's edit (products.ts), an image (product-images.ts), and every move of stock
 * (stock.ts: an order of bars taking it, a cancellation giving it back, an operator's adjustment), so no other feature
 * has to remember it. Whatever keeps something built from the catalogue (the page's first paint) keys it on
 * `catalogueVersion()`.
 */
const CACHE_MS = 1000;
const MAX_ENTRIES = 200;
const cache = new Map<string, { at: number; value: Promise<unknown> }>();
let version = 0;

/** `compute()`'s answer under `key`, computed again when older than a second or after a change. */
export function cached<T>(key: string, compute: () => Promise<T>): Promise<T> {
  const now = Date.now();
  const hit = cache.get(key);
  if (hit && now - hit.at < CACHE_MS) return hit.value as Promise<T>;
  const value = compute();
  value.catch(() => cache.delete(key));
  if (cache.size > MAX_ENTRIES) cache.clear();
  cache.set(key, { at: now, value });
  return value;
}

/** The catalogue changed: forget every kept answer and move the version on. */
export function catalogueChanged(): void {
  cache.clear();
  version += 1;
}

/** A number that moves on at each `catalogueChanged()`: what is built from the catalogue is keyed on it. */
export function catalogueVersion(): number {
  return version;
}

/** Each app (and each test database) has its own cache entries. */
const scopes = new WeakMap<object, number>();
let nextScope = 0;
export function cacheScope(deps: AppDeps): number {
  const known = scopes.get(deps.database);
  if (known !== undefined) return known;
  nextScope += 1;
  scopes.set(deps.database, nextScope);
  return nextScope;
}
