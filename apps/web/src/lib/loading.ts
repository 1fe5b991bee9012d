import { useSyncExternalStore } from 'react';

/**
 * The global loading dialog. Each running task holds a slot; the dialog shows while any slot is held, with the
 * message of the newest. Calls that must not block the screen (the city search) simply do not use it.
 */
type Task = { id: number; message: string };
export type LoadingState = { open: boolean; message: string };

const DEFAULT_LOADING_MESSAGE = 'Carregando...';

let tasks: Task[] = [];
let nextId = 1;
let snapshot: LoadingState = { open: false, message: '' };
const listeners = new Set<() => void>();

function publish(): void {
  const newest = tasks[tasks.length - 1];
  snapshot = newest ? { open: true, message: newest.message } : { open: false, message: snapshot.message };
  for (const listener of listeners) listener();
}

/** Starts showing the dialog; call the returned function when the task ends. */
function startLoading(message: string = DEFAULT_LOADING_MESSAGE): () => void {
  const id = nextId++;
  tasks = [...tasks, { id, message }];
  publish();
  let done = false;
  return () => {
    if (done) return;
    done = true;
    tasks = tasks.filter((task) => task.id !== id);
    publish();
  };
}

export async function withLoading<T>(message: string, run: () => Promise<T>): Promise<T> {
  const stop = startLoading(message);
  try {
    return await run();
  } finally {
    stop();
  }
}

export function useLoadingState(): LoadingState {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => snapshot,
    () => snapshot,
  );
}
