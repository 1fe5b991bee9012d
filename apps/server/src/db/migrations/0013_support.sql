-- Issue 14 (support): FAQs, the company's contact information, ticket categories, and tickets with their messages,
-- attachments and rating, opened by customers or by visitors who proved their e-mail with a code. docs/support.md.

-- Questions and answers; the answer is HTML, sanitized when an operator saves it (and again when it is read).
create table faqs (
  id bigint generated always as identity primary key,
  question text not null check (length(question) between 1 and 300),
  answer_html text not null check (length(answer_html) between 1 and 40000),
  position integer not null default 0,
  active boolean not null default true,
  updated_by bigint references users (id),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index faqs_list_idx on faqs (position, id) where active;

-- Key/value entries of spec 3 §3 (company_line_1.., whatsapp_channel_url, ...), edited in the back office.
create table contact_information (
  key text primary key check (key ~ '^[a-z0-9_]{1,40}$'),
  value text not null check (length(value) <= 500),
  updated_by bigint references users (id),
  updated_at timestamptz not null default now()
);

create table ticket_categories (
  id bigint generated always as identity primary key,
  name text not null check (length(name) between 1 and 80),
  position integer not null default 0,
  active boolean not null default true,
  created_at timestamptz not null default now()
);
create unique index ticket_categories_name_uq on ticket_categories (lower(name));

create table ticket_subcategories (
  id bigint generated always as identity primary key,
  category_id bigint not null references ticket_categories (id),
  name text not null check (length(name) between 1 and 80),
  position integer not null default 0,
  active boolean not null default true,
  created_at timestamptz not null default now()
);
create unique index ticket_subcategories_name_uq on ticket_subcategories (category_id, lower(name));

create table tickets (
  id bigint generated always as identity primary key,
  -- null: a visitor's ticket whose e-mail had no account; a customer who signs in with that e-mail sees it
  user_id bigint references users (id),
  -- the e-mail the answers go to (the account's at the time, or the visitor's proven one)
  email text not null check (length(email) between 3 and 254),
  visitor boolean not null default false,
  category_id bigint not null references ticket_categories (id),
  subcategory_id bigint not null references ticket_subcategories (id),
  subject text not null check (length(subject) between 1 and 120),
  description text not null check (length(description) between 1 and 5000),
  status text not null default 'pending' check (status in ('pending', 'closed')),
  -- who wrote last: 'staff' means answered and waiting for the customer
  last_reply_by text check (last_reply_by in ('customer', 'staff')),
  closed_at timestamptz,
  closed_by bigint references users (id),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  check ((status = 'closed') = (closed_at is not null))
);
create index tickets_user_idx on tickets (user_id, id desc);
create index tickets_visitor_email_idx on tickets (lower(email), id desc) where user_id is null;
create index tickets_queue_idx on tickets (status, category_id, id);

create table ticket_interactions (
  id bigint generated always as identity primary key,
  ticket_id bigint not null references tickets (id),
  author_user_id bigint references users (id),
  from_staff boolean not null,
  -- the name shown beside the message, as it was when written
  author_name text not null check (length(author_name) between 1 and 255),
  message text not null check (length(message) between 1 and 5000),
  created_at timestamptz not null default now()
);
create index ticket_interactions_ticket_idx on ticket_interactions (ticket_id, id);

create table ticket_attachments (
  id bigint generated always as identity primary key,
  ticket_id bigint not null references tickets (id),
  uploaded_by bigint references users (id),
  from_staff boolean not null,
  original_name text not null check (length(original_name) between 1 and 255),
  storage_key text not null unique,
  mime_type text not null check (mime_type in ('application/pdf', 'image/png', 'image/jpeg', 'image/gif', 'image/webp')),
  size_bytes integer not null check (size_bytes between 1 and 5242880),
  sha256 char(64) not null,
  created_at timestamptz not null default now(),
  deleted_at timestamptz
);
create index ticket_attachments_ticket_idx on ticket_attachments (ticket_id, id) where deleted_at is null;

-- One rating per ticket: the primary key is the ticket.
create table ticket_ratings (
  ticket_id bigint primary key references tickets (id),
  stars smallint not null check (stars between 1 and 5),
  description text check (length(description) <= 1000),
  created_at timestamptz not null default now()
);

-- A visitor proved an e-mail with a code: the proof (only its SHA-256 is kept) opens one ticket within 30 minutes.
create table ticket_email_proofs (
  id bigint generated always as identity primary key,
  email text not null check (length(email) between 3 and 254),
  token_hash char(64) not null unique,
  expires_at timestamptz not null,
  used_at timestamptz,
  created_at timestamptz not null default now()
);
