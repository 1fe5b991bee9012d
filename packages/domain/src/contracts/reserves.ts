import { z } from 'zod';
import { MESSAGES } from '../messages';
import { boundedString, isoDate, isoDateField, isoDateTime } from './common';

/**
 * Proof of reserves (docs/reserves.md): each day's Merkle root of customers' silver as of the end of
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
  /** 1: a plain Merkle tree (the days built before the sum tree); 2: a Merkle sum tree whose root's sum is customersCg */
  version: z.union([z.literal(1), z.literal(2)]),
  /** the instant the balances are as of: the day's end in Brasília, or earlier for a day still in progress */
  endsAt: isoDateTime(),
  root: hash(),
  customerCount: z.number().int(),
  /** the tree's total (version 2: the root's sum): every customer's available + reserved silver as of endsAt */
  customersCg: z.number().int(),
  /** of customersCg, what customers could use and what open sell orders and withdrawals reserved; null in version 1 */
  customersAvailableCg: z.number().int().nullable(),
  customersReservedCg: z.number().int().nullable(),
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

const proofStep = z.object({ side: z.enum(['left', 'right']), hash: hash() });

/** A version 1 proof (a plain Merkle tree, one salt per customer for every day): still served for the days built so. */
export const ReserveProofV1 = z.object({
  version: z.literal(1),
  day: isoDate(),
  /** the customer's salt: only they see it */
  salt: hash(),
  centigrams: z.number().int(),
  leaf: hash(),
  leafIndex: z.number().int(),
  leafCount: z.number().int(),
  path: z.array(proofStep),
  root: hash(),
});

/** A version 2 proof (the Merkle sum tree, packages/domain/src/reserves/sum-tree.ts). */
export const ReserveProofV2 = z.object({
  version: z.literal(2),
  day: isoDate(),
  /** the customer's salt of this day only (derived from a secret the server keeps) */
  salt: hash(),
  /** what the leaf commits to: available + reserved = centigrams (the leaf's sum) */
  availableCg: z.number().int(),
  reservedCg: z.number().int(),
  centigrams: z.number().int(),
  leaf: hash(),
  leafIndex: z.number().int(),
  leafCount: z.number().int(),
  /** the siblings from the leaf up, each with its hash and the sum under it */
  path: z.array(proofStep.extend({ sum: z.number().int() })),
  root: hash(),
  /** the root's sum: the published total of customers' silver (customersCg) */
  rootSum: z.number().int(),
});

/**
 * GET /api/reserves/proof: the signed-in customer's own leaf and its path (scripts/verify-reserves.mjs reads it, and
 * the page reads it back from a file). Version 1 or 2, as the day was built.
 */
export const ReserveProofResponse = z.discriminatedUnion('version', [ReserveProofV1, ReserveProofV2]);
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
