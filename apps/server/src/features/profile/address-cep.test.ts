import { and, eq, isNull } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@prata/domain';
import type { CepPort } from '@/adapters/cep/index';
import { addresses } from '@/db/schema/index';
import { bearer, buildTestApp, createCustomer, type TestApp } from '../../../test/helpers';

const SAO_PAULO = 3550308;
const SAO_PATRICIO_GO = 5220280;
const GOIANIA = 5208707;

const paulista = {
  type: 'Residencial',
  cep: '01310-100',
  city_id: SAO_PAULO,
  neighborhood: 'Bela Vista',
  street: 'Avenida Paulista',
  number: '1000',
  unit: null,
  other_info: null,
};

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});

const saved = (userId: number) =>
  t.database.db
    .select({ cep: addresses.cep, cityId: addresses.cityId })
    .from(addresses)
    .where(and(eq(addresses.userId, userId), isNull(addresses.deletedAt)));

describe("an address's CEP belongs to the city's state", () => {
  it('refuses CEP 01310-100 (São Paulo) with São Patrício-GO: 422 on the CEP, nothing saved', async () => {
    const c = await createCustomer(t);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/address',
      headers: bearer(c.token),
      payload: { ...paulista, city_id: SAO_PATRICIO_GO },
    });
    expect(res.statusCode).toBe(422);
    const message = MESSAGES.cepStateMismatch('SP', 'GO');
    expect(message).toBe('Este CEP é de SP, mas a cidade escolhida é de GO. Confira o CEP e a cidade.');
    expect(res.json().errors.cep).toEqual([message]);
    expect(await saved(c.id)).toEqual([]);
  });

  it('accepts a CEP of the same state, and refuses an update that moves the city to another state', async () => {
    const c = await createCustomer(t);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/address',
      headers: bearer(c.token),
      payload: paulista,
    });
    expect(created.statusCode).toBe(201);
    const id = created.json().address.id as number;
    const moved = await t.app.inject({
      method: 'PUT',
      url: `/api/address/${id}`,
      headers: bearer(c.token),
      payload: { ...paulista, city_id: GOIANIA },
    });
    expect(moved.statusCode).toBe(422);
    expect(moved.json().errors.cep).toEqual([MESSAGES.cepStateMismatch('SP', 'GO')]);
    expect(await saved(c.id)).toEqual([{ cep: '01310100', cityId: SAO_PAULO }]);
    const fixed = await t.app.inject({
      method: 'PUT',
      url: `/api/address/${id}`,
      headers: bearer(c.token),
      payload: { ...paulista, cep: '74000-000', city_id: GOIANIA },
    });
    expect(fixed.statusCode).toBe(200);
    expect(await saved(c.id)).toEqual([{ cep: '74000000', cityId: GOIANIA }]);
  });

  it("follows the CEP service's answer, and the CEP ranges when the service does not know the CEP", async () => {
    // a service that places 01310-100 in GO (as a real one could for a CEP the ranges get wrong)
    const service: CepPort = {
      name: 'fake',
      async lookup(cep) {
        if (cep !== '01310100') return null;
        return { cep, state: 'GO', cityId: null, street: null, neighborhood: null, source: 'viacep' };
      },
    };
    const other = await buildTestApp({ database: t.database, adapters: { cep: service } });
    const c = await createCustomer(other);
    const withGo = await other.app.inject({
      method: 'POST',
      url: '/api/address',
      headers: bearer(c.token),
      payload: { ...paulista, city_id: SAO_PATRICIO_GO },
    });
    expect(withGo.statusCode).toBe(201);
    // 20040-002 is unknown to this service: the ranges say RJ
    const unknown = await other.app.inject({
      method: 'POST',
      url: '/api/address',
      headers: bearer(c.token),
      payload: { ...paulista, cep: '20040-002' },
    });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors.cep).toEqual([MESSAGES.cepStateMismatch('RJ', 'SP')]);
    await other.app.close();
  });
});
