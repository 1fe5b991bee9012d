import { useEffect, useRef } from 'react';
import { getToken, isTokenExpired } from './auth-storage';
import { clearFormDrafts, FORM_DRAFT_PREFIX } from './session-expiry';

export { clearFormDrafts };

/**
 * What a person typed in a money form, kept while the page is open and across an expired session: the sign-in page
 * returns them to the form (lib/session-expiry.ts) and the form finds its draft again. In sessionStorage (this tab
 * only), one entry per form. A draft goes when the form is back to empty (a successful submit resets it), when the
 * page is left while the session is alive (after a submit that navigates, or by choice), and at logout. Secrets are
 * never kept: fields whose names speak of passwords, codes or tokens are dropped before saving.
 */
const SECRET = /pass|senha|code|codigo|código|token|pin/i;

type Draft = Record<string, string | number | boolean | null>;

function storageKey(name: string) {
  return `${FORM_DRAFT_PREFIX}${name}`;
}

function keepable(values: Record<string, unknown>): Draft | null {
  const draft: Draft = {};
  let filled = false;
  for (const [key, value] of Object.entries(values)) {
    if (SECRET.test(key)) continue;
    if (typeof value !== 'string' && typeof value !== 'number' && typeof value !== 'boolean' && value !== null)
      continue;
    draft[key] = value;
    if (value !== '' && value !== null && value !== false) filled = true;
  }
  return filled ? draft : null;
}

function write(name: string, draft: Draft | null) {
  try {
    if (draft) sessionStorage.setItem(storageKey(name), JSON.stringify(draft));
    else sessionStorage.removeItem(storageKey(name));
  } catch {
    // storage unavailable or full: the form works without a draft
  }
}

/** The stored draft of one form, or null. */
export function readFormDraft(name: string): Draft | null {
  try {
    const raw = sessionStorage.getItem(storageKey(name));
    const value: unknown = raw ? JSON.parse(raw) : null;
    return value && typeof value === 'object' && !Array.isArray(value)
      ? keepable(value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

export function clearFormDraft(name: string): void {
  write(name, null);
}

const sessionAlive = () => {
  const token = getToken();
  return token !== null && !isTokenExpired(token);
};

/**
 * Keeps `values` (the form's fields, by name) as the draft `name`; on mount gives a stored draft to `restore` once.
 * Usage with react-hook-form: `useFormDraft('pix', useWatch({ control }), (draft) => reset({ ...EMPTY, ...draft }))`.
 */
export function useFormDraft<T extends Record<string, unknown>>(
  name: string,
  values: T,
  restore: (draft: Partial<T>) => void,
): void {
  const restored = useRef(false);
  const restoreRef = useRef(restore);
  restoreRef.current = restore;

  useEffect(() => {
    if (!restored.current) {
      restored.current = true;
      const draft = readFormDraft(name);
      if (draft) {
        restoreRef.current(draft as Partial<T>);
        return;
      }
    }
    write(name, keepable(values));
  }, [name, values]);

  // Left while signed in: the draft has done its work. Left because the session ended: it waits for the sign-in.
  useEffect(
    () => () => {
      if (sessionAlive()) clearFormDraft(name);
    },
    [name],
  );
}
