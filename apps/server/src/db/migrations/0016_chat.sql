-- Issue 15: Auro, the chat assistant. Every conversation and its messages are kept: a visitor's under the name and
-- e-mail they gave, a customer's under their account. The chat_id a person holds is a random secret; only its
-- SHA-256 is stored, so neither a guessed id nor a copy of this table continues someone else's conversation.

create table chats (
  id bigint generated always as identity primary key,
  token_hash char(64) not null unique,
  user_id bigint references users (id),
  visitor_name text check (visitor_name is null or length(visitor_name) between 1 and 120),
  visitor_email text check (visitor_email is null or length(visitor_email) between 3 and 254),
  -- messages of both roles; the service refuses more than its limit (docs/chat.md)
  message_count integer not null default 0 check (message_count >= 0),
  created_at timestamptz not null default now(),
  last_message_at timestamptz not null default now(),
  check ((user_id is null) = (visitor_email is not null)),
  check ((visitor_name is null) = (visitor_email is null))
);
create index chats_user_idx on chats (user_id, id desc) where user_id is not null;
create index chats_visitor_idx on chats (lower(visitor_email), id desc) where visitor_email is not null;

create table chat_messages (
  id bigint generated always as identity primary key,
  chat_id bigint not null references chats (id) on delete cascade,
  role text not null check (role in ('user', 'assistant')),
  content text not null check (length(content) between 1 and 8000),
  -- assistant messages: what the reply quoted ([{ kind, title }]), whether it offered a ticket, and who answered
  sources jsonb not null default '[]',
  offered_ticket boolean not null default false,
  model text check (model is null or length(model) between 1 and 120),
  created_at timestamptz not null default now()
);
create index chat_messages_chat_idx on chat_messages (chat_id, id);
