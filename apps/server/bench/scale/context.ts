import type pg from 'pg';

/** What every step needs: the size, the ids the generator assigns, the system accounts' ids. */
export type Ctx = {
  client: pg.Client;
  /** the database's URL, for the steps that call the product's own code (it opens connections of its own) */
  url: string;
  customers: number;
  leafDays: number;
  passwordHash: string;
  /** system account id by code ('pix:clearing', 'house:available:BRL' ...) */
  sys: Record<string, number>;
  /** the operators' ids (after the customers) */
  staff: { admin: number; finance: number; support: number; logistics: number; compliance: number };
};

/** The known subjects the bench looks up by e-mail, with the ids the generator gives them. */
export const KNOWN = {
  heavy: { id: 1, email: 'pesado@escala.prata.test' },
  counterpart: { id: 2, email: 'contraparte@escala.prata.test' },
  affiliate: { id: 3, email: 'afiliado@escala.prata.test' },
  typical: { id: 4, email: 'tipico@escala.prata.test' },
  operator: { email: 'operador@escala.prata.test' },
} as const;

/**
 * Each customer's four ledger accounts and owner get ids derived from the user's id, so every step writes transfers
 * with arithmetic instead of joins: owner 10 + u; accounts 100 + 4u + (0 available BRL, 1 held BRL, 2 available AG,
 * 3 held AG). The migrations' own rows (house, vault, system accounts) sit below.
 */
export const acc = {
  brl: (u: string) => `(100 + 4 * (${u}))`,
  brlHeld: (u: string) => `(101 + 4 * (${u}))`,
  ag: (u: string) => `(102 + 4 * (${u}))`,
  agHeld: (u: string) => `(103 + 4 * (${u}))`,
  owner: (u: string) => `(10 + (${u}))`,
};

/** A step: its rows are written in one transaction with its record in scale_seed_steps. */
export type Step = {
  name: string;
  /** foreign keys and per-row triggers off in this step's transaction (session_replication_role = replica) */
  replica?: boolean;
  /** tables to ANALYZE once written, so the next steps' plans see their size */
  analyze?: string[];
  run: (ctx: Ctx) => Promise<number>;
};

/**
 * What the generator runs in order: a step, or lanes of steps that run side by side, each lane on a connection of
 * its own and in order within it (every step still one transaction of its own). Lanes hold steps that neither read
 * nor write what another lane's steps write; each is mostly one core's work (an INSERT … SELECT is not parallel), so
 * two lanes use the machine's two cores.
 */
export type Stage = Step | { lanes: Step[][] };

/** Runs SQL and answers the rows it touched. */
export async function exec(ctx: Ctx, text: string): Promise<number> {
  const r = await ctx.client.query(text);
  return Array.isArray(r) ? r.reduce((n, x) => n + (x.rowCount ?? 0), 0) : (r.rowCount ?? 0);
}
