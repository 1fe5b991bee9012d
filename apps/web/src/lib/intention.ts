import { useCallback, useRef, useState } from 'react';
import { ApiError } from './api';
import { newIdempotencyKey } from './idempotency';

/** One intention: its key, and the content it was made for. */
type Intention = { key: string; fingerprint: string };

/**
 * What a person means to do once (place this order, make this Pix charge, send this code) lives from the moment the
 * form is filled until the server has answered it. One Idempotency-Key names it: a double click, a retry after the
 * network dropped the answer, or a second tap while the first is on its way all carry the same key, so the server
 * applies it once (plugins/idempotency.ts) whatever the fingers did.
 *
 * - The key follows the content: the same content keeps its key, other content (another amount) gets a new one.
 * - A run at a time: a second `run` while one is in flight is dropped (the button is also `busy`).
 * - After an answer the intention is over and the next `run` gets a new key: a success is done; a refusal (4xx) is
 *   kept by the server under its key, so trying again after fixing what was refused (a deposit, then the order) must
 *   be a new intention. A failure with no answer (the network, a 5xx, a 503 while the database is away) keeps the
 *   key, so trying again can never apply twice.
 */
export function useIntention(content: unknown) {
  const fingerprint = stableText(content);
  const current = useRef<Intention | null>(null);
  const running = useRef(false);
  const [busy, setBusy] = useState(false);
  // an intention that ends renders again, so `key` shows the next one even when `busy` came back to where it was
  const [, setEnded] = useState(0);

  if (current.current === null || current.current.fingerprint !== fingerprint) {
    current.current = { key: newIdempotencyKey(), fingerprint };
  }
  const key = current.current.key;

  const end = useCallback((intention: Intention | null) => {
    if (current.current !== intention) return;
    current.current = null;
    setEnded((count) => count + 1);
  }, []);

  const run = useCallback(
    async <T>(send: (idempotencyKey: string) => Promise<T>): Promise<T | undefined> => {
      if (running.current) return undefined;
      running.current = true;
      setBusy(true);
      const intention = current.current;
      try {
        const answer = await send(intention?.key ?? newIdempotencyKey());
        end(intention);
        return answer;
      } catch (error) {
        if (isAnswered(error)) end(intention);
        throw error;
      } finally {
        running.current = false;
        setBusy(false);
      }
    },
    [end],
  );

  return { key, busy, run };
}

/**
 * The server answered with a refusal it keeps under the key, as opposed to no answer, a failure it does not keep, or
 * "the first attempt with this key is still running" (the intention is not over).
 */
function isAnswered(error: unknown): boolean {
  return (
    error instanceof ApiError &&
    error.status >= 400 &&
    error.status < 500 &&
    error.code !== undefined &&
    error.code !== 'IDEMPOTENCY_IN_PROGRESS'
  );
}

/** The same text for the same content whatever the order of its keys. */
export function stableText(value: unknown): string {
  return JSON.stringify(value, (_key, item: unknown) =>
    item && typeof item === 'object' && !Array.isArray(item) && !(item instanceof Date)
      ? Object.fromEntries(Object.entries(item as Record<string, unknown>).sort(([a], [b]) => a.localeCompare(b)))
      : item,
  );
}
