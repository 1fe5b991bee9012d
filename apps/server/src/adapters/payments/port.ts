/**
 * The payment provider port: Pix charges for deposits, payouts for withdrawals, and the provider's webhooks.
 * The real client speaks Asaas's API (docs.asaas.com); the embedded default makes real Pix BR Codes and asaas-shaped
 * ids without a network, and its payments are "paid" by building the same webhook event Asaas would send
 * (research/brazil-integrations.md §1, §2). Amounts are centavos everywhere on this side of the port.
 */

/** Who pays a charge: the provider keeps a customer per CPF/CNPJ. */
export type PaymentCustomer = {
  /** our user id */
  userId: number;
  name: string;
  /** 11 (CPF) or 14 (CNPJ) characters, no mask */
  cpfCnpj: string;
  email: string;
};

export type PixChargeInput = {
  /** ours, unique: e.g. `deposit:123` (Asaas's externalReference) */
  reference: string;
  amountCents: number;
  customer: PaymentCustomer;
  /** shown to the payer by the bank, at most 40 characters */
  description: string;
  /** yyyy-mm-dd */
  dueDate: string;
};

type PixCharge = {
  /** the provider's payment id, asaas-shaped: `pay_` and 16 lowercase letters and digits */
  paymentId: string;
  /** the BR Code ("Pix copia e cola"), with its CRC */
  pixCopiaECola: string;
  /** ISO 8601, when the code stops being payable; null when the provider does not say */
  expiresAt: string | null;
};

export type PayoutDestination =
  | { type: 'pix'; keyType: 'CPF' | 'CNPJ' | 'EMAIL'; key: string }
  | {
      type: 'account';
      /** 3-digit COMPE code */
      bankCode: string;
      branch: string;
      /** account number with its check digit, as the customer typed it */
      account: string;
      accountType: 'checking' | 'savings';
      ownerName: string;
      cpfCnpj: string;
    };

export type PayoutInput = {
  /** ours, unique: e.g. `withdrawal:42` */
  reference: string;
  amountCents: number;
  destination: PayoutDestination;
  description: string;
};

export type PayoutStatus = 'pending' | 'done' | 'failed';
type Payout = {
  /**
   * The provider's transfer id (Asaas: a UUID; embedded: `tra_...`). Empty when the payout was refused before it
   * reached the provider (an invalid destination, status 'failed'): no transfer exists anywhere.
   */
  transferId: string;
  status: PayoutStatus;
  /** why it failed, for the customer and the back office (Portuguese); null unless status is 'failed' */
  failReason: string | null;
};

/**
 * Pix Automático, Asaas's "Journey 3" (docs.asaas.com/docs/automatic-pix): one composite QR code pays the first charge
 * at once and, by being paid, authorises the next ones. The authorisation becomes active when the first charge is
 * settled; every later charge is created against it and debited by the payer's bank on its due date.
 */
type RecurringAuthorizationInput = {
  /** ours, at most 35 characters: e.g. `saving-plan:12` (Asaas's contractId) */
  reference: string;
  customer: PaymentCustomer;
  /** the fixed amount of every charge, the first included */
  amountCents: number;
  frequency: 'WEEKLY' | 'MONTHLY';
  /** yyyy-mm-dd: the first charge's day */
  startDate: string;
  /** yyyy-mm-dd, or null: no end */
  endDate: string | null;
  /** at most 35 characters */
  description: string;
};

type RecurringAuthorization = {
  /** the provider's authorisation id (Asaas: a UUID), needed for every later charge and to revoke it */
  authorizationId: string;
  /** the first charge's payment id: its payment arrives through the webhook like a deposit's */
  firstPaymentId: string;
  /** the composite BR Code ("Pix copia e cola") of the first charge and the authorisation */
  pixCopiaECola: string;
  expiresAt: string | null;
};

type RecurringChargeInput = {
  authorizationId: string;
  /** ours, unique: e.g. `saving-run:42` */
  reference: string;
  amountCents: number;
  customer: PaymentCustomer;
  /** yyyy-mm-dd: the payer's bank debits it on that day */
  dueDate: string;
  description: string;
};

