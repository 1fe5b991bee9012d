import { randomBytes, randomUUID } from 'node:crypto';
import { assertMinorUnits, BRASILIA_TIME_ZONE, minorToDecimal } from '@prata/domain';
import { encodeBrCode } from './br-code';
import { payoutDestinationProblem } from './destination';
import type { PaymentsPort } from './port';
import { readAsaasWebhook, WEBHOOK_TOKEN_HEADER } from './webhook';

/**
 * The demo receiving key: an EVP that no bank has issued, so a payer's bank finds no account for it and refuses to
 * pay. Real money never moves through the embedded provider (config.ts refuses it in production).
 */
export const DEMO_PIX_KEY = '00000000-0000-4000-8000-000000000000';

const ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';

/** Lowercase letters and digits from the CSPRNG, without modulo bias (bytes past 252 = 7×36 are drawn again). */
export function randomAlphanumeric(length: number): string {
  let out = '';
  while (out.length < length) {
    for (const byte of randomBytes(length * 2)) {
      if (byte < 252 && out.length < length) out += ALPHABET[byte % 36];
    }
  }
  return out;
}

/** Our reference's last nine letters and digits (`deposit:123` → `eposit123`), then the payment id's random part. */
function txidFor(reference: string, random: string): string {
  return `${reference.replace(/[^A-Za-z0-9]/g, '').slice(-9)}${random}`.slice(0, 25);
}

/** 'YYYY-MM-DD HH:mm:ss' on Brasília's clock, as Asaas writes its dates. */
function asaasDateTime(at: Date): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: BRASILIA_TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(at);
  const get = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '00';
  return `${get('year')}-${get('month')}-${get('day')} ${get('hour')}:${get('minute')}:${get('second')}`;
}

export type EmbeddedPaymentsOptions = {
  /** the key the BR Codes point to; default DEMO_PIX_KEY */
  pixKey?: string;
  merchantName: string;
  merchantCity: string;
  /** the `asaas-access-token` simulated deliveries carry and readWebhook demands */
  webhookToken: string;
  now?: () => Date;
};

/**
 * The default provider, with no network: real BR Codes (valid CRC, the amount, a unique txid) for the configured
 * key, asaas-shaped ids, payouts that the "bank" pays at once, and webhooks read by the same parser as Asaas's.
 * A charge is paid by handing simulatePayment's output to the webhook handler, so development exercises the path
 * production takes.
 */
// biome-ignore lint/complexity/noExcessiveLinesPerFunction: the port's methods in one object, each a few lines
export function embeddedPayments(options: EmbeddedPaymentsOptions): PaymentsPort {
  const now = options.now ?? (() => new Date());
  const pixKey = options.pixKey ?? DEMO_PIX_KEY;
  /** the customer of each charge, for the webhook body (bounded: a demo process does not grow without end) */
  const customers = new Map<string, string>();
  const port: PaymentsPort = {
    name: 'embedded',
    async createPixCharge(input) {
      assertMinorUnits(input.amountCents, 'amountCents');
      const random = randomAlphanumeric(16);
      const paymentId = `pay_${random}`;
      const pixCopiaECola = encodeBrCode({
        key: pixKey,
        message: input.description,
        merchantName: options.merchantName,
        merchantCity: options.merchantCity,
        amountCents: input.amountCents,
        txid: txidFor(input.reference, random),
        singleUse: true,
      });
      if (customers.size >= 10_000) customers.delete(customers.keys().next().value as string);
      customers.set(paymentId, `cus_${String(input.customer.userId).padStart(12, '0')}`);
      return { paymentId, pixCopiaECola, expiresAt: null };
    },
    async cancelCharge() {},
    async refundCharge(paymentId, amountCents) {
      // the embedded bank gives the money back at once; nothing to keep
      if (!/^pay_[a-z0-9]{6,40}$/.test(paymentId)) throw new RangeError('unknown payment id');
      if (amountCents !== undefined) assertMinorUnits(amountCents, 'amountCents');
    },
    async createPayout(input) {
      assertMinorUnits(input.amountCents, 'amountCents');
      if (input.amountCents <= 0) throw new RangeError('amountCents must be positive');
      // refused before any transfer exists, as the Asaas client does
      const problem = payoutDestinationProblem(input.destination);
      if (problem) return { transferId: '', status: 'failed', failReason: problem };
      return { transferId: `tra_${randomAlphanumeric(16)}`, status: 'done', failReason: null };
    },
    async createRecurringAuthorization(input) {
      assertMinorUnits(input.amountCents, 'amountCents');
      if (input.amountCents <= 0) throw new RangeError('amountCents must be positive');
      // the first charge is an ordinary immediate charge; a bank's app reads the recurrence from the provider's
      // location in a real composite code, which a demo key cannot point to (docs/saving-plans.md)
      const first = await port.createPixCharge({
        reference: input.reference,
        amountCents: input.amountCents,
        customer: input.customer,
        description: input.description,
        dueDate: input.startDate,
      });
      return {
        authorizationId: randomUUID(),
        firstPaymentId: first.paymentId,
        pixCopiaECola: first.pixCopiaECola,
        expiresAt: null,
      };
    },
    async createRecurringCharge(input) {
      assertMinorUnits(input.amountCents, 'amountCents');
      if (input.amountCents <= 0) throw new RangeError('amountCents must be positive');
      const charge = await port.createPixCharge(input);
      return { paymentId: charge.paymentId, pixCopiaECola: charge.pixCopiaECola };
    },
    async cancelRecurringAuthorization() {},
    readWebhook(headers, body) {
      return readAsaasWebhook(options.webhookToken, headers, body);
    },
    simulatePayment(charge) {
      assertMinorUnits(charge.amountCents, 'amountCents');
      const at = now();
      const value = minorToDecimal(charge.amountCents);
      const day = asaasDateTime(at).slice(0, 10);
      return {
        headers: { [WEBHOOK_TOKEN_HEADER]: options.webhookToken, 'content-type': 'application/json' },
        body: {
          id: `evt_${randomAlphanumeric(16)}`,
          event: 'PAYMENT_RECEIVED',
          dateCreated: asaasDateTime(at),
          payment: {
            object: 'payment',
            id: charge.paymentId,
            customer: customers.get(charge.paymentId) ?? 'cus_000000000000',
            value,
            // the embedded bank charges no fee
            netValue: value,
            billingType: 'PIX',
            status: 'RECEIVED',
            externalReference: charge.reference,
            confirmedDate: day,
            paymentDate: day,
          },
        },
      };
    },
    simulateAuthorizationCancelled(authorizationId) {
      return {
        headers: { [WEBHOOK_TOKEN_HEADER]: options.webhookToken, 'content-type': 'application/json' },
        body: {
          id: `evt_${randomAlphanumeric(16)}`,
          event: 'PIX_AUTOMATIC_RECURRING_AUTHORIZATION_CANCELLED',
          dateCreated: asaasDateTime(now()),
          authorization: { id: authorizationId, status: 'CANCELLED' },
        },
      };
    },
  };
  return port;
}
