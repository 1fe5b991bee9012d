import { type SQL, sql } from 'drizzle-orm';
import type { AppDeps } from '@/deps';
import type { Executor } from '@/db/client';
import { rows } from '@/db/sql';

/**
 * What each retention rule erases, as batches: a step deletes or anonymises at most `limit` rows past `cutoff`,
 * found through an index (migration 0039), in the caller's short transaction, and answers how many it touched and
 * the stored files whose rows went (deleted after the commit). A rule's steps run one after the other until each
 * answers fewer than `limit`. Nothing here touches the ledger, orders, trades, deposits, withdrawals, transfers or
 * invoices: those are kept five years (Lei 9.613/1998 art. 10) and are the erasure helper's, customer by customer.
 */
/** `more`: the step found as many as it could take, so another batch may find more. */
type Batch = { count: number; files: string[]; more: boolean };
export type Step = (tx: Executor, cutoff: Date, limit: number) => Promise<Batch>;

async function counted(tx: Executor, statement: SQL, limit: number): Promise<Batch> {
  const [row] = await rows<{ n: number }>(
    tx,
    sql`with gone as (${statement} returning 1) select count(*)::int as n from gone`,
  );
  const count = row?.n ?? 0;
  return { count, files: [], more: count >= limit };
}

/** Rows of `table` whose `dead` moment is before the cutoff, oldest first, through the index on (dead, id). */
const deleteDead =
  (table: string, dead: string, key = 'id') =>
  (tx: Executor, cutoff: Date, limit: number) =>
    counted(
      tx,
      sql`delete from ${sql.raw(table)} where ${sql.raw(key)} in (
          select ${sql.raw(key)} from ${sql.raw(table)} where ${sql.raw(dead)} < ${cutoff}
           order by ${sql.raw(dead)}, ${sql.raw(key)} limit ${limit} for update skip locked)`,
      limit,
    );

/**
 * Sessions past the end of their validity; one still named by a new-device e-mail's link (one_time_tokens.session_id)
 * waits for that link to go with the codes and tokens (7 days after the sign-in, then 30), long before 6 months.
 */
const sessionsStep: Step = (tx, cutoff, limit) =>
  counted(
    tx,
    sql`delete from sessions where id in (
          select s.id from sessions s where s.expires_at < ${cutoff}
             and not exists (select 1 from one_time_tokens t where t.session_id = s.id)
           order by s.expires_at, s.id limit ${limit} for update skip locked)`,
    limit,
  );

/** Documents of registrations rejected before the cutoff and not approved since, sent up to the rejection. */
const rejectedDocuments: Step = async (tx, cutoff, limit) => {
  // a customer holds at most 30 documents (profile/documents.ts): a batch of `limit` documents is about limit/30
  // customers, each marked once its files are gone so the next batch does not walk them again
  const customers = Math.max(1, Math.floor(limit / 30));
  const picked = await rows<{ id: number; rejected_at: Date }>(
    tx,
    sql`select users.id::int as id, registration_rejected_at as rejected_at from users
         where registration_rejected_at is not null and approved_at is null
           and (registration_documents_erased_at is null
                or registration_documents_erased_at < registration_rejected_at)
           and registration_rejected_at < ${cutoff}
         order by registration_rejected_at, users.id limit ${customers} for no key update skip locked`,
  );
  if (picked.length === 0) return { count: 0, files: [], more: false };
  const idList = sql.join(
    picked.map((p) => sql`${p.id}`),
    sql`, `,
  );
  const gone = await rows<{ storage_key: string }>(
    tx,
    sql`delete from documents d using users u
         where u.id = d.user_id and u.id in (${idList})
           and d.created_at <= u.registration_rejected_at
        returning d.storage_key`,
  );
  await tx.execute(
    sql`update users set registration_documents_erased_at = now()
         where id in (${idList})`,
  );
  return { count: gone.length, files: gone.map((g) => g.storage_key), more: picked.length >= customers };
};

/** Closed tickets of visitors without an account: the e-mail goes, the ticket stays under a placeholder address. */
const visitorTicketContacts: Step = (tx, cutoff, limit) =>
  counted(
    tx,
    sql`update tickets set email = 'anonimizado-' || id || '@anonimo.invalid', contact_erased_at = now()
         where id in (select id from tickets
                       where user_id is null and status = 'closed' and contact_erased_at is null
                         and closed_at < ${cutoff}
                       order by closed_at, id limit ${limit} for update skip locked)`,
    limit,
  );

