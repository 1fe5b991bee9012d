import { PRIVACY_EXPORT_SECTIONS, type PrivacyExportData, type PrivacyExportSection } from '@prata/domain';
import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { rows } from '@/db/sql';
import { int } from '@/db/integers';

// The export's SQL (collect.ts): everything Prata holds about one customer (docs/privacy.md), each table read through
// the customer's index, page by page in id order (never a whole table, never one customer's whole history in one
// statement).

export type Record = { id: number | string; [column: string]: unknown };

/** Rows per statement. */
const PAGE = 1_000;

/** Columns that are the platform's secrets, never copied: hashes of passwords, codes and links; storage keys. */
const SECRET_COLUMNS = ['password_hash', 'download_token_hash', 'file_key', 'storage_key', 'token_hash', 'code_hash'];
const WITHOUT_SECRETS = sql.raw(`array[${SECRET_COLUMNS.map((c) => `'${c}'`).join(', ')}]`);

/**
 * The rows of `table` (aliased t) where `where`, in id order, PAGE at a time after the last id read: each page is one
 * index range of the customer's rows.
 */
async function paged(ex: Executor, table: string, where: SQL): Promise<Record[]> {
  const out: Record[] = [];
  let after: string | null = null;
  for (;;) {
    const next: SQL = after === null ? sql`` : sql`and t.id > ${after}::bigint`;
    const page: Array<{ id: string; r: Record }> = await rows<{ id: string; r: Record }>(
      ex,
      sql`select t.id::text as id, to_jsonb(t) - ${WITHOUT_SECRETS} as r from ${sql.raw(table)} t
           where ${where} ${next} order by t.id limit ${PAGE}`,
    );
    for (const p of page) out.push(p.r);
    if (page.length < PAGE) return out;
    after = page[page.length - 1]!.id;
  }
}

/** Each id once, in id order: a record two readings found (a transfer both sent and received) is kept once. */
function unique(records: Record[]): Record[] {
  const seen = new Map<string, Record>();
  for (const r of records) seen.set(String(r.id), r);
  return [...seen.values()].sort((a, b) => Number(a.id) - Number(b.id));
}

const chunks = <T>(items: T[], size: number): T[][] =>
  Array.from({ length: Math.ceil(items.length / size) }, (_, i) => items.slice(i * size, (i + 1) * size));

const idList = (ids: Array<number | string>) => sql.raw(ids.map((id) => String(int(id))).join(', '));

/**
 * The transfers into and out of one of the customer's ledger accounts, from the account's side: each side through its
 * own index (ledger_transfers_debit_idx, _credit_idx: account and time), in time order, a page after the last read.
 */
async function movementsOf(ex: Executor, account: { id: number; code: string }): Promise<Record[]> {
  const out: Record[] = [];
  for (const [side, direction] of [
    ['debit_account_id', 'out'],
    ['credit_account_id', 'in'],
  ] as const) {
    const other = side === 'debit_account_id' ? 'credit_account_id' : 'debit_account_id';
    let after: { at: string; id: string } | null = null;
    for (;;) {
      const next: SQL =
        after === null ? sql`` : sql`and (t.created_at, t.id) > (${after.at}::timestamptz, ${after.id}::bigint)`;
      const page: Array<{
        id: string;
        at: string;
        exact_at: string;
        transfer_id: string;
        currency: string;
        amount: string;
        code: string;
        counter_account: string;
      }> = await rows(
        ex,
        sql`select t.id::text as id, to_char(t.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as at,
                   t.created_at::text as exact_at, t.transfer_id, t.currency, t.amount::text as amount, t.code,
                   c.code as counter_account
              from ledger_transfers t join ledger_accounts c on c.id = t.${sql.raw(other)}
             where t.${sql.raw(side)} = ${account.id} ${next}
             order by t.created_at, t.id limit ${PAGE}`,
      );
      for (const m of page)
        out.push({
          id: int(m.id),
          at: m.at,
          transfer_id: m.transfer_id,
          account: account.code,
          direction,
          currency: m.currency,
          amount: int(m.amount),
          code: m.code,
          counter_account: m.counter_account,
        });
      if (page.length < PAGE) break;
      const last = page[page.length - 1]!;
      after = { at: last.exact_at, id: last.id };
    }
  }
  return out;
}

