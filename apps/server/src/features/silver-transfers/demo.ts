import type { AppDeps } from '@/deps';
import type { DemoCalendar, DemoEvent } from '@/lib/demo-calendar';
import { cancelTransfer } from './lifecycle';
import { anyTransferSentBy, userByLowerEmail } from './repository';
import { placeTransfer } from './service';

const byEmail = (deps: AppDeps, email: string) => userByLowerEmail(deps.database.db, email);

export async function silverTransfersDemoEvents(deps: AppDeps, calendar: DemoCalendar): Promise<DemoEvent[]> {
  const maria = await byEmail(deps, 'cliente@prata.dev');
  const empresa = await byEmail(deps, 'empresa@prata.dev');
  if (!maria || !empresa) return [];
  if (await anyTransferSentBy(deps.database.db, [maria.id, empresa.id])) return [];
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
