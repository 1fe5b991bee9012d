import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { parseDecimal, type SiteLinks } from '@prata/domain';
import { type Limits, readLimits, type Windows } from './limits';
import { CEP_PROVIDERS, type CepProvider } from './adapters/cep/index';
import { SHIPPING_PROVIDERS, type ShippingProvider } from './adapters/shipping/index';
import { SMS_PROVIDERS, type SmsProvider } from './adapters/sms/index';
import { CHAT_MODEL_PROVIDERS, type ChatModelProvider } from './adapters/chat-model/index';
import { INVOICING_PROVIDERS, type InvoicingProvider } from './adapters/invoicing/index';
import { toBrCodeText } from './adapters/payments/br-code';
import {
  ASAAS_PRODUCTION_URL,
  ASAAS_SANDBOX_URL,
  DEMO_PIX_KEY,
  PAYMENTS_PROVIDERS,
  type PaymentsProvider,
} from './adapters/payments/index';
import type { S3StorageSettings } from './adapters/storage/index';

/** Typed, validated environment. Everything the server reads from the environment goes through here. */
const REPO_DATA_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../data');

/** An address out of the app, shown as a link: https only; an empty value is the same as none. */
const externalUrl = z.preprocess(
  (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
  z.url({ protocol: /^https$/, error: 'informe um endereço https://' }).optional(),
);

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  /** demo mode seeds the demo accounts; it is never on in production. */
  PRATA_DEMO: z.enum(['0', '1']).optional(),
  /** the local mailbox (/dev/caixa-postal, /api/dev/*): opt-in, refused in production and beside a real transport */
  PRATA_DEV_MAILBOX: z.enum(['0', '1']).optional(),
  /** the saving plans' test clock (POST /api/dev/clock moves it forward): opt-in, refused in production */
  PRATA_TEST_CLOCK: z.enum(['0', '1']).optional(),
  /** the OpenAPI document and browser at /api/docs: on outside production, off in production unless set to 1 */
  API_DOCS: z.enum(['0', '1']).optional(),
  /** which proxies may set X-Forwarded-For: unset (none), a hop count, or addresses/CIDRs separated by commas */
  TRUST_PROXY: z.string().optional(),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('127.0.0.1'),
  PUBLIC_URL: z.string().url().optional(),
  /** the header's and footer's links out of the app (https only; unset or empty: the link is not shown) */
  JEWELRY_URL: externalUrl,
  REFINING_URL: externalUrl,
  APP_STORE_URL: externalUrl,
  GOOGLE_PLAY_URL: externalUrl,
  DATABASE_URL: z.string().optional(),
  /** default: data/ at the repository's root, wherever the server is started from */
  DATA_DIR: z.string().optional(),
  REDIS_URL: z.string().optional(),
  JWT_SECRET: z.string().min(32).optional(),
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

/** Every variable the server reads (docs/configuration.md must name each: a test holds them together). */
export const ENV_NAMES: readonly string[] = Object.keys(EnvSchema.shape);

export type Config = {
  env: 'development' | 'test' | 'production';
  demo: boolean;
  /** the local mailbox: messages land in dev_mailbox and /api/dev/* reads them (opt-in, never in production) */
  devMailbox: boolean;
  /** the saving plans' test clock may be moved (POST /api/dev/clock); never in production */
  testClock: boolean;
  /** /api/docs is served */
  apiDocs: boolean;
  /** Fastify's trustProxy: false, a hop count, or a list of addresses/CIDRs */
  trustProxy: false | number | string[];
  /** every rate limit (limits.ts), each { max, windowSeconds } */
  limits: Limits;
  /** the windows of codes and links (limits.ts) */
  windows: Windows;
  port: number;
  host: string;
  publicUrl: string;
  /** the links out of the app (GET /api/site, the first paint): null when unset, and the link is not shown */
  siteLinks: SiteLinks;
  databaseUrl: string | undefined;
  dataDir: string;
  redisUrl: string | undefined;
  jwtSecret: string | undefined;
  jwtTtlSeconds: number;
  smtpUrl: string | undefined;
  mailFrom: string;
  /** who sends SMS (adapters/sms): undefined when nothing is configured (the outbox keeps them pending) */
  smsProvider: SmsProvider | undefined;
  smsGatewayUrl: string | undefined;
  smsGatewayToken: string | undefined;
  zenvia: { token: string; from: string; baseUrl: string | undefined } | undefined;
  webDist: string | undefined;
  /** the CEP lookup (adapters/cep): 'embedded' (default) or 'viacep' */
  cepProvider: CepProvider;
  /** ViaCEP's address (a mirror or proxy); undefined: https://viacep.com.br */
  viaCepUrl: string | undefined;
  /** the payment provider (adapters/payments): 'embedded' (default, refused in production) or 'asaas' */
  paymentsProvider: PaymentsProvider;
  asaasApiKey: string | undefined;
  asaasBaseUrl: string;
  /**
   * The token every payment webhook delivery must carry in asaas-access-token: ASAAS_WEBHOOK_TOKEN, or, for the
   * embedded provider outside production, a random one per process.
   */
  paymentsWebhookToken: string;
  /** where the embedded provider's BR Codes point (a demo EVP no bank knows, unless PIX_RECEIVING_KEY is set) */
  pixReceivingKey: string;
  pixMerchantName: string;
  pixMerchantCity: string;
  /** freight quotes (adapters/shipping): 'embedded' (default) or 'frenet' */
  shippingProvider: ShippingProvider;
  frenetToken: string | undefined;
  frenetUrl: string | undefined;
  /** 8 digits: where packages of bars leave from */
  shippingOriginCep: string;
  /** who issues invoices (adapters/invoicing): 'embedded' (test documents, never in production) or 'nfeio' */
  invoicingProvider: InvoicingProvider;
  nfeioApiKey: string | undefined;
  nfeioCompanyId: string | undefined;
  nfeioCityServiceCode: string | undefined;
  /** Auro's model (adapters/chat-model): 'embedded' (default, no network) or 'openai' (url, key and model name) */
  chatModel: { provider: ChatModelProvider; url?: string; apiKey?: string; model?: string };
  logLevel: string;
  uploadsDir: string;
  /** where uploaded files live (adapters/storage): the disk (uploadsDir) or an S3-compatible bucket */
  storage: { kind: 'disk' } | ({ kind: 's3' } & S3StorageSettings);
  /** deposits and withdrawals (features/money) */
  money: MoneySettings;
  /** the most order operations one instance's matcher queues; beyond it placements answer 503 ORDER_BOOK_BUSY */
  orderQueueMax: number;
  /** SIGTERM: readiness answers 503 this long before the instance stops listening (ms) */
  shutdownDrainMs: number;
  /** deliberate faults (PRATA_FAULTS), for the fault tests' tests of themselves; never in production */
  faults: ReadonlySet<Fault>;
  /** the routes that ask for it reuse a session row this long (ms; 0: never); revocation still ends it at once */
  sessionCacheMs: number;
};

/** Asaas accepts webhook tokens of 32 to 255 characters; shorter ones are refused here too. */
const WEBHOOK_TOKEN_MIN = 32;

/** PAYMENTS_PROVIDER and its settings, fail closed: no embedded money in production, no Asaas without its secrets. */
function paymentSettings(e: z.infer<typeof EnvSchema>, production: boolean) {
  const provider = e.PAYMENTS_PROVIDER;
  if (production && provider === 'embedded') {
    throw new Error(
      'PAYMENTS_PROVIDER=embedded não pode ser usado em produção: os depósitos seriam de mentira. Use PAYMENTS_PROVIDER=asaas com ASAAS_API_KEY e ASAAS_WEBHOOK_TOKEN.',
    );
  }
  const apiKey = e.ASAAS_API_KEY || undefined;
  const token = e.ASAAS_WEBHOOK_TOKEN || undefined;
  if (provider === 'asaas' && !apiKey) throw new Error('ASAAS_API_KEY é obrigatório com PAYMENTS_PROVIDER=asaas.');
  if (provider === 'asaas' && !token) {
    throw new Error(
      `ASAAS_WEBHOOK_TOKEN é obrigatório com PAYMENTS_PROVIDER=asaas (${WEBHOOK_TOKEN_MIN} caracteres ou mais, o mesmo configurado no webhook do Asaas).`,
    );
  }
  if (token && token.length < WEBHOOK_TOKEN_MIN) {
    throw new Error(`ASAAS_WEBHOOK_TOKEN deve ter ${WEBHOOK_TOKEN_MIN} caracteres ou mais.`);
  }
  const pixKey = e.PIX_RECEIVING_KEY || DEMO_PIX_KEY;
  if (!/^[\x21-\x7E]{1,77}$/.test(pixKey)) {
    throw new Error('PIX_RECEIVING_KEY inválida: uma chave Pix (CPF, CNPJ, e-mail, +55 telefone ou aleatória).');
  }
  if (!toBrCodeText(e.PIX_MERCHANT_NAME, 25)) throw new Error('PIX_MERCHANT_NAME não pode ficar vazio.');
  if (!toBrCodeText(e.PIX_MERCHANT_CITY, 15)) throw new Error('PIX_MERCHANT_CITY não pode ficar vazio.');
  return {
    paymentsProvider: provider,
    asaasApiKey: apiKey,
    asaasBaseUrl: e.ASAAS_BASE_URL ?? (production ? ASAAS_PRODUCTION_URL : ASAAS_SANDBOX_URL),
    // Only the embedded provider outside production gets here without a token: its deliveries are simulated by
    // this same process, so a per-process secret is enough and nothing outside can forge one.
    paymentsWebhookToken: token ?? randomBytes(32).toString('base64url'),
    pixReceivingKey: pixKey,
    pixMerchantName: e.PIX_MERCHANT_NAME,
    pixMerchantCity: e.PIX_MERCHANT_CITY,
  };
}

export type MoneySettings = {
  minWithdrawalCents: number;
  withdrawalFeeCents: number;
  freeWithdrawalsPerMonth: number;
  maxPendingPixDeposits: number;
  /** the limits on money in (features/money/deposit-limits.ts), centavos */
  depositLimits: {
    perDepositCents: number;
    perPeriodCents: number;
    periodDays: number;
    /** null: no night limit of ours (the payer's bank still applies its own) */
    nightPerDepositCents: number | null;
  };
  pixChargeTtlMinutes: number;
  receivingAccount: {
    bankCode: string;
    bankName: string;
    branch: string;
    account: string;
    accountType: string;
    holderName: string;
    holderCnpj: string;
  };
};

/** Reais from the environment ('9.90', '10') as centavos, or a clear error naming the variable. */
function envCents(name: string, value: string): number {
  const parsed = parseDecimal(value, { allowZero: true });
  if (!parsed.ok) throw new Error(`Configuração inválida:\n  ${name}: informe um valor em reais, como 9.90`);
  return parsed.minor;
}

function readDepositLimits(e: z.infer<typeof EnvSchema>): MoneySettings['depositLimits'] {
  const positive = (name: string, value: string) => {
    const cents = envCents(name, value);
    if (cents <= 0) throw new Error(`Configuração inválida:\n  ${name}: informe um valor em reais maior que zero`);
    return cents;
  };
  const limits = {
    perDepositCents: positive('DEPOSIT_MAX_AMOUNT', e.DEPOSIT_MAX_AMOUNT),
    perPeriodCents: positive('DEPOSIT_MAX_PER_PERIOD', e.DEPOSIT_MAX_PER_PERIOD),
    periodDays: e.DEPOSIT_PERIOD_DAYS,
    nightPerDepositCents: e.DEPOSIT_NIGHT_MAX_AMOUNT
      ? positive('DEPOSIT_NIGHT_MAX_AMOUNT', e.DEPOSIT_NIGHT_MAX_AMOUNT)
      : null,
  };
  if (limits.perDepositCents > limits.perPeriodCents) {
    throw new Error('Configuração inválida:\n  DEPOSIT_MAX_AMOUNT não pode passar de DEPOSIT_MAX_PER_PERIOD');
  }
  return limits;
}

function readMoney(e: z.infer<typeof EnvSchema>, production: boolean): MoneySettings {
  const missing = (['TED_ACCOUNT', 'TED_HOLDER_NAME', 'TED_HOLDER_CNPJ'] as const).filter((k) => !e[k]);
  if (production && missing.length > 0) {
    throw new Error(
      `${missing.join(', ')} é obrigatório em produção: sem a conta real da empresa, clientes fariam TED para uma conta de demonstração.`,
    );
  }
  return {
    minWithdrawalCents: envCents('MIN_WITHDRAWAL_AMOUNT', e.MIN_WITHDRAWAL_AMOUNT),
    withdrawalFeeCents: envCents('WITHDRAWAL_FEE', e.WITHDRAWAL_FEE),
    freeWithdrawalsPerMonth: e.FREE_WITHDRAWALS_PER_MONTH,
    maxPendingPixDeposits: e.MAX_PENDING_PIX_DEPOSITS,
    depositLimits: readDepositLimits(e),
    pixChargeTtlMinutes: e.PIX_CHARGE_TTL_MINUTES,
    receivingAccount: {
      bankCode: e.TED_BANK_CODE,
      bankName: e.TED_BANK_NAME,
      branch: e.TED_BRANCH,
      // demonstration values: refused in production above
      account: e.TED_ACCOUNT ?? '1234567-8',
      accountType: 'Conta de pagamento',
      holderName: e.TED_HOLDER_NAME ?? 'Prata Metais Preciosos Ltda. (demonstração)',
      holderCnpj: e.TED_HOLDER_CNPJ ?? '11222333000181',
    },
  };
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Configuração inválida:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const production = e.NODE_ENV === 'production';
  if (production && !e.JWT_SECRET) throw new Error('JWT_SECRET é obrigatório em produção (32 caracteres ou mais).');
  if (production && e.PRATA_DEMO === '1') throw new Error('PRATA_DEMO não pode ser usado em produção.');
  const devMailbox = e.PRATA_DEV_MAILBOX === '1';
  if (devMailbox && production) throw new Error('PRATA_DEV_MAILBOX não pode ser usado em produção.');
  const testClock = e.PRATA_TEST_CLOCK === '1';
  if (testClock && production) throw new Error('PRATA_TEST_CLOCK não pode ser usado em produção.');
  const smsProvider: SmsProvider | undefined = e.SMS_PROVIDER ?? (e.SMS_GATEWAY_URL ? 'http' : undefined);
  if (devMailbox && (e.SMTP_URL || smsProvider)) {
    throw new Error(
      'PRATA_DEV_MAILBOX não pode ser usado com SMTP_URL, SMS_PROVIDER ou SMS_GATEWAY_URL: a caixa postal local mostraria mensagens reais.',
    );
  }
  if (smsProvider === 'http' && !e.SMS_GATEWAY_URL)
    throw new Error('SMS_GATEWAY_URL é obrigatório com SMS_PROVIDER=http.');
  if (smsProvider === 'zenvia' && !(e.ZENVIA_API_TOKEN && e.ZENVIA_FROM))
    throw new Error('SMS_PROVIDER=zenvia precisa de ZENVIA_API_TOKEN e ZENVIA_FROM (o remetente da conta Zenvia).');
  if (production && !e.SMTP_URL)
    throw new Error('SMTP_URL é obrigatório em produção: sem ele ninguém recebe os códigos.');
  const payments = paymentSettings(e, production);
  if (e.SHIPPING_PROVIDER === 'frenet' && !e.FRENET_TOKEN)
    throw new Error('FRENET_TOKEN é obrigatório com SHIPPING_PROVIDER=frenet.');
  if (e.INVOICING_PROVIDER === 'nfeio' && !(e.NFEIO_API_KEY && e.NFEIO_COMPANY_ID && e.NFEIO_CITY_SERVICE_CODE))
    throw new Error('INVOICING_PROVIDER=nfeio precisa de NFEIO_API_KEY, NFEIO_COMPANY_ID e NFEIO_CITY_SERVICE_CODE.');
  if (e.CHAT_MODEL_PROVIDER === 'openai' && (!e.CHAT_MODEL_URL || !e.CHAT_MODEL_NAME))
    throw new Error('CHAT_MODEL_URL e CHAT_MODEL_NAME são obrigatórios com CHAT_MODEL_PROVIDER=openai.');
  const trustProxy = parseTrustProxy(e.TRUST_PROXY);
  const storage = storageSettings(e);
  const { limits, windows, problems } = readLimits(env);
  if (problems.length > 0) throw new Error(`Configuração inválida:\n${problems.join('\n')}`);
  const dataDir = e.DATA_DIR ? path.resolve(e.DATA_DIR) : REPO_DATA_DIR;
  const config: Config = {
    env: e.NODE_ENV,
    // `npm start` on a fresh machine shows the product with demo data; production never does.
    demo: e.PRATA_DEMO ? e.PRATA_DEMO === '1' : !production && e.NODE_ENV !== 'test',
    devMailbox,
    testClock,
    apiDocs: e.API_DOCS ? e.API_DOCS === '1' : !production,
    trustProxy,
    limits,
    windows,
    port: e.PORT,
    host: e.HOST,
    publicUrl: (e.PUBLIC_URL ?? `http://${e.HOST === '0.0.0.0' ? '127.0.0.1' : e.HOST}:${e.PORT}`).replace(/\/$/, ''),
    siteLinks: {
      jewelry: e.JEWELRY_URL ?? null,
      refining: e.REFINING_URL ?? null,
      app_store: e.APP_STORE_URL ?? null,
      google_play: e.GOOGLE_PLAY_URL ?? null,
    },
    databaseUrl: e.DATABASE_URL || undefined,
    dataDir,
    redisUrl: e.REDIS_URL || undefined,
    // When unset, the server keeps a generated secret in the database (app_settings) so every instance shares it.
    jwtSecret: e.JWT_SECRET,
    jwtTtlSeconds: e.JWT_TTL_SECONDS,
    smtpUrl: e.SMTP_URL || undefined,
    mailFrom: e.MAIL_FROM,
    smsProvider,
    smsGatewayUrl: e.SMS_GATEWAY_URL,
    smsGatewayToken: e.SMS_GATEWAY_TOKEN,
    zenvia:
      smsProvider === 'zenvia' && e.ZENVIA_API_TOKEN && e.ZENVIA_FROM
        ? { token: e.ZENVIA_API_TOKEN, from: e.ZENVIA_FROM, baseUrl: e.ZENVIA_BASE_URL }
        : undefined,
    webDist: e.WEB_DIST,
    cepProvider: e.CEP_PROVIDER,
    viaCepUrl: e.VIACEP_URL,
    ...payments,
    shippingProvider: e.SHIPPING_PROVIDER,
    frenetToken: e.FRENET_TOKEN || undefined,
    frenetUrl: e.FRENET_URL,
    shippingOriginCep: e.SHIPPING_ORIGIN_CEP,
    invoicingProvider: e.INVOICING_PROVIDER,
    nfeioApiKey: e.NFEIO_API_KEY || undefined,
    nfeioCompanyId: e.NFEIO_COMPANY_ID || undefined,
    nfeioCityServiceCode: e.NFEIO_CITY_SERVICE_CODE || undefined,
    chatModel: {
      provider: e.CHAT_MODEL_PROVIDER,
      url: e.CHAT_MODEL_URL,
      apiKey: e.CHAT_MODEL_API_KEY || undefined,
      model: e.CHAT_MODEL_NAME || undefined,
    },
    // Request logs in production; only warnings on a developer's or demo terminal.
    logLevel: e.LOG_LEVEL ?? (production ? 'info' : 'warn'),
    uploadsDir: path.join(dataDir, 'uploads'),
    storage,
    money: readMoney(e, production),
    orderQueueMax: e.ORDER_QUEUE_MAX,
    sessionCacheMs: e.SESSION_CACHE_MS,
    shutdownDrainMs: e.SHUTDOWN_DRAIN_MS ?? (production ? 5000 : 0),
    faults: readFaults(e.PRATA_FAULTS, production),
  };
  return { ...config, ...overrides };
}

export const FAULTS = ['idempotency-in-memory', 'exit-at-once'] as const;
export type Fault = (typeof FAULTS)[number];

/** PRATA_FAULTS: each name known, and none at all in production (they exist to prove that the fault tests fail). */
function readFaults(value: string | undefined, production: boolean): ReadonlySet<Fault> {
  const names = (value ?? '')
    .split(',')
    .map((n) => n.trim())
    .filter(Boolean);
  if (names.length === 0) return new Set();
  if (production)
    throw new Error('PRATA_FAULTS não pode ser usado em produção: são defeitos de propósito, para testes.');
  for (const n of names) {
    if (!(FAULTS as readonly string[]).includes(n))
      throw new Error(`PRATA_FAULTS: "${n}" desconhecido (conhecidos: ${FAULTS.join(', ')}).`);
  }
  return new Set(names as Fault[]);
}

/**
 * STORAGE_URL and S3_*, fail closed in every environment: a half-configured bucket never falls back to the disk
 * (instances would each keep their own files and lose the others').
 */
function storageSettings(e: z.infer<typeof EnvSchema>): Config['storage'] {
  const s3Names = (
    ['S3_ENDPOINT', 'S3_REGION', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY', 'S3_FORCE_PATH_STYLE'] as const
  ).filter((k) => e[k] !== undefined);
  if (!e.STORAGE_URL) {
    if (s3Names.length > 0)
      throw new Error(`${s3Names.join(', ')} sem STORAGE_URL: informe STORAGE_URL=s3://bucket/prefixo ou remova-os.`);
    return { kind: 'disk' };
  }
  const match = /^s3:\/\/([a-z0-9][a-z0-9.-]{1,61}[a-z0-9])(?:\/(.*))?$/.exec(e.STORAGE_URL);
  if (!match) throw new Error(`STORAGE_URL inválido: use s3://bucket ou s3://bucket/prefixo.`);
  if (!e.S3_REGION) throw new Error('S3_REGION é obrigatório com STORAGE_URL=s3://...');
  if (Boolean(e.S3_ACCESS_KEY_ID) !== Boolean(e.S3_SECRET_ACCESS_KEY))
    throw new Error(
      'S3_ACCESS_KEY_ID e S3_SECRET_ACCESS_KEY vão juntos: informe os dois (ou nenhum, para o papel da instância).',
    );
  const prefix = (match[2] ?? '').replace(/^\/+|\/+$/g, '');
  return {
    kind: 's3',
    bucket: match[1] as string,
    prefix: prefix ? `${prefix}/` : '',
    region: e.S3_REGION,
    endpoint: e.S3_ENDPOINT,
    accessKeyId: e.S3_ACCESS_KEY_ID || undefined,
    secretAccessKey: e.S3_SECRET_ACCESS_KEY || undefined,
    forcePathStyle: e.S3_FORCE_PATH_STYLE === 'true' || e.S3_FORCE_PATH_STYLE === '1',
  };
}

/**
 * TRUST_PROXY: unset, "0" or "false" trusts no proxy (request.ip is the TCP peer); a number trusts that many hops;
 * anything else is a comma-separated list of addresses or CIDRs (or proxy-addr's names loopback, linklocal,
 * uniquelocal). "true" is refused: trusting every hop lets any client choose its own address.
 */
export function parseTrustProxy(value: string | undefined): false | number | string[] {
  const v = value?.trim() ?? '';
  if (v === '' || v === '0' || v.toLowerCase() === 'false' || v.toLowerCase() === 'off') return false;
  if (/^\d{1,2}$/.test(v)) return Number(v);
  if (v.toLowerCase() === 'true' || v === '*') {
    throw new Error(
      'TRUST_PROXY=true confiaria em qualquer X-Forwarded-For: informe o número de proxies ou os endereços deles.',
    );
  }
  const list = v
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const valid = /^(loopback|linklocal|uniquelocal|[0-9a-fA-F:.]+(\/\d{1,3})?)$/;
  const bad = list.filter((item) => !valid.test(item));
  if (bad.length > 0)
    throw new Error(`TRUST_PROXY inválido: ${bad.join(', ')} (use endereços ou CIDRs separados por vírgula).`);
  return list;
}
