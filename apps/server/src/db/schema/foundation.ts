import {
  bigint,
  boolean,
  char,
  date,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import type { CpfStatusResponse } from '@prata/domain';

const id = () => bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity();
const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const createdAt = () => ts('created_at').notNull().defaultNow();

export const appSettings = pgTable('app_settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

export const siteContent = pgTable('site_content', {
  key: text('key').primaryKey(),
  html: text('html').notNull(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

export const cities = pgTable('cities', {
  id: integer('id').primaryKey(),
  name: text('name').notNull(),
  state: char('state', { length: 2 }).notNull(),
});

export const coupons = pgTable('coupons', {
  id: id(),
  code: text('code').notNull(),
  transactionFeeBps: integer('transaction_fee_bps').notNull(),
  ownerUserId: bigint('owner_user_id', { mode: 'number' }),
  active: boolean('active').notNull().default(true),
  createdAt: createdAt(),
  // 0011_silver.sql: what a coupon does to a silver order
  discountBps: integer('discount_bps').notNull().default(0),
  validFrom: timestamp('valid_from', { withTimezone: true, mode: 'date' }),
  validUntil: timestamp('valid_until', { withTimezone: true, mode: 'date' }),
  maxUses: integer('max_uses'),
  uses: integer('uses').notNull().default(0),
});

export type AccountType = 'individual' | 'company';

export const users = pgTable('users', {
  id: id(),
  name: text('name').notNull(),
  email: text('email').notNull(),
  passwordHash: text('password_hash').notNull(),
  accountType: text('account_type').$type<AccountType>().notNull(),
  cpf: char('cpf', { length: 11 }),
  nascimento: date('nascimento', { mode: 'string' }),
  celular: varchar('celular', { length: 11 }),
  sexo: char('sexo', { length: 1 }).$type<'M' | 'F' | 'N'>(),
  estadoCivil: char('estado_civil', { length: 1 }).$type<'S' | 'D' | 'V' | 'C' | 'U' | 'O'>(),
  conjugeNome: text('conjuge_nome'),
  conjugeCpf: char('conjuge_cpf', { length: 11 }),
  conjugeNascimento: date('conjuge_nascimento', { mode: 'string' }),
  politicamenteExposto: boolean('politicamente_exposto'),
  americano: boolean('americano'),
  naturalizacaoAmericana: boolean('naturalizacao_americana'),
  caracteristicaUsPerson: boolean('caracteristica_us_person'),
  contribuinteAmericano: boolean('contribuinte_americano'),
  fatcaDeclaredAt: ts('fatca_declared_at'),
  /** the CPF-status service's last answer for the customer's CPF */
  nfeCpfResponse: jsonb('nfe_cpf_response').$type<CpfStatusResponse>(),
  emailVerifiedAt: ts('email_verified_at'),
  approvedAt: ts('approved_at'),
  closedAt: ts('closed_at'),
  /** an operator's block (features/admin): no sign-in, no session */
  blockedAt: ts('blocked_at'),
  blockedReason: text('blocked_reason'),
  blockedBy: bigint('blocked_by', { mode: 'number' }),
  reopenAllowedUntil: ts('reopen_allowed_until'),
  hideBalances: boolean('hide_balances').notNull().default(false),
  tradingLimitCents: bigint('trading_limit_cents', { mode: 'number' }).notNull().default(5_000_000),
  staffRoles: text('staff_roles').array().notNull().default([]),
  referredByCouponId: bigint('referred_by_coupon_id', { mode: 'number' }),
  passwordChangedAt: ts('password_changed_at'),
  registrationRejectedAt: ts('registration_rejected_at'),
  registrationRejectionReason: text('registration_rejection_reason'),
  registrationReviewedBy: bigint('registration_reviewed_by', { mode: 'number' }),
  /** the customer's erasure (features/privacy): personal data anonymised, sign-in refused (ACCOUNT_ERASED) */
  erasedAt: ts('erased_at'),
  /** SHA-256 of the e-mail before the erasure, until the AML record goes (migration 0040) */
  erasedEmailSha256: char('erased_email_sha256', { length: 64 }),
  createdAt: createdAt(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});
export type UserRow = typeof users.$inferSelect;

export const companies = pgTable('companies', {
  id: id(),
  userId: bigint('user_id', { mode: 'number' }).notNull(),
  cnpj: char('cnpj', { length: 14 }).notNull(),
  razaoSocial: text('razao_social').notNull(),
  nomeFantasia: text('nome_fantasia'),
  inscricaoEstadual: text('inscricao_estadual'),
  inscricaoMunicipal: text('inscricao_municipal'),
  celular: varchar('celular', { length: 11 }).notNull(),
  email: text('email').notNull(),
  cnaePrincipal: text('cnae_principal').notNull(),
  cnaesSecundarios: text('cnaes_secundarios'),
  regimeTributario: text('regime_tributario').$type<'simples' | 'presumido' | 'real'>().notNull(),
  site: text('site'),
  createdAt: createdAt(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});
export type CompanyRow = typeof companies.$inferSelect;

export const addresses = pgTable('addresses', {
  id: id(),
  userId: bigint('user_id', { mode: 'number' }).notNull(),
  type: text('type').notNull(),
  cep: char('cep', { length: 8 }).notNull(),
  cityId: integer('city_id').notNull(),
  neighborhood: text('neighborhood').notNull(),
  street: text('street').notNull(),
  number: text('number').notNull(),
  unit: text('unit'),
  otherInfo: text('other_info'),
  createdAt: createdAt(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
  deletedAt: ts('deleted_at'),
});
export type AddressRow = typeof addresses.$inferSelect;

export const oneTimeTokens = pgTable('one_time_tokens', {
  id: id(),
  userId: bigint('user_id', { mode: 'number' }).notNull(),
  purpose: text('purpose').$type<'email_verification' | 'password_reset' | 'session_end'>().notNull(),
  tokenHash: char('token_hash', { length: 64 }).notNull(),
  expiresAt: ts('expires_at').notNull(),
  usedAt: ts('used_at'),
  createdAt: createdAt(),
  /** the session a 'session_end' link ends */
  sessionId: uuid('session_id'),
});

export const verificationCodes = pgTable('verification_codes', {
  id: id(),
  userId: bigint('user_id', { mode: 'number' }),
  subject: text('subject').notNull(),
  purpose: text('purpose').notNull(),
  channel: text('channel').$type<'email' | 'sms'>().notNull(),
  codeHash: char('code_hash', { length: 64 }).notNull(),
  bindingHash: char('binding_hash', { length: 64 }),
  attempts: integer('attempts').notNull().default(0),
  expiresAt: ts('expires_at').notNull(),
  consumedAt: ts('consumed_at'),
  createdAt: createdAt(),
});

export const sessions = pgTable('sessions', {
  id: uuid('id').primaryKey(),
  userId: bigint('user_id', { mode: 'number' }).notNull(),
  createdAt: createdAt(),
  expiresAt: ts('expires_at').notNull(),
  revokedAt: ts('revoked_at'),
  ip: text('ip'),
  userAgent: text('user_agent'),
  /** written at most once per SESSION_SEEN_SECONDS (plugins/auth.ts) */
  lastSeenAt: ts('last_seen_at').notNull().defaultNow(),
  /** parsed from the user agent at sign-in (features/devices) */
  browser: text('browser'),
  os: text('os'),
  device: text('device').$type<'desktop' | 'mobile' | 'tablet' | 'tv' | 'other'>(),
  /** from the optional GeoIP adapter; null: unknown */
  city: text('city'),
  /** SHA-256 of browser, system, kind of device and the address's network: features/devices/device.ts */
  fingerprint: char('fingerprint', { length: 64 }),
});

export const outboxMessages = pgTable('outbox_messages', {
  id: id(),
  channel: text('channel').$type<'email' | 'sms'>().notNull(),
  recipient: text('recipient').notNull(),
  subject: text('subject'),
  textBody: text('text_body').notNull(),
  htmlBody: text('html_body'),
  status: text('status').$type<'pending' | 'sent' | 'failed'>().notNull().default('pending'),
  attempts: integer('attempts').notNull().default(0),
  nextAttemptAt: ts('next_attempt_at').notNull().defaultNow(),
  lastError: text('last_error'),
  sentAt: ts('sent_at'),
  /** the body holds a code or a link: it is redacted once the transport has accepted it */
  carriesSecret: boolean('carries_secret').notNull().default(false),
  createdAt: createdAt(),
});

/** What the local development mailbox received (PRATA_DEV_MAILBOX=1 only; never in production). */
export const devMailbox = pgTable('dev_mailbox', {
  id: id(),
  channel: text('channel').$type<'email' | 'sms'>().notNull(),
  recipient: text('recipient').notNull(),
  subject: text('subject'),
  textBody: text('text_body').notNull(),
  htmlBody: text('html_body'),
  createdAt: createdAt(),
});

export const auditLog = pgTable('audit_log', {
  id: id(),
  actorUserId: bigint('actor_user_id', { mode: 'number' }),
  action: text('action').notNull(),
  targetType: text('target_type'),
  targetId: text('target_id'),
  details: jsonb('details').notNull().default({}),
  ip: text('ip'),
  createdAt: createdAt(),
});

export const eventLogs = pgTable('event_logs', {
  id: id(),
  userId: bigint('user_id', { mode: 'number' }).notNull(),
  description: text('description').notNull(),
  createdAt: createdAt(),
});

/** Idempotency-Key records (plugins/idempotency.ts): one per customer (or anonymous route) and key. */
export const idempotencyKeys = pgTable('idempotency_keys', {
  scope: text('scope').notNull(),
  key: text('key').notNull(),
  requestHash: text('request_hash').notNull(),
  state: text('state').$type<'in_progress' | 'done'>().notNull().default('in_progress'),
  statusCode: integer('status_code'),
  responseBody: text('response_body'),
  responseType: text('response_type'),
  createdAt: createdAt(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

/** A customer's passkey (WebAuthn credential); features/passkeys. */
export const passkeys = pgTable('passkeys', {
  id: id(),
  userId: bigint('user_id', { mode: 'number' }).notNull(),
  credentialId: text('credential_id').notNull(),
  /** the COSE public key, base64url */
  publicKey: text('public_key').notNull(),
  counter: bigint('counter', { mode: 'number' }).notNull().default(0),
  transports: text('transports').array().notNull().default([]),
  name: text('name').notNull(),
  createdAt: createdAt(),
  lastUsedAt: ts('last_used_at'),
});
export type PasskeyRow = typeof passkeys.$inferSelect;

/** A challenge handed to a browser: single use, short-lived, for one account and purpose. */
export const passkeyChallenges = pgTable('passkey_challenges', {
  id: id(),
  userId: bigint('user_id', { mode: 'number' }).notNull(),
  purpose: text('purpose').notNull(),
  challenge: text('challenge').notNull(),
  bindingHash: char('binding_hash', { length: 64 }),
  expiresAt: ts('expires_at').notNull(),
  consumedAt: ts('consumed_at'),
  createdAt: createdAt(),
});

/** "Perdi minha chave de acesso": when the e-mail code may replace the passkey, once. */
export const passkeyFallbacks = pgTable('passkey_fallbacks', {
  id: id(),
  userId: bigint('user_id', { mode: 'number' }).notNull(),
  requestedAt: ts('requested_at').notNull().defaultNow(),
  availableAt: ts('available_at').notNull(),
  usedAt: ts('used_at'),
});
