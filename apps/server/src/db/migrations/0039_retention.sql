-- Issue 37 part 2: retention that runs by itself. One row per rule: what it erases, the law that says how long it is
-- kept, the period after which it goes, whether it runs; and a report of each run. The job (features/retention)
-- claims a due rule by moving its next_run_at (one instance wins), erases in bounded batches through the indexes
-- below, each batch its own short transaction, and writes the run's count or error. docs/privacy-retention.md.
create table retention_rules (
  key text primary key check (key ~ '^[a-z][a-z0-9_]{1,48}$'),
  -- the order the back office lists them and the job applies them
  position smallint not null,
  title text not null check (length(title) between 1 and 120),
  erases text not null check (length(erases) between 1 and 1000),
  legal_basis text not null check (length(legal_basis) between 1 and 1000),
  period interval not null check (period > interval '0'),
  run_every interval not null default interval '1 hour' check (run_every >= interval '1 minute'),
  batch_size integer not null default 500 check (batch_size between 1 and 10000),
  enabled boolean not null default true,
  next_run_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

create table retention_runs (
  id bigint generated always as identity primary key,
  rule_key text not null references retention_rules (key),
  trigger text not null check (trigger in ('schedule', 'operator')),
  requested_by bigint references users (id),
  -- what was past the period when the run started: rows older than this were erased
  cutoff timestamptz not null,
  started_at timestamptz not null default now(),
  finished_at timestamptz,
  erased integer not null default 0 check (erased >= 0),
  batches integer not null default 0 check (batches >= 0),
  -- the run stopped at its bound with rows left: the next run goes on
  more_left boolean not null default false,
  error text,
  check ((trigger = 'operator') = (requested_by is not null))
);
-- one run of a rule at a time, across instances and operators
create unique index retention_runs_running_uq on retention_runs (rule_key) where finished_at is null;
create index retention_runs_rule_idx on retention_runs (rule_key, id desc);

-- The indexes the rules walk (each batch reads at most batch_size rows of one of them).
create index one_time_tokens_dead_idx on one_time_tokens ((least(used_at, expires_at)), id);
create index verification_codes_dead_idx on verification_codes ((least(consumed_at, expires_at)), id);
create index ticket_email_proofs_dead_idx on ticket_email_proofs ((least(used_at, expires_at)), id);
create index sessions_expires_idx on sessions (expires_at, id);
-- a session named by a new-device e-mail's link (0036) goes after that link: the lookup, and the key's own check
create index one_time_tokens_session_idx on one_time_tokens (session_id) where session_id is not null;
-- when the rule last erased a rejected registration's documents: a customer walked once per rejection
alter table users add column registration_documents_erased_at timestamptz;
create index users_rejected_documents_idx on users (registration_rejected_at, id)
  where registration_rejected_at is not null and approved_at is null
    and (registration_documents_erased_at is null or registration_documents_erased_at < registration_rejected_at);
-- documents by customer: documents_user_all_idx (user_id, id), made by 0038 for the privacy export
alter table tickets add column contact_erased_at timestamptz;
create index tickets_visitor_closed_idx on tickets (closed_at, id)
  where user_id is null and status = 'closed' and contact_erased_at is null;
create index chats_last_message_idx on chats (last_message_at, id);
create index dev_mailbox_created_idx on dev_mailbox (created_at, id);
create index outbox_done_idx on outbox_messages (created_at, id) where status in ('sent', 'failed');

insert into retention_rules (key, position, title, erases, legal_basis, period, run_every) values
  ('codes_and_tokens', 1, 'Códigos e links de uso único',
   'Códigos de seis dígitos (entrada, confirmações, atendimento), links de verificação de e-mail e de troca de senha e '
   'comprovações de e-mail de visitantes, depois de usados ou vencidos.',
   'LGPD art. 15, I e art. 16: a finalidade (provar a posse do e-mail ou telefone naquele momento) se esgota com o uso '
   'ou o vencimento; mantidos por 30 dias para apurar abusos (art. 7º, IX, legítimo interesse na segurança).',
   interval '30 days', interval '1 hour'),
  ('sessions', 2, 'Sessões encerradas (registros de acesso)',
   'Sessões vencidas ou encerradas, com endereço IP, navegador e horários: os registros de acesso à aplicação.',
   'Marco Civil da Internet (Lei 12.965/2014) art. 15: registros de acesso a aplicações guardados por 6 meses; '
   'depois, LGPD art. 16: eliminados. Contados do fim da validade da sessão.',
   interval '6 months', interval '1 hour'),
  ('rejected_registration_documents', 3, 'Documentos de cadastros recusados',
   'Arquivos enviados no cadastro (e seus registros) por quem teve o cadastro recusado e não foi aprovado depois; '
   'só os enviados até a recusa.',
   'LGPD art. 15, I e art. 16: sem relação de cliente, a finalidade (analisar o cadastro) acabou com a recusa; '
   'mantidos 90 dias para o pedido de revisão (art. 20) e a defesa em processo (art. 7º, VI). A Lei 9.613/1998 '
   'art. 10 guarda o cadastro de clientes, e quem foi recusado não chegou a sê-lo.',
   interval '90 days', interval '1 hour'),
  ('visitor_ticket_contacts', 4, 'Contato de visitantes em chamados',
   'O e-mail de chamados abertos por visitantes sem conta, depois de encerrados; o chamado fica, anonimizado.',
   'LGPD art. 16 e art. 12: encerrado o atendimento, o contato não é mais necessário; o chamado fica anonimizado '
   'para a estatística do atendimento. 6 meses após o encerramento, para reabertura e reclamações (CDC art. 26).',
   interval '6 months', interval '1 hour'),
  ('chat_conversations', 5, 'Conversas com a Auro',
   'Conversas com a assistente Auro e suas mensagens, com nome e e-mail de visitantes, após a última mensagem '
   '(o período é CHAT_RETENTION_SECONDS).',
   'LGPD art. 15, I e art. 16: a conversa serve enquanto a pessoa pode voltar a ela ou abrir um chamado dela.',
   interval '90 days', interval '1 hour'),
  ('idempotency_keys', 6, 'Chaves de idempotência',
   'Chaves Idempotency-Key e a primeira resposta guardada de cada uma, passada a janela em que um reenvio as usa '
   '(nunca antes de IDEMPOTENCY_TTL_SECONDS).',
   'LGPD art. 6º, III (necessidade) e art. 16: a resposta guardada (que pode ter dados pessoais) só serve a reenvios.',
   interval '7 days', interval '1 hour'),
  ('outbox_messages', 7, 'Mensagens enviadas',
   'E-mails e SMS já entregues ou abandonados (destinatário e texto) na fila de envio.',
   'LGPD art. 6º, III e art. 16: entregue a mensagem, a cópia na fila não tem outra finalidade; 90 dias para '
   'atender reclamações de entrega.',
   interval '90 days', interval '1 hour'),
  ('dev_mailbox', 8, 'Caixa postal de desenvolvimento',
   'Mensagens da caixa postal local (/dev/caixa-postal), que só existe em desenvolvimento e demonstração.',
   'LGPD art. 6º, III: cópias de teste; nunca existe em produção.',
   interval '7 days', interval '1 hour');
