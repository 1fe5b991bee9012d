import { describe, expect, it } from 'vitest';
import { loadConfig } from '@/config';
import { deliverDueMessages, REDACTED_BODY } from '@/messaging/outbox';
import { buildTestApp, createCustomer, outboxFor } from '../../../test/helpers';

describe('the local mailbox (PRATA_DEV_MAILBOX=1)', () => {
  it('lists what was delivered to an address, newest first, and the outbox keeps no code once delivered', async () => {
    const t = await buildTestApp({ config: { devMailbox: true } });
    const c = await createCustomer(t);
    expect(await deliverDueMessages(t.database.db, t.adapters)).toBe(2);
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
    // The outbox itself: delivered, and the code and the link are gone from it.
    const sent = await outboxFor(t.database, c.email);
    expect(sent.map((m) => [m.status, m.textBody, m.htmlBody])).toEqual([
      ['sent', REDACTED_BODY, null],
      ['sent', REDACTED_BODY, null],
    ]);
  });

  it('does not exist unless turned on', async () => {
    const t = await buildTestApp();
    const res = await t.app.inject({ method: 'GET', url: '/api/dev/outbox?to=a@b.com' });
    expect(res.statusCode).toBe(404);
    expect(loadConfig({}).devMailbox).toBe(false);
  });

  it('refuses to start in production or beside a real e-mail or SMS transport', () => {
    const base = { PRATA_DEV_MAILBOX: '1' };
    expect(() =>
      loadConfig({ ...base, NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(32), SMTP_URL: 'smtp://h' }),
    ).toThrow(/PRATA_DEV_MAILBOX/);
    expect(() => loadConfig({ ...base, SMTP_URL: 'smtps://u:p@smtp.example.com' })).toThrow(/PRATA_DEV_MAILBOX/);
    expect(() => loadConfig({ ...base, SMS_GATEWAY_URL: 'https://sms.example.com/send' })).toThrow(/PRATA_DEV_MAILBOX/);
    expect(loadConfig(base).devMailbox).toBe(true);
  });
});
