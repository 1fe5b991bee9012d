// The big tables' indexes, dropped before the bulk steps and built again once after them: one sort per index
// instead of 50 million random insertions.
import { exec, type Step } from './context';

/** Tables whose secondary indexes (and, for the transfers, the primary key) are rebuilt after the bulk steps. */
const TABLES = ['ledger_transfers', 'orders', 'trades', 'ledger_holds', 'deposits'];
/** Primary keys nothing references: dropped too (the others keep theirs, for the foreign keys that point at them). */
const DROPPED_KEYS = ['ledger_transfers_pkey', 'ledger_holds_pkey'];

const list = TABLES.map((t) => `'${t}'`).join(', ');

/** Saves each index's definition in scale_seed.indexes, then drops it. */
const drop: Step = {
  name: 'indexes-dropped',
  async run(ctx) {
    await exec(
      ctx,
      `create table scale_seed.indexes as
       select c.relname as tbl, i.relname as name, pg_get_indexdef(i.oid) as def,
              con.conname as constraint_name, pg_get_constraintdef(con.oid) as constraint_def
         from pg_index x join pg_class i on i.oid = x.indexrelid join pg_class c on c.oid = x.indrelid
         join pg_namespace n on n.oid = c.relnamespace
         left join pg_constraint con on con.conindid = i.oid and con.conrelid = c.oid
        where n.nspname = 'public' and c.relname in (${list})
          and (con.conname is null or con.conname in (${DROPPED_KEYS.map((k) => `'${k}'`).join(', ')}))`,
    );
    const { rows } = await ctx.client.query<{ tbl: string; name: string; constraint_name: string | null }>(
      'select tbl, name, constraint_name from scale_seed.indexes',
    );
    for (const r of rows) {
      if (r.constraint_name) await exec(ctx, `alter table public.${r.tbl} drop constraint ${r.constraint_name}`);
      else await exec(ctx, `drop index public.${r.name}`);
    }
    return rows.length;
  },
};

/** Builds every saved index again (the primary keys as constraints), with the session's maintenance_work_mem. */
const rebuild: Step = {
  name: 'indexes-rebuilt',
  async run(ctx) {
    const { rows } = await ctx.client.query<{
      tbl: string;
      def: string;
      constraint_name: string | null;
      constraint_def: string | null;
    }>('select tbl, def, constraint_name, constraint_def from scale_seed.indexes order by tbl, name');
    for (const r of rows) {
      if (r.constraint_name) {
        await exec(ctx, `alter table public.${r.tbl} add constraint ${r.constraint_name} ${r.constraint_def}`);
      } else await exec(ctx, r.def);
    }
    await exec(ctx, `analyze ${TABLES.join(', ')}`);
    return rows.length;
  },
};

export const dropIndexes = drop;
export const rebuildIndexes = rebuild;
