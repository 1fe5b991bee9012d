import { and, asc, count, eq, isNull, not, sql } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { addresses, cities, companies, users, type UserRow } from '@/db/schema/index';
import { type Balances, balancesJson, customerCode } from '@/ledger/index';
import { perTurn } from '@/lib/per-turn';

export async function findUserByEmail(db: Executor, email: string): Promise<UserRow | undefined> {
  const [u] = await db
    .select()
    .from(users)
    .where(eq(sql`lower(${users.email})`, email.trim().toLowerCase()))
    .limit(1);
  return u;
}

export async function findUserById(db: Executor, id: number): Promise<UserRow | undefined> {
  const [u] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return u;
}

export type CityView = { id: number; name: string; state: string; description: string };
const cityView = (c: { id: number; name: string; state: string }): CityView => ({
  ...c,
  description: `${c.name} - ${c.state}`,
});

export async function listAddresses(db: Executor, userId: number) {
  const rows = await db
    .select({ address: addresses, city: { id: cities.id, name: cities.name, state: cities.state } })
    .from(addresses)
    .innerJoin(cities, eq(cities.id, addresses.cityId))
    .where(and(eq(addresses.userId, userId), isNull(addresses.deletedAt)))
    .orderBy(asc(addresses.id));
  return rows.map(({ address: a, city }) => ({
    id: a.id,
    type: a.type,
    cep: a.cep,
    city: cityView(city),
    city_id: a.cityId,
    neighborhood: a.neighborhood,
    street: a.street,
    number: a.number,
    unit: a.unit,
    other_info: a.otherInfo,
  }));
}
export type AddressView = Awaited<ReturnType<typeof listAddresses>>[number];

export async function findCompanyByUser(db: Executor, userId: number) {
  const [c] = await db.select().from(companies).where(eq(companies.userId, userId)).limit(1);
  return c;
}

export async function countAddresses(db: Executor, userId: number): Promise<number> {
  const [n] = await db
    .select({ n: count() })
    .from(addresses)
    .where(and(eq(addresses.userId, userId), isNull(addresses.deletedAt)));
  return Number(n?.n ?? 0);
}

/** The company as the web client reads it (spec field names). */
export type CompanyView = {
  id: number;
  cnpj: string;
  razao_social: string;
  nome_fantasia: string | null;
  inscricao_estadual: string | null;
  inscricao_municipal: string | null;
  celular: string;
  email: string;
  cnae_principal: string;
  cnaes_secundarios: string | null;
  regime_tributario: 'simples' | 'presumido' | 'real';
  site: string | null;
};

export type UserExtras = { addresses: AddressView[]; company: CompanyView | null; balances: Balances };

const BALANCE_BUCKETS = [
  ['BRL', 'available'],
  ['BRL', 'held'],
  ['AG', 'available'],
  ['AG', 'held'],
] as const;

/**
 * Everything the presenter adds to the user row, in one round trip: the addresses (with their cities), the company
 * and the four ledger balances, built as JSON by PostgreSQL with the same fields as listAddresses and presentCompany,
 * for each user of `uids` (row `n` for the n-th, its account codes at `codes[4n-3 .. 4n]`). Customer accounts are
 * liabilities, so a balance is credits - debits (ledger/balances.ts); an account not opened yet reads 0. Named
 * prepared statements: PostgreSQL plans each once per connection (planning cost more than running it). One user (the
 * usual turn) is read by `$1` alone, whose generic plan PostgreSQL keeps; the list's `unnest($1)` is planned again on
 * every execution (its generic plan is costed for ten users).
 */
