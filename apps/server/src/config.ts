import { availableParallelism } from 'node:os';
import path from 'node:path';
import type { SiteLinks } from '@prata/domain';
import { type Limits, readLimits, type Windows } from './limits';
import type { CepProvider } from './adapters/cep/index';
import type { ShippingProvider } from './adapters/shipping/index';
import type { SmsProvider } from './adapters/sms/index';
import type { ChatModelProvider } from './adapters/chat-model/index';
import type { InvoicingProvider } from './adapters/invoicing/index';
import type { PaymentsProvider } from './adapters/payments/index';
import { type Env, EnvSchema, REPO_DATA_DIR } from './config-env';
import type { RenderPoolSettings } from './lib/render-pool';
import {
  type Fault,
  type MoneySettings,
  outboundSettings,
  type PasskeySettings,
  passkeySettings,
  paymentSettings,
  parseTrustProxy,
  readFaults,
  readMoney,
  type StorageSettings,
  storageSettings,
} from './config-sections';

// The environment's schema lives in config-env.ts, the sections with rules of their own in config-sections.ts;
// the rest of the server imports all of it from here.
export { ENV_NAMES } from './config-env';
export type { MoneySettings, PasskeySettings } from './config-sections';

export type Config = {
  env: 'development' | 'test' | 'production';
  demo: boolean;
  /** the local mailbox: messages land in dev_mailbox and /api/dev/* reads them (opt-in, never in production) */
  devMailbox: boolean;
  /** the saving plans' test clock may be moved (POST /api/dev/clock); never in production */
  testClock: boolean;
  /** /api/docs is served */
  apiDocs: boolean;
  /** every JSON answer is checked against its route's response schema as it leaves (plugins/response-check.ts) */
  checkResponses: boolean;
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
  /** the encarregado (DPO) customers write to about their data (docs/privacy.md) */
  dpo: { name: string; email: string };
  databaseUrl: string | undefined;
  /** how long one statement of a request may run (DATABASE_STATEMENT_TIMEOUT_MS); the jobs' pool allows more */
  databaseStatementTimeoutMs: number;
  dataDir: string;
  redisUrl: string | undefined;
  jwtSecret: string | undefined;
  /** the proof of reserves' salt key, as configured; undefined: generated once and kept (features/reserves) */
  reservesSaltSecret: string | undefined;
  /** VAPID keys of Web Push (base64url), as configured; undefined: generated once and kept (features/price-alerts) */
  vapidKeys: { publicKey: string; privateKey: string } | undefined;
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
  storage: StorageSettings;
  /** deposits and withdrawals (features/money) */
  money: MoneySettings;
  /** the most order operations one instance's matcher queues; beyond it placements answer 503 ORDER_BOOK_BUSY */
  orderQueueMax: number;
  /**
   * the render pool (lib/render-pool.ts): the worker threads that render statement PDFs and IRPF workbooks, and how
   * many renders may wait for one; beyond them a render answers 503 SERVER_BUSY
   */
  renderPool: RenderPoolSettings;
  /** SIGTERM: readiness answers 503 this long before the instance stops listening (ms) */
  shutdownDrainMs: number;
  /** deliberate faults (PRATA_FAULTS), for the fault tests' tests of themselves; never in production */
  faults: ReadonlySet<Fault>;
  /**
   * development and tests only (PRATA_OUTBOUND_ALLOW): addresses or CIDRs the outbound client may reach although
   * private; empty in production (adapters/outbound)
   */
  outboundAllow: string[];
  /** development only (PRATA_PUSH_ANY_HOST): push endpoints on any http(s) host, not only the push services' */
  pushAnyHost: boolean;
  /** passkeys' relying party (features/passkeys): null when production has no https PUBLIC_URL (passkeys off) */
  passkeys: PasskeySettings | null;
  /** PASSKEYS_REQUIRED_FOR_OPERATORS: the back office opens only to an operator with a passkey */
  operatorPasskeys: boolean;
  /** the routes that ask for it reuse a session row this long (ms; 0: never); revocation still ends it at once */
  sessionCacheMs: number;
};

