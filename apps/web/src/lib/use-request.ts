import { useCallback, useEffect, useRef, useState } from 'react';

type RequestCallbacks<T> = { onSuccess?: (answer: T) => void; onError?: (error: unknown) => void };

export type Request<I, T> = {
  /** Sends; the callbacks run for the latest call only, and not after the component is gone. */
  mutate: (input: I, callbacks?: RequestCallbacks<T>) => void;
  isPending: boolean;
};

/**
 * A write's state without react-query, for the screens a visitor opens first (the sign-in page: react-query is
 * 12 KB gzip): `mutate(input, { onSuccess, onError })` and `isPending`, as useMutation's. What every call does
 * (the loading dialog, a notice) belongs in `send`, which must be a stable function (a module's).
 */
export function useRequest<I, T>(send: (input: I) => Promise<T>): Request<I, T> {
  const [isPending, setPending] = useState(false);
  const latest = useRef(0);
  const mounted = useRef(false);

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const mutate = useCallback(
    (input: I, callbacks: RequestCallbacks<T> = {}) => {
      const call = ++latest.current;
      const current = () => mounted.current && call === latest.current;
      setPending(true);
      send(input).then(
        (answer) => {
          if (!current()) return;
          setPending(false);
          callbacks.onSuccess?.(answer);
        },
        (error: unknown) => {
          if (!current()) return;
          setPending(false);
          callbacks.onError?.(error);
        },
      );
    },
    [send],
  );

  return { mutate, isPending };
}
