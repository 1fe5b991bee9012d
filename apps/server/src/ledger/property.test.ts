import { describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/helpers';
import { withTransaction } from '@/db/tx';
import {
  type AccountRef,
  balanceOf,
  type CommandResult,
  type Currency,
  execute,
  foldBalances,
  getBalances,
  type LedgerCommand,
  post,
  proofOfReserves,
  reconcile,
} from './index';
import { createLedgerUsers } from '../../test/ledger-users';
// a seeded generator, so a failure can be replayed with its seed
import { seededRandom as prng } from '@/lib/seeded-random';

const SEED = Number(process.env.LEDGER_SEED ?? 20_240_611);
const FUND = { BRL: 50_000, AG: 2_000 } as const;
const CUSTOMERS = 20;
const COMMANDS = 1000;

type Hold = {
  customer: number;
  currency: Currency;
  amount: number;
  state: 'held' | 'released' | 'captured';
  captured: number;
  rest: string | null;
};
type Posted = { debit: string; credit: string; amount: number; code: string };

/** The ledger as the documentation describes it, in memory: what every command should answer. */
class Model {
  bal = new Map<string, number>();
  holds = new Map<string, Hold>();
  transfers = new Map<string, Posted>();

  static key(ref: AccountRef, currency: Currency) {
    if ('customer' in ref) return `${ref.customer}:${ref.bucket}:${currency}`;
    if ('house' in ref) return `house:${ref.house}:${currency}`;
    return `${ref.system}:${currency}`;
  }
  /** accounts with a floor: customers (credit-normal) and the vault (debit-normal, stored negated) */
  floored(key: string) {
    return /^\d+:/.test(key) || key === 'vault:AG';
  }
  get(key: string) {
    return this.bal.get(key) ?? 0;
  }
  /** moves amount from a to b on the floored side: a customer's balance, or the vault's (stored negated) */
  can(from: string, to: string, amount: number) {
    if (/^\d+:/.test(from) && this.get(from) < amount) return from;
    if (to === 'vault:AG' && this.get(to) > -amount) return to; // crediting the vault lowers it
    return null;
  }
  move(from: string, to: string, amount: number) {
    this.bal.set(from, this.get(from) - amount);
    this.bal.set(to, this.get(to) + amount);
  }
  clone() {
    const m = new Model();
    m.bal = new Map(this.bal);
    m.holds = new Map([...this.holds].map(([k, v]) => [k, { ...v }]));
    m.transfers = new Map(this.transfers);
    return m;
  }

  apply(cmd: LedgerCommand): CommandResult {
    switch (cmd.kind) {
      case 'transfer': {
        const debit = Model.key(cmd.debit, cmd.currency);
        const credit = Model.key(cmd.credit, cmd.currency);
        const stored = this.transfers.get(cmd.id);
        if (stored) {
          const same =
            stored.debit === debit &&
            stored.credit === credit &&
            stored.amount === cmd.amount &&
            stored.code === cmd.code;
          return same ? { ok: true, duplicate: true, postedAt: new Date(0) } : { ok: false, reason: 'id_conflict' };
        }
        if (this.can(debit, credit, cmd.amount)) return { ok: false, reason: 'insufficient_funds' };
        this.move(debit, credit, cmd.amount);
        this.transfers.set(cmd.id, { debit, credit, amount: cmd.amount, code: cmd.code });
        return { ok: true, duplicate: false, postedAt: new Date(0) };
      }
      case 'hold': {
        const customer = (cmd.holder as { customer: number }).customer;
        const stored = this.holds.get(cmd.id);
        if (stored) {
          const same = stored.customer === customer && stored.currency === cmd.currency && stored.amount === cmd.amount;
          return same ? { ok: true, duplicate: true, state: stored.state } : { ok: false, reason: 'id_conflict' };
        }
        const available = `${customer}:available:${cmd.currency}`;
        if (this.get(available) < cmd.amount) return { ok: false, reason: 'insufficient_funds' };
        this.move(available, `${customer}:held:${cmd.currency}`, cmd.amount);
        this.holds.set(cmd.id, {
          customer,
          currency: cmd.currency,
          amount: cmd.amount,
          state: 'held',
          captured: 0,
          rest: null,
        });
        return { ok: true, duplicate: false, state: 'held' };
      }
      case 'release': {
        const h = this.holds.get(cmd.holdId);
        if (!h) return { ok: false, reason: 'hold_not_found' };
        if (h.state === 'released') return { ok: true, duplicate: true, released: h.amount };
        if (h.state === 'captured') return { ok: false, reason: 'hold_not_open' };
        this.move(`${h.customer}:held:${h.currency}`, `${h.customer}:available:${h.currency}`, h.amount);
        h.state = 'released';
        return { ok: true, duplicate: false, released: h.amount };
      }
      case 'capture': {
        const h = this.holds.get(cmd.holdId);
        if (!h) return { ok: false, reason: 'hold_not_found' };
        if (h.state === 'captured') {
          return {
            ok: true,
            duplicate: true,
            captured: h.captured,
            released: h.rest ? 0 : h.amount - h.captured,
            remainderHoldId: h.rest,
          };
        }
        if (h.state === 'released') return { ok: false, reason: 'hold_not_open' };
        const sum = cmd.parts.reduce((s, p) => s + p.amount, 0);
        if (sum > h.amount) return { ok: false, reason: 'capture_exceeds_hold' };
        const rest = cmd.remainderHoldId !== undefined && sum < h.amount ? cmd.remainderHoldId : null;
        if (rest !== null && this.holds.has(rest)) return { ok: false, reason: 'id_conflict' };
        const held = `${h.customer}:held:${h.currency}`;
        for (const p of cmd.parts) {
          const to = Model.key(p.to, h.currency);
          if (this.can(held, to, p.amount)) return { ok: false, reason: 'insufficient_funds' };
          this.move(held, to, p.amount);
        }
        if (rest === null && sum < h.amount) this.move(held, `${h.customer}:available:${h.currency}`, h.amount - sum);
        if (rest !== null) {
          this.holds.set(rest, {
            customer: h.customer,
            currency: h.currency,
            amount: h.amount - sum,
            state: 'held',
            captured: 0,
            rest: null,
          });
        }
        h.state = 'captured';
        h.captured = sum;
        h.rest = rest;
        return {
          ok: true,
          duplicate: false,
          captured: sum,
          released: rest === null ? h.amount - sum : 0,
          remainderHoldId: rest,
        };
      }
    }
  }

  /** A batch: in order; a refusal undoes its linked chain (or the whole batch when atomic). */
  run(commands: LedgerCommand[], atomic: boolean): { model: Model; results: CommandResult[] } {
    let state: Model = this.clone();
    const results: CommandResult[] = [];
    let chainStart = 0;
    let inChain = false;
    let chainFailed = false;
    let snapshot: Model = state;
    commands.forEach((cmd, i) => {
      const linked = (atomic && i < commands.length - 1) || cmd.linked === true;
      if (!inChain) {
        inChain = true;
        chainFailed = false;
        chainStart = i;
        snapshot = state.clone();
      }
      if (chainFailed) {
        results.push({ ok: false, reason: 'linked_failed' });
      } else {
        const r = state.apply(cmd);
        if (!r.ok) {
          state = snapshot;
          for (let j = chainStart; j < i; j++) results[j] = { ok: false, reason: 'linked_failed' };
          chainFailed = i > chainStart || linked;
        }
        results.push(r);
      }
      if (!linked) inChain = false;
    });
    return { model: state, results };
  }
}

/** Comparable: the answer without the time it was posted, and without the account named by a refusal. */
const shape = (r: CommandResult) => {
  if (!r.ok) return { ok: false, reason: r.reason };
  const { postedAt: _ignored, ...rest } = r as CommandResult & { postedAt?: Date };
  return rest;
};

describe('ledger: random commands against a model', () => {
  it(`${COMMANDS} random transfers, holds, releases and captures in batches and chains match the model, conserve totals and reconcile (seed ${SEED})`, async () => {
    const random = prng(SEED);
    const pick = <T>(xs: readonly T[]): T => xs[Math.floor(random() * xs.length)]!;
    const database = await createTestDatabase();
    const customers = await createLedgerUsers(database.db, CUSTOMERS);

    const funding: LedgerCommand[] = customers.flatMap((customer) => [
      {
        kind: 'transfer' as const,
        id: `fund:${customer}:BRL`,
        debit: { system: 'pix:clearing' as const },
        credit: { customer, bucket: 'available' as const },
        currency: 'BRL' as const,
        amount: FUND.BRL,
        code: 'fund',
      },
      {
        kind: 'transfer' as const,
        id: `fund:${customer}:AG`,
        debit: { system: 'vault' as const },
        credit: { customer, bucket: 'available' as const },
        currency: 'AG' as const,
        amount: FUND.AG,
        code: 'fund',
      },
    ]);
    let model = new Model();
    let expected = model.run(funding, true);
    expect((await execute(database.db, funding, { atomic: true })).map(shape)).toEqual(expected.results.map(shape));
    model = expected.model;

    const systemFor = (currency: Currency): AccountRef =>
      currency === 'BRL'
        ? { system: pick(['revenue:operating-fee', 'tax:iof', 'payout:clearing'] as const) }
        : { system: pick(['vault', 'transfer:unclaimed'] as const) };
    const destination = (currency: Currency): AccountRef =>
      random() < 0.7 ? { customer: pick(customers), bucket: 'available' } : systemFor(currency);
    const holdIds = () => [...model.holds.keys()];
    const transferIds = () => [...model.transfers.keys()];
    let seq = 0;

    function randomCommand(): LedgerCommand {
      const currency: Currency = random() < 0.6 ? 'BRL' : 'AG';
      const scale = currency === 'BRL' ? 20_000 : 800;
      const amount = 1 + Math.floor(random() * scale);
      const linked = random() < 0.12;
      const roll = random();
      if (roll < 0.35) {
        const from = pick(customers);
        let to = destination(currency);
        if ('customer' in to && to.customer === from) to = systemFor(currency);
        return {
          kind: 'transfer',
          id: `t:${seq++}`,
          debit: { customer: from, bucket: 'available' },
          credit: to,
          currency,
          amount,
          code: 'random',
          linked,
        };
      }
      if (roll < 0.42 && model.transfers.size > 0) {
        // a retry of an earlier transfer: the same fields (a duplicate) or, sometimes, other ones (id_conflict)
        const id = pick(transferIds());
        const t = model.transfers.get(id)!;
        const [customer, , cur] = t.debit.split(':');
        if (!/^\d+$/.test(customer!)) return randomCommand();
        const credit = t.credit.split(':');
        const to: AccountRef = /^\d+$/.test(credit[0]!)
          ? { customer: Number(credit[0]), bucket: 'available' }
          : { system: credit.slice(0, -1).join(':') as 'tax:iof' };
        const bump = random() < 0.3 ? 1 : 0;
        return {
          kind: 'transfer',
          id,
          debit: { customer: Number(customer), bucket: 'available' },
          credit: to,
          currency: cur as Currency,
          amount: t.amount + bump,
          code: t.code,
          linked,
        };
      }
      if (roll < 0.62) {
        return {
          kind: 'hold',
          id: `h:${seq++}`,
          holder: { customer: pick(customers) },
          currency,
          amount,
          reason: 'order',
          reference: `order:${seq}`,
          linked,
        };
      }
      const ids = holdIds();
      const holdId = ids.length > 0 && random() < 0.95 ? pick(ids) : `h:missing:${seq++}`;
      if (roll < 0.75) return { kind: 'release', holdId, linked };
      const h = model.holds.get(holdId);
      const hc = h?.currency ?? currency;
      const total = h ? Math.max(1, Math.floor(h.amount * (random() < 0.1 ? 1.2 : random()))) : amount;
      const n = 1 + Math.floor(random() * 3);
      const parts = Array.from({ length: n }, (_, i) => ({
        to: destination(hc),
        amount: Math.max(1, Math.floor(total / n) + (i === 0 ? total % n : 0)),
        code: 'capture',
      }));
      return {
        kind: 'capture',
        holdId,
        currency: hc,
        parts,
        ...(random() < 0.4 ? { remainderHoldId: `h:${seq++}` } : {}),
        linked,
      };
    }

    let done = 0;
    const outcomes = new Map<string, number>();
    while (done < COMMANDS) {
      const n = random() < 0.6 ? 1 : 2 + Math.floor(random() * 5);
      // generate against a scratch model so later commands of the batch can name holds made earlier in it
      const live = model;
      const batch: LedgerCommand[] = [];
      for (let i = 0; i < n; i++) {
        const cmd = randomCommand();
        batch.push(cmd);
        model = model.run([cmd], false).model;
      }
      model = live;
      const atomic = random() < 0.1;
      expected = model.run(batch, atomic);
      const actual = await withTransaction(database.db, (tx) => execute(tx, batch, { atomic }));
      expect({ at: done, results: actual.map(shape) }).toEqual({ at: done, results: expected.results.map(shape) });
      model = expected.model;
      for (const r of actual) {
        const k = r.ok ? (r.duplicate ? 'duplicate' : 'ok') : r.reason;
        outcomes.set(k, (outcomes.get(k) ?? 0) + 1);
      }
      done += n;
      if (random() < 0.05) await foldBalances(database.db);
    }

    // Every outcome was exercised.
    for (const k of [
      'ok',
      'duplicate',
      'insufficient_funds',
      'id_conflict',
      'hold_not_found',
      'hold_not_open',
      'capture_exceeds_hold',
      'linked_failed',
    ]) {
      expect({ k, seen: (outcomes.get(k) ?? 0) > 0 }).toEqual({ k, seen: true });
    }
    expect(outcomes.get('ok')).toBeGreaterThan(300);
    if (process.env.LEDGER_DEBUG) console.log(Object.fromEntries(outcomes));

    const totals = { BRL: 0, AG: 0 };
    for (const c of customers) {
      const b = await getBalances(database.db, c);
      for (const currency of ['BRL', 'AG'] as const) {
        const open = [...model.holds.values()]
          .filter((h) => h.customer === c && h.currency === currency && h.state === 'held')
          .reduce((s, h) => s + h.amount, 0);
        expect({ c, currency, ...b[currency] }).toEqual({
          c,
          currency,
          available: model.get(`${c}:available:${currency}`),
          held: model.get(`${c}:held:${currency}`),
        });
        expect(b[currency].held).toBe(open);
        totals[currency] += b[currency].available + b[currency].held;
      }
    }
    // what left the customers went to the system accounts
    const outside = (currency: Currency) =>
      [...model.bal]
        .filter(([k]) => !/^\d+:/.test(k) && k.endsWith(`:${currency}`) && !k.startsWith('pix:') && k !== 'vault:AG')
        .reduce((s, [, v]) => s + v, 0);
    expect(totals.BRL + outside('BRL')).toBe(FUND.BRL * CUSTOMERS);
    const { vault, owed } = await proofOfReserves(database.db);
    expect(vault).toBe(owed);
    // This test drives the ledger alone and parks grams in transfer:unclaimed with no silver_transfers rows behind
    // them; reconciliation's check 14 ties that account to the pending transfers (the feature's invariant), so the
    // grams go back to the vault before the full check (the vault and what is owed fall together).
    const parked = await balanceOf(database.db, { system: 'transfer:unclaimed' }, 'AG');
    if (parked > 0)
      await post(database.db, {
        id: 'property:unclaimed-to-vault',
        debit: { system: 'transfer:unclaimed' },
        credit: { system: 'vault' },
        currency: 'AG',
        amount: parked,
        code: 'random',
      });
    const after = await proofOfReserves(database.db);
    expect(after.vault).toBe(after.owed);
    expect(await reconcile(database.db)).toEqual({ ok: true, problems: [] });
  });
});
