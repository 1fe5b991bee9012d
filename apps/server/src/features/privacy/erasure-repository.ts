import { sql } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { rows } from '@/db/sql';
import { int } from '@/db/integers';

// The SQL of the erasure (migration 0040). Each statement reads one customer's rows through the customer's index.

/** The customer's row as the erasure needs it (read under the customer's lock). */
export async function userForErasure(ex: Executor, userId: number) {
  const [r] = await rows<{ email: string; erased_at: string | null }>(
    ex,
    sql`select email, erased_at::text as erased_at from users where id = ${userId}`,
  );
  return r;
}

/** When the customer's money last moved in the ledger (either side of a transfer), or null. */
export async function lastLedgerMovement(ex: Executor, userId: number): Promise<Date | null> {
  const [r] = await rows<{ at: string | null }>(
    ex,
    sql`select max(greatest(
               (select max(t.created_at) from ledger_transfers t where t.debit_account_id = a.id),
               (select max(t.created_at) from ledger_transfers t where t.credit_account_id = a.id)))::text as at
          from ledger_accounts a where a.owner_user_id = ${userId}`,
  );
  return r?.at ? new Date(r.at) : null;
}

/** The end of validity of the customer's newest session (the access logs' retention counts from it), or null. */
export async function lastSessionExpiry(ex: Executor, userId: number): Promise<Date | null> {
  const [r] = await rows<{ at: string | null }>(
    ex,
    sql`select max(expires_at)::text as at from sessions where user_id = ${userId}`,
  );
  return r?.at ? new Date(r.at) : null;
}

/** The erasure's LGPD request, answered at once by the system, with what went and what stays until when. */
export async function insertErasureRequest(ex: Executor, userId: number, result: object) {
  const [r] = await rows<{ id: string; created_at: string }>(
    ex,
    sql`insert into privacy_requests (user_id, kind, status, due_at, answered_at, result)
        values (${userId}, 'erasure', 'answered', now() + interval '15 days', now(), ${JSON.stringify(result)}::jsonb)
        returning id::text as id, created_at::text as created_at`,
  );
  return { id: int(r!.id), createdAt: r!.created_at };
}

/**
 * What anti-money-laundering law keeps, copied from the customer's rows before they go: the identification (name,
 * CPF or CNPJ, birth date, the PEP and FATCA declarations), the company and every bank account entered (withdrawals
 * name them: their rows are anonymised next).
 */
export async function insertAmlRecord(
  ex: Executor,
  v: { userId: number; requestId: number; lastOperationAt: Date | null; closedAt: Date; purgeAfter: Date },
) {
  await ex.execute(
    sql`insert into aml_records (user_id, request_id, account_type, name, cpf, cnpj, data, last_operation_at,
                                 closed_at, purge_after)
        select u.id, ${v.requestId}, u.account_type, u.name, u.cpf, c.cnpj,
               jsonb_build_object(
                 'email', u.email,
                 'nascimento', u.nascimento,
                 'approved_at', u.approved_at,
                 'created_at', u.created_at,
                 'politicamente_exposto', u.politicamente_exposto,
                 'americano', u.americano,
                 'naturalizacao_americana', u.naturalizacao_americana,
                 'caracteristica_us_person', u.caracteristica_us_person,
                 'contribuinte_americano', u.contribuinte_americano,
                 'fatca_declared_at', u.fatca_declared_at,
                 'company', case when c.id is null then null
                                 else jsonb_build_object('cnpj', c.cnpj, 'razao_social', c.razao_social,
                                                         'nome_fantasia', c.nome_fantasia) end,
                 'bank_entries', coalesce((select jsonb_agg(jsonb_build_object(
                                     'id', b.id, 'type', b.type, 'key_type', b.key_type, 'key', b.key,
                                     'account_type', b.account_type, 'bank_number', b.bank_number,
                                     'branch_number', b.branch_number, 'account_number', b.account_number,
                                     'created_at', b.created_at, 'deleted_at', b.deleted_at) order by b.id)
                                   from banking_information b where b.user_id = u.id), '[]'::jsonb)),
               ${v.lastOperationAt?.toISOString() ?? null}::timestamptz, ${v.closedAt.toISOString()}::timestamptz,
               ${v.purgeAfter.toISOString()}::timestamptz
          from users u left join companies c on c.user_id = u.id
         where u.id = ${v.userId}`,
  );
}

const count = async (ex: Executor, statement: ReturnType<typeof sql>) => {
  const [r] = await rows<{ n: number }>(
    ex,
    sql`with gone as (${statement} returning 1) select count(*)::int as n from gone`,
  );
  return r?.n ?? 0;
};

