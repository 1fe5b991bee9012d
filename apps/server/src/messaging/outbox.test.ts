import { eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import type { Adapters } from '@/adapters/index';
import { tmpdir } from 'node:os';
import { embeddedChatModel } from '@/adapters/chat-model/index';
import { embeddedCep } from '@/adapters/cep/index';
import { embeddedCpfStatus } from '@/adapters/cpf-status/index';
import { embeddedInvoicing } from '@/adapters/invoicing/index';
import { noGeoIp } from '@/adapters/geoip/index';
import { outboundClient } from '@/adapters/outbound/index';
import { embeddedPayments } from '@/adapters/payments/index';
import { embeddedShipping } from '@/adapters/shipping/index';
import { diskStorage } from '@/adapters/storage/index';
import { outboxMessages } from '@/db/schema/index';
import { withTransaction } from '@/db/tx';
import { sql } from 'drizzle-orm';
import { createTestDatabase, onPostgres } from '../../test/helpers';
import {
  backoffSeconds,
  deliverDueMessages,
  enqueueEmail,
  enqueueSms,
  type GivenUp,
  MAX_ATTEMPTS,
  REDACTED_BODY,
} from './outbox';

function recordingAdapters(failFirst = 0) {
  const sent: string[] = [];
  let failures = failFirst;
  const adapters: Adapters = {
    mail: {
      name: 'test',
      async send(m) {
        if (failures > 0) {
          failures--;
          throw new Error('SMTP indisponível');
        }
        sent.push(`mail:${m.to}:${m.subject}`);
      },
    },
    sms: {
      name: 'test',
      async send(m) {
        sent.push(`sms:${m.to}:${m.text}`);
      },
    },
    cpfStatus: embeddedCpfStatus,
    storage: diskStorage(tmpdir()),
    payments: embeddedPayments({ merchantName: 'PRATA', merchantCity: 'SAO PAULO', webhookToken: 'w'.repeat(32) }),
    shipping: embeddedShipping(),
    cep: embeddedCep,
    chatModel: embeddedChatModel,
    invoicing: embeddedInvoicing({ production: false }),
    outbound: outboundClient(),
    geoip: noGeoIp,
  };
  return { adapters, sent };
}

describe('outbox', () => {
  it('sends nothing queued by a transaction that rolled back', async () => {
    const database = await createTestDatabase();
    const { adapters, sent } = recordingAdapters();
    await expect(
      withTransaction(database.db, async (tx) => {
        await enqueueEmail(tx, { to: 'a@b.com', subject: 'Não deve sair', text: 'x' });
        throw new Error('falhou depois');
      }),
    ).rejects.toThrow('falhou depois');
    expect(await deliverDueMessages(database.db, adapters)).toBe(0);
    expect(sent).toEqual([]);
  });

  it('serves other recipients while one delivery is slow; one recipient gets hers in order', async () => {
    const database = await createTestDatabase();
    const { adapters } = recordingAdapters();
    const sent: string[] = [];
    let releaseSlow!: () => void;
    const slow = new Promise<void>((resolve) => {
      releaseSlow = resolve;
    });
    adapters.mail = {
      name: 'test',
      async send(m) {
        if (m.subject === 'lento') await slow;
        sent.push(`${m.to}:${m.subject}`);
      },
    };
    await withTransaction(database.db, async (tx) => {
      await enqueueEmail(tx, { to: 'ana@exemplo.com', subject: 'lento', text: 'x' });
      await enqueueEmail(tx, { to: 'ana@exemplo.com', subject: 'depois', text: 'x' });
      for (const who of ['bia', 'caio', 'duda'])
        await enqueueEmail(tx, { to: `${who}@exemplo.com`, subject: 'código', text: 'x' });
    });
    const delivery = deliverDueMessages(database.db, adapters);
    // the others are out while Ana's first message is still going
    await vi.waitFor(() => expect(sent).toHaveLength(3));
    expect(sent.some((m) => m.startsWith('ana@'))).toBe(false);
    releaseSlow();
    expect(await delivery).toBe(5);
    expect(sent.filter((m) => m.startsWith('ana@'))).toEqual(['ana@exemplo.com:lento', 'ana@exemplo.com:depois']);
  });

  it('delivers committed messages once, and retries a failed delivery later with backoff', async () => {
    const database = await createTestDatabase();
    const { adapters, sent } = recordingAdapters(1);
    await withTransaction(database.db, async (tx) => {
      await enqueueEmail(tx, { to: 'Ana@Exemplo.com', subject: 'Olá', text: 'corpo' });
      await enqueueSms(tx, { to: '11987654321', text: 'código 123456' });
    });
    expect(await deliverDueMessages(database.db, adapters)).toBe(1);
    expect(sent).toEqual(['sms:11987654321:código 123456']);
    const [mail] = await database.db.select().from(outboxMessages).where(eq(outboxMessages.channel, 'email'));
    expect(mail).toMatchObject({
      status: 'pending',
      attempts: 1,
      lastError: 'SMTP indisponível',
      recipient: 'ana@exemplo.com',
    });
    expect(mail!.nextAttemptAt.getTime()).toBeGreaterThan(Date.now());

    expect(await deliverDueMessages(database.db, adapters)).toBe(0); // not due yet
    await database.db.update(outboxMessages).set({ nextAttemptAt: new Date(Date.now() - 1000) });
    expect(await deliverDueMessages(database.db, adapters)).toBe(1);
    expect(sent).toEqual(['sms:11987654321:código 123456', 'mail:ana@exemplo.com:Olá']);
    expect(await deliverDueMessages(database.db, adapters)).toBe(0);
    const rows = await database.db.select().from(outboxMessages);
    expect(rows.every((r) => r.status === 'sent' && r.sentAt)).toBe(true);
  });

  it('gives up after 8 attempts and marks the message failed', async () => {
    const database = await createTestDatabase();
    const { adapters } = recordingAdapters(100);
    await enqueueEmail(database.db, { to: 'x@y.com', subject: 's', text: 't' });
    for (let i = 0; i < 8; i++) {
      await database.db.update(outboxMessages).set({ nextAttemptAt: new Date(Date.now() - 1000) });
      await deliverDueMessages(database.db, adapters);
    }
    const [row] = await database.db.select().from(outboxMessages);
    expect(row).toMatchObject({ status: 'failed', attempts: 8 });
  });

  it('a transport that fails 3 times: retried with doubling waits (10, 20, 40 s), then sent once', async () => {
    const database = await createTestDatabase();
    const { adapters, sent } = recordingAdapters(3);
    const givenUp: GivenUp[] = [];
    await enqueueEmail(database.db, { to: 'ana@exemplo.com', subject: 'Olá', text: 'corpo' });
    const waits: number[] = [];
    for (let i = 0; i < 3; i++) {
      const before = Date.now();
      expect(await deliverDueMessages(database.db, adapters, { onGiveUp: (m) => givenUp.push(m) })).toBe(0);
      const [row] = await database.db.select().from(outboxMessages);
      expect(row).toMatchObject({ status: 'pending', attempts: i + 1, lastError: 'SMTP indisponível' });
      waits.push(Math.round((row!.nextAttemptAt.getTime() - before) / 1000));
      // not due before its wait is over
      expect(await deliverDueMessages(database.db, adapters)).toBe(0);
      await database.db.update(outboxMessages).set({ nextAttemptAt: new Date(Date.now() - 1000) });
    }
    expect(waits).toEqual([backoffSeconds(1), backoffSeconds(2), backoffSeconds(3)]);
    expect(waits).toEqual([10, 20, 40]);
    expect(await deliverDueMessages(database.db, adapters)).toBe(1);
    expect(sent).toEqual(['mail:ana@exemplo.com:Olá']);
    const [row] = await database.db.select().from(outboxMessages);
    expect(row).toMatchObject({ status: 'sent', attempts: 4, lastError: null });
    expect(givenUp).toEqual([]);
    expect(backoffSeconds(MAX_ATTEMPTS + 20)).toBe(3600);
  });

  it('gives up loudly: after the last attempt, once, with the transport and the error (never the body)', async () => {
    const database = await createTestDatabase();
    const { adapters } = recordingAdapters(100);
    const givenUp: GivenUp[] = [];
    await enqueueEmail(database.db, { to: 'x@y.com', subject: 's', text: 'código 123456', carriesSecret: true });
    for (let i = 0; i < MAX_ATTEMPTS + 2; i++) {
      await database.db.update(outboxMessages).set({ nextAttemptAt: new Date(Date.now() - 1000) });
      await deliverDueMessages(database.db, adapters, { onGiveUp: (m) => givenUp.push(m) });
    }
    const [row] = await database.db.select().from(outboxMessages);
    expect(row).toMatchObject({ status: 'failed', attempts: MAX_ATTEMPTS, lastError: 'SMTP indisponível' });
    expect(givenUp).toEqual([
      { id: row!.id, channel: 'email', attempts: MAX_ATTEMPTS, lastError: 'SMTP indisponível', transport: 'test' },
    ]);
  });

  it('talks to the transport with no transaction open: the message row can be locked by anyone meanwhile', async () => {
    const database = await createTestDatabase();
    await enqueueEmail(database.db, { to: 'ana@exemplo.com', subject: 'Olá', text: 'corpo' });
    const seen: string[] = [];
    const { adapters } = recordingAdapters();
    adapters.mail = {
      name: 'probe',
      async send(m) {
        // Had the dispatcher kept its claiming transaction open, this would fail at once on PostgreSQL (the row is
        // locked) and wait forever on PGlite (one transaction at a time).
        const rows = await database.db.transaction(async (tx) =>
          tx.execute(sql`select id from outbox_messages where recipient = ${m.to} for update nowait`),
        );
        seen.push(`${m.to}:${(rows as unknown as { rows: unknown[] }).rows.length}`);
      },
    };
    expect(await deliverDueMessages(database.db, adapters)).toBe(1);
    expect(seen).toEqual(['ana@exemplo.com:1']);
  });

  it('redacts a delivered message that carried a code or a link, and keeps the others', async () => {
    const database = await createTestDatabase();
    const { adapters, sent } = recordingAdapters();
    await enqueueEmail(database.db, {
      to: 'a@b.com',
      subject: 'Seu código: 123456',
      text: 'código 123456',
      carriesSecret: true,
    });
    await enqueueSms(database.db, { to: '11987654321', text: 'Prata: código 654321', carriesSecret: true });
    await enqueueEmail(database.db, { to: 'a@b.com', subject: 'Senha alterada', text: 'Sua senha foi alterada.' });
    expect(await deliverDueMessages(database.db, adapters)).toBe(3);
    // The transports got the whole message; the table keeps nothing to sign in with.
    expect(sent).toContain('sms:11987654321:Prata: código 654321');
    const rows = await database.db.select().from(outboxMessages).orderBy(outboxMessages.id);
    expect(rows.map((r) => r.textBody)).toEqual([REDACTED_BODY, REDACTED_BODY, 'Sua senha foi alterada.']);
  });

  it.skipIf(!onPostgres)('two dispatchers at once deliver each message once (the claim is a lease)', async () => {
    const database = await createTestDatabase();
    for (let i = 0; i < 30; i++) await enqueueEmail(database.db, { to: `p${i}@exemplo.com`, subject: 's', text: 't' });
    const sent: string[] = [];
    const slow: Adapters = {
      ...recordingAdapters().adapters,
      mail: {
        name: 'slow',
        async send(m) {
          await new Promise((r) => setTimeout(r, 5));
          sent.push(m.to);
        },
      },
    };
    const counts = await Promise.all([
      deliverDueMessages(database.db, slow),
      deliverDueMessages(database.db, slow),
      deliverDueMessages(database.db, slow),
    ]);
    expect(counts.reduce((a, b) => a + b, 0)).toBe(30);
    expect(new Set(sent).size).toBe(sent.length);
  });
});
