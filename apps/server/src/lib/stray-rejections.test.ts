import { describe, expect, it, vi } from 'vitest';
import { logStrayRejections } from './stray-rejections';

describe('logStrayRejections', () => {
  it('logs a rejection nobody handled, at error level with its error, instead of ending the process', async () => {
    const log = { error: vi.fn() };
    const listening = () => process.listeners('unhandledRejection').length;
    const before = listening();
    const stop = logStrayRejections(log);
    expect(listening()).toBe(before + 1);
    try {
      const stray = new Error('a promise of ours that nobody awaited');
      // what Node does with a rejected promise that has no handler at the end of the turn
      process.emit('unhandledRejection', stray, Promise.resolve());
      expect(log.error).toHaveBeenCalledWith({ err: stray }, 'unhandled promise rejection');
    } finally {
      stop();
    }
    expect(listening()).toBe(before);
  });
});
