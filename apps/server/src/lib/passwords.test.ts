import { afterEach, describe, expect, it, vi } from 'vitest';
import { verifyPassword } from './passwords';

afterEach(() => vi.restoreAllMocks());

describe('a stored password hash argon2 cannot read', () => {
  it('matches no password and is logged as an error', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(await verifyPassword('não é um hash', 'prata1234')).toBe(false);
    expect(JSON.parse(String(logged.mock.calls[0]?.[0]))).toMatchObject({ level: 50 });
  });
});
