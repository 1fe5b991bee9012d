-- Issue 37 part 1, "Pedir eliminação": a customer's erasure (features/privacy/erasure.ts; docs/privacy.md "Eliminação").
-- The users row stays (the ledger, orders, trades and transfers point to it) with its personal data anonymised; what
-- anti-money-laundering law keeps (Lei 9.613/1998 art. 10: the customer's identification and the parties of their
-- operations, five years) moves to aml_records, locked, until purge_after; a retention rule then deletes it.

-- erased_at: the erasure's moment (the account cannot be signed in to: ACCOUNT_ERASED). erased_email_sha256: the
-- SHA-256 of the old e-mail (lower case), so a sign-in with it and the right password says why it is refused; cleared
-- with the AML record. A new registration with that e-mail is a new person (users_email_uq is on the e-mail itself).
alter table users add column erased_at timestamptz;
alter table users add column erased_email_sha256 char(64);
alter table users add constraint users_erased_email check (erased_email_sha256 is null or erased_at is not null);
create index users_erased_email_idx on users (erased_email_sha256) where erased_email_sha256 is not null;

-- Only the compliance role reads it (no customer route does); never updated, deleted only by the retention rule.
create table aml_records (
  id bigint generated always as identity primary key,
  user_id bigint not null unique references users (id),
  request_id bigint not null references privacy_requests (id),
  account_type text not null check (account_type in ('individual', 'company')),
  name text not null,
  cpf char(11),
  cnpj char(14),
  -- the rest of the identification and the parties of operations: birth date, the company, the bank accounts money
  -- was withdrawn to (the rows of banking_information are anonymised: withdrawals still point to them)
  data jsonb not null default '{}',
  -- the customer's last movement in the ledger (null: none) and the end of the relationship (the erasure)
  last_operation_at timestamptz,
  closed_at timestamptz not null,
  -- five years after the later of the two (Lei 9.613/1998 art. 10, § 2º)
  purge_after timestamptz not null,
  created_at timestamptz not null default now(),
  check (purge_after > closed_at)
);
create index aml_records_purge_idx on aml_records (purge_after, id);

create function aml_records_locked() returns trigger language plpgsql as $$
begin
  raise exception 'aml_records is locked: a record is never changed, only deleted after purge_after';
end $$;
create trigger aml_records_no_update before update on aml_records
  for each row execute function aml_records_locked();

insert into retention_rules (key, position, title, erases, legal_basis, period, run_every) values
  ('aml_records', 9, 'Registros guardados de clientes eliminados',
   'A identificação (nome, CPF ou CNPJ, nascimento) e as contas bancárias de quem pediu a eliminação, guardadas '
   'bloqueadas depois do pedido, e o resumo do e-mail antigo usado para recusar a entrada; apagados um dia depois '
   'da data de descarte (purge_after).',
   'Lei 9.613/1998 art. 10 e § 2º: cadastro e registros de operações guardados por cinco anos a partir do '
   'encerramento da conta ou da última operação; depois, LGPD art. 16: eliminados.',
   interval '1 day', interval '1 day');
