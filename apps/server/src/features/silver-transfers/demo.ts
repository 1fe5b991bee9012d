import { eq, inArray, sql } from 'drizzle-orm';
import type { AppDeps } from '../../deps';
import type { DemoCalendar, DemoEvent } from '../../lib/demo-calendar';
import { silverTransfers, users } from '../../db/schema/index';
import { cancelTransfer } from './lifecycle';
import { placeTransfer } from './service';

const byEmail = async (deps: AppDeps, email: string) =>
  (
    await deps.database.db
      .select()
      .from(users)
      .where(eq(sql`lower(${users.email})`, email))
  )[0];

/**
 * Transfers for the demo accounts (`npm start`), made through the same code customers use after the code is
 * accepted, each at its date over the last weeks: Maria and the company sent each other grams, the company cancelled
 * one to an e-mail with no account, and Maria's transfer to another such e-mail still waits for its receiver. The
 * history tab and the back office show real rows on first start. Runs once: a demo customer with transfers is left as
 * it is.
 */
export async function silverTransfersDemoEvents(deps: AppDeps, calendar: DemoCalendar): Promise<DemoEvent[]> {
  const maria = await byEmail(deps, 'cliente@prata.dev');
  const empresa = await byEmail(deps, 'empresa@prata.dev');
  if (!maria || !empresa) return [];
  const [seen] = await deps.database.db
    .select({ id: silverTransfers.id })
    .from(silverTransfers)
    .where(inArray(silverTransfers.senderId, [maria.id, empresa.id]))
    .limit(1);
  if (seen) return [];
  const refused = { id: 0 };
  return [
    {
      at: calendar.daysAgo(20, 14, 10),
      what: 'a transferência da Maria para a empresa',
      run: async () =>
        void (await placeTransfer(deps, maria, { receiver: empresa }, 500, 'Pagamento da peça de prata')),
    },
    {
      at: calendar.daysAgo(15, 10, 40),
      what: 'a transferência da empresa para a Maria',
      run: async () => void (await placeTransfer(deps, empresa, { receiver: maria }, 1_250, 'Obrigado pela parceria!')),
    },
    {
      at: calendar.daysAgo(9, 16, 5),
      what: 'a transferência que a empresa cancelou',
      run: async () => {
        const placed = await placeTransfer(
          deps,
          empresa,
          { receiver: null, email: 'pedro.alves@exemplo.com.br', cpf: '98765432100' },
          300,
          null,
        );
        refused.id = placed.transfer.id;
      },
    },
    {
      at: calendar.daysAgo(8, 9, 50),
      what: 'a transferência da empresa cancelada',
      run: () => cancelTransfer(deps, empresa.id, refused.id).then(() => undefined),
    },
    {
      at: calendar.daysAgo(2, 20, 30),
      what: 'a transferência da Maria à espera de quem recebe',
      run: async () =>
        void (await placeTransfer(
          deps,
          maria,
          { receiver: null, email: 'joana.ribeiro@exemplo.com.br', cpf: '39053344705' },
          200,
          'Presente de aniversário',
        )),
    },
  ];
}
