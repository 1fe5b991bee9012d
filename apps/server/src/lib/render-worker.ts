// A render thread's entry (lib/render-pool.ts): piscina calls the default export with each task.
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { move } from 'piscina';
import type { RenderJob, RenderTask } from './render-pool';

/**
 * Node 20 applies no `--import` module hooks in a worker thread, so tsx's ESM loader is absent here and only its
 * require hook compiles TypeScript: the job's module is required, not imported.
 */
const load = createRequire(import.meta.url);

/** Runs the job the task names; bytes that own their whole buffer go back to the event loop moved, not copied. */
export default async function render({ module, name, args }: RenderTask): Promise<unknown> {
  const job = load(fileURLToPath(module))[name] as RenderJob<unknown[], unknown> | undefined;
  if (typeof job?.render !== 'function') throw new Error(`render pool: ${module} exports no job ${name}`);
  const result = await job.render(...args);
  const ownsBuffer =
    result instanceof Uint8Array &&
    result.byteOffset === 0 &&
    result.buffer instanceof ArrayBuffer &&
    result.byteLength === result.buffer.byteLength;
  return ownsBuffer ? move(result) : result;
}
