import { eq, inArray, sql } from 'drizzle-orm';
import type { AppDeps } from '../../deps';
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
 * accepted: Maria and the company sent each other grams, Maria's transfer to an e-mail with no account waits for its
 * receiver, and the company cancelled one. The history tab and the back office show real rows on first start. Runs
 * once (after seedMoneyDemo gave them grams): a demo customer with transfers is left as it is.
 */
export async function seedSilverTransfersDemo(deps: AppDeps): Promise<void> {
  const maria = await byEmail(deps, 'cliente@prata.dev');
  const empresa = await byEmail(deps, 'empresa@prata.dev');
  if (!maria || !empresa) return;
  const [seen] = await deps.database.db
    .select({ id: silverTransfers.id })
    .from(silverTransfers)
    .where(inArray(silverTransfers.senderId, [maria.id, empresa.id]))
    .limit(1);
  if (seen) return;
  await placeTransfer(deps, maria, { receiver: empresa }, 500, 'Pagamento da peça de prata');
  await placeTransfer(deps, empresa, { receiver: maria }, 1_250, 'Obrigado pela parceria!');
  await placeTransfer(
    deps,
    maria,
    { receiver: null, email: 'joana.ribeiro@exemplo.com.br', cpf: '39053344705' },
    200,
    'Presente de aniversário',
  );
  const refused = await placeTransfer(
    deps,
    empresa,
    { receiver: null, email: 'pedro.alves@exemplo.com.br', cpf: '98765432100' },
    300,
    null,
  );
  await cancelTransfer(deps, empresa.id, refused.transfer.id);
}
