import { describe, expect, it } from 'vitest';
import { buildTestApp, createCustomer } from '../../../test/helpers';

describe('GET /api/dev/outbox', () => {
  it('lists the messages sent to an address, newest first, outside production', async () => {
    const t = await buildTestApp();
    const c = await createCustomer(t);
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/dev/outbox?to=${encodeURIComponent(c.email.toUpperCase())}`,
    });
    expect(res.statusCode).toBe(200);
    const { messages } = res.json();
    expect(messages.map((m: { subject: string }) => m.subject)).toEqual([
      expect.stringMatching(/^Seu código de acesso: \d{6}$/),
      'Confirme seu e-mail no Prata',
    ]);
    expect(messages[0]).toMatchObject({
      channel: 'email',
      to: c.email,
      text: expect.stringContaining('10 minutos'),
      created_at: expect.any(String),
    });
    expect(messages[1].html).toContain('/email/verify/');
  });

  it('does not exist in production', async () => {
    const t = await buildTestApp({ config: { devTools: false } });
    const res = await t.app.inject({ method: 'GET', url: '/api/dev/outbox?to=a@b.com' });
    expect(res.statusCode).toBe(404);
  });
});
