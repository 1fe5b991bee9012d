import { and, asc, eq, lte, sql } from 'drizzle-orm';
import type { Adapters } from '../adapters/index';
import type { Db, Executor } from '../db/client';
import { outboxMessages } from '../db/schema/index';

export type Email = { to: string; subject: string; text: string; html?: string };
export type Sms = { to: string; text: string };

/** Queues an e-mail in the caller's transaction: it is sent only if that transaction commits. */
export async function enqueueEmail(tx: Executor, email: Email) {
  await tx.insert(outboxMessages).values({
    channel: 'email',
    recipient: email.to.trim().toLowerCase(),
    subject: email.subject,
    textBody: email.text,
    htmlBody: email.html ?? null,
  });
}

/** Queues an SMS to a Brazilian mobile (11 digits, with area code). */
export async function enqueueSms(tx: Executor, sms: Sms) {
  await tx.insert(outboxMessages).values({ channel: 'sms', recipient: sms.to, textBody: sms.text });
}

const MAX_ATTEMPTS = 8;
const BATCH = 20;

/**
 * Delivers due messages. Several instances may run this at once: `for update skip locked` gives each message to one
 * of them. A message is marked sent only after its transport accepted it; failures back off exponentially.
 */
export async function deliverDueMessages(db: Db, adapters: Adapters): Promise<number> {
  let delivered = 0;
  await db.transaction(async (tx) => {
    const due = await tx
      .select()
      .from(outboxMessages)
      .where(and(eq(outboxMessages.status, 'pending'), lte(outboxMessages.nextAttemptAt, new Date())))
      .orderBy(asc(outboxMessages.id))
      .limit(BATCH)
      .for('update', { skipLocked: true });
    for (const m of due) {
      try {
        if (m.channel === 'email') {
          await adapters.mail.send({ to: m.recipient, subject: m.subject ?? '', text: m.textBody, html: m.htmlBody });
        } else {
          await adapters.sms.send({ to: m.recipient, text: m.textBody });
        }
        await tx
          .update(outboxMessages)
          .set({ status: 'sent', sentAt: new Date(), attempts: m.attempts + 1, lastError: null })
          .where(eq(outboxMessages.id, m.id));
        delivered++;
      } catch (err) {
        const attempts = m.attempts + 1;
        const backoffSeconds = Math.min(3600, 2 ** attempts * 5);
        await tx
          .update(outboxMessages)
          .set({
            attempts,
            status: attempts >= MAX_ATTEMPTS ? 'failed' : 'pending',
            lastError: (err as Error).message.slice(0, 500),
            nextAttemptAt: sql`now() + make_interval(secs => ${backoffSeconds})`,
          })
          .where(eq(outboxMessages.id, m.id));
      }
    }
  });
  return delivered;
}

export type OutboxDispatcher = { kick(): void; stop(): Promise<void> };

/** Polls every second, and at once when kicked after a commit that queued something. */
export function startOutboxDispatcher(db: Db, adapters: Adapters, log: (err: unknown) => void): OutboxDispatcher {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let stopped = false;
  const run = () => {
    if (stopped || running) return;
    running = deliverDueMessages(db, adapters)
      .then(() => undefined)
      .catch(log)
      .finally(() => {
        running = undefined;
      });
  };
  timer = setInterval(run, 1000);
  timer.unref();
  return {
    kick: () => setImmediate(run),
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      await running;
    },
  };
}
