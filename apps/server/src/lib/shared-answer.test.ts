import { describe, expect, it, vi } from 'vitest';
import { sharedAnswer } from './shared-answer';

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('sharedAnswer', () => {
  it('computes once for callers at the same moment, then serves the kept answer while one refresh runs', async () => {
    let n = 0;
    let release: (() => void) | null = null;
    const compute = vi.fn(async () => {
      n += 1;
      const mine = n;
      if (mine > 1) await new Promise<void>((resolve) => (release = resolve));
      return mine;
    });
    const answer = sharedAnswer('test', 1000, compute);
    const scope = {};
    const [a, b] = await Promise.all([answer.get(scope, 0), answer.get(scope, 0)]);
    expect([a, b, compute.mock.calls.length]).toEqual([1, 1, 1]);
    expect(await answer.get(scope, 999)).toBe(1);
    expect(compute).toHaveBeenCalledTimes(1);

    // stale: the caller gets the kept answer at once, and only one refresh starts however many ask
    expect(await answer.get(scope, 1000)).toBe(1);
    expect(await answer.get(scope, 1001)).toBe(1);
    expect(compute).toHaveBeenCalledTimes(2);
    (release as unknown as () => void)();
    await settle();
    expect(await answer.get(scope, 1002)).toBe(2);
  });

  it('keeps each scope apart and forgets a failed first computation', async () => {
    let fail = true;
    const answer = sharedAnswer('test', 1000, async (scope: object) => {
      if (fail) throw new Error('database away');
      return (scope as { name: string }).name;
    });
    const one = { name: 'one' };
    await expect(answer.get(one, 0)).rejects.toThrow('database away');
    fail = false;
    expect(await answer.get(one, 1)).toBe('one');
    expect(await answer.get({ name: 'two' }, 1)).toBe('two');
  });

  it('logs a failed refresh and serves the kept answer until a refresh succeeds', async () => {
    let fail = false;
    let n = 0;
    const answer = sharedAnswer('test', 10, async () => {
      n += 1;
      if (fail) throw new Error('database away');
      return n;
    });
    const scope = {};
    expect(await answer.get(scope, 0)).toBe(1);
    fail = true;
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(await answer.get(scope, 20)).toBe(1);
    await settle();
    fail = false;
    expect(await answer.get(scope, 40)).toBe(1);
    await settle();
    expect(await answer.get(scope, 41)).toBe(3);
    expect(logged).toHaveBeenCalledTimes(1);
    expect(String(logged.mock.calls[0]?.[0])).toContain('test: refresh');
    logged.mockRestore();
  });
});
