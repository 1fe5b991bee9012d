import { z } from 'zod';
import { isValidCpf } from '../documents/index';
import { MESSAGES } from '../messages';
import { SILVER_TRANSFER_STATUS_LABELS } from '../messages/silver-transfers';
import { parseDecimal } from '../money/index';
import { onlyDigits } from '../text';
import {
  boundedString,
  CodeSentResponse,
  emailField,
  integerField,
  isoDateTime,
  pageOf,
  withUnits,
  pageParam,
} from './common';
import { PasskeyAssertion } from './passkeys';

/**
 * Silver transfers between customers, free of charge (spec 3 "Transferir prata", §3 Transfer and Receiver, §4, §5,
 * §7; spec 2 §3 prata-transferida rows, §7 PUT .../cancel). Grams travel as dot-decimal numbers (12,34 g is 12.34);
 * the server keeps centigrams. docs/silver-transfers.md.
 *
 * Statuses: completed (the grams reached an account at once); pending (sent to an e-mail with no account: held in
 * transfer:unclaimed until that person registers with that e-mail and CPF and is approved → completed; the sender may
 * cancel → cancelled; after the configured period → expired, the grams back to the sender).
 */

export const SILVER_TRANSFER_STATUSES = ['pending', 'completed', 'cancelled', 'expired'] as const;
export type SilverTransferStatus = (typeof SILVER_TRANSFER_STATUSES)[number];
export { SILVER_TRANSFER_STATUS_LABELS };

/** The message's limit (spec 3 §9). */
export const SILVER_TRANSFER_MESSAGE_MAX = 40;
/** The largest transfer: 1.000.000,00 g (centigrams). */
export const MAX_TRANSFER_CENTIGRAMS = 100_000_000;
/** The back office's check code of a receipt: 12 characters of an alphabet without look-alikes. */
export const TRANSFER_CHECK_CODE = /^[23456789ABCDEFGHJKMNPQRSTUVWXYZ]{12}$/;

/** Grams → centigrams: required and not 0,00 g ('Informe a quantidade'), at most 2 decimals. */
export const transferGramsField = () =>
  z
    .union(
      [
        boundedString({
          max: 40,
          tooLong: MESSAGES.transferQuantityInvalid,
          invalid: MESSAGES.transferQuantityInvalid,
        }),
        z.number(),
      ],
      { error: MESSAGES.transferQuantityRequired },
    )
    .transform((v, ctx) => {
      const parsed = parseDecimal(v, { max: MAX_TRANSFER_CENTIGRAMS });
      if (!parsed.ok) {
        const message =
          parsed.reason === 'empty' || parsed.reason === 'zero'
            ? MESSAGES.transferQuantityRequired
            : parsed.reason === 'too_large'
              ? MESSAGES.orderQuantityTooHigh
              : MESSAGES.transferQuantityInvalid;
        ctx.addIssue({ code: 'custom', message });
        return z.NEVER;
      }
      return parsed.minor;
    });

/** The receiver's e-mail: required ('Informe o e-mail do recebedor') and shaped like one ('Informe um e-mail válido'). */
export const receiverEmailField = () =>
  emailField(MESSAGES.transferReceiverEmailRequired).transform((v) => v.toLowerCase());

/** The receiver's CPF, masked or not; its digits once parsed. Absent or empty: null (a receiver with an account). */
export const receiverCpfField = () =>
  boundedString({ max: 32, tooLong: MESSAGES.cpfInvalid, invalid: MESSAGES.cpfInvalid })
    .nullish()
    .refine((v) => !v || isValidCpf(v), MESSAGES.cpfInvalid)
    .transform((v) => (v ? onlyDigits(v) : null));

/**
 * A link, a site's address or an e-mail in a message: "://", "www.", or a letter or digit, a dot (also written "[.]"
 * or "(.)") and two letters ("prata-seguro.xyz", "a@b.com"); "Ref. aluguel" and "1.000 g" are not. Prata's e-mails
 * carry the message to the receiver, and to an address with no account at all, under Prata's name: with a link, a
 * transfer of 0,01 g would be a phishing mail Prata sent. Each alternative reads a few characters from where it
 * starts, so any text costs one pass.
 */
export const LINK_IN_TEXT = /(?::\/\/|\bwww\.|[\p{L}\p{N}-](?:\.|\[\.\]|\(\.\))\p{L}{2})/iu;

