import { is } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import type { Executor } from '@/db/client';
import { clientOf, preparesStatements } from '@/db/sql';
import { pgErrorCode } from '@/db/tx';
import { type AccountRef, accountSpec, type Currency, type Holder, holderAccounts, isHeld } from './accounts';
import type { Refused } from './errors';

/** Caller-chosen ids (transfers and holds): letters, digits and `_ . : @ / + = -`. `#` is the ledger's own. */
const LEDGER_ID = /^[\w.:@/+=-]{1,200}$/;
/** The most commands one call takes (the order book's batches stay well under it). */
const MAX_COMMANDS = 10_000;

export type TransferInput = {
  /** unique forever: posting the same id again applies nothing and answers the first result */
  id: string;
  debit: AccountRef;
  credit: AccountRef;
  currency: Currency;
  /** a positive integer: centavos for BRL, centigrams for AG */
  amount: number;
  /** what the transfer is, for statements and audits: 'deposit.pix', 'trade.value', 'fee', 'iof' ... */
  code: string;
  /** succeeds or fails together with the next command of the batch (TigerBeetle's linked events) */
  linked?: boolean;
};

export type HoldInput = {
  /** unique forever; the hold's transfers are '<id>#hold', '<id>#release', '<id>#capture.N' */
  id: string;
  holder: Holder;
  currency: Currency;
  amount: number;
  /** why: 'order', 'withdrawal', 'silver-withdrawal' ... */
  reason: string;
  /** for what: 'order:123' */
  reference: string;
  linked?: boolean;
};

type ReleaseInput = { holdId: string; linked?: boolean };

export type CaptureInput = {
  holdId: string;
  /** the hold's currency */
  currency: Currency;
  /** where the held amount goes, in order; together at most the hold's amount */
  parts: Array<{ to: AccountRef; amount: number; code: string }>;
  /** what is left goes back to available, unless kept held under a new hold with this id (a partial fill) */
  remainderHoldId?: string;
  linked?: boolean;
};

export type LedgerCommand =
  | ({ kind: 'transfer' } & TransferInput)
  | ({ kind: 'hold' } & HoldInput)
  | ({ kind: 'release' } & ReleaseInput)
  | ({ kind: 'capture' } & CaptureInput);

export type TransferResult = { ok: true; duplicate: boolean; postedAt: Date } | Refused;
export type HoldResult = { ok: true; duplicate: boolean; state: 'held' | 'released' | 'captured' } | Refused;
export type ReleaseResult = { ok: true; duplicate: boolean; released: number } | Refused;
export type CaptureResult =
  | { ok: true; duplicate: boolean; captured: number; released: number; remainderHoldId: string | null }
  | Refused;
export type CommandResult = TransferResult | HoldResult | ReleaseResult | CaptureResult;

/**
 * A command as ledger_commands reads it from JSON (`encode`): validated, its accounts by code, only the fields of its
 * kind. The keys are spelled out: PostgreSQL parses them once per call, and 100 commands' longer keys cost it about as
 * much as one index lookup (docs/ledger.md, "Commands as JSON").
 */
export type EncodedCommand = { linked?: true } & (
  | { kind: 'transfer'; id: string; debit_account: string; credit_account: string; amount: number; code: string }
  | {
      kind: 'hold';
      id: string;
      debit_account: string;
      credit_account: string;
      amount: number;
      reason: string;
      reference: string;
    }
  | { kind: 'release'; id: string }
  | {
      kind: 'capture';
      id: string;
      parts: Array<{ credit_account: string; amount: number; code: string }>;
      remainder_hold_id?: string;
    }
);

const fail = (where: string, what: string): never => {
  throw new TypeError(`ledger: ${where}: ${what}`);
};

function checkId(id: unknown, where: string): string {
  if (typeof id !== 'string' || !LEDGER_ID.test(id)) fail(where, `invalid id ${JSON.stringify(id)}`);
  return id as string;
}

function checkAmount(amount: unknown, where: string): number {
  if (typeof amount !== 'number' || !Number.isSafeInteger(amount) || amount <= 0) {
    throw new RangeError(`ledger: ${where}: the amount must be a positive integer, got ${String(amount)}`);
  }
  return amount;
}

function checkText(value: unknown, max: number, where: string, what: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point
  if (typeof value !== 'string' || value.length < 1 || value.length > max || /[\u0000-\u001f\u007f]/.test(value)) {
    fail(where, `invalid ${what}`);
  }
  return value as string;
}

