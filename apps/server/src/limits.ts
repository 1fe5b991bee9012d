/**
 * Every rate limit and every window of the server, with its default and its meaning. config.ts reads the overrides
 * from the environment; docs/configuration.md lists the same table (a test keeps the two in step).
 *
 * Keys come first on the account, the e-mail or the destination of a message: thousands of Brazilian customers share
 * one public address behind carrier-grade NAT, so the per-address limits are high and only catch what no one person
 * does (one address trying fifty accounts, or asking for hundreds of messages).
 */

export type LimitRule = { max: number; windowSeconds: number };

type Catalogue = Record<string, { env: string; max: number; window: string; meaning: string }>;

export const LIMITS = {
  signinAccount: {
    env: 'LIMIT_SIGNIN_ACCOUNT',
    max: 10,
    window: '15m',
    meaning:
      'wrong passwords for one e-mail, from any number of addresses; a right password or a password reset clears it',
  },
  signinAddress: {
    env: 'LIMIT_SIGNIN_ADDRESS',
    max: 30,
    window: '15m',
    meaning: 'wrong passwords from one address over all accounts (password spraying)',
  },
  codeAccount: {
    env: 'LIMIT_CODE_ACCOUNT',
    max: 10,
    window: '10m',
    meaning: 'wrong six-digit codes for one account (each code also dies after CODE_MAX_ATTEMPTS misses)',
  },
  codeAddress: {
    env: 'LIMIT_CODE_ADDRESS',
    max: 100,
    window: '10m',
    meaning: 'wrong six-digit codes from one address over all accounts',
  },
  messagesDestination: {
    env: 'LIMIT_MESSAGES_DESTINATION',
    max: 10,
    window: '1h',
    meaning: 'e-mails and SMS with a code or a link sent to one e-mail address or phone, however many ask',
  },
  messagesAddress: {
    env: 'LIMIT_MESSAGES_ADDRESS',
    max: 100,
    window: '1h',
    meaning:
      'requests from one address that send a message (codes, verification and reset links, resends), over all accounts',
  },
  resetDestinationsAddress: {
    env: 'LIMIT_RESET_DESTINATIONS_ADDRESS',
    max: 20,
    window: '1h',
    meaning:
      'different e-mails one address asks password-reset links for (mailing strangers); asking again for an e-mail already counted is left to LIMIT_MESSAGES_DESTINATION',
  },
  registerAddress: {
    env: 'LIMIT_REGISTER_ADDRESS',
    max: 100,
    window: '1h',
    meaning: 'accounts created from one address (an office or a mobile carrier is one address for many people)',
  },
  registerTakenAddress: {
    env: 'LIMIT_REGISTER_TAKEN_ADDRESS',
    max: 10,
    window: '1h',
    meaning:
      'different already-registered e-mails one address tries to register (probing who has an account); past it every registration from that address waits, so the refusal says nothing about the e-mail',
  },
  verifyResendAccount: {
    env: 'LIMIT_VERIFY_RESEND_ACCOUNT',
    max: 5,
    window: '1h',
    meaning: 'resends of the verification link asked for one account id (GET /api/register/verify/{id})',
  },
  linkAddress: {
    env: 'LIMIT_LINK_ADDRESS',
    max: 60,
    window: '10m',
    meaning: 'verification and password-reset links opened from one address',
  },
  reopenAccount: {
    env: 'LIMIT_REOPEN_ACCOUNT',
    max: 10,
    window: '10m',
    meaning: "'Reabrir conta' attempts for one e-mail",
  },
  lookupAddress: {
    env: 'LIMIT_LOOKUP_ADDRESS',
    max: 300,
    window: '1m',
    meaning: 'public lookups (city search as the customer types) from one address',
  },
  cepLookupAddress: {
    env: 'LIMIT_CEP_LOOKUP_ADDRESS',
    max: 120,
    window: '1m',
    meaning: 'CEP lookups from one address (the address form looks each complete CEP up once)',
  },
  cpfCheckAccount: {
    env: 'LIMIT_CPF_CHECK_ACCOUNT',
    max: 10,
    window: '1m',
    meaning: 'CPF status checks by one signed-in customer (the check is paid per call)',
  },
  cpfCheckAddress: {
    env: 'LIMIT_CPF_CHECK_ADDRESS',
    max: 30,
    window: '1m',
    meaning: 'CPF status checks from one address, signed in or not',
  },
  checkEmailAccount: {
    env: 'LIMIT_CHECK_EMAIL_ACCOUNT',
    max: 20,
    window: '10m',
    meaning: 'checkout e-mail checks (does this e-mail have an account?) asked about one e-mail',
  },
  checkEmailAddress: {
    env: 'LIMIT_CHECK_EMAIL_ADDRESS',
    max: 60,
    window: '10m',
    meaning: 'checkout e-mail checks from one address, over all e-mails (enumerating accounts)',
  },
  shippingQuoteAddress: {
    env: 'LIMIT_SHIPPING_QUOTE_ADDRESS',
    max: 120,
    window: '1m',
    meaning:
      'freight quotes and charge calculations from one address (the checkout recalculates as the customer types)',
  },
  silverOrderAddress: {
    env: 'LIMIT_SILVER_ORDER_ADDRESS',
    max: 30,
    window: '1h',
    meaning: 'silver purchases and withdrawals created from one address (each creates a Pix charge and holds stock)',
  },
  ticketsAccount: {
    env: 'LIMIT_TICKETS_ACCOUNT',
    max: 10,
    window: '1h',
    meaning: 'support tickets opened by one account or one visitor e-mail',
  },
  ticketWritesAccount: {
    env: 'LIMIT_TICKET_WRITES_ACCOUNT',
    max: 60,
    window: '1h',
    meaning: 'messages, attachments and ratings written on tickets by one account',
  },
  ticketsAddress: {
    env: 'LIMIT_TICKETS_ADDRESS',
    max: 60,
    window: '1h',
    meaning: 'support tickets opened from one address, by customers and visitors',
  },
  transferReceiverAccount: {
    env: 'LIMIT_TRANSFER_RECEIVER_ACCOUNT',
    max: 20,
    window: '1h',
    meaning:
      'receiver e-mails checked by one customer before a silver transfer (does this e-mail have an account?): no one scrapes e-mails',
  },
  chatAccount: {
    env: 'LIMIT_CHAT_ACCOUNT',
    max: 30,
    window: '10m',
    meaning: "messages to Auro, the chat assistant, from one account or one visitor's e-mail",
  },
  chatAddress: {
    env: 'LIMIT_CHAT_ADDRESS',
    max: 200,
    window: '10m',
    meaning: 'messages to Auro from one address, over all accounts and visitors (a visitor may give any e-mail)',
  },
  privacyExportAccount: {
    env: 'LIMIT_PRIVACY_EXPORT_ACCOUNT',
    max: 1,
    window: '24h',
    meaning:
      "copies of their data one customer may ask for (each builds a ZIP of everything Prata holds about them); counted in the database under the customer's lock, refused with 429 PRIVACY_EXPORT_TOO_SOON",
  },
} as const satisfies Catalogue;

