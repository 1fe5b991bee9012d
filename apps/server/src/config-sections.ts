// The sections of the configuration that have rules of their own, each read from the parsed environment.
import { randomBytes } from 'node:crypto';
import { isIP } from 'node:net';
import { parseDecimal } from '@prata/domain';
import { toBrCodeText } from './adapters/payments/br-code';
import { ASAAS_PRODUCTION_URL, ASAAS_SANDBOX_URL, DEMO_PIX_KEY } from './adapters/payments/index';
import type { S3StorageSettings } from './adapters/storage/index';
import type { Env } from './config-env';

/** Asaas accepts webhook tokens of 32 to 255 characters; shorter ones are refused here too. */
const WEBHOOK_TOKEN_MIN = 32;

/** PAYMENTS_PROVIDER and its settings, fail closed: no embedded money in production, no Asaas without its secrets. */
export function paymentSettings(e: Env, production: boolean) {
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

function readDepositLimits(e: Env): MoneySettings['depositLimits'] {
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

export function readMoney(e: Env, production: boolean): MoneySettings {
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

const FAULTS = ['idempotency-in-memory', 'exit-at-once'] as const;
export type Fault = (typeof FAULTS)[number];

/** PRATA_FAULTS: each name known, and none at all in production (they exist to prove that the fault tests fail). */
export function readFaults(value: string | undefined, production: boolean): ReadonlySet<Fault> {
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

/** where uploaded files live (adapters/storage): the disk (DATA_DIR/uploads) or an S3-compatible bucket */
export type StorageSettings = { kind: 'disk' } | ({ kind: 's3' } & S3StorageSettings);

/**
 * STORAGE_URL and S3_*, fail closed in every environment: a half-configured bucket never falls back to the disk
 * (instances would each keep their own files and lose the others').
 */
export function storageSettings(e: Env): StorageSettings {
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

/** An address or a CIDR (10.0.0.0/8, ::1/128). */
function isAddressOrCidr(item: string): boolean {
  const [address = '', bits, extra] = item.split('/');
  const family = isIP(address);
  if (family === 0 || extra !== undefined) return false;
  if (bits === undefined) return true;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128);
}

/**
 * PRATA_OUTBOUND_ALLOW and PRATA_PUSH_ANY_HOST (adapters/outbound, features/price-alerts), fail closed: both exist for
 * a local push service in development and tests, and production refuses to start with either.
 */
export function outboundSettings(e: Env, production: boolean): { outboundAllow: string[]; pushAnyHost: boolean } {
  const outboundAllow = (e.PRATA_OUTBOUND_ALLOW ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const pushAnyHost = e.PRATA_PUSH_ANY_HOST === '1';
  if (production && outboundAllow.length > 0) {
    throw new Error('PRATA_OUTBOUND_ALLOW não pode ser usado em produção: abriria a rede interna a URLs de clientes.');
  }
  if (production && pushAnyHost) {
    throw new Error('PRATA_PUSH_ANY_HOST não pode ser usado em produção: só os serviços de push recebem notificações.');
  }
  const bad = outboundAllow.filter((item) => !isAddressOrCidr(item));
  if (bad.length > 0) {
    throw new Error(
      `PRATA_OUTBOUND_ALLOW inválido: ${bad.join(', ')} (use endereços IP ou CIDRs separados por vírgula).`,
    );
  }
  return { outboundAllow, pushAnyHost };
}

/** Where passkeys live: the relying party's id (a domain name) and the one origin whose pages may use them. */
export type PasskeySettings = { rpId: string; origin: string; rpName: string };

const IP_HOST = /^(\d{1,3}(\.\d{1,3}){3}|\[[0-9a-f:.]+\])$/i;

/**
 * Passkeys from the web's own address (PUBLIC_URL): its origin and its host name as the RP ID. Production takes them
 * only from PUBLIC_URL, https and a domain name; without one, passkeys are off there (the routes answer
 * PASSKEYS_UNAVAILABLE) and requiring them of operators refuses to start. A browser refuses an IP address as an RP ID,
 * so outside production an address such as http://127.0.0.1:3000 gives passkeys at http://localhost:3000.
 */
export function passkeySettings(
  publicUrlSetting: string | undefined,
  fallbackUrl: string,
  production: boolean,
  requiredForOperators: boolean,
): PasskeySettings | null {
  if (production) {
    const url = publicUrlSetting ? new URL(publicUrlSetting) : undefined;
    const ok = url && url.protocol === 'https:' && !IP_HOST.test(url.hostname);
    if (!ok) {
      if (requiredForOperators)
        throw new Error(
          'PASSKEYS_REQUIRED_FOR_OPERATORS=1 precisa de PUBLIC_URL com https e um nome de domínio: é dele que vêm a origem e o RP ID das chaves de acesso.',
        );
      return null;
    }
    return { rpId: url.hostname, origin: url.origin, rpName: 'Prata' };
  }
  const url = new URL(publicUrlSetting ?? fallbackUrl);
  if (IP_HOST.test(url.hostname)) url.hostname = 'localhost';
  return { rpId: url.hostname, origin: url.origin, rpName: 'Prata' };
}
