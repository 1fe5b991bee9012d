import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { addresses, companies, users } from '../db/schema/index';
import { hashPassword } from '../lib/passwords';
import { seedSupportDemo } from '../features/support/index';

export type DemoAccount = { label: string; email: string; password: string };

const PASSWORD = 'prata1234';
const SAO_PAULO = 3550308;

/**
 * Demo data for `npm start`: a complete individual, a complete company and an operator. Idempotent: accounts that
 * already exist are left as they are.
 */
// biome-ignore lint/complexity/noExcessiveLinesPerFunction: demo data written out, one block per account
export async function seedDemo(db: Db): Promise<DemoAccount[]> {
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
  await seedSupportDemo(db); // FAQs, contact information, ticket categories and the demo customers' tickets
  return [
    { label: 'Cliente pessoa física', email: 'cliente@prata.dev', password: PASSWORD },
    { label: 'Cliente pessoa jurídica', email: 'empresa@prata.dev', password: PASSWORD },
    { label: 'Operador (back office)', email: 'operador@prata.dev', password: PASSWORD },
  ];
}
