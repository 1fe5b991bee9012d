import { type AddressRequest, MESSAGES } from '@prata/domain';
import type { AppDeps } from '@/deps';
import type { UserRow } from '@/db/rows';
import { lockCustomer } from '@/db/lock';
import { withTransaction } from '@/db/tx';
import { logEvent } from '@/lib/audit';
import { AppError, invalid, notFound } from '@/lib/errors';
import { findCity, stateOfCep } from '@/features/cities/index';
import { listAddresses } from '@/features/users/index';
import { insertAddress, keptAddressCount, markAddressDeleted, updateOwnAddress } from './repository/index';

export const MAX_ADDRESSES = 20;

const addressValues = (input: AddressRequest) => ({
  type: input.type,
  cep: input.cep,
  cityId: input.city_id,
  neighborhood: input.neighborhood,
  street: input.street,
  number: input.number,
  unit: input.unit,
  otherInfo: input.other_info,
});

export async function getAddress(deps: AppDeps, user: UserRow, id: number) {
  const found = (await listAddresses(deps.database.db, user.id)).find((a) => a.id === id);
  if (!found) throw notFound();
  return found;
}

/**
 * The city must exist, and the CEP must be of the city's state (01310-100 is São Paulo's: it cannot go with
 * São Patrício-GO). The CEP's state comes from the CEP service, or from the CEP ranges when the service does not
 * know it. Checked before any transaction: the lookup may wait on the network.
 */
async function checkCityAndCep(deps: AppDeps, input: AddressRequest) {
  const city = findCity(input.city_id);
  if (!city) throw invalid('city_id', MESSAGES.cityNotFound);
  const cepState = await stateOfCep(deps, input.cep);
  if (cepState && cepState !== city.state) throw invalid('cep', MESSAGES.cepStateMismatch(cepState, city.state));
}

export async function createAddress(deps: AppDeps, user: UserRow, input: AddressRequest) {
  await checkCityAndCep(deps, input);
  return withTransaction(deps.database.db, async (tx) => {
    await lockCustomer(tx, user.id);
    if ((await keptAddressCount(tx, user.id)) >= MAX_ADDRESSES) {
      throw new AppError('LIST_LIMIT_REACHED', `Você pode cadastrar no máximo ${MAX_ADDRESSES} endereços.`);
    }
    const createdId = await insertAddress(tx, user.id, addressValues(input));
    await logEvent(tx, user.id, 'Endereço cadastrado');
    return (await listAddresses(tx, user.id)).find((a) => a.id === createdId)!;
  });
}

export async function updateAddress(deps: AppDeps, user: UserRow, id: number, input: AddressRequest) {
  await checkCityAndCep(deps, input);
  return withTransaction(deps.database.db, async (tx) => {
    if (!(await updateOwnAddress(tx, user.id, id, addressValues(input)))) throw notFound();
    await logEvent(tx, user.id, 'Endereço atualizado');
    return (await listAddresses(tx, user.id)).find((a) => a.id === id)!;
  });
}

/** Soft delete: past withdrawals keep pointing at the address they were shipped to. */
export async function deleteAddress(deps: AppDeps, user: UserRow, id: number) {
  return withTransaction(deps.database.db, async (tx) => {
    const list = await listAddresses(tx, user.id);
    const before = list.find((a) => a.id === id);
    if (!before) throw notFound();
    // The registration needs an address: the last one can be edited, not deleted.
    if (list.length === 1) throw new AppError('LAST_ADDRESS', MESSAGES.lastAddress);
    await markAddressDeleted(tx, user.id, id);
    await logEvent(tx, user.id, 'Endereço excluído');
    return before;
  });
}
