import { threadId } from 'node:worker_threads';
import { renderJob } from '@/lib/render-pool';

/**
 * Jobs for the render pool's tests, run on its threads like the app's own. `gate` is an Int32Array over a
 * SharedArrayBuffer, shared with the test (structured clone keeps it shared): held waits until the test opens it.
 */
export const held = renderJob(import.meta.url, 'held', async (gate: Int32Array) => {
  Atomics.wait(gate, 0, 0);
  return threadId;
});

/** Opens a gate: every held render waiting on it returns. */
export function open(gate: Int32Array) {
  Atomics.store(gate, 0, 1);
  Atomics.notify(gate, 0);
}

export const failing = renderJob(import.meta.url, 'failing', async (why: string) => {
  throw new RangeError(why);
});

/** `size` bytes counting up from 0, in a buffer of their own (what a renderer's PDF is). */
export const bytes = renderJob(import.meta.url, 'bytes', async (size: number) =>
  Uint8Array.from({ length: size }, (_, i) => i % 256),
);
