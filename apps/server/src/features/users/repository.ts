import { and, asc, count, eq, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { addresses, cities, companies, users, type UserRow } from '../../db/schema/index';

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
export const cityView = (c: { id: number; name: string; state: string }): CityView => ({
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