/**
 * The customer's personal data outside the users row: addresses, documents (their storage keys answered, the files
 * are deleted after the commit), bank entries anonymised in place (withdrawals point to them), the company, price
 * alerts, push subscriptions, passkeys, codes and links sent, copies of the data (exports); a limit request under review ends. Consents stay as history.
 */
export async function eraseCustomerData(ex: Executor, userId: number, email: string) {
  const addresses = await count(ex, sql`delete from addresses where user_id = ${userId}`);
  const documents = await rows<{ storage_key: string }>(
    ex,
    sql`delete from documents where user_id = ${userId} returning storage_key`,
  );
  const bankEntries = await count(
    ex,
    sql`update banking_information
           set key = case when type = 'pix' then 'eliminado' end,
               bank_number = case when type = 'account' then '000' end,
               branch_number = case when type = 'account' then '0' end,
               account_number = case when type = 'account' then '0' end,
               deleted_at = coalesce(deleted_at, now())
         where user_id = ${userId}`,
  );
  await ex.execute(sql`delete from companies where user_id = ${userId}`);
  await ex.execute(sql`delete from price_alerts where user_id = ${userId}`);
  await ex.execute(sql`delete from push_subscriptions where user_id = ${userId}`);
  await ex.execute(sql`delete from passkey_challenges where user_id = ${userId}`);
  await ex.execute(sql`delete from passkey_fallbacks where user_id = ${userId}`);
  await ex.execute(sql`delete from passkeys where user_id = ${userId}`);
  // codes and links sent to the old e-mail or phone: they name it, and a new person may now use that e-mail
  // (verification_codes_lookup_idx: by subject, the e-mail the codes were issued for)
  await ex.execute(sql`delete from verification_codes where subject = ${email} and user_id = ${userId}`);
  await ex.execute(sql`delete from one_time_tokens where user_id = ${userId}`);
  await ex.execute(
    sql`update trading_limit_requests
           set status = 'rejected', rejection_reason = 'Dados eliminados a pedido do titular', reviewed_at = now()
         where user_id = ${userId} and status = 'pending'`,
  );
  // copies of the data: a ready ZIP goes (its file after the commit), one not built yet is refused (the job's claim
  // then matches nothing and its file is deleted). Every export of the person is locked first: a build finishing
  // between the two statements would otherwise turn 'ready' after the first looked and before the second, and keep
  // its file of an erased person.
  await ex.execute(
    sql`select id from privacy_requests where user_id = ${userId} and kind = 'export' order by id for update`,
  );
  const copies = await rows<{ file_key: string }>(
    ex,
    sql`with old as (select id, file_key from privacy_requests
                      where user_id = ${userId} and kind = 'export' and status = 'ready' for update)
        update privacy_requests p set status = 'expired', download_token_hash = null, file_key = null
          from old where p.id = old.id and old.file_key is not null
        returning old.file_key`,
  );
  await ex.execute(
    sql`update privacy_requests
           set status = 'refused', answered_at = now(), last_error = 'Dados eliminados a pedido do titular'
         where user_id = ${userId} and kind = 'export' and status in ('pending', 'building', 'failed')`,
  );
  return {
    addresses,
    bankEntries,
    files: [...documents.map((d) => d.storage_key), ...copies.map((c) => c.file_key)],
  };
}

/**
 * The users row stays (the ledger, orders and transfers point to it) without personal data: a placeholder name and a
 * unique placeholder e-mail (the old one can register again as a new person), no CPF, birth date, phone, spouse or
 * declarations; closed and marked erased; the old e-mail's hash kept to refuse its sign-in with ACCOUNT_ERASED.
 */
export async function anonymiseUser(ex: Executor, userId: number, emailHash: string) {
  await ex.execute(
    sql`update users
           set name = 'Titular eliminado', email = 'eliminado-' || id || '@eliminado.invalid',
               cpf = null, nascimento = null, celular = null, sexo = null, estado_civil = null,
               conjuge_nome = null, conjuge_cpf = null, conjuge_nascimento = null,
               politicamente_exposto = null, americano = null, naturalizacao_americana = null,
               caracteristica_us_person = null, contribuinte_americano = null, fatca_declared_at = null,
               nfe_cpf_response = null, staff_roles = '{}', reopen_allowed_until = null,
               closed_at = coalesce(closed_at, now()), erased_at = now(), erased_email_sha256 = ${emailHash},
               updated_at = now()
         where id = ${userId}`,
  );
}

/** The newest account erased under this e-mail's hash, while its AML record lasts (users_erased_email_idx). */
export async function erasedByEmailHash(ex: Executor, emailHash: string) {
  const [r] = await rows<{ id: string; password_hash: string }>(
    ex,
    sql`select id::text as id, password_hash from users
         where erased_email_sha256 = ${emailHash} order by erased_at desc limit 1`,
  );
  return r ? { id: int(r.id), passwordHash: r.password_hash } : undefined;
}