/** Conversations with Auro whose last message is at or before the cutoff; their messages go with them (cascade). */
const chatConversations: Step = (tx, cutoff, limit) =>
  counted(
    tx,
    sql`delete from chats where id in (
          select id from chats where last_message_at <= ${cutoff}
           order by last_message_at, id limit ${limit} for update skip locked)`,
    limit,
  );

/** Idempotency keys: never younger than IDEMPOTENCY_TTL_SECONDS, whatever the rule's period says. */
const idempotencyKeys =
  (deps: AppDeps): Step =>
  (tx, cutoff, limit) => {
    const ttlCutoff = new Date(Date.now() - deps.config.windows.idempotencyTtlSeconds * 1000);
    const before = cutoff < ttlCutoff ? cutoff : ttlCutoff;
    return counted(
      tx,
      sql`delete from idempotency_keys where (scope, key) in (
            select scope, key from idempotency_keys where created_at < ${before}
             order by created_at limit ${limit} for update skip locked)`,
      limit,
    );
  };

/** Delivered or abandoned messages of the outbox (a pending one is never touched). */
const outboxMessages: Step = (tx, cutoff, limit) =>
  counted(
    tx,
    sql`delete from outbox_messages where id in (
          select id from outbox_messages where status in ('sent', 'failed') and created_at < ${cutoff}
           order by created_at, id limit ${limit} for update skip locked)`,
    limit,
  );

/**
 * The locked records of erased customers (migration 0040; privacy's erasure) whose purge_after is before the cutoff
 * (the rule's period after it): deleted, and with them what the sign-in kept to say the account was erased (the old
 * e-mail's hash; the password hash becomes unusable).
 */
const amlRecords: Step = async (tx, cutoff, limit) => {
  const [row] = await rows<{ n: number }>(
    tx,
    sql`with gone as (
          delete from aml_records where id in (
            select id from aml_records where purge_after < ${cutoff}
             order by purge_after, id limit ${limit} for update skip locked)
          returning user_id),
        cleared as (
          update users set erased_email_sha256 = null, password_hash = '!', updated_at = now()
           where id in (select user_id from gone) returning 1)
        select count(*)::int as n from gone`,
  );
  const count = row?.n ?? 0;
  return { count, files: [], more: count >= limit };
};

/**
 * A table of the proof of reserves' days (docs/reserves.md) keyed by (day, `second`): the rows of the days that ended
 * before the cutoff, through that primary key. The leaves go, and the stored tree levels above them (reserves/stream.ts:
 * with no leaves left, no proof reads them); the day keeps its root, totals and bars, and a customer asking that
 * day's proof is told proofs are kept for the rule's period.
 */
const reserveDayRows =
  (table: 'reserve_leaves' | 'reserve_tree_levels', second: 'position' | 'level'): Step =>
  (tx, cutoff, limit) =>
    counted(
      tx,
      sql`delete from ${sql.raw(table)} where (day, ${sql.raw(second)}) in (
          select day, ${sql.raw(second)} from ${sql.raw(table)}
           where day < (${cutoff}::timestamptz at time zone 'America/Sao_Paulo')::date
           order by day, ${sql.raw(second)} limit ${limit} for update skip locked)`,
      limit,
    );

/** Each rule's steps, by the rule's key in retention_rules. A key with no steps here fails its run (and says so). */
export function erasersOf(deps: AppDeps): Record<string, readonly Step[]> {
  return {
    codes_and_tokens: [
      deleteDead('one_time_tokens', 'least(used_at, expires_at)'),
      deleteDead('verification_codes', 'least(consumed_at, expires_at)'),
      deleteDead('ticket_email_proofs', 'least(used_at, expires_at)'),
    ],
    sessions: [sessionsStep],
    rejected_registration_documents: [rejectedDocuments],
    visitor_ticket_contacts: [visitorTicketContacts],
    chat_conversations: [chatConversations],
    idempotency_keys: [idempotencyKeys(deps)],
    outbox_messages: [outboxMessages],
    dev_mailbox: [deleteDead('dev_mailbox', 'created_at')],
    aml_records: [amlRecords],
    reserve_leaves: [reserveDayRows('reserve_leaves', 'position'), reserveDayRows('reserve_tree_levels', 'level')],
  };
}
