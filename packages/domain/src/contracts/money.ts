import { z } from 'zod';
import { MESSAGES } from '../messages';
import { MINIMUM_PIX_DEPOSIT_CENTS } from '../money/index';
import { moneyField } from './account';
import { boundedString, CodeSentResponse, integerField, isoDateTime, pageOf, withUnits, pageParam } from './common';
import { PasskeyAssertion } from './passkeys';
import { BankingInformation } from './profile';

/**
 * Money in and out (spec 2 §2, §3, §7): deposits by Pix and TED, withdrawals to the customer's saved bank entries.
 * Amounts travel in reais as dot-decimal numbers (R$ 1.234,56 is 1234.56), as every answer of the API has them; the
 * server keeps and moves centavos.
 */

/**
 * pending: a Pix charge waiting for its payment, or a TED waiting for its check; expired: a Pix charge past its
 * expiry, never paid; held: a payment arrived that does not match its charge (more, less, or after the charge expired
 * or was cancelled), kept aside for an operator (docs/ledger.md); refunded: such a payment sent back to the payer.
 */
export const DEPOSIT_STATUSES = [
  'pending',
  'approved',
  'rejected',
  'cancelled',
  'expired',
  'held',
  'refunded',
] as const;
export const DEPOSIT_METHODS = ['pix', 'ted'] as const;
/** Why a payment was held: above or below its charge, or after the charge expired or was cancelled. */
export const DEPOSIT_HOLD_REASONS = ['overpaid', 'underpaid', 'late'] as const;

/** The customer's words for a deposit's status; a pending Pix charge is waiting for a payment, not for us. */
export const DEPOSIT_STATUS_LABELS = {
  pending: 'Em análise',
  pixPending: 'Aguardando pagamento',
  approved: 'Aprovado',
  rejected: 'Recusado',
  cancelled: 'Cancelado',
  expired: 'Expirado',
  held: 'Pagamento em análise',
  refunded: 'Devolvido',
} as const;

export const DEPOSIT_HOLD_REASON_LABELS = {
  overpaid: 'Pago acima do valor cobrado',
  underpaid: 'Pago abaixo do valor cobrado',
  late: 'Pago depois de expirado ou cancelado',
} as const;

/** A deposit as the customer reads it. A Pix deposit is the one with asaas_payment_id (spec 2 §1). */
export const Deposit = z.object({
  id: z.number().int(),
  /** reais */
  amount: z.number(),
  created_at: isoDateTime(),
  status: z.enum(DEPOSIT_STATUSES),
  rejection_reason: z.string().nullable(),
  asaas_payment_id: z.string().nullable(),
  method: z.enum(DEPOSIT_METHODS),
  /** when the money entered the balance */
  credited_at: isoDateTime().nullable(),
  /** TED: a receipt can be opened (GET /api/deposit/{id}/receipt) */
  has_receipt: z.boolean(),
  /** Pix: when the QR code stops being payable (then the deposit is 'expired') */
  expires_at: isoDateTime().nullable(),
  /** reais that arrived, when a payment was held (held, refunded, or approved after an operator's decision) */
  paid_amount: z.number().nullable(),
  hold_reason: z.enum(DEPOSIT_HOLD_REASONS).nullable(),
});
export type Deposit = z.infer<typeof Deposit>;

/**
 * How much a customer may deposit now: per deposit, at night (Banco Central's Pix rules: 20h–6h), and per
 * period of days; 'approved_limit' when an operator's approved annual trading limit raised them. Reais.
 */
export const DepositLimits = z.object({
  /** the most one deposit may be right now: the smallest of the limits below and what is left of the period */
  maxNow: z.number(),
  perDeposit: z.number(),
  /** during 20h–6h (Brasília) when a night limit is configured, else null */
  nightPerDeposit: z.number().nullable(),
  perPeriod: z.number(),
  periodDays: z.number().int(),
  periodLeft: z.number(),
  tier: z.enum(['standard', 'approved_limit']),
});
export type DepositLimits = z.infer<typeof DepositLimits>;

/** The company's account that receives TEDs (the /adicionar-dinheiro/ted screen shows it). */
export const ReceivingAccount = z.object({
  bank_code: z.string(),
  bank_name: z.string(),
  branch: z.string(),
  account: z.string(),
  /** e.g. 'Conta de pagamento' */
  account_type: z.string(),
  holder_name: z.string(),
  /** 14 characters, no mask */
  holder_cnpj: z.string(),
});
export type ReceivingAccount = z.infer<typeof ReceivingAccount>;

