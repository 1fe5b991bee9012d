import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { MESSAGES } from '@prata/domain';
import { Piscina } from 'piscina';
import { AppError } from './errors';

/** How many renders run at once (worker threads) and how many more may wait for a thread. */
export type RenderPoolSettings = { threads: number; queue: number };

/**
 * A render the pool runs on a worker thread: `render`, exported as `name` by the module at `module` (its
 * import.meta.url), where the worker finds it. Its arguments and its result cross between threads by structured
 * clone: plain data, Dates and typed arrays, no functions or class instances (a Buffer arrives as a Uint8Array).
 */
export type RenderJob<A extends unknown[], R> = { module: string; name: string; render: (...args: A) => Promise<R> };

export function renderJob<A extends unknown[], R>(
  module: string,
  name: string,
  render: (...args: A) => Promise<R>,
): RenderJob<A, R> {
  return { module, name, render };
}

/** What a worker is sent (render-worker.ts): where the job is, and its arguments. */
export type RenderTask = { module: string; name: string; args: unknown[] };

export type RenderPool = {
  /**
   * The job's render on a worker thread, so the event loop serves other requests meanwhile. At most `threads` run at
   * once and `queue` more wait; one more is refused at once with 503 SERVER_BUSY. A job's render (`background`: no
   * client waits for it, and a refusal would only spend one of its attempts) is never refused: it waits its turn. A
   * render that throws rejects with its error.
   */
  run<A extends unknown[], R>(job: RenderJob<A, R>, args: A, opts?: { background?: boolean }): Promise<R>;
  /** Ends the threads; a render still running rejects. */
  close(): Promise<void>;
};

/**
 * The worker threads load the server's TypeScript as `node --import tsx` does, with the `@/` alias from the server's
 * tsconfig.json, wherever the process was started from and whatever loaded the caller (node with tsx, or vitest).
 */
function workerFiles() {
  return {
    worker: new URL('./render-worker.ts', import.meta.url).href,
    tsx: pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href,
    tsconfig: fileURLToPath(new URL('../../tsconfig.json', import.meta.url)),
  };
}

/**
 * One pool per app (app.ts), its threads started on the first render and kept. `onError` hears what fails outside a
 * render (a thread that cannot start or dies between renders): that pool is replaced by a new one and the renders
 * it held reject with the error, so no request waits for a thread that will not answer.
 */
export function createRenderPool(settings: RenderPoolSettings, onError: (err: unknown) => void): RenderPool {
  let admitted = 0;
  let closed = false;

  // found when the pool is made, not when this module loads: a module that only imports a job (a page's test under
  // jsdom, where import.meta.url is no file) needs none of them
  const files = workerFiles();
  function open() {
    const renders = new Set<AbortController>();
    const piscina = new Piscina({
      filename: files.worker,
      minThreads: 0,
      maxThreads: settings.threads,
      // a thread stays once started: a new one takes about a second to load the renderers
      idleTimeout: Number.POSITIVE_INFINITY,
      // piscina's own queue stays unbounded: run() admits at most threads + queue renders
      execArgv: ['--import', files.tsx],
      env: { ...process.env, TSX_TSCONFIG_PATH: files.tsconfig },
    });
    piscina.on('error', (err: unknown) => {
      onError(err);
      if (closed || current.piscina !== piscina) return;
      current = open();
      for (const render of renders) render.abort(err);
      void piscina.destroy();
    });
    return { piscina, renders };
  }
  let current = open();

  return {
    async run<A extends unknown[], R>(job: RenderJob<A, R>, args: A, opts: { background?: boolean } = {}): Promise<R> {
      if (closed) throw new Error('render pool: closed');
      if (!opts.background && admitted >= settings.threads + settings.queue) {
        throw new AppError('SERVER_BUSY', MESSAGES.serverBusy);
      }
      admitted += 1;
      const { piscina, renders } = current;
      const abort = new AbortController();
      renders.add(abort);
      try {
        const task: RenderTask = { module: job.module, name: job.name, args };
        return (await piscina.run(task, { signal: abort.signal })) as R;
      } catch (err) {
        throw abort.signal.aborted ? abort.signal.reason : err;
      } finally {
        renders.delete(abort);
        admitted -= 1;
      }
    },
    async close() {
      closed = true;
      await current.piscina.destroy();
    },
  };
}
