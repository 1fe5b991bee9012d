import { sql } from 'drizzle-orm';
import pg from 'pg';
import { buildTestApp, type Customer, approvedCustomer, bearer, fundCustomer, type TestApp } from '../test/helpers';
import { openDatabase, type Database } from '@/db/client';
import { migrate } from '@/db/migrate';
import { saveProductType } from '@/features/catalogue/index';
import { fundHouse, placeHouseOrder } from '@/features/orders/index';
import { getBalances } from '@/ledger/index';
import { seedReferenceData } from '@/seed/reference';
import { JWT_SECRET } from './fleet';

export type Person = Customer & { bankId: number; addressId: number };
export type World = { t: TestApp; database: Database; people: Person[]; productId: number; databaseUrl: string };

/**
 * The database the fleet shares, migrated, with `count` approved customers made the way people are (register,
 * verify, sign in, finish the registration), each with R$ 20.000,00 and 200 g, a Pix key for withdrawals and an
 * address for bars, and one bar for sale.
 */
export async function buildWorld(clusterUrl: string, count: number): Promise<World> {
  const admin = new pg.Client({ connectionString: clusterUrl });
  await admin.connect();
  await admin.query('create database prata');
  await admin.end();
  const databaseUrl = clusterUrl.replace(/\/postgres$/, '/prata');
  const database = await openDatabase({ url: databaseUrl, poolSize: 10 });
  await migrate(database);
  await seedReferenceData(database.db);
  const t = await buildTestApp({ database });
  if (t.config.jwtSecret !== JWT_SECRET) throw new Error('the fleet must share the JWT secret of the helpers');
  const people: Person[] = [];
  for (let i = 0; i < count; i++) {
    const c = await approvedCustomer(t, { name: `Cliente Falha ${i + 1}` });
    await fundCustomer(database, c.id, 'BRL', 2_000_000);
    await fundCustomer(database, c.id, 'AG', 20_000);
    const bank = await t.app.inject({
      method: 'POST',
      url: '/api/banking-information',
      headers: bearer(c.token),
      payload: { type: 'pix', key_type: 'email', key: c.email },
    });
    if (bank.statusCode >= 300) throw new Error(`banking-information: ${bank.body}`);
    const user = await t.app.inject({ method: 'GET', url: '/api/user', headers: bearer(c.token) });
    people.push({ ...c, bankId: bank.json().bankingInformation.id, addressId: user.json().user.addresses[0].id });
  }
  await database.db.execute(sql`update users set trading_limit_cents = 100000000000`);
  const product = await saveProductType(t.app.deps, null, null, {
    name: 'Barra de prata 10 g',
    description: 'Barra de 10 g',
    grams_per_unit_cg: 1000,
    stock: 1_000_000,
    active: true,
    icon: null,
    images: ['/api/catalogue/images/barra-10g.png'],
    minting_fee_cents: 500,
    insurance_rate_bps: 50,
    pis_rate_bps: 165,
    cofins_rate_bps: 760,
    position: 1000,
  });
  // the house sells silver: bars are priced from its offers (the catalogue's rule)
  await fundHouse(t.app.deps, null, { currency: 'AG', amountMinorUnits: 1_000_000 });
  await placeHouseOrder(t.app.deps, null, { side: 'sell', pricePerGramCents: 600, quantityCentigrams: 500_000 });
  // what was queued while the customers were made (links, sign-in codes) is not the load's business
  await database.db.execute(sql`update outbox_messages set status = 'sent'`);
  return { t, database, people, productId: product.productType.id, databaseUrl };
}

/** Every customer's balances (centavos and centigrams, available and held). */
export async function balances(world: World) {
  return Promise.all(world.people.map((p) => getBalances(world.database.db, p.id)));
}
