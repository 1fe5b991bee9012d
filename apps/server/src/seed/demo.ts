import { eq, sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { addresses, companies, users } from '@/db/schema/index';
import type { AppDeps } from '@/deps';
import { affiliatesDemoEvents } from '@/features/affiliates/index';
import { seedCatalogueDemo } from '@/features/catalogue/index';
import { seedDevicesDemo } from '@/features/devices/index';
import { fiscalDemoEvents } from '@/features/invoices/index';
import { moneyDemoEvents } from '@/features/money/index';
import { ordersDemoEvents } from '@/features/orders/index';
import { privacyDemoEvents } from '@/features/privacy/index';
import { silverTransfersDemoEvents } from '@/features/silver-transfers/index';
import { seedSupportDemo } from '@/features/support/index';
import { type DemoCalendar, type DemoEvent, demoCalendar } from '@/lib/demo-calendar';
import { hashPassword } from '@/lib/passwords';
import { runDemoEvents } from './clock';

export type DemoAccount = { label: string; email: string; password: string };

const PASSWORD = 'prata1234';
const SAO_PAULO = 3550308;

/**
 * The demo accounts: a complete individual, a complete company and an operator, as of now (the demo's clock moves
 * them to the day they opened). Accounts that already exist are left as they are.
 */
// biome-ignore lint/complexity/noExcessiveLinesPerFunction: demo data written out, one block per account
async function insertDemoAccounts(db: Db): Promise<void> {
  const passwordHash = await hashPassword(PASSWORD);
  const now = new Date();
  // biome-ignore lint/complexity/noExcessiveLinesPerFunction: demo data written out, one block per account
  await db.transaction(async (tx) => {
    const exists = async (email: string) =>
      (
        await tx
          .select({ id: users.id })
          .from(users)
          .where(eq(sql`lower(${users.email})`, email))
      ).length > 0;

    if (!(await exists('cliente@prata.dev'))) {
      const [u] = await tx
        .insert(users)
        .values({
          name: 'Maria Oliveira Santos',
          email: 'cliente@prata.dev',
          passwordHash,
          accountType: 'individual',
          cpf: '52998224725',
          nascimento: '1988-04-12',
          celular: '11987654321',
          sexo: 'F',
          estadoCivil: 'C',
          conjugeNome: 'João Santos',
          conjugeCpf: '39053344705',
          conjugeNascimento: '1986-09-30',
          politicamenteExposto: false,
          americano: false,
          naturalizacaoAmericana: false,
          caracteristicaUsPerson: false,
          contribuinteAmericano: false,
          fatcaDeclaredAt: now,
          emailVerifiedAt: now,
          approvedAt: now,
        })
        .returning({ id: users.id });
      await tx.insert(addresses).values({
        userId: u!.id,
        type: 'Residencial',
        cep: '01310100',
        cityId: SAO_PAULO,
        neighborhood: 'Bela Vista',
        street: 'Avenida Paulista',
        number: '1000',
        unit: 'Apto 12',
      });
    }
    if (!(await exists('empresa@prata.dev'))) {
      const [u] = await tx
        .insert(users)
        .values({
          name: 'Carlos Pereira',
          email: 'empresa@prata.dev',
          passwordHash,
          accountType: 'company',
          celular: '11976543210',
          emailVerifiedAt: now,
          approvedAt: now,
        })
        .returning({ id: users.id });
      await tx.insert(companies).values({
        userId: u!.id,
        cnpj: '11222333000181',
        razaoSocial: 'Joalheria Aurora Ltda',
        nomeFantasia: 'Aurora Joias',
        celular: '11976543210',
        email: 'financeiro@aurora.dev',
        cnaePrincipal: '4783-1/01 Comércio varejista de artigos de joalheria',
        regimeTributario: 'simples',
      });
      await tx.insert(addresses).values({
        userId: u!.id,
        type: 'Comercial',
        cep: '01001000',
        cityId: SAO_PAULO,
        neighborhood: 'Sé',
        street: 'Praça da Sé',
        number: '100',
      });
    }
    if (!(await exists('operador@prata.dev'))) {
      await tx.insert(users).values({
        name: 'Operadora Prata',
        email: 'operador@prata.dev',
        passwordHash,
        accountType: 'individual',
        celular: '11955554444',
        emailVerifiedAt: now,
        staffRoles: ['admin'],
      });
    }
  });
}

/** Every feature's events of the demo's history, each feature's checked before any runs (each runs once). */
async function historyEvents(deps: AppDeps, calendar: DemoCalendar): Promise<DemoEvent[]> {
  return [
    // the bars of the catalogue, their fees, a coupon and the house's silver for them (features/catalogue/demo.ts)
    { at: new Date(calendar.opened.getTime() + 45 * 60_000), what: 'o catálogo', run: () => seedCatalogueDemo(deps) },
    // deposits, withdrawals and bank accounts, through the same code as customers' (features/money/demo.ts)
    ...(await moneyDemoEvents(deps, calendar)),
    // the house funded, the demo customers' first grams and their month of trades, the resting book (orders/demo.ts)
    ...(await ordersDemoEvents(deps, calendar)),
    // referred customers who traded, and the rewards paid through the ledger (features/affiliates/demo.ts)
    ...(await affiliatesDemoEvents(deps, calendar)),
    // transfers sent and received, one waiting for its receiver, one cancelled (features/silver-transfers/demo.ts)
    ...(await silverTransfersDemoEvents(deps, calendar)),
    // two years of trades between the demo customers, their bars and invoices (features/invoices/demo.ts)
    ...(await fiscalDemoEvents(deps, calendar)),
    // the terms and privacy policy accepted when the accounts opened, Maria's marketing opt-in (features/privacy/demo.ts)
    ...(await privacyDemoEvents(deps, calendar)),
  ];
}

/**
 * Demo data for `npm start`: the accounts, opened two years ago (lib/demo-calendar.ts), support's content, and their
 * history, every event through the product's own code at its own date (seed/clock.ts), so the ledger, the statements
 * and every history screen agree. Idempotent: what exists is left as it is.
 */
export async function seedDemo(deps: AppDeps): Promise<DemoAccount[]> {
  const db = deps.database.db;
  const calendar = demoCalendar(new Date());
  await runDemoEvents(deps, [{ at: calendar.opened, what: 'as contas', run: () => insertDemoAccounts(db) }]);
  await seedSupportDemo(db); // FAQs, contact information, ticket categories and the demo customers' tickets
  await runDemoEvents(deps, await historyEvents(deps, calendar));
  // other devices signed in to Maria's account, for "Onde estou conectado" (features/devices/demo.ts)
  await seedDevicesDemo(db);
  return [
    { label: 'Cliente pessoa física', email: 'cliente@prata.dev', password: PASSWORD },
    { label: 'Cliente pessoa jurídica', email: 'empresa@prata.dev', password: PASSWORD },
    { label: 'Operador (back office)', email: 'operador@prata.dev', password: PASSWORD },
  ];
}