export type LimitName = keyof typeof LIMITS;
export type Limits = Record<LimitName, LimitRule>;

/** The windows of codes, links and sessions that are not counters. */
export const WINDOWS = {
  codeResendSeconds: {
    env: 'CODE_RESEND_SECONDS',
    default: 60,
    meaning: 'the wait before another six-digit code may be sent to the same account (the spec: 60 seconds)',
  },
  codeTtlSeconds: { env: 'CODE_TTL_SECONDS', default: 600, meaning: 'how long a six-digit code stays valid' },
  codeMaxAttempts: {
    env: 'CODE_MAX_ATTEMPTS',
    default: 5,
    meaning: 'wrong tries after which a six-digit code dies',
  },
  reopenWindowSeconds: {
    env: 'REOPEN_WINDOW_SECONDS',
    default: 600,
    meaning: "how long after a right password on a closed account 'Reabrir conta' may be used",
  },
  emailVerificationTtlSeconds: {
    env: 'EMAIL_VERIFICATION_TTL_SECONDS',
    default: 172_800,
    meaning: 'how long an e-mail verification link stays valid (48 hours)',
  },
  passwordResetTtlSeconds: {
    env: 'PASSWORD_RESET_TTL_SECONDS',
    default: 3600,
    meaning: 'how long a password-reset link stays valid (1 hour)',
  },
  sessionEndLinkTtlSeconds: {
    env: 'SESSION_END_LINK_TTL_SECONDS',
    default: 604_800,
    meaning: 'how long the link of a new-device e-mail that ends that session stays valid (7 days)',
  },
  sessionSeenSeconds: {
    env: 'SESSION_SEEN_SECONDS',
    default: 300,
    meaning: 'how often at most a session\'s last access is written ("Onde estou conectado"; 5 minutes)',
  },
  idempotencyTtlSeconds: {
    env: 'IDEMPOTENCY_TTL_SECONDS',
    default: 86_400,
    meaning: 'how long an Idempotency-Key and its first answer are kept (at least 24 hours)',
  },
  idempotencyStaleSeconds: {
    env: 'IDEMPOTENCY_STALE_SECONDS',
    default: 60,
    meaning:
      'how long a first request may run before a retry of its key is told its outcome is unknown (its instance died)',
  },
  transferUnclaimedSeconds: {
    env: 'TRANSFER_UNCLAIMED_SECONDS',
    default: 2_592_000,
    meaning:
      'how long silver sent to an e-mail with no account waits for that person to register and be approved before it goes back to the sender (30 days)',
  },
  passkeyChallengeSeconds: {
    env: 'PASSKEY_CHALLENGE_SECONDS',
    default: 300,
    meaning: 'how long a passkey challenge (registration, sign-in or a money confirmation) may be answered, once',
  },
  passkeyFallbackWaitSeconds: {
    env: 'PASSKEY_FALLBACK_WAIT_SECONDS',
    default: 900,
    meaning:
      "the wait after 'Perdi minha chave de acesso' before the e-mail code may be asked instead of the passkey (15 minutes; 30 seconds in a demo or a test run when unset)",
  },
  chatRetentionSeconds: {
    env: 'CHAT_RETENTION_SECONDS',
    default: 7_776_000,
    meaning:
      "how long a conversation with Auro is kept after its last message before it is erased, visitors' names and e-mails included (90 days): the period of the retention rule chat_conversations",
  },
  privacyExportLinkSeconds: {
    env: 'PRIVACY_EXPORT_LINK_SECONDS',
    default: 604_800,
    meaning:
      "how long the copy of a customer's data can be downloaded (the e-mailed link and the tab's button) before the file is deleted (7 days)",
  },
} as const;