/** A webhook delivery, parsed and authenticated. Only what we act on is typed; the rest is `ignored`. */
export type PaymentEvent =
  | {
      kind: 'payment_received';
      /** the provider's event id (Asaas `evt_...`), unique per delivery of one event */
      eventId: string;
      paymentId: string;
      /** our reference (externalReference), when the provider echoes it */
      reference: string | null;
      amountCents: number;
    }
  | { kind: 'payment_cancelled'; eventId: string; paymentId: string; reference: string | null }
  | {
      kind: 'transfer_done' | 'transfer_failed';
      eventId: string;
      transferId: string;
      reference: string | null;
      failReason: string | null;
    }
  /**
   * Pix Automático: the payer's recurring authorisation changed (activated; cancelled by the payer in their bank;
   * expired unpaid; refused by the payer's bank). `authorizationId` is the provider's (Asaas: a UUID).
   */
  | { kind: AuthorizationEventKind; eventId: string; authorizationId: string }
  /** Pix Automático: the payer's bank refused the instruction to debit one charge (the run buys nothing). */
  | {
      kind: 'payment_instruction_refused';
      eventId: string;
      authorizationId: string;
      /** the charge's payment id, when the provider names it */
      paymentId: string | null;
      reason: string | null;
    }
  | { kind: 'ignored'; eventId: string; event: string };

const AUTHORIZATION_EVENT_KINDS = [
  'authorization_activated',
  'authorization_cancelled',
  'authorization_expired',
  'authorization_refused',
] as const;
export type AuthorizationEventKind = (typeof AUTHORIZATION_EVENT_KINDS)[number];

export type WebhookVerdict =
  | { ok: true; event: PaymentEvent }
  /** unauthenticated: wrong or missing token (answer 401 and change nothing) */
  | { ok: false; reason: 'unauthorized' }
  /** authenticated but not an event we can read (answer 400) */
  | { ok: false; reason: 'malformed' };

export interface PaymentsPort {
  readonly name: 'embedded' | 'asaas';
  createPixCharge(input: PixChargeInput): Promise<PixCharge>;
  /** Makes a pending charge unpayable. Idempotent: cancelling a cancelled or unknown charge resolves. */
  cancelCharge(paymentId: string): Promise<void>;
  /**
   * Gives a paid charge back to the payer (all of it, or `amountCents` of it). Resolves once the provider accepted
   * the refund; throws PaymentProviderError when it refused or did not answer (the caller keeps the order as it was).
   */
  refundCharge(paymentId: string, amountCents?: number): Promise<void>;
  createPayout(input: PayoutInput): Promise<Payout>;
  /** Pix Automático: the authorisation with its first, immediate charge (Journey 3). */
  createRecurringAuthorization(input: RecurringAuthorizationInput): Promise<RecurringAuthorization>;
  /**
   * Pix Automático: a charge against an active authorisation; its payment arrives through the webhook. Its BR Code is
   * kept with the deposit it becomes, as every Pix deposit keeps one (the payer's bank debits it without it).
   */
  createRecurringCharge(input: RecurringChargeInput): Promise<{ paymentId: string; pixCopiaECola: string }>;
  /** Revokes an authorisation: no further charge is debited. Idempotent. */
  cancelRecurringAuthorization(authorizationId: string): Promise<void>;
  /** Authenticates (the `asaas-access-token` header, compared in constant time) and parses one delivery. */
  readWebhook(headers: Record<string, string | string[] | undefined>, body: unknown): WebhookVerdict;
  /**
   * The embedded provider only (development and demo): the webhook body and headers Asaas would send when a payer's
   * bank pays this charge, to hand to the same webhook handler. Absent on the real client.
   */
  simulatePayment?(charge: { paymentId: string; reference: string; amountCents: number }): {
    headers: Record<string, string>;
    body: unknown;
  };
  /**
   * The embedded provider only: the webhook Asaas would send when the payer cancels a Pix Automático authorisation in
   * their bank (PIX_AUTOMATIC_RECURRING_AUTHORIZATION_CANCELLED). Absent on the real client.
   */
  simulateAuthorizationCancelled?(authorizationId: string): { headers: Record<string, string>; body: unknown };
}