function prepareExtras(db: Executor, one: boolean) {
  const codes = sql.placeholder('codes');
  return db
    .select({
      n: sql<number>`u.n::int`,
      addresses: sql<AddressView[]>`coalesce((
        select json_agg(json_build_object(
          'id', a.id, 'type', a.type, 'cep', a.cep,
          'city', json_build_object('id', c.id, 'name', c.name, 'state', c.state, 'description', c.name || ' - ' || c.state),
          'city_id', a.city_id, 'neighborhood', a.neighborhood, 'street', a.street, 'number', a.number,
          'unit', a.unit, 'other_info', a.other_info
        ) order by a.id)
        from addresses a join cities c on c.id = a.city_id
        where a.user_id = u.uid and a.deleted_at is null
      ), '[]'::json)`,
      company: sql<CompanyView | null>`(
        select json_build_object(
          'id', co.id, 'cnpj', co.cnpj, 'razao_social', co.razao_social, 'nome_fantasia', co.nome_fantasia,
          'inscricao_estadual', co.inscricao_estadual, 'inscricao_municipal', co.inscricao_municipal,
          'celular', co.celular, 'email', co.email, 'cnae_principal', co.cnae_principal,
          'cnaes_secundarios', co.cnaes_secundarios, 'regime_tributario', co.regime_tributario, 'site', co.site
        )
        from companies co where co.user_id = u.uid
      )`,
      // one user's four codes as four parameters: an array parameter's generic plan is costed for ten elements
      balances: sql<Record<string, string> | null>`${balancesJson(
        one
          ? sql`array[${sql.placeholder('c1')}::text, ${sql.placeholder('c2')}::text, ${sql.placeholder('c3')}::text, ${sql.placeholder('c4')}::text]`
          : sql`(${codes}::text[])[u.n * 4 - 3 : u.n * 4]`,
      )}`,
    })
    .from(
      one
        ? sql`(select ${sql.placeholder('uid')}::bigint as uid, 1 as n) as u`
        : sql`unnest(${sql.placeholder('uids')}::bigint[]) with ordinality as u(uid, n)`,
    )
    .prepare(one ? 'user_extras_one' : 'user_extras');
}
const preparedExtras = new WeakMap<
  Executor,
  { one: ReturnType<typeof prepareExtras>; many: ReturnType<typeof prepareExtras> }
>();

/** The extras of each user of `userIds` (distinct), in their order. */
async function readExtras(db: Executor, userIds: number[]): Promise<UserExtras[]> {
  const codes = userIds.flatMap((id) =>
    BALANCE_BUCKETS.map(([currency, bucket]) => customerCode(id, bucket, currency)),
  );
  // Transactions come and go: only the database handle keeps its built query.
  let queries = preparedExtras.get(db);
  if (!queries) {
    queries = { one: prepareExtras(db, true), many: prepareExtras(db, false) };
    if (!('rollback' in db)) preparedExtras.set(db, queries);
  }
  const read =
    userIds.length === 1
      ? queries.one.execute({ uid: userIds[0], c1: codes[0], c2: codes[1], c3: codes[2], c4: codes[3] })
      : queries.many.execute({ uids: userIds, codes });
  const found = new Map((await read).map((r) => [Number(r.n), r]));
  return userIds.map((_, i) => {
    const row = found.get(i + 1);
    const balances: Balances = { BRL: { available: 0, held: 0 }, AG: { available: 0, held: 0 } };
    for (const [k, [currency, bucket]] of BALANCE_BUCKETS.entries()) {
      const value = row?.balances?.[codes[i * BALANCE_BUCKETS.length + k]!];
      if (value === undefined) continue;
      const n = Number(value);
      if (!Number.isSafeInteger(n)) throw new RangeError(`users: balance ${value} is not a safe integer`);
      balances[currency][bucket] = n;
    }
    return { addresses: row?.addresses ?? [], company: row?.company ?? null, balances };
  });
}

/**
 * The extras of the users asked for in one turn of the event loop, in one statement: GET /api/user is the call every
 * screen makes, and under load many arrive together (their session reads are gathered the same way: plugins/auth.ts).
 */
const extrasInTurn = perTurn(async (db: Executor, userIds: number[]): Promise<UserExtras[]> => {
  const distinct = [...new Set(userIds)];
  const extras = await readExtras(db, distinct);
  return userIds.map((id) => extras[distinct.indexOf(id)]!);
});

export async function findUserExtras(db: Executor, userId: number): Promise<UserExtras> {
  if (!Number.isSafeInteger(userId) || userId <= 0) throw new TypeError(`users: invalid user id ${userId}`);
  // inside a transaction, its own statement (what the transaction wrote is seen)
  if ('rollback' in db) return (await readExtras(db, [userId]))[0]!;
  return extrasInTurn(db, userId);
}

/** Flips the user's "hide balances" choice; the choice as it now stands. */
export async function toggleHideBalances(db: Executor, userId: number): Promise<boolean> {
  const [row] = await db
    .update(users)
    .set({ hideBalances: not(users.hideBalances), updatedAt: new Date() })
    .where(eq(users.id, userId))
    .returning({ hideBalances: users.hideBalances });
  return row!.hideBalances;
}
