// @vitest-environment jsdom
import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ApiError } from './api';
import { stableText, useIntention } from './intention';

describe('useIntention', () => {
  it('keeps one key for the same content, a new one for other content', () => {
    const { result, rerender } = renderHook(({ content }) => useIntention(content), {
      initialProps: { content: { amount: '10.00', side: 'buy' } as unknown },
    });
    const first = result.current.key;
    rerender({ content: { side: 'buy', amount: '10.00' } });
    expect(result.current.key).toBe(first);
    rerender({ content: { side: 'buy', amount: '11.00' } });
    expect(result.current.key).not.toBe(first);
  });

  it('sends a double click once, with the same key, and renews the key after the answer', async () => {
    const { result } = renderHook(() => useIntention({ amount: '10.00' }));
    const keys: string[] = [];
    let finish: (value: string) => void = () => {};
    const send = (key: string) => {
      keys.push(key);
      return new Promise<string>((resolve) => {
        finish = resolve;
      });
    };
    const key = result.current.key;
    let first: Promise<string | undefined> = Promise.resolve(undefined);
    let second: Promise<string | undefined> = Promise.resolve(undefined);
    act(() => {
      first = result.current.run(send);
      second = result.current.run(send);
    });
    expect(result.current.busy).toBe(true);
    await act(async () => {
      finish('ok');
      await first;
    });
    expect(await second).toBeUndefined();
    expect(keys).toEqual([key]);
    expect(result.current.busy).toBe(false);
    expect(result.current.key).not.toBe(key);
  });

  it('keeps the key after a failure with no answer, and drops it after a refusal', async () => {
    const { result } = renderHook(() => useIntention({ amount: '10.00' }));
    const key = result.current.key;
    await act(async () => {
      await result.current
        .run(() => Promise.reject(new ApiError(503, 'fora', { code: 'PAYMENT_PROVIDER_UNAVAILABLE' })))
        .catch(() => {});
    });
    expect(result.current.key).toBe(key);
    await act(async () => {
      await result.current.run(() => Promise.reject(new TypeError('Failed to fetch'))).catch(() => {});
    });
    expect(result.current.key).toBe(key);
    await act(async () => {
      await result.current
        .run(() => Promise.reject(new ApiError(409, 'em andamento', { code: 'IDEMPOTENCY_IN_PROGRESS' })))
        .catch(() => {});
    });
    expect(result.current.key).toBe(key);
    await act(async () => {
      await result.current
        .run(() => Promise.reject(new ApiError(422, 'saldo', { code: 'INSUFFICIENT_BALANCE' })))
        .catch(() => {});
    });
    expect(result.current.key).not.toBe(key);
  });

  it('writes the same text whatever the order of the keys', () => {
    expect(stableText({ b: 1, a: { d: 2, c: [3, { f: 1, e: 0 }] } })).toBe(
      stableText({ a: { c: [3, { e: 0, f: 1 }], d: 2 }, b: 1 }),
    );
  });
});
