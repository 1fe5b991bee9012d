import { assertMinorUnits, BRASILIA_ISO_OFFSET, minorToDecimal } from '@prata/domain';
import { parseBrCode } from './br-code';
import { payoutDestinationProblem, splitAccountDigit } from './destination';
import { PaymentProviderError } from './errors';
import type { PaymentCustomer, PaymentsPort, PayoutDestination, PayoutStatus } from './port';
import { readAsaasWebhook } from './webhook';

export const ASAAS_PRODUCTION_URL = 'https://api.asaas.com/v3';
export const ASAAS_SANDBOX_URL = 'https://api-sandbox.asaas.com/v3';
/** A charge is created while the customer waits on the deposit screen: ten seconds, then an error they can retry. */
const ASAAS_TIMEOUT_MS = 10_000;

export type AsaasPaymentsOptions = {
  apiKey: string;
  /** default ASAAS_PRODUCTION_URL */
  baseUrl?: string;
  /** what Asaas sends in `asaas-access-token` (set on the webhook in Asaas's panel) */
  webhookToken: string;
  timeoutMs?: number;
};

type Method = 'GET' | 'POST' | 'DELETE';
type Answer = { status: number; body: unknown };

/** Asaas's `errors: [{ code, description }]`, whatever else the body holds. */
function providerErrors(body: unknown): string[] {
  const errors = (body as { errors?: unknown } | null)?.errors;
  if (!Array.isArray(errors)) return [];
  return errors
    .map((e) => (e as { description?: unknown })?.description)
    .filter((d): d is string => typeof d === 'string')
    .map((d) => d.slice(0, 300))
    .slice(0, 10);
}

const str = (body: unknown, key: string): string | null => {
  const value = (body as Record<string, unknown> | null)?.[key];
  return typeof value === 'string' && value !== '' ? value : null;
};

/**
 * Asaas writes `2023-07-22 23:59:59` on Brasília's clock (UTC-3, no daylight saving since 2019) [unverified: the
 * docs show the format, not the zone]. Answered as ISO 8601 in UTC; null when absent or unreadable.
 */
function asaasDateToIso(value: string | null): string | null {
  if (!value) return null;
  const local = /^(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2}:\d{2})$/.exec(value);
  const at = new Date(local ? `${local[1]}T${local[2]}${BRASILIA_ISO_OFFSET}` : value);
  return Number.isNaN(at.getTime()) ? null : at.toISOString();
}

const TRANSFER_STATUS: Record<string, PayoutStatus> = { DONE: 'done', FAILED: 'failed', CANCELLED: 'failed' };

/**
 * The Asaas client over fetch (docs.asaas.com, research/brazil-integrations.md §2). Every non-2xx answer, timeout
 * or network failure becomes a PaymentProviderError; the API key travels only in the `access_token` header and is
 * scrubbed from every message.
 */