/** GET /api/deposit: the balance in reais, the pending deposits (newest first), and where a TED goes. */
export const DepositOverviewResponse = z.object({
  currentBalance: z.number(),
  pendingDeposits: z.array(Deposit),
  receivingAccount: ReceivingAccount,
  /** reais: the smallest Pix deposit */
  minimumPixDeposit: z.number(),
  depositLimits: DepositLimits,
});
export type DepositOverviewResponse = z.infer<typeof DepositOverviewResponse>;

/** GET /api/deposit/{id}/qrcode, and part of POST /api/deposit/pix. */
export const PixQrCodeResponse = z.object({
  /** PNG, base64 without a data: prefix */
  pixQrCode: z.string(),
  /** the BR Code ("Pix copia e cola") */
  pixCopiaECola: z.string(),
});
export type PixQrCodeResponse = z.infer<typeof PixQrCodeResponse>;

/** A Pix deposit's amount: required, not zero, at least R$ 5,00 (spec 2 §5); as centavos once parsed. */
export const pixAmountField = () =>
  moneyField(MESSAGES.depositAmountRequired)
    .refine((cents) => cents > 0, MESSAGES.depositAmountRequired)
    .refine((cents) => cents >= MINIMUM_PIX_DEPOSIT_CENTS, MESSAGES.depositMinimum);

/** POST /api/deposit/pix */
export const PixDepositRequest = withUnits(z.object({ amount: pixAmountField() }), { amount: 'amount_cents' });
export type PixDepositRequest = z.input<typeof PixDepositRequest>;

/** POST /api/deposit/pix: the new deposit, its QR code and its copy-paste code. */
export const PixDepositResponse = PixQrCodeResponse.extend({ deposit: Deposit, message: z.string() });
export type PixDepositResponse = z.infer<typeof PixDepositResponse>;

/** POST /api/deposit/ted (multipart): the amount; the receipt file travels beside it. */
export const tedDepositWireFields = z.object({
  amount: moneyField(MESSAGES.tedAmountRequired).refine((cents) => cents > 0, MESSAGES.tedAmountRequired),
});
/** The form's fields as parsed (the server adds the receipt to `tedDepositWireFields`, then renames the same way). */
export const TedDepositFields = withUnits(tedDepositWireFields, { amount: 'amount_cents' });

/** POST /api/deposit/ted */
export const TedDepositResponse = z.object({ deposit: Deposit, message: z.string() });
export type TedDepositResponse = z.infer<typeof TedDepositResponse>;

/** DELETE /api/deposit/{id} */
export const CancelDepositResponse = z.object({ deposit: z.object({ id: z.number().int() }), message: z.string() });
export type CancelDepositResponse = z.infer<typeof CancelDepositResponse>;

/** GET /api/deposits?page=N: "Dinheiro adicionado", newest first. */
export const DepositsPageResponse = z.object({ deposits: pageOf(Deposit) });
export type DepositsPageResponse = z.infer<typeof DepositsPageResponse>;

export const WITHDRAWAL_STATUSES = ['pending', 'approved', 'rejected'] as const;

/** A money withdrawal as the customer reads it (spec 2 §3), with where it goes. */
export const Withdrawal = z.object({
  id: z.number().int(),
  /** reais asked for */
  amount: z.number(),
  /** reais deducted from the amount (R$ 9,90 beyond the free ones of the month, else 0) */
  fee: z.number(),
  /** reais that reach the bank: amount − fee */
  net_amount: z.number(),
  status: z.enum(WITHDRAWAL_STATUSES),
  rejection_reason: z.string().nullable(),
  created_at: isoDateTime(),
  /** e.g. 'Pix CPF 123.***.***-09' or 'Banco 341, agência 1234, conta 56789-0' */
  destination: z.string(),
  /** a CPF Pix key: paid at once, without an operator */
  instant: z.boolean(),
});
export type Withdrawal = z.infer<typeof Withdrawal>;

/** GET /api/withdrawal: what the withdraw-money screen needs. */
export const WithdrawalOverviewResponse = z.object({
  bankingInformation: z.array(BankingInformation),
  /** reais */
  minimumWithdrawalAmount: z.number(),
  /** reais: the available balance */
  currentBalance: z.number(),
  /** reais: the fee after the free withdrawals of the month */
  withdrawalFee: z.number(),
  freeWithdrawalsPerMonth: z.number().int(),
  freeWithdrawalsLeft: z.number().int(),
  /** seconds between two codes (the resend countdown) */
  resendAfterSeconds: z.number().int(),
  /** how the withdrawal is confirmed: the e-mail code, or the passkey when the customer has one */
  confirm_with: z.enum(['code', 'passkey']),
});
export type WithdrawalOverviewResponse = z.infer<typeof WithdrawalOverviewResponse>;

