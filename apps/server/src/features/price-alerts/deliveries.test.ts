import { describe, expect, it } from 'vitest';
import { boundedQueue } from './deliveries';

describe('the bounded queue of push deliveries', () => {
  it('runs at most its bound at once, in order, refuses beyond its waiting room, and tells when idle', async () => {
    const errors: unknown[] = [];
    const queue = boundedQueue(3, 5, (err) => errors.push(err));
    let running = 0;
    let most = 0;
    const started: number[] = [];
    const gates: Array<() => void> = [];
    const task = (i: number) => async () => {
      started.push(i);
      running++;
      most = Math.max(most, running);
      await new Promise<void>((resolve) => gates.push(resolve));
      running--;
      if (i === 4) throw new Error('push service answered 500');
    };
    const taken = Array.from({ length: 10 }, (_, i) => queue.add(task(i)));
    // 3 run, 5 wait, 2 are refused
    expect(taken).toEqual([...Array(8).fill(true), false, false]);
    expect(started).toEqual([0, 1, 2]);
    let idle = false;
    const whenIdle = queue.idle().then(() => {
      idle = true;
    });
    while (started.length < 8 || gates.length > 0) {
      gates.shift()?.();
      await new Promise((r) => setImmediate(r));
    }
    await whenIdle;
    expect([idle, most, started]).toEqual([true, 3, [0, 1, 2, 3, 4, 5, 6, 7]]);
    expect(errors.map(String)).toEqual(['Error: push service answered 500']);
  });
});