// biome-ignore lint/complexity/noExcessiveLinesPerFunction: the port's methods share one client; each is short
export function asaasPayments(options: AsaasPaymentsOptions): PaymentsPort {
  if (!options.apiKey) throw new Error('ASAAS_API_KEY é obrigatório para o provedor asaas.');
  const base = (options.baseUrl ?? ASAAS_PRODUCTION_URL).replace(/\/+$/, '');
  const timeoutMs = options.timeoutMs ?? ASAAS_TIMEOUT_MS;
  const scrub = (text: string) => text.split(options.apiKey).join('***');

  async function call(method: Method, path: string, body?: unknown, accept404 = false): Promise<Answer> {
    const operation = `${method} ${path.replace(/\?.*$/, '')}`;
    let res: Response;
    try {
      res = await fetch(`${base}${path}`, {
        method,
        headers: {
          access_token: options.apiKey,
          'Content-Type': 'application/json',
          'User-Agent': 'Prata/1.0',
          Accept: 'application/json',
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      const timedOut = (error as Error)?.name === 'TimeoutError';
      const message = timedOut
        ? `O Asaas não respondeu em ${timeoutMs / 1000} s (${operation}).`
        : `Não foi possível falar com o Asaas (${operation}): ${scrub(String((error as Error)?.message ?? error))}`;
      throw new PaymentProviderError(message, { status: null, providerErrors: [], operation });
    }
    const text = await res.text().catch(() => '');
    let parsed: unknown = null;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      parsed = null;
    }
    if (res.ok || (accept404 && res.status === 404)) return { status: res.status, body: parsed };
    const errors = providerErrors(parsed).map(scrub);
    const why =
      res.status === 401
        ? 'a chave de API foi recusada: confira ASAAS_API_KEY e se ela é do mesmo ambiente (sandbox ou produção) que ASAAS_BASE_URL'
        : errors.length > 0
          ? errors.join('; ')
          : 'sem descrição do erro';
    throw new PaymentProviderError(`O Asaas recusou ${operation} (HTTP ${res.status}): ${why}.`, {
      status: res.status,
      providerErrors: errors,
      operation,
    });
  }

  const unusable = (operation: string, what: string) =>
    new PaymentProviderError(`O Asaas respondeu ${operation} sem ${what}.`, {
      status: null,
      providerErrors: [],
      operation,
    });

  /** The customer of this CPF/CNPJ, created on first use. */
  async function customerId(customer: PaymentCustomer): Promise<string> {
    const found = await call('GET', `/customers?cpfCnpj=${encodeURIComponent(customer.cpfCnpj)}`);
    const list = (found.body as { data?: unknown } | null)?.data;
    const existing = Array.isArray(list) ? list.find((c) => str(c, 'id') && c?.deleted !== true) : undefined;
    if (existing) return str(existing, 'id')!;
    const created = await call('POST', '/customers', {
      name: customer.name,
      cpfCnpj: customer.cpfCnpj,
      email: customer.email,
      externalReference: `user:${customer.userId}`,
    });
    const id = str(created.body, 'id');
    if (!id) throw unusable('POST /customers', 'o id do cliente');
    return id;
  }

  function transferBody(destination: PayoutDestination): Record<string, unknown> {
    if (destination.type === 'pix')
      return { pixAddressKey: destination.key.trim(), pixAddressKeyType: destination.keyType };
    const { account, digit } = splitAccountDigit(destination.account)!;
    return {
      operationType: 'TED',
      bankAccount: {
        bank: { code: destination.bankCode },
        ownerName: destination.ownerName,
        cpfCnpj: destination.cpfCnpj,
        agency: destination.branch.replace(/-\d$/, ''),
        account,
        accountDigit: digit,
        bankAccountType: destination.accountType === 'savings' ? 'CONTA_POUPANCA' : 'CONTA_CORRENTE',
      },
    };
  }

  return {
    name: 'asaas',
    async createPixCharge(input) {
      assertMinorUnits(input.amountCents, 'amountCents');
      if (input.amountCents <= 0) throw new RangeError('amountCents must be positive');
      const customer = await customerId(input.customer);
      const payment = await call('POST', '/payments', {
        customer,
        billingType: 'PIX',
        value: minorToDecimal(input.amountCents),
        dueDate: input.dueDate,
        description: input.description,
        externalReference: input.reference,
      });
      const paymentId = str(payment.body, 'id');
      if (!paymentId) throw unusable('POST /payments', 'o id da cobrança');
      const qr = await call('GET', `/payments/${encodeURIComponent(paymentId)}/pixQrCode`);
      const payload = str(qr.body, 'payload');
      if (!payload) throw unusable('GET /payments/{id}/pixQrCode', 'o código Pix');
      const check = parseBrCode(payload);
      const operation = 'GET /payments/{id}/pixQrCode';
      if (!check.ok) {
        throw new PaymentProviderError(`O Asaas devolveu um código Pix inválido (${paymentId}): ${check.problem}.`, {
          status: null,
          providerErrors: [],
          operation,
        });
      }
      if (check.code.amountCents !== null && check.code.amountCents !== input.amountCents) {
        throw new PaymentProviderError(
          `O Asaas devolveu um código Pix de ${check.code.amountCents} centavos para uma cobrança de ${input.amountCents} (${paymentId}).`,
          { status: null, providerErrors: [], operation },
        );
      }
      return { paymentId, pixCopiaECola: payload, expiresAt: asaasDateToIso(str(qr.body, 'expirationDate')) };
    },
    // Pix Automático (Journey 3). The path, the body's field names and frequency values follow docs.asaas.com
    // "Create an authorization" (frequency, contractId, startDate, finishDate, value, description, customerId,
    // immediateQrCode). ASSUMED, not in the research file nor confirmed against the sandbox: the path
    // /pix/automatic/authorizations, immediateQrCode's own fields (originalValue, description, expirationSeconds)
    // and answer (payload, conciliationIdentifier, paymentId), the charge's link field pixAutomaticAuthorizationId,
    // and DELETE to revoke. Checked in the sandbox before production (docs/saving-plans.md).
    async createRecurringAuthorization(input) {
      assertMinorUnits(input.amountCents, 'amountCents');
      if (input.amountCents <= 0) throw new RangeError('amountCents must be positive');
      const customer = await customerId(input.customer);
      const operation = 'POST /pix/automatic/authorizations';
      const answer = await call('POST', '/pix/automatic/authorizations', {
        customerId: customer,
        frequency: input.frequency,
        contractId: input.reference.slice(0, 35),
        startDate: input.startDate,
        finishDate: input.endDate ?? undefined,
        value: minorToDecimal(input.amountCents),
        description: input.description.slice(0, 35),
        immediateQrCode: {
          originalValue: minorToDecimal(input.amountCents),
          description: input.description.slice(0, 35),
          expirationSeconds: 3600,
        },
      });
      const authorizationId = str(answer.body, 'id');
      if (!authorizationId) throw unusable(operation, 'o id da autorização');
      const immediate = (answer.body as { immediateQrCode?: unknown } | null)?.immediateQrCode ?? null;
      const payload = str(immediate, 'payload');
      if (!payload) throw unusable(operation, 'o código Pix');
      const check = parseBrCode(payload);
      if (!check.ok) {
        throw new PaymentProviderError(
          `O Asaas devolveu um código Pix inválido (${authorizationId}): ${check.problem}.`,
          {
            status: null,
            providerErrors: [],
            operation,
          },
        );
      }
      // ASSUMED: the first payment is named by paymentId, else by the conciliationIdentifier it will carry
      const firstPaymentId = str(immediate, 'paymentId') ?? str(immediate, 'conciliationIdentifier');
      if (!firstPaymentId) throw unusable(operation, 'a cobrança imediata');
      return {
        authorizationId,
        firstPaymentId,
        pixCopiaECola: payload,
        expiresAt: asaasDateToIso(str(immediate, 'expirationDate')),
      };
    },
    async createRecurringCharge(input) {
      assertMinorUnits(input.amountCents, 'amountCents');
      if (input.amountCents <= 0) throw new RangeError('amountCents must be positive');
      const customer = await customerId(input.customer);
      const payment = await call('POST', '/payments', {
        customer,
        billingType: 'PIX',
        value: minorToDecimal(input.amountCents),
        dueDate: input.dueDate,
        description: input.description,
        externalReference: input.reference,
        pixAutomaticAuthorizationId: input.authorizationId,
      });
      const paymentId = str(payment.body, 'id');
      if (!paymentId) throw unusable('POST /payments', 'o id da cobrança');
      // ASSUMED: a Pix Automático charge answers its BR Code like any Pix charge
      const qr = await call('GET', `/payments/${encodeURIComponent(paymentId)}/pixQrCode`);
      const payload = str(qr.body, 'payload');
      if (!payload) throw unusable('GET /payments/{id}/pixQrCode', 'o código Pix');
      return { paymentId, pixCopiaECola: payload };
    },
    async cancelRecurringAuthorization(authorizationId) {
      await call('DELETE', `/pix/automatic/authorizations/${encodeURIComponent(authorizationId)}`, undefined, true);
    },
    async cancelCharge(paymentId) {
      await call('DELETE', `/payments/${encodeURIComponent(paymentId)}`, undefined, true);
    },
    async refundCharge(paymentId, amountCents) {
      // POST /v3/payments/{id}/refund: without a value Asaas refunds the whole payment
      if (amountCents !== undefined) assertMinorUnits(amountCents, 'amountCents');
      await call(
        'POST',
        `/payments/${encodeURIComponent(paymentId)}/refund`,
        amountCents === undefined ? {} : { value: minorToDecimal(amountCents) },
      );
    },
    async createPayout(input) {
      assertMinorUnits(input.amountCents, 'amountCents');
      if (input.amountCents <= 0) throw new RangeError('amountCents must be positive');
      const problem = payoutDestinationProblem(input.destination);
      // refused before Asaas sees it: no transfer exists, so there is no provider id to keep
      if (problem) return { transferId: '', status: 'failed', failReason: problem };
      const transfer = await call('POST', '/transfers', {
        value: minorToDecimal(input.amountCents),
        ...transferBody(input.destination),
        description: input.description,
        externalReference: input.reference,
      });
      const transferId = str(transfer.body, 'id');
      if (!transferId) throw unusable('POST /transfers', 'o id da transferência');
      const status = TRANSFER_STATUS[str(transfer.body, 'status') ?? ''] ?? 'pending';
      return {
        transferId,
        status,
        failReason: status === 'failed' ? (str(transfer.body, 'failReason') ?? 'Transferência recusada') : null,
      };
    },
    readWebhook(headers, body) {
      return readAsaasWebhook(options.webhookToken, headers, body);
    },
  };
}