/** Validates a command and writes it in the shape ledger_commands reads; throws before any SQL on bad input. */
function encode(cmd: LedgerCommand, index: number): EncodedCommand {
  const where = `command ${index + 1} (${cmd?.kind})`;
  const linked = cmd.linked === true ? { linked: true as const } : {};
  switch (cmd.kind) {
    case 'transfer': {
      const id = checkId(cmd.id, where);
      const amount = checkAmount(cmd.amount, `${where} ${id}`);
      const code = checkText(cmd.code, 100, `${where} ${id}`, 'transfer code');
      if (isHeld(cmd.debit) || isHeld(cmd.credit)) {
        fail(`${where} ${id}`, 'a held account moves only through hold, release and capture');
      }
      const debit = accountSpec(cmd.debit, cmd.currency);
      const credit = accountSpec(cmd.credit, cmd.currency);
      if (debit.code === credit.code) fail(`${where} ${id}`, `debit and credit are both ${debit.code}`);
      return { kind: 'transfer', id, debit_account: debit.code, credit_account: credit.code, amount, code, ...linked };
    }
    case 'hold': {
      const id = checkId(cmd.id, where);
      const { available, held } = holderAccounts(cmd.holder);
      return {
        kind: 'hold',
        id,
        debit_account: accountSpec(available, cmd.currency).code,
        credit_account: accountSpec(held, cmd.currency).code,
        amount: checkAmount(cmd.amount, `${where} ${id}`),
        reason: checkText(cmd.reason, 100, `${where} ${id}`, 'reason'),
        reference: checkText(cmd.reference, 200, `${where} ${id}`, 'reference'),
        ...linked,
      };
    }
    case 'release':
      return { kind: 'release', id: checkId(cmd.holdId, where), ...linked };
    case 'capture': {
      const id = checkId(cmd.holdId, where);
      if (!Array.isArray(cmd.parts) || cmd.parts.length < 1 || cmd.parts.length > 100) {
        fail(`${where} ${id}`, 'a capture has 1 to 100 parts');
      }
      let total = 0;
      const parts = cmd.parts.map((p, i) => {
        const at = `${where} ${id} part ${i + 1}`;
        if (isHeld(p.to)) fail(at, 'a held account moves only through hold, release and capture');
        total += checkAmount(p.amount, at);
        return {
          credit_account: accountSpec(p.to, cmd.currency).code,
          amount: p.amount,
          code: checkText(p.code, 100, at, 'code'),
        };
      });
      if (!Number.isSafeInteger(total)) throw new RangeError(`ledger: ${where} ${id}: parts total out of range`);
      const remainder =
        cmd.remainderHoldId === undefined ? {} : { remainder_hold_id: checkId(cmd.remainderHoldId, where) };
      if (cmd.remainderHoldId === id) fail(where, 'the remainder needs a hold id of its own');
      return { kind: 'capture', id, parts, ...remainder, ...linked };
    }
    default:
      return fail(where, 'unknown command');
  }
}

const STATEMENT = 'select ledger_commands($1::jsonb, $2::boolean) as r';
const RETRYABLE = new Set(['40001', '40P01']);
const MAX_ATTEMPTS = 5;

/** One statement, one round trip: prepared once per connection on node-postgres, skipping drizzle. */
export async function callLedger<T>(ex: Executor, text: string, name: string, values: unknown[]): Promise<T> {
  const client = clientOf(ex);
  const run = async () => {
    const result = preparesStatements(client)
      ? await client.query({ name, text, values })
      : await client.query(text, values);
    return result.rows[0]?.r as T;
  };
  // Inside the caller's transaction a retry is the transaction's business (withTransaction). Given the database, the
  // call is a transaction of its own, and one statement: run it again.
  if (is(ex, PgTransaction)) return run();
  for (let attempt = 1; ; attempt++) {
    try {
      return await run();
    } catch (err) {
      const code = pgErrorCode(err);
      if (!code || !RETRYABLE.has(code) || attempt >= MAX_ATTEMPTS) throw err;
      await new Promise((r) => setTimeout(r, 2 * attempt + Math.random() * 5));
    }
  }
}

type Raw = {
  ok: boolean;
  duplicate?: boolean;
  reason?: Refused['reason'];
  account?: string;
  posted_at?: string;
  state?: 'held' | 'released' | 'captured';
  released?: number;
  captured?: number;
  remainder_hold_id?: string | null;
};

function decode(kind: LedgerCommand['kind'], raw: Raw): CommandResult {
  if (!raw.ok)
    return raw.account ? { ok: false, reason: raw.reason!, account: raw.account } : { ok: false, reason: raw.reason! };
  const duplicate = raw.duplicate === true;
  switch (kind) {
    case 'transfer':
      return { ok: true, duplicate, postedAt: new Date(raw.posted_at!) };
    case 'hold':
      return { ok: true, duplicate, state: raw.state! };
    case 'release':
      return { ok: true, duplicate, released: Number(raw.released) };
    case 'capture':
      return {
        ok: true,
        duplicate,
        captured: Number(raw.captured),
        released: Number(raw.released),
        remainderHoldId: raw.remainder_hold_id ?? null,
      };
  }
}

/**
 * Runs a batch of ledger commands in order, in the caller's transaction (or, given the database, as a transaction of
 * its own), in one statement. Answers one result per command. A refused command changes nothing and does not undo the
 * others, except its linked chain (`linked`), or the whole batch with `atomic`. Throws only on invalid input (before
 * any SQL), an unknown account, or a database error (a serialization failure when a concurrent transaction posted the
 * same id, or an owner needed out of lock order was busy: retried by withTransaction).
 */
export async function execute(
  ex: Executor,
  commands: LedgerCommand[],
  opts: { atomic?: boolean } = {},
): Promise<CommandResult[]> {
  if (!Array.isArray(commands)) throw new TypeError('ledger: commands must be an array');
  if (commands.length === 0) return [];
  const encoded = encodeAll(commands);
  const raw = await callLedger<Raw[]>(ex, STATEMENT, 'ledger_commands', [
    JSON.stringify(encoded),
    opts.atomic === true,
  ]);
  return decodeResults(commands, raw);
}

/** Every command validated and encoded (throws before any SQL on bad input). */
export function encodeAll(commands: LedgerCommand[]): EncodedCommand[] {
  if (commands.length > MAX_COMMANDS) throw new RangeError(`ledger: at most ${MAX_COMMANDS} commands per call`);
  return commands.map(encode);
}

/** ledger_commands' answer read back into one result per command. */
function decodeResults(commands: LedgerCommand[], raw: unknown): CommandResult[] {
  if (!Array.isArray(raw) || raw.length !== commands.length)
    throw new Error('ledger: ledger_commands answered otherwise');
  return (raw as Raw[]).map((r, i) => decode(commands[i]!.kind, r));
}
