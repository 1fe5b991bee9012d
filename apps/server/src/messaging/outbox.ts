import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Adapters } from '@/adapters/index';
import type { Db, Executor } from '@/db/client';
import { outboxMessages } from '@/db/schema/index';
import { startCoalescedRunner } from '@/lib/coalesced-runner';

/** `carriesSecret`: the body holds a code or a link; it is redacted once the transport has accepted it. */
export type Email = { to: string; subject: string; text: string; html?: string; carriesSecret?: boolean };
export type Sms = { to: string; text: string; carriesSecret?: boolean };

/** What is left of a delivered message that held a code or a link: enough for support, nothing to sign in with. */
export const REDACTED_BODY = '[conteúdo removido após o envio: a mensagem continha um código ou um link de acesso]';

/** Queues an e-mail in the caller's transaction: it is sent only if that transaction commits. */
export async function enqueueEmail(tx: Executor, email: Email) {
  await tx.insert(outboxMessages).values({
    channel: 'email',
    recipient: email.to.trim().toLowerCase(),
    subject: email.subject,
    textBody: email.text,
    htmlBody: email.html ?? null,
    carriesSecret: email.carriesSecret ?? false,
  });
}

/** Queues an SMS to a Brazilian mobile (11 digits, with area code). */
export async function enqueueSms(tx: Executor, sms: Sms) {
  await tx
    .insert(outboxMessages)
    .values({ channel: 'sms', recipient: sms.to, textBody: sms.text, carriesSecret: sms.carriesSecret ?? false });
}

/** Attempts before a message is given up ('failed'): with the backoff below, about 21 minutes of trying. */
export const MAX_ATTEMPTS = 8;
/** The wait before attempt n + 1 after n failures: 10 s, 20 s, 40 s ... doubling, at most an hour. */
export function backoffSeconds(attempts: number): number {
  return Math.min(3600, 2 ** attempts * 5);
}

/** A message given up after its last failed attempt: what the error log line says (never its body or recipient). */
export type GivenUp = { id: number; channel: string; attempts: number; lastError: string; transport: string };
export type OutboxOptions = {
  /** called once per message given up (boot.ts logs it as an error) */
  onGiveUp?: (message: GivenUp) => void;
};
const BATCH = 20;
/** A claimed message is due again after this lease if its instance died while sending (at-least-once delivery). */
const LEASE_SECONDS = 120;

/**
 * Recipients served side by side in one delivery; one recipient's messages still go out one after the other. As many
 * as the SMTP transport keeps connections (adapters/mail), and few beside the pool's 10 connections: each outcome is
 * written with one of them.
 */
const RECIPIENTS_AT_ONCE = 4;

type Claimed = typeof outboxMessages.$inferSelect;

/**
 * Delivers due messages. Several instances may run this at once: a short transaction claims a batch with
 * `for update skip locked` and leases it (next_attempt_at moves past the sending time), then the transports are
 * called with no transaction open, and each outcome is written in a statement of its own. A message is marked sent
 * only after its transport accepted it; failures back off exponentially; a message that carried a code or a link is
 * redacted as it is marked sent. Different recipients are served side by side (RECIPIENTS_AT_ONCE), so one slow
 * delivery does not hold everybody's codes; one recipient's messages keep their order.
 */
export async function deliverDueMessages(db: Db, adapters: Adapters, opts: OutboxOptions = {}): Promise<number> {
  const due = await db
    .update(outboxMessages)
    .set({ nextAttemptAt: sql`now() + make_interval(secs => ${LEASE_SECONDS})` })
    .where(
      inArray(
        outboxMessages.id,
        db
          .select({ id: outboxMessages.id })
          .from(outboxMessages)
          .where(and(eq(outboxMessages.status, 'pending'), lte(outboxMessages.nextAttemptAt, sql`now()`)))
          .orderBy(asc(outboxMessages.id))
          .limit(BATCH)
          .for('update', { skipLocked: true }),
      ),
    )
    .returning();
  due.sort((a, b) => a.id - b.id);
  const byRecipient = new Map<string, Claimed[]>();
  for (const m of due) {
    const queue = byRecipient.get(m.recipient);
    if (queue) queue.push(m);
    else byRecipient.set(m.recipient, [m]);
  }
  const queues = [...byRecipient.values()];
  let delivered = 0;
  const lane = async () => {
    for (let queue = queues.shift(); queue; queue = queues.shift()) {
      for (const m of queue) if (await deliverOne(db, adapters, m, opts)) delivered++;
    }
  };
  await Promise.all(Array.from({ length: Math.min(RECIPIENTS_AT_ONCE, queues.length) }, lane));
  return delivered;
}

/** One claimed message through its transport; its outcome written. True when the transport accepted it. */
async function deliverOne(db: Db, adapters: Adapters, m: Claimed, opts: OutboxOptions): Promise<boolean> {
  try {
    if (m.channel === 'email') {
      await adapters.mail.send({ to: m.recipient, subject: m.subject ?? '', text: m.textBody, html: m.htmlBody });
    } else {
      await adapters.sms.send({ to: m.recipient, text: m.textBody });
    }
  } catch (err) {
    const attempts = m.attempts + 1;
    const givenUp = attempts >= MAX_ATTEMPTS;
    const lastError = (err instanceof Error ? err.message : String(err)).slice(0, 500);
    await db
      .update(outboxMessages)
      .set({
        attempts,
        status: givenUp ? 'failed' : 'pending',
        lastError,
        nextAttemptAt: sql`now() + make_interval(secs => ${backoffSeconds(attempts)})`,
      })
      .where(eq(outboxMessages.id, m.id));
    if (givenUp) {
      const transport = m.channel === 'email' ? adapters.mail.name : adapters.sms.name;
      opts.onGiveUp?.({ id: m.id, channel: m.channel, attempts, lastError, transport });
    }
    return false;
  }
  await db
    .update(outboxMessages)
    .set({
      status: 'sent',
      sentAt: new Date(),
      attempts: m.attempts + 1,
      lastError: null,
      ...(m.carriesSecret ? { textBody: REDACTED_BODY, htmlBody: null } : {}),
    })
    .where(eq(outboxMessages.id, m.id));
  return true;
}

export type OutboxDispatcher = { kick(): void; stop(): Promise<void> };

/**
 * Polls every second, and at once when kicked after a commit that queued something. A kick during a delivery runs
 * another one right after it (coalesced), so a code e-mailed while the dispatcher is busy does not wait for the next
 * second.
 */
export function startOutboxDispatcher(
  db: Db,
  adapters: Adapters,
  log: (err: unknown) => void,
  opts: OutboxOptions = {},
): OutboxDispatcher {
  const runner = startCoalescedRunner('outbox', () => deliverDueMessages(db, adapters, opts), {
    delayMs: 0,
    sweepMs: 1000,
    onError: log,
  });
  return { kick: runner.schedule, stop: runner.stop };
}
