import { describe, expect, it } from 'vitest';
import { batchSize } from './queue';

describe('batchSize: how many waiting operations the next batch takes', () => {
  it('takes everything waiting up to 32', () => {
    for (const waiting of [0, 1, 2, 31, 32]) expect(batchSize(waiting)).toBe(waiting);
  });

  it('beyond 32, half of what waits, never fewer than 32 nor more than 256', () => {
    expect(batchSize(33)).toBe(32);
    expect(batchSize(64)).toBe(32);
    expect(batchSize(65)).toBe(33);
    expect(batchSize(101)).toBe(51);
    expect(batchSize(512)).toBe(256);
    expect(batchSize(20_000)).toBe(256);
  });

  it('64 operations waiting at once go in two even batches, not one large and one small', () => {
    let waiting = 64;
    const batches: number[] = [];
    while (waiting > 0) {
      const n = batchSize(waiting);
      batches.push(n);
      waiting -= n;
    }
    expect(batches).toEqual([32, 32]);
  });
});
