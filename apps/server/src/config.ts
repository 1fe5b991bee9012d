import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

/** Typed, validated environment. Everything the server reads from the environment goes through here. */
const REPO_DATA_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../data');

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  /** demo mode seeds demo data and exposes the local mailbox; it is never on in production. */
  PRATA_DEMO: z.enum(['0', '1']).optional(),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('127.0.0.1'),
  PUBLIC_URL: z.string().url().optional(),
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
  SMS_GATEWAY_URL: z.string().url().optional(),
  SMS_GATEWAY_TOKEN: z.string().optional(),
  WEB_DIST: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).optional(),
});

export type Config = {
  env: 'development' | 'test' | 'production';
  demo: boolean;
  /** dev tools (local mailbox, /api/dev/*) are available outside production only */
  devTools: boolean;
  port: number;
  host: string;
  publicUrl: string;
  databaseUrl: string | undefined;
  dataDir: string;
  redisUrl: string | undefined;
  jwtSecret: string | undefined;
  jwtTtlSeconds: number;
  smtpUrl: string | undefined;
  mailFrom: string;
  smsGatewayUrl: string | undefined;
  smsGatewayToken: string | undefined;
  webDist: string | undefined;
  logLevel: string;
  uploadsDir: string;
};

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
  const dataDir = e.DATA_DIR ? path.resolve(e.DATA_DIR) : REPO_DATA_DIR;
  const config: Config = {
    env: e.NODE_ENV,
    // `npm start` on a fresh machine shows the product with demo data; production never does.
    demo: e.PRATA_DEMO ? e.PRATA_DEMO === '1' : !production && e.NODE_ENV !== 'test',
    devTools: !production,
    port: e.PORT,
    host: e.HOST,
    publicUrl: (e.PUBLIC_URL ?? `http://${e.HOST === '0.0.0.0' ? '127.0.0.1' : e.HOST}:${e.PORT}`).replace(/\/$/, ''),
    databaseUrl: e.DATABASE_URL || undefined,
    dataDir,
    redisUrl: e.REDIS_URL || undefined,
    // When unset, the server keeps a generated secret in the database (app_settings) so every instance shares it.
    jwtSecret: e.JWT_SECRET,
    jwtTtlSeconds: e.JWT_TTL_SECONDS,
    smtpUrl: e.SMTP_URL || undefined,
    mailFrom: e.MAIL_FROM,
    smsGatewayUrl: e.SMS_GATEWAY_URL,
    smsGatewayToken: e.SMS_GATEWAY_TOKEN,
    webDist: e.WEB_DIST,
    // Request logs in production; only warnings on a developer's or demo terminal.
    logLevel: e.LOG_LEVEL ?? (production ? 'info' : 'warn'),
    uploadsDir: path.join(dataDir, 'uploads'),
  };
  return { ...config, ...overrides };
}
