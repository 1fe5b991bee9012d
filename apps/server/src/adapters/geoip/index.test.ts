import { afterEach, describe, expect, it, vi } from 'vitest';
import { cityOf } from './index';

afterEach(() => vi.restoreAllMocks());

describe('a lookup that fails knows nothing, and says why in the log', () => {
  it('a port that throws: no city, one line of warning naming the port', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const port = { name: 'provedor-x', cityOf: async () => Promise.reject(new Error('connection reset')) };
    expect(await cityOf(port, '200.150.10.1')).toBeNull();
    expect(logged).toHaveBeenCalledTimes(1);
    const line = JSON.parse(String(logged.mock.calls[0]?.[0]));
    expect(line).toMatchObject({ level: 40, err: { message: 'connection reset' } });
    expect(line.msg).toContain('provedor-x');
  });

  it('a port that answers late: no city, and the sign-in does not wait', async () => {
    const port = { name: 'lento', cityOf: () => new Promise<string>((r) => setTimeout(() => r('Recife, PE'), 200)) };
    const started = Date.now();
    expect(await cityOf(port, '200.150.10.1', 20)).toBeNull();
    expect(Date.now() - started).toBeLessThan(150);
  });
});