type WindowName = keyof typeof WINDOWS;
export type Windows = Record<WindowName, number>;

const UNIT_SECONDS: Record<string, number> = { s: 1, m: 60, h: 3600, d: 86_400 };

/** '15m' → 900; '90' → 90 (seconds). */
function parseDuration(text: string): number | null {
  const m = /^(\d{1,7})([smhd]?)$/.exec(text.trim());
  if (!m) return null;
  const seconds = Number(m[1]) * UNIT_SECONDS[m[2] || 's']!;
  return seconds > 0 ? seconds : null;
}

/** '10/15m': at most 10 in 15 minutes. */
export function parseLimit(text: string): LimitRule | null {
  const m = /^(\d{1,7})\/(\w{1,9})$/.exec(text.trim());
  if (!m) return null;
  const max = Number(m[1]);
  const windowSeconds = parseDuration(m[2]!);
  return max > 0 && windowSeconds ? { max, windowSeconds } : null;
}

/** Reads LIMIT_* and the windows from the environment; answers the problems in Portuguese for the start-up error. */
export function readLimits(env: NodeJS.ProcessEnv): { limits: Limits; windows: Windows; problems: string[] } {
  const problems: string[] = [];
  const limits = {} as Limits;
  for (const [name, def] of Object.entries(LIMITS) as Array<[LimitName, (typeof LIMITS)[LimitName]]>) {
    const raw = env[def.env];
    const parsed = raw ? parseLimit(raw) : { max: def.max, windowSeconds: parseDuration(def.window)! };
    if (!parsed) problems.push(`  ${def.env}: use "máximo/janela", por exemplo "10/15m" (s, m, h ou d)`);
    limits[name] = parsed ?? { max: def.max, windowSeconds: parseDuration(def.window)! };
  }
  const windows = {} as Windows;
  for (const [name, def] of Object.entries(WINDOWS) as Array<[WindowName, (typeof WINDOWS)[WindowName]]>) {
    const raw = env[def.env];
    const parsed = raw ? (/^\d{1,7}$/.test(raw.trim()) ? Number(raw) : null) : def.default;
    if (!parsed || parsed <= 0) problems.push(`  ${def.env}: use um número inteiro positivo`);
    windows[name] = parsed && parsed > 0 ? parsed : def.default;
  }
  return { limits, windows, problems };
}