/** The optional message, at most 40 characters (spec 3 §5, §9), with no link in it. */
export const transferMessageField = () =>
  boundedString({ max: SILVER_TRANSFER_MESSAGE_MAX, tooLong: MESSAGES.transferMessageTooLong })
    .refine((v) => !LINK_IN_TEXT.test(v), MESSAGES.transferMessageLink)
    .nullish()
    .transform((v) => (v ? v : null));

const receiverIdField = () =>
  integerField(MESSAGES.transferReceiverIdInvalid, 1, Number.MAX_SAFE_INTEGER)
    .nullish()
    .transform((v) => v ?? null);

const verificationCodeField = () =>
  boundedString({ max: 12, required: MESSAGES.codeRequired, invalid: MESSAGES.codeInvalid })
    .trim()
    .superRefine((v, ctx) => {
      if (v === '') ctx.addIssue({ code: 'custom', message: MESSAGES.codeRequired });
      else if (!/^\d{6}$/.test(v)) ctx.addIssue({ code: 'custom', message: MESSAGES.codeInvalid });
    });

/** GET /api/silver-transfer: the available grams, the resend wait and how long an unclaimed transfer waits. */
export const SilverTransferOverviewResponse = z.object({
  /** grams available to transfer */
  currentBalance: z.number(),
  resendAfterSeconds: z.number().int(),
  /** days a transfer to an e-mail with no account waits for its receiver */
  unclaimedExpiryDays: z.number().int(),
  /** how the transfer is confirmed: the e-mail code, or the passkey when the customer has one */
  confirm_with: z.enum(['code', 'passkey']),
});
export type SilverTransferOverviewResponse = z.infer<typeof SilverTransferOverviewResponse>;

/** POST /api/silver-transfer/check-receiver */
export const CheckReceiverRequest = z.object({ email: receiverEmailField() });
export type CheckReceiverRequest = z.input<typeof CheckReceiverRequest>;

/**
 * The Receiver (spec 3 §3): its id and a name, never more: the first name and the initial of the last ('Maria S.').
 * No account: null, and the screen asks for the receiver's CPF.
 */
export const Receiver = z.object({ id: z.number().int(), name: z.string() });
export type Receiver = z.infer<typeof Receiver>;

export const CheckReceiverResponse = z.object({ receiver: Receiver.nullable(), message: z.string() });
export type CheckReceiverResponse = z.infer<typeof CheckReceiverResponse>;

/**
 * POST /api/silver-transfer/verification-code (also the resend): the quantity and the receiver's e-mail the code will
 * confirm. A code for 1 g to Maria cannot confirm 10 g, nor 1 g to someone else.
 */
export const SilverTransferCodeRequest = withUnits(
  z.object({ quantity_grams: transferGramsField(), receiver_email: receiverEmailField() }),
  { quantity_grams: 'quantity_cg' },
);
export type SilverTransferCodeRequest = z.input<typeof SilverTransferCodeRequest>;

export const SilverTransferCodeResponse = CodeSentResponse;
export type SilverTransferCodeResponse = z.infer<typeof SilverTransferCodeResponse>;

/** POST /api/silver-transfer (spec 3 §7 field names). receiver_cpf only when the receiver has no account. */
const createSilverTransferFields = z.object({
  verificationCode: verificationCodeField(),
  receiver_id: receiverIdField(),
  receiver_email: receiverEmailField(),
  receiver_cpf: receiverCpfField(),
  quantity_grams: transferGramsField(),
  message: transferMessageField(),
});
export const CreateSilverTransferRequest = withUnits(createSilverTransferFields, { quantity_grams: 'quantity_cg' });
export type CreateSilverTransferRequest = z.input<typeof CreateSilverTransferRequest>;
export type CreateSilverTransferInput = z.output<typeof CreateSilverTransferRequest>;

/** POST /api/silver-transfer/passkey: the transfer confirmed with the passkey instead of the e-mail code. */
export const CreateSilverTransferWithPasskeyRequest = withUnits(
  createSilverTransferFields.omit({ verificationCode: true }).extend({ passkey: PasskeyAssertion }),
  { quantity_grams: 'quantity_cg' },
);
export type CreateSilverTransferWithPasskeyRequest = z.input<typeof CreateSilverTransferWithPasskeyRequest>;

/** The other party as the customer sees them: a name ('Maria S.') and, for a receiver, the e-mail the sender typed. */
const Party = z.object({ id: z.number().int().nullable(), name: z.string().nullable(), email: z.string().nullable() });