/** Every section of data.json, each read through the customer's index (or an index of what is theirs). */
export async function customerExportSections(ex: Executor, userId: number) {
  const mine = sql`t.user_id = ${userId}`;
  const sections = Object.fromEntries(PRIVACY_EXPORT_SECTIONS.map((s) => [s, [] as Record[]])) as {
    [K in PrivacyExportSection]: Record[];
  };
  sections.addresses = await paged(ex, 'addresses', mine);
  sections.documents = await paged(ex, 'documents', mine);
  sections.bank_entries = await paged(ex, 'banking_information', mine);
  sections.trading_limit_requests = await paged(ex, 'trading_limit_requests', mine);
  sections.ledger_accounts = await paged(ex, 'ledger_accounts', sql`t.owner_user_id = ${userId}`);
  for (const a of sections.ledger_accounts)
    sections.ledger_movements.push(...(await movementsOf(ex, { id: int(a.id), code: String(a.code) })));
  sections.ledger_movements.sort((a, b) => Number(a.id) - Number(b.id));
  sections.orders = await paged(ex, 'orders', mine);
  const trades: Record[] = [];
  for (const ids of chunks(
    sections.orders.map((o) => o.id),
    500,
  )) {
    const list = idList(ids);
    trades.push(...(await paged(ex, 'trades', sql`(t.maker_order_id in (${list}) or t.taker_order_id in (${list}))`)));
  }
  sections.trades = unique(trades);
  sections.deposits = await paged(ex, 'deposits', mine);
  sections.withdrawals = await paged(ex, 'withdrawals', mine);
  sections.silver_withdrawals = await paged(ex, 'silver_withdrawals', mine);
  sections.silver_transfers = unique([
    ...(await paged(ex, 'silver_transfers', sql`t.sender_id = ${userId}`)),
    ...(await paged(ex, 'silver_transfers', sql`t.receiver_id = ${userId}`)),
  ]);
  sections.tickets = await paged(ex, 'tickets', mine);
  const ticketIds = sections.tickets.map((t) => int(t.id));
  for (const ids of chunks(ticketIds, 500)) {
    sections.ticket_messages.push(...(await paged(ex, 'ticket_interactions', sql`t.ticket_id in (${idList(ids)})`)));
    sections.ticket_attachments.push(
      ...(await paged(ex, 'ticket_attachments', sql`t.ticket_id in (${idList(ids)}) and t.deleted_at is null`)),
    );
  }
  sections.service_invoices = await paged(ex, 'service_invoices', mine);
  sections.product_invoices = await paged(ex, 'product_invoices', mine);
  sections.price_alerts = await paged(ex, 'price_alerts', mine);
  sections.saving_plans = await paged(ex, 'saving_plans', mine);
  sections.consents = await paged(ex, 'consents', mine);
  // a session's id is half of what signs a token in: only its first characters, to tell sessions apart
  sections.sessions = (
    await rows<{ r: Record }>(
      ex,
      sql`select jsonb_set(to_jsonb(s), '{id}', to_jsonb(left(s.id::text, 8))) as r from sessions s
           where s.user_id = ${userId} order by s.created_at desc limit 5000`,
    )
  ).map((s) => s.r);
  sections.account_events = await paged(ex, 'event_logs', mine);
  sections.audit_entries = unique([
    ...(await paged(ex, 'audit_log', sql`t.target_type = 'user' and t.target_id = ${String(userId)}`)),
    ...(await paged(ex, 'audit_log', sql`(t.details ->> 'customer_id') = ${String(userId)}`)),
  ]);
  sections.privacy_requests = await paged(ex, 'privacy_requests', mine);

  return { sections, ticketIds };
}

/** A stored file's row, as the export lists it (its storage key stays on the server). */
export type FileRow = {
  id: string;
  original_name: string;
  storage_key: string;
  mime_type: string;
  size_bytes: number;
  sha256: string;
};

/** The customer's kept documents' files, in id order (at most 10,000). */
export function customerDocumentFiles(ex: Executor, userId: number): Promise<FileRow[]> {
  return rows<FileRow>(
    ex,
    sql`select id::text as id, original_name, storage_key, mime_type, size_bytes, sha256 from documents
         where user_id = ${userId} and deleted_at is null order by id limit 10000`,
  );
}

/** The kept attachments' files of these tickets, 500 tickets per statement, in id order within each. */
export async function ticketAttachmentFiles(ex: Executor, ticketIds: number[]): Promise<FileRow[]> {
  const out: FileRow[] = [];
  for (const ids of chunks(ticketIds, 500)) {
    out.push(
      ...(await rows<FileRow>(
        ex,
        sql`select id::text as id, original_name, storage_key, mime_type, size_bytes, sha256 from ticket_attachments
             where ticket_id in (${idList(ids)}) and deleted_at is null order by id`,
      )),
    );
  }
  return out;
}

/** The customer's own row, without the platform's secrets. */
export async function customerExportRecord(ex: Executor, userId: number) {
  const [user] = await rows<{ r: PrivacyExportData['customer'] }>(
    ex,
    sql`select to_jsonb(u) - ${WITHOUT_SECRETS} as r from users u where u.id = ${userId}`,
  );
  return user;
}

/** The customer's company row, if any. */
export async function companyExportRecord(ex: Executor, userId: number) {
  const [company] = await rows<{ r: Record }>(
    ex,
    sql`select to_jsonb(c) as r from companies c where c.user_id = ${userId}`,
  );
  return company;
}