/** The bank entry a withdrawal goes to: one of the customer's (its id). */
export const bankingInformationIdField = () => integerField(MESSAGES.chooseOption, 1, Number.MAX_SAFE_INTEGER);

/** A withdrawal's amount: required and not zero; as centavos once parsed. */
export const withdrawalAmountField = () =>
  moneyField(MESSAGES.withdrawalAmountRequired).refine((c) => c > 0, MESSAGES.withdrawalAmountRequired);

/** POST /api/withdrawal/verification-code: the amount the code will confirm (sent again on a resend). */
export const WithdrawalCodeRequest = withUnits(z.object({ amount: withdrawalAmountField() }), {
  amount: 'amount_cents',
});
export type WithdrawalCodeRequest = z.input<typeof WithdrawalCodeRequest>;

/** POST /api/withdrawal/verification-code */
export const WithdrawalCodeResponse = CodeSentResponse;
export type WithdrawalCodeResponse = z.infer<typeof WithdrawalCodeResponse>;

/** POST /api/withdrawal (spec field names). */
/** The e-mail code that confirms a withdrawal: six digits. */
export const withdrawalCodeField = () =>
  boundedString({ max: 12, required: MESSAGES.codeRequired, invalid: MESSAGES.codeInvalid })
    .trim()
    .superRefine((v, ctx) => {
      if (v === '') ctx.addIssue({ code: 'custom', message: MESSAGES.codeRequired });
      else if (!/^\d{6}$/.test(v)) ctx.addIssue({ code: 'custom', message: MESSAGES.codeInvalid });
    });

export const WithdrawalRequest = withUnits(
  z.object({
    verificationCode: withdrawalCodeField(),
    bankingInformationId: bankingInformationIdField(),
    amount: withdrawalAmountField(),
  }),
  { amount: 'amount_cents' },
);
export type WithdrawalRequest = z.input<typeof WithdrawalRequest>;

/** POST /api/withdrawal/passkey-options: what the passkey will confirm (the account and the amount). */
const withdrawalPasskeyOptionsFields = z.object({
  bankingInformationId: bankingInformationIdField(),
  amount: withdrawalAmountField(),
});
export const WithdrawalPasskeyOptionsRequest = withUnits(withdrawalPasskeyOptionsFields, { amount: 'amount_cents' });
export type WithdrawalPasskeyOptionsRequest = z.input<typeof WithdrawalPasskeyOptionsRequest>;

/** POST /api/withdrawal/passkey: the withdrawal confirmed with the passkey instead of the e-mail code. */
export const WithdrawalPasskeyRequest = withUnits(
  withdrawalPasskeyOptionsFields.extend({ passkey: PasskeyAssertion }),
  {
    amount: 'amount_cents',
  },
);
export type WithdrawalPasskeyRequest = z.input<typeof WithdrawalPasskeyRequest>;

/** POST /api/withdrawal */
export const WithdrawalCreatedResponse = z.object({ withdrawal: Withdrawal, message: z.string() });
export type WithdrawalCreatedResponse = z.infer<typeof WithdrawalCreatedResponse>;

/** GET /api/withdrawals?page=N: "Dinheiro retirado", newest first. */
export const WithdrawalsPageResponse = z.object({ withdrawals: pageOf(Withdrawal) });
export type WithdrawalsPageResponse = z.infer<typeof WithdrawalsPageResponse>;

// ---------------------------------------------------------------- back office

const CustomerRef = z.object({ id: z.number().int(), name: z.string(), email: z.string() });

/** A deposit in the back office: the customer and the receipt's name. */
export const AdminDeposit = Deposit.extend({
  customer: CustomerRef,
  receipt_name: z.string().nullable(),
  reviewed_at: isoDateTime().nullable(),
});
export type AdminDeposit = z.infer<typeof AdminDeposit>;

export const AdminDepositsQuery = z.object({
  status: z.enum(DEPOSIT_STATUSES).default('pending'),
  method: z.enum(DEPOSIT_METHODS).optional(),
  page: pageParam(),
});

