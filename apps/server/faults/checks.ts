import { reconcile } from '@/ledger/index';
import type { Outcome, Tally } from './load';
import type { World } from './world';

/** What each kind of operation writes: its POST path and its table. */
const EFFECTS: Array<{ name: string; table: string; path: RegExp; idOf: (json: never) => number | undefined }> = [
  {
    name: 'ordens',
    table: 'orders',
    path: /^\/api\/order\/(buy|sell)$/,
    idOf: (j: { order?: { id: number } }) => j.order?.id,
  },
  {
    name: 'depósitos Pix',
    table: 'deposits',
    path: /^\/api\/deposit\/pix$/,
    idOf: (j: { deposit?: { id: number } }) => j.deposit?.id,
  },
  {
    name: 'retiradas de dinheiro',
    table: 'withdrawals',
    path: /^\/api\/withdrawal$/,
    idOf: (j: { withdrawal?: { id: number } }) => j.withdrawal?.id,
  },
  {
    name: 'transferências de prata',
    table: 'silver_transfers',
    path: /^\/api\/silver-transfer$/,
    idOf: (j: { transfer?: { id: number }; silverTransfer?: { id: number } }) => (j.silverTransfer ?? j.transfer)?.id,
  },
  {
    name: 'retiradas de prata',
    table: 'silver_withdrawals',
    path: /^\/api\/silver-withdrawal$/,
    idOf: (j: { silverWithdrawal?: { id: number } }) => j.silverWithdrawal?.id,
  },
];

export type Baseline = Record<string, number>;

/** The highest id of every table an operation writes: what a phase added is above it. */
export async function baseline(world: World): Promise<Baseline> {
  const out: Baseline = {};
  for (const e of EFFECTS) {
    const { rows } = await world.database.withConnection((c) =>
      c.query(`select coalesce(max(id), 0)::bigint::text as m from ${e.table}`),
    );
    out[e.table] = Number((rows[0] as { m: string }).m);
  }
  return out;
}

export type Verdict = { problems: string[]; figures: Record<string, string | number> };

/**
 * The invariants after a phase: every acknowledged operation is in the database (its id found), nothing applied twice
 * (per table, rows added = operations acknowledged, plus at most those whose outcome is unknown), the ledger's
 * reconciliation clean (every balance equals its transfers, each currency sums to zero, no customer below zero).
 */
export async function verify(world: World, outcomes: Outcome[], since: Baseline): Promise<Verdict> {
  const problems: string[] = [];
  const figures: Record<string, string | number> = {};
  for (const e of EFFECTS) {
    const mine = outcomes.filter((o) => o.method === 'POST' && e.path.test(o.path));
    const acked = mine.filter((o) => o.final === 'answered' && o.status >= 200 && o.status < 300);
    const unknown = mine.filter((o) => o.final !== 'answered').length;
    const ids = [...new Set(acked.map((o) => e.idOf(o.json as never)).filter((id): id is number => id !== undefined))];
    if (ids.length !== acked.length) problems.push(`${e.name}: ${acked.length - ids.length} respostas 2xx sem id`);
    const { rows } = await world.database.withConnection((c) =>
      c.query(
        `select count(*) filter (where id > $1)::int as added, count(*) filter (where id = any($2::bigint[]))::int as found
           from ${e.table}`,
        [since[e.table], ids],
      ),
    );
    const { added, found } = rows[0] as { added: number; found: number };
    figures[e.table] = `${acked.length} confirmadas, ${unknown} incertas, ${added} gravadas`;
    if (found !== ids.length) problems.push(`${e.name}: ${ids.length - found} confirmadas e não encontradas`);
    if (added < acked.length) problems.push(`${e.name}: ${added} gravadas para ${acked.length} confirmadas`);
    if (added > acked.length + unknown)
      problems.push(
        `${e.name}: aplicadas duas vezes (${added} gravadas, ${acked.length} confirmadas, ${unknown} incertas)`,
      );
  }
  const r = await reconcile(world.database.db);
  if (!r.ok) problems.push(`reconciliação: ${r.problems.slice(0, 5).join('; ')}`);
  figures.reconciliation = r.ok ? 'limpa' : 'FALHOU';
  return { problems, figures };
}

/** Replays every acknowledged operation with its own key (a client that never saw its answer): each must be a replay. */
export async function replayAcknowledged(
  base: string,
  tally: Tally,
  outcomes: Outcome[],
  send: typeof import('./load').send,
) {
  let replayed = 0;
  let ranAgain = 0;
  const acked = outcomes.filter(
    (o) => o.final === 'answered' && o.status >= 200 && o.status < 300 && o.method !== 'GET' && o.kind !== 'webhook',
  );
  for (let i = 0; i < acked.length; i += 20) {
    await Promise.all(
      acked.slice(i, i + 20).map(async (o) => {
        const r = await send(base, tally, { ...o, record: false });
        if (r.status === o.status && JSON.stringify(r.json) === JSON.stringify(o.json)) replayed++;
        else ranAgain++;
      }),
    );
  }
  return { replayed, ranAgain, total: acked.length };
}
