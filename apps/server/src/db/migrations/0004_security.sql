-- Issue 7: messages that carry a code or a link are redacted once delivered; the local development mailbox keeps
-- its own copy (it exists only when PRATA_DEV_MAILBOX=1, never in production).
alter table outbox_messages add column carries_secret boolean not null default false;

create table dev_mailbox (
  id bigint generated always as identity primary key,
  channel text not null check (channel in ('email', 'sms')),
  recipient text not null,
  subject text,
  text_body text not null,
  html_body text,
  created_at timestamptz not null default now()
);
create index dev_mailbox_recipient_idx on dev_mailbox (lower(recipient), id desc);
