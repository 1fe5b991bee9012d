import { availableParallelism } from 'node:os';
import { threadId } from 'node:worker_threads';
import { MESSAGES } from '@prata/domain';
import { describe, expect, it, onTestFinished } from 'vitest';
import { bytes, failing, held, open } from '../../test/render-jobs';
import { loadConfig } from '@/config';
import { AppError } from './errors';
import { createRenderPool, type RenderPoolSettings, renderJob } from './render-pool';

/** A pool closed when the test ends; nothing may fail outside a render meanwhile. */
function pool(settings: RenderPoolSettings) {
  const outside: unknown[] = [];
  const p = createRenderPool(settings, (err) => outside.push(err));
  onTestFinished(async () => {
    await p.close();
    expect(outside).toEqual([]);
  });
  return p;
}

const gate = () => new Int32Array(new SharedArrayBuffer(4));

describe('the render pool', () => {
  it('renders on a thread of its own and hands the bytes back whole', async () => {
    const p = pool({ threads: 1, queue: 0 });
    const g = gate();
    open(g);
    const renderedOn = await p.run(held, [g]);
    expect(renderedOn).toBeGreaterThan(0);
    expect(renderedOn).not.toBe(threadId);
    const out = await p.run(bytes, [300_000]);
    expect(out).toBeInstanceOf(Uint8Array);
    expect(out.byteLength).toBe(300_000);
    expect([out[0], out[255], out[256], out[299_999]]).toEqual([0, 255, 0, 299_999 % 256]);
  });

  it('refuses at once past its threads and queue (503 SERVER_BUSY), and admits again once a render ends', async () => {
    const p = pool({ threads: 1, queue: 1 });
    const g = gate();
    const running = p.run(held, [g]);
    const waiting = p.run(held, [g]);
    const refused = p.run(held, [g]);
    await expect(refused).rejects.toBeInstanceOf(AppError);
    await expect(refused).rejects.toMatchObject({ code: 'SERVER_BUSY', message: MESSAGES.serverBusy });
    open(g);
    const [first, second] = await Promise.all([running, waiting]);
    // one thread: the waiting render ran on it after the first
    expect(second).toBe(first);
    await expect(p.run(held, [g])).resolves.toBe(first);
  });

  it("waits with a job's render (background) where a request's is refused", async () => {
    const p = pool({ threads: 1, queue: 0 });
    const g = gate();
    const running = p.run(held, [g]);
    await expect(p.run(held, [g])).rejects.toMatchObject({ code: 'SERVER_BUSY' });
    const background = p.run(held, [g], { background: true });
    open(g);
    const [first, later] = await Promise.all([running, background]);
    expect(later).toBe(first);
  });

  it('a render that throws rejects with its error, and the thread renders on', async () => {
    const p = pool({ threads: 1, queue: 0 });
    const threw = p.run(failing, ['página fora do lugar']);
    await expect(threw).rejects.toThrow(RangeError);
    await expect(threw).rejects.toThrow('página fora do lugar');
    const unknown = renderJob(held.module, 'unknown', held.render);
    await expect(p.run(unknown, [gate()])).rejects.toThrow(/exports no job unknown/);
    await expect(p.run(bytes, [3])).resolves.toEqual(new Uint8Array([0, 1, 2]));
  });

  it('close ends its threads, a render still running too; nothing runs after it', async () => {
    const p = createRenderPool({ threads: 1, queue: 0 }, () => {});
    // a gate nobody opens: the render would wait for ever
    const running = expect(p.run(held, [gate()])).rejects.toThrow(/Terminating worker thread/);
    await p.close();
    await running;
    await expect(p.run(bytes, [1])).rejects.toThrow(/closed/);
  });
});

describe('the render pool settings', () => {
  it('are RENDER_THREADS (the cores less one by default) and RENDER_QUEUE_MAX (32); a bad value stops the start', () => {
    expect(loadConfig({}).renderPool).toEqual({ threads: Math.max(1, availableParallelism() - 1), queue: 32 });
    expect(loadConfig({ RENDER_THREADS: '3', RENDER_QUEUE_MAX: '0' }).renderPool).toEqual({ threads: 3, queue: 0 });
    const refused: Array<[string, string]> = [
      ['RENDER_THREADS', '0'],
      ['RENDER_THREADS', 'dois'],
      ['RENDER_THREADS', '1.5'],
      ['RENDER_QUEUE_MAX', '-1'],
    ];
    for (const [name, value] of refused)
      expect(() => loadConfig({ [name]: value }), `${name}=${value}`).toThrow(
        new RegExp(`^Configuração inválida:\\n  ${name}: `),
      );
  });
});
