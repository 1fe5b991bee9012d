import { useSyncExternalStore } from 'react';
import { firstError } from './api';

/**
 * The global snackbar: one notice at a time; a new one replaces the current one. A notice with an action ("Desfazer",
 * "Reabrir conta") stays until it is closed or replaced, so no one loses the action for being slow (WCAG 2.2.1); the
 * others close by themselves. NOTICE_HOTKEY takes the keyboard to it (app/shell/global-snackbar.tsx).
 */
export const NOTICE_HOTKEY = 'F8';

type NoticeSeverity = 'success' | 'error' | 'info' | 'warning';
type NoticeAction = { label: string; onClick: () => void };
export type Notice = {
  id: number;
  message: string;
  severity: NoticeSeverity;
  action?: NoticeAction;
  /** Milliseconds before it closes by itself; null keeps it until closed. */
  autoHideMs: number | null;
  /** Names a notice that stops being true at some moment (a code sent, before the sign-in ends): see dismiss. */
  key?: string;
};

let current: Notice | null = null;
let nextId = 1;
const listeners = new Set<() => void>();

function set(notice: Notice | null): void {
  current = notice;
  for (const listener of listeners) listener();
}

type ShowOptions = { action?: NoticeAction; autoHideMs?: number | null; key?: string };

function show(message: string, severity: NoticeSeverity, options: ShowOptions = {}): void {
  const defaultHide = options.action ? null : severity === 'error' ? 8_000 : 5_000;
  set({
    id: nextId++,
    message,
    severity,
    action: options.action,
    autoHideMs: options.autoHideMs === undefined ? defaultHide : options.autoHideMs,
    key: options.key,
  });
}

export const notify = {
  success: (message: string, options?: ShowOptions) => show(message, 'success', options),
  info: (message: string, options?: ShowOptions) => show(message, 'info', options),
  warning: (message: string, options?: ShowOptions) => show(message, 'warning', options),
  /** Accepts a message or any error (ApiError included): shows firstError(error). */
  error: (error: unknown, options?: ShowOptions) =>
    show(typeof error === 'string' ? error : firstError(error), 'error', options),
  close: () => set(null),
  /** Closes the current notice if it is the one named `key` (another one shown since stays). */
  dismiss: (key: string) => {
    if (current?.key === key) set(null);
  },
};

function subscribeNotice(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function getNotice(): Notice | null {
  return current;
}

export function useNotice(): Notice | null {
  return useSyncExternalStore(subscribeNotice, getNotice, () => null);
}
