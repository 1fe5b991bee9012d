import { z } from 'zod';
import { MESSAGES } from '../messages';
import { boundedString, isoDate, isoDateField, isoDateTime } from './common';

/**
 * Proof of reserves (issue 30 item 1; docs/reserves.md): each day's Merkle root of customers' silver as of the end of
 * that day in Brasília, beside the vault's bars (entered by logistics with the auditor's PDF) and the difference.
 * Silver travels in centigrams (integers), hashes as 64 lowercase hex characters.
 */

/** The longest serial and refiner name a bar takes. */
export const RESERVE_BAR_TEXT_MAX = 80;
/** The heaviest bar: 1.000 kg (centigrams), far above any real one; a typo of a few zeros is refused. */
export const RESERVE_BAR_MAX_CENTIGRAMS = 100_000_000;
/** The most bars the vault lists (a limit on everything: the public page shows them all). */
export const RESERVE_BARS_MAX = 5_000;
/** The days of history the summary carries. */
export const RESERVE_HISTORY_DAYS = 366;

const hash = () => z.string().regex(/^[0-9a-f]{64}$/);

export const ReserveProofSummary = z.object({
  day: isoDate(),
  root: hash(),
  customerCount: z.number().int(),
  /** the tree's total: every customer's available + held silver as of the day's end */
  customersCg: z.number().int(),
  /** silver sent to e-mails with no account yet: owed too, outside the tree (no customer to hold a leaf) */
  unclaimedCg: z.number().int(),
  /** what the vault must hold at least: customersCg + unclaimedCg */
  liabilitiesCg: z.number().int(),
  /** the bars listed when the day's proof was built */
  barsCg: z.number().int(),
  /** barsCg - liabilitiesCg: below zero is a shortfall */
  differenceCg: z.number().int(),
  builtAt: isoDateTime(),
});
export type ReserveProofSummary = z.infer<typeof ReserveProofSummary>;

export const ReserveBar = z.object({
  id: z.number().int(),
  serial: z.string(),
  refiner: z.string(),
  weightCg: z.number().int(),
  /** the auditor's PDF: GET /api/reserves/bars/:id/document */
  documentName: z.string(),
  addedAt: isoDateTime(),
});
export type ReserveBar = z.infer<typeof ReserveBar>;

/** GET /api/reserves: public. */
export const ReservesResponse = z.object({
  /** the latest day's proof; null before the first is built */
  latest: ReserveProofSummary.nullable(),
  /** the vault's bars now */
  bars: z.array(ReserveBar),
  barsCg: z.number().int(),
  /** barsCg (now) - the latest day's liabilities; null before the first proof */
  differenceCg: z.number().int().nullable(),
  /** the days before, newest first (at most RESERVE_HISTORY_DAYS) */
  history: z.array(ReserveProofSummary),
});
export type ReservesResponse = z.infer<typeof ReservesResponse>;

export const ReserveProofQuery = z.object({
  day: isoDateField(MESSAGES.reservesDayInvalid, MESSAGES.reservesDayInvalid).optional(),
});

/** GET /api/reserves/proof: the signed-in customer's own leaf and its path (scripts/verify-reserves.mjs reads it). */
export const ReserveProofResponse = z.object({
  version: z.literal(1),
  day: isoDate(),
  /** the customer's salt: only they see it */
  salt: hash(),
  centigrams: z.number().int(),
  leaf: hash(),
  leafIndex: z.number().int(),
  leafCount: z.number().int(),
  path: z.array(z.object({ side: z.enum(['left', 'right']), hash: hash() })),
  root: hash(),
});
export type ReserveProofResponse = z.infer<typeof ReserveProofResponse>;

/** GET /api/admin/reserves: the back office's view, with the ledger's own vault figure. */
export const AdminReservesResponse = ReservesResponse.extend({
  /** the ledger's vault account now (what the reconciliation compares with the silver owed) */
  ledgerVaultCg: z.number().int(),
  /** the bars now are below the latest day's liabilities */
  shortfall: z.boolean(),
});
export type AdminReservesResponse = z.infer<typeof AdminReservesResponse>;

const barText = (required: string) =>
  boundedString({ max: RESERVE_BAR_TEXT_MAX, required, tooLong: required, invalid: required }).trim().min(1, required);

const weightField = () =>
  z.coerce
    .number({ error: MESSAGES.reservesBarWeightInvalid })
    .int(MESSAGES.reservesBarWeightInvalid)
    .min(1, MESSAGES.reservesBarWeightInvalid)
    .max(RESERVE_BAR_MAX_CENTIGRAMS, MESSAGES.reservesBarWeightInvalid);

/** The text fields of a bar (multipart beside its `document`). */
export const ReserveBarFields = z.object({
  serial: barText(MESSAGES.reservesBarSerialRequired),
  refiner: barText(MESSAGES.reservesBarRefinerRequired),
  weightCg: weightField(),
});

export const ReserveBarResponse = z.object({ bar: ReserveBar, message: z.string() });

/** Every field optional: strict, so that a body of anything else is refused rather than read as "yesterday". */
export const RebuildReservesRequest = z.strictObject({
  /** a closed day; default: yesterday in Brasília */
  day: isoDateField(MESSAGES.reservesDayInvalid, MESSAGES.reservesDayInvalid).optional(),
});
/** POST /api/dev/reserves/today: nothing to choose (an empty object, or no body). */
export const DevReservesTodayRequest = z.strictObject({}).nullish();

export const RebuildReservesResponse = z.object({
  proof: ReserveProofSummary,
  /** the root before this build, if the day had one: the same root when the ledger is as it was */
  previousRoot: hash().nullable(),
  message: z.string(),
});
