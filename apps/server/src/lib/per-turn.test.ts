import { describe, expect, it, vi } from 'vitest';
import { every, perTurn } from './per-turn';

describe('perTurn', () => {
  it('handles the asks of one turn together, per key, and each caller gets its own answer', async () => {
    const calls: Array<[string, number[]]> = [];
    const double = perTurn(async (key: { name: string }, asks: number[]) => {
      calls.push([key.name, asks]);
      return asks.map((n) => n * 2);
    });
    const [a, b] = [{ name: 'a' }, { name: 'b' }];
    const answers = await Promise.all([double(a, 1), double(b, 5), double(a, 2), double(a, 3)]);
    expect(answers).toEqual([2, 10, 4, 6]);
    expect(calls).toEqual([
      ['a', [1, 2, 3]],
      ['b', [5]],
    ]);
    // the next turn is a new gathering
    expect(await double(a, 7)).toBe(14);
    expect(calls.at(-1)).toEqual(['a', [7]]);
  });

  it('rejects every ask of the turn when the handler fails, and the next turn works again', async () => {
    let fail = true;
    const read = perTurn(async (_key: object, asks: string[]) => {
      if (fail) throw new Error('banco fora do ar');
      return asks.map((s) => s.toUpperCase());
    });
    const key = {};
    const results = await Promise.allSettled([read(key, 'x'), read(key, 'y')]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    fail = false;
    expect(await read(key, 'z')).toBe('Z');
  });
});

describe('every', () => {
  it("logs a failed run under its name and runs again at the next tick (a sweeper's failure is never silent)", async () => {
    vi.useFakeTimers();
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      let runs = 0;
      const stop = every(
        1_000,
        async () => {
          runs++;
          throw new Error('connection terminated');
        },
        'silver transfers: expiry',
      );
      await vi.advanceTimersByTimeAsync(2_000);
      stop();
      expect(runs).toBe(2);
      const lines = logged.mock.calls.map(([line]) => JSON.parse(String(line)) as Record<string, unknown>);
      expect(lines).toHaveLength(2);
      expect(lines[0]).toMatchObject({ level: 50, msg: 'silver transfers: expiry: run failed' });
      expect(lines[0]?.err).toMatchObject({ message: 'connection terminated' });
    } finally {
      logged.mockRestore();
      vi.useRealTimers();
    }
  });
});
