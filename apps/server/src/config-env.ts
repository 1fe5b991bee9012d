// Typed, validated environment. Everything the server reads from the environment goes through here; config.ts turns
// it into the Config the rest of the server reads.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { CEP_PROVIDERS } from './adapters/cep/index';
import { SHIPPING_PROVIDERS } from './adapters/shipping/index';
import { SMS_PROVIDERS } from './adapters/sms/index';
import { CHAT_MODEL_PROVIDERS } from './adapters/chat-model/index';
import { INVOICING_PROVIDERS } from './adapters/invoicing/index';
import { PAYMENTS_PROVIDERS } from './adapters/payments/index';

/** DATA_DIR's default: data/ at the repository's root, wherever the server is started from. */
export const REPO_DATA_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../data');

/** An address out of the app, shown as a link: https only; an empty value is the same as none. */
const externalUrl = z.preprocess(
  (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
  z.url({ protocol: /^https$/, error: 'informe um endereço https://' }).optional(),
);

export const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  /** demo mode seeds the demo accounts; it is never on in production. */
  PRATA_DEMO: z.enum(['0', '1']).optional(),
  /** the local mailbox (/dev/caixa-postal, /api/dev/*): opt-in, refused in production and beside a real transport */
  PRATA_DEV_MAILBOX: z.enum(['0', '1']).optional(),
  /** the saving plans' test clock (POST /api/dev/clock moves it forward): opt-in, refused in production */
  PRATA_TEST_CLOCK: z.enum(['0', '1']).optional(),
  /** the OpenAPI document and browser at /api/docs: on outside production, off in production unless set to 1 */
  API_DOCS: z.enum(['0', '1']).optional(),
  CHECK_RESPONSES: z.enum(['0', '1']).optional(),
  /** which proxies may set X-Forwarded-For: unset (none), a hop count, or addresses/CIDRs separated by commas */
  TRUST_PROXY: z.string().optional(),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('127.0.0.1'),
  PUBLIC_URL: z.string().url().optional(),
  /** operators open the back office only after registering a passkey (features/passkeys) */
  PASSKEYS_REQUIRED_FOR_OPERATORS: z.enum(['0', '1']).default('0'),
  /** the header's and footer's links out of the app (https only; unset or empty: the link is not shown) */
  JEWELRY_URL: externalUrl,
  REFINING_URL: externalUrl,
  APP_STORE_URL: externalUrl,
  GOOGLE_PLAY_URL: externalUrl,
  /** the encarregado (DPO, LGPD art. 41) shown on /privacidade and in the privacy tab; DPO_EMAIL required in production */
  DPO_NAME: z.string().trim().min(1).max(120).default('Encarregado de Proteção de Dados da Prata'),
  DPO_EMAIL: z.email().max(254).optional(),
  DATABASE_URL: z.string().optional(),
  /** PostgreSQL: how long one statement of a request may run before it is cancelled (ms; db/client.ts) */
  DATABASE_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(10_000),
  /** default: data/ at the repository's root, wherever the server is started from */
  DATA_DIR: z.string().optional(),
  REDIS_URL: z.string().optional(),
  JWT_SECRET: z.string().min(32).optional(),
  /** the key the proof of reserves derives each customer's salt of a day from; unset, generated once and kept */
  RESERVES_SALT_SECRET: z.string().min(32).optional(),
  /** Web Push (price alerts): both or neither; when unset, a pair is generated once and kept in app_settings */
  VAPID_PUBLIC_KEY: z.string().optional(),
  VAPID_PRIVATE_KEY: z.string().optional(),
  JWT_TTL_SECONDS: z.coerce
    .number()
    .int()
    .positive()
    .default(60 * 60 * 8),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Prata <nao-responda@prata.local>'),
  /** who sends SMS: zenvia (Zenvia's API v2) or http (SMS_GATEWAY_URL); default: http when SMS_GATEWAY_URL is set */
  SMS_PROVIDER: z.enum(SMS_PROVIDERS).optional(),
  SMS_GATEWAY_URL: z.string().url().optional(),
  SMS_GATEWAY_TOKEN: z.string().optional(),
  /** zenvia only: the API console's token (sent in X-API-TOKEN) and the account's sender id (`from`) */
  ZENVIA_API_TOKEN: z.string().optional(),
  ZENVIA_FROM: z.string().optional(),
  /** zenvia only: the API's address (default https://api.zenvia.com; a test's fake or a proxy) */
  ZENVIA_BASE_URL: z.string().url().optional(),
  WEB_DIST: z.string().optional(),
  /** where CEPs are looked up: embedded (the state from the CEP ranges, no network) or viacep */
  CEP_PROVIDER: z.enum(CEP_PROVIDERS).default('embedded'),
  VIACEP_URL: z.string().url().optional(),
  /** who takes Pix deposits and pays withdrawals: embedded (no network, refused in production) or asaas */
  PAYMENTS_PROVIDER: z.enum(PAYMENTS_PROVIDERS).default('embedded'),
  ASAAS_API_KEY: z.string().optional(),
  /** default: production's API in production, the sandbox elsewhere */
  ASAAS_BASE_URL: z.string().url().optional(),
  /** the token Asaas sends in asaas-access-token with every webhook delivery */
  ASAAS_WEBHOOK_TOKEN: z.string().optional(),
  /** embedded provider only: the key its BR Codes point to */
  PIX_RECEIVING_KEY: z.string().optional(),
  PIX_MERCHANT_NAME: z.string().default('PRATA'),
  PIX_MERCHANT_CITY: z.string().default('SAO PAULO'),
  /** freight quotes: embedded (a rate table by region and weight, no network) or frenet */
  SHIPPING_PROVIDER: z.enum(SHIPPING_PROVIDERS).default('embedded'),
  FRENET_TOKEN: z.string().optional(),
  FRENET_URL: z.string().url().optional(),
  /** the CEP every package of bars leaves from (the company's vault) */
  SHIPPING_ORIGIN_CEP: z
    .string()
    .regex(/^\d{8}$/)
    .default('01310100'),
  /** who issues invoices: embedded (test documents with no fiscal value; issues nothing in production) or nfeio */
  INVOICING_PROVIDER: z.enum(INVOICING_PROVIDERS).default('embedded'),
  NFEIO_API_KEY: z.string().optional(),
  NFEIO_COMPANY_ID: z.string().optional(),
  NFEIO_CITY_SERVICE_CODE: z.string().optional(),
  /** Auro's answers: embedded (retrieval over the FAQs and help articles, no network) or openai (any compatible API) */
  CHAT_MODEL_PROVIDER: z.enum(CHAT_MODEL_PROVIDERS).default('embedded'),
  /** openai only: the API's base address; the client calls POST {CHAT_MODEL_URL}/chat/completions */
  CHAT_MODEL_URL: z.string().url().optional(),
  CHAT_MODEL_API_KEY: z.string().optional(),
  CHAT_MODEL_NAME: z.string().max(120).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).optional(),
  /** money withdrawals: the smallest amount (reais, dot-decimal), the fee after the free ones, how many are free */
  MIN_WITHDRAWAL_AMOUNT: z.string().default('10.00'),
  WITHDRAWAL_FEE: z.string().default('9.90'),
  FREE_WITHDRAWALS_PER_MONTH: z.coerce.number().int().min(0).max(100).default(2),
  /** how many Pix deposits a customer may leave unpaid at once */
  MAX_PENDING_PIX_DEPOSITS: z.coerce.number().int().min(1).max(100).default(5),
  /** money in (reais, dot-decimal): the most per deposit, and per period of DEPOSIT_PERIOD_DAYS days */
  DEPOSIT_MAX_AMOUNT: z.string().default('10000.00'),
  DEPOSIT_MAX_PER_PERIOD: z.string().default('50000.00'),
  DEPOSIT_PERIOD_DAYS: z.coerce.number().int().min(1).max(366).default(30),
  /** the most per Pix deposit between 20h and 6h (Brasília); unset or empty: no night limit of ours */
  DEPOSIT_NIGHT_MAX_AMOUNT: z.string().optional(),
  /** how long a Pix charge can be paid (minutes), unless the provider's own expiry comes first */
  PIX_CHARGE_TTL_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(60 * 24 * 30)
    .default(30),
  ORDER_QUEUE_MAX: z.coerce.number().int().min(1).max(1_000_000).default(20_000),
  /** the render pool's worker threads (statement PDFs, IRPF workbooks); default: the cores available less one, ≥ 1 */
  RENDER_THREADS: z.coerce.number().int().min(1).max(64).optional(),
  /** renders that may wait for a render thread; one more answers 503 SERVER_BUSY (lib/render-pool.ts) */
  RENDER_QUEUE_MAX: z.coerce.number().int().min(0).max(10_000).default(32),
  /** how long the order routes may reuse a session row read for an earlier call (0: never); plugins/auth.ts */
  SESSION_CACHE_MS: z.coerce.number().int().min(0).max(10_000).default(1000),
  /**
   * On SIGTERM, how long the instance keeps serving while its readiness answers 503, so the balancer takes it out
   * before it stops listening (ms; default 5000 in production, 0 elsewhere; docs/operations.md).
   */
  SHUTDOWN_DRAIN_MS: z.coerce.number().int().min(0).max(120_000).optional(),
  /**
   * Deliberate faults, for the fault tests' tests of themselves (apps/server/faults): 'idempotency-in-memory',
   * 'exit-at-once', separated by commas. Refused in production.
   */
  PRATA_FAULTS: z.string().optional(),
  /**
   * Development and tests only: addresses or CIDRs the outbound client may reach although private (a local push
   * service on 127.0.0.1), separated by commas. Never the clouds' metadata services. Refused in production.
   */
  PRATA_OUTBOUND_ALLOW: z.string().optional(),
  /** development only: push subscriptions may name any http(s) host, not only the push services'. Refused in production */
  PRATA_PUSH_ANY_HOST: z.enum(['0', '1']).optional(),
  /** the company's account that receives TEDs (the TED screen shows it); demo values outside production */
  TED_BANK_CODE: z
    .string()
    .regex(/^\d{3}$/)
    .default('461'),
  TED_BANK_NAME: z.string().min(1).max(80).default('Asaas IP S.A.'),
  TED_BRANCH: z
    .string()
    .regex(/^\d{1,6}$/)
    .default('0001'),
  TED_ACCOUNT: z
    .string()
    .regex(/^[\dXx-]{1,20}$/)
    .optional(),
  TED_HOLDER_NAME: z.string().min(1).max(120).optional(),
  TED_HOLDER_CNPJ: z
    .string()
    .regex(/^\d{14}$/)
    .optional(),
  /** where uploaded files live: unset, the disk (DATA_DIR/uploads); s3://bucket/prefix, an S3-compatible bucket */
  STORAGE_URL: z.string().optional(),
  /** s3 only: the server's address (MinIO, Ceph...); unset, AWS's endpoint for S3_REGION */
  S3_ENDPOINT: z.string().url().optional(),
  S3_REGION: z.string().optional(),
  /** s3 only: both or neither (neither: the SDK's default chain, e.g. an instance role) */
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  /** s3 only: the bucket in the path, as MinIO-likes want */
  S3_FORCE_PATH_STYLE: z.enum(['true', 'false', '1', '0']).optional(),
});

/** The environment once parsed: strings checked, defaults applied. */
export type Env = z.infer<typeof EnvSchema>;

/** Every variable the server reads (docs/configuration.md must name each: a test holds them together). */
export const ENV_NAMES: readonly string[] = Object.keys(EnvSchema.shape);
