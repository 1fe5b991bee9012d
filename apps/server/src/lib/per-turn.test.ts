import { describe, expect, it } from 'vitest';
import { perTurn } from './per-turn';

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