/** The parsed environment, or an error naming each variable that is wrong. */
function parseEnv(env: NodeJS.ProcessEnv): Env {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Configuração inválida:\n${lines.join('\n')}`);
  }
  return parsed.data;
}

/** What production refuses, and who may send messages; returns what they decided. */
function checkEnv(
  e: Env,
  production: boolean,
): { devMailbox: boolean; testClock: boolean; smsProvider: SmsProvider | undefined } {
  if (production && !e.JWT_SECRET) throw new Error('JWT_SECRET é obrigatório em produção (32 caracteres ou mais).');
  if (production && e.PRATA_DEMO === '1') throw new Error('PRATA_DEMO não pode ser usado em produção.');
  if (Boolean(e.VAPID_PUBLIC_KEY) !== Boolean(e.VAPID_PRIVATE_KEY)) {
    throw new Error('VAPID_PUBLIC_KEY e VAPID_PRIVATE_KEY devem ser definidas juntas.');
  }
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
  return { devMailbox, testClock, smsProvider };
}

/** The adapters that need more than their name to work. */
function checkAdapters(e: Env): void {
  if (e.SHIPPING_PROVIDER === 'frenet' && !e.FRENET_TOKEN)
    throw new Error('FRENET_TOKEN é obrigatório com SHIPPING_PROVIDER=frenet.');
  if (e.INVOICING_PROVIDER === 'nfeio' && !(e.NFEIO_API_KEY && e.NFEIO_COMPANY_ID && e.NFEIO_CITY_SERVICE_CODE))
    throw new Error('INVOICING_PROVIDER=nfeio precisa de NFEIO_API_KEY, NFEIO_COMPANY_ID e NFEIO_CITY_SERVICE_CODE.');
  if (e.CHAT_MODEL_PROVIDER === 'openai' && (!e.CHAT_MODEL_URL || !e.CHAT_MODEL_NAME))
    throw new Error('CHAT_MODEL_URL e CHAT_MODEL_NAME são obrigatórios com CHAT_MODEL_PROVIDER=openai.');
}

// biome-ignore lint/complexity/noExcessiveLinesPerFunction: the config object, one line per setting
export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  const e = parseEnv(env);
  const production = e.NODE_ENV === 'production';
  const { devMailbox, testClock, smsProvider } = checkEnv(e, production);
  const payments = paymentSettings(e, production);
  checkAdapters(e);
  const trustProxy = parseTrustProxy(e.TRUST_PROXY);
  const storage = storageSettings(e);
  const { limits, windows, problems } = readLimits(env);
  if (problems.length > 0) throw new Error(`Configuração inválida:\n${problems.join('\n')}`);
  const dataDir = e.DATA_DIR ? path.resolve(e.DATA_DIR) : REPO_DATA_DIR;
  const demo = e.PRATA_DEMO ? e.PRATA_DEMO === '1' : !production && e.NODE_ENV !== 'test';
  // "Perdi minha chave de acesso" waits 15 minutes in production; a demo or a test run does not wait that long
  if (!env.PASSKEY_FALLBACK_WAIT_SECONDS && !production && (demo || e.NODE_ENV === 'test'))
    windows.passkeyFallbackWaitSeconds = 30;
  const publicUrl = (e.PUBLIC_URL ?? `http://${e.HOST === '0.0.0.0' ? '127.0.0.1' : e.HOST}:${e.PORT}`).replace(
    /\/$/,
    '',
  );
  const operatorPasskeys = e.PASSKEYS_REQUIRED_FOR_OPERATORS === '1';
  const config: Config = {
    env: e.NODE_ENV,
    // `npm start` on a fresh machine shows the product with demo data; production never does.
    demo,
    devMailbox,
    testClock,
    apiDocs: e.API_DOCS ? e.API_DOCS === '1' : !production,
    checkResponses: e.CHECK_RESPONSES === '1',
    trustProxy,
    limits,
    windows,
    port: e.PORT,
    host: e.HOST,
    publicUrl,
    passkeys: passkeySettings(e.PUBLIC_URL, publicUrl, production, operatorPasskeys),
    operatorPasskeys,
    // a demonstration address outside production only (loadConfig requires DPO_EMAIL in production)
    dpo: { name: e.DPO_NAME, email: e.DPO_EMAIL ?? 'encarregado@prata.dev' },
    siteLinks: {
      jewelry: e.JEWELRY_URL ?? null,
      refining: e.REFINING_URL ?? null,
      app_store: e.APP_STORE_URL ?? null,
      google_play: e.GOOGLE_PLAY_URL ?? null,
    },
    databaseUrl: e.DATABASE_URL || undefined,
    databaseStatementTimeoutMs: e.DATABASE_STATEMENT_TIMEOUT_MS,
    dataDir,
    redisUrl: e.REDIS_URL || undefined,
    // When unset, the server keeps a generated secret in the database (app_settings) so every instance shares it.
    jwtSecret: e.JWT_SECRET,
    reservesSaltSecret: e.RESERVES_SALT_SECRET,
    vapidKeys:
      e.VAPID_PUBLIC_KEY && e.VAPID_PRIVATE_KEY
        ? { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY }
        : undefined,
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
    // one core stays the event loop's
    renderPool: { threads: e.RENDER_THREADS ?? Math.max(1, availableParallelism() - 1), queue: e.RENDER_QUEUE_MAX },
    sessionCacheMs: e.SESSION_CACHE_MS,
    shutdownDrainMs: e.SHUTDOWN_DRAIN_MS ?? (production ? 5000 : 0),
    faults: readFaults(e.PRATA_FAULTS, production),
    ...outboundSettings(e, production),
  };
  // last: every other refusal of production names its own setting first
  if (production && !e.DPO_EMAIL)
    throw new Error('DPO_EMAIL é obrigatório em produção: a LGPD exige publicar o contato do encarregado.');
  return { ...config, ...overrides };
}
