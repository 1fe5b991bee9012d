import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Adapters } from '../adapters/index';
import { tmpdir } from 'node:os';
import { embeddedCpfStatus } from '../adapters/cpf-status/index';
import { diskStorage } from '../adapters/storage/index';
import { outboxMessages } from '../db/schema/index';
import { withTransaction } from '../db/tx';
import { createTestDatabase } from '../../test/helpers';
import { deliverDueMessages, enqueueEmail, enqueueSms } from './outbox';

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
});