/** GET /api/admin/deposits?status=&method=&page=: oldest first for pending, newest first otherwise. */
export const AdminDepositsResponse = pageOf(AdminDeposit).extend({
  /** the embedded provider can "pay" a Pix deposit from the back office (never in production) */
  can_simulate_payments: z.boolean(),
});
export type AdminDepositsResponse = z.infer<typeof AdminDepositsResponse>;

/**
 * POST /api/admin/deposits/{id}/held: the operator's decision on a held payment. credit_paid: the customer gets what
 * arrived; credit_charged (overpaid only): the customer gets the charged amount and the rest goes back to the payer;
 * refund: all of it goes back to the payer (the reason is the customer's to read).
 */
export const HeldDepositDecisionRequest = z.discriminatedUnion('decision', [
  z.object({ decision: z.literal('credit_paid') }),
  z.object({ decision: z.literal('credit_charged') }),
  z.object({
    decision: z.literal('refund'),
    reason: boundedString({ max: 500, required: MESSAGES.reasonRequired, multiline: true })
      .trim()
      .min(1, MESSAGES.reasonRequired),
  }),
]);
export type HeldDepositDecisionRequest = z.input<typeof HeldDepositDecisionRequest>;

/** POST /api/admin/deposits/{id}/review, /held and /receive-payment */
export const AdminDepositResponse = z.object({ deposit: AdminDeposit, message: z.string() });
export type AdminDepositResponse = z.infer<typeof AdminDepositResponse>;

/** A withdrawal in the back office: the customer, the bank entry in full and the provider's transfer. */
export const AdminWithdrawal = Withdrawal.extend({
  customer: CustomerRef,
  payout_status: z.enum(['sending', 'pending', 'done', 'failed']).nullable(),
  payout_id: z.string().nullable(),
  reviewed_at: isoDateTime().nullable(),
});
export type AdminWithdrawal = z.infer<typeof AdminWithdrawal>;

export const AdminWithdrawalsQuery = z.object({
  status: z.enum(WITHDRAWAL_STATUSES).default('pending'),
  page: pageParam(),
});

/** GET /api/admin/withdrawals?status=&page= */
export const AdminWithdrawalsResponse = pageOf(AdminWithdrawal);
export type AdminWithdrawalsResponse = z.infer<typeof AdminWithdrawalsResponse>;

/**
 * POST /api/admin/withdrawals/{id}/payout: an operator settles a payout the provider never answered ('sending') or
 * still reports pending, after checking the provider's panel: it left (done) or it did not (failed: everything goes
 * back to the customer, with the reason).
 */
export const PayoutSettlementRequest = z.discriminatedUnion('outcome', [
  z.object({ outcome: z.literal('done') }),
  z.object({
    outcome: z.literal('failed'),
    reason: boundedString({ max: 500, required: MESSAGES.reasonRequired, multiline: true })
      .trim()
      .min(1, MESSAGES.reasonRequired),
  }),
]);
export type PayoutSettlementRequest = z.input<typeof PayoutSettlementRequest>;

/** POST /api/admin/withdrawals/{id}/review */
export const AdminWithdrawalResponse = z.object({ withdrawal: AdminWithdrawal, message: z.string() });
export type AdminWithdrawalResponse = z.infer<typeof AdminWithdrawalResponse>;

/** One line of a customer's ledger statement (extrato): a transfer that moved one of the customer's accounts. */
export const StatementLine = z.object({
  transfer_id: z.string(),
  created_at: isoDateTime(),
  currency: z.enum(['BRL', 'AG']),
  /** reais or grams; positive in, negative out of the bucket */
  amount: z.number(),
  bucket: z.enum(['available', 'held']),
  /** the other side, e.g. 'pix:clearing', 'customer:12:held', 'revenue:withdrawal-fee' */
  counterpart: z.string(),
  code: z.string(),
});
export type StatementLine = z.infer<typeof StatementLine>;

/** GET /api/admin/customers/{id}/statement?page=: newest first, with the balances now. */
export const StatementResponse = pageOf(StatementLine).extend({
  balances: z.object({
    BRL: z.object({ available: z.number(), held: z.number() }),
    AG: z.object({ available: z.number(), held: z.number() }),
  }),
});
export type StatementResponse = z.infer<typeof StatementResponse>;

/** POST /api/webhooks/payments: what the provider reads back (it only needs a 200). */
export const WebhookAckResponse = z.object({ received: z.boolean(), outcome: z.string() });
export type WebhookAckResponse = z.infer<typeof WebhookAckResponse>;