/**
 * A transfer as a customer reads it (history row and the answer of the writes). `direction` says whether the reader
 * sent or received it; a sender sees the receiver (the typed e-mail, and the name once there is an account); a
 * receiver sees the sender's name only.
 */
export const SilverTransfer = z.object({
  id: z.number().int(),
  created_at: isoDateTime(),
  direction: z.enum(['sent', 'received']),
  receiver: Party.nullable(),
  receiver_email: z.string().nullable(),
  sender: Party.nullable(),
  quantity_grams: z.number(),
  message: z.string().nullable(),
  status: z.enum(SILVER_TRANSFER_STATUSES),
  status_label: z.string(),
  /** a pending transfer: when it goes back to the sender */
  expires_at: isoDateTime().nullable(),
  completed_at: isoDateTime().nullable(),
  cancellable: z.boolean(),
});
export type SilverTransfer = z.infer<typeof SilverTransfer>;

/** POST /api/silver-transfer (201) and PUT /api/silver-transfer/{id}/cancel */
export const SilverTransferResponse = z.object({ transfer: SilverTransfer, message: z.string() });
export type SilverTransferResponse = z.infer<typeof SilverTransferResponse>;

/** GET /api/silver-transfers?page=N: sent and received, newest first. */
export const SilverTransfersQuery = z.object({ page: pageParam() });
export const SilverTransfersResponse = z.object({ silverTransfers: pageOf(SilverTransfer) });
export type SilverTransfersResponse = z.infer<typeof SilverTransfersResponse>;

// ---------------------------------------------------------------- back office

const AdminParty = z.object({ id: z.number().int(), name: z.string(), email: z.string() });

/** A transfer in the back office: both parties in full, the CPF typed for an unclaimed one and the check code. */
export const AdminSilverTransfer = z.object({
  id: z.number().int(),
  created_at: isoDateTime(),
  sender: AdminParty,
  receiver: AdminParty.nullable(),
  receiver_email: z.string(),
  /** digits, typed by the sender when the receiver had no account */
  receiver_cpf: z.string().nullable(),
  quantity_grams: z.number(),
  message: z.string().nullable(),
  status: z.enum(SILVER_TRANSFER_STATUSES),
  status_label: z.string(),
  expires_at: isoDateTime().nullable(),
  completed_at: isoDateTime().nullable(),
  cancelled_at: isoDateTime().nullable(),
  check_code: z.string(),
});
export type AdminSilverTransfer = z.infer<typeof AdminSilverTransfer>;

export const AdminSilverTransfersQuery = z.object({
  status: z.enum(SILVER_TRANSFER_STATUSES).optional(),
  /** part of an e-mail or a name, of either party */
  q: boundedString({ max: 120 }).optional(),
  page: pageParam(),
});
export type AdminSilverTransfersQuery = z.input<typeof AdminSilverTransfersQuery>;

/** GET /api/admin/silver-transfers?status=&q=&page=: newest first, with the grams waiting in transfer:unclaimed. */
export const AdminSilverTransfersResponse = pageOf(AdminSilverTransfer).extend({
  /** grams held for receivers with no account (the ledger's transfer:unclaimed) */
  unclaimed_grams: z.number(),
});
export type AdminSilverTransfersResponse = z.infer<typeof AdminSilverTransfersResponse>;

/** GET /api/admin/silver-transfers/check/{code}: the receipt's check code, with or without spaces and dashes. */
export const TransferCheckCodeParams = z.object({
  code: boundedString({ max: 40, invalid: MESSAGES.transferCheckCodeInvalid })
    .transform((v) => v.replace(/[\s-]/g, '').toUpperCase())
    .refine((v) => TRANSFER_CHECK_CODE.test(v), MESSAGES.transferCheckCodeInvalid),
});

export const AdminSilverTransferResponse = z.object({ transfer: AdminSilverTransfer, message: z.string() });
export type AdminSilverTransferResponse = z.infer<typeof AdminSilverTransferResponse>;

/** GET /api/silver-transfer/{id}/receipt: the receipt as a PDF, shown inline (the screen opens it in a new window). */
export const TransferReceiptResponse = {
  description: 'O comprovante da transferência, em PDF (Content-Disposition: inline).',
  content: { 'application/pdf': { schema: z.file() } },
};
