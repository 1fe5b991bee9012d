import { sql } from 'drizzle-orm';
import { MESSAGES } from '@prata/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { LIMITS } from '@/limits';
import { cities } from '@/db/schema/index';
import { MUNICIPALITY_COUNT } from '@/seed/reference';
import { buildTestApp, type TestApp } from '../../../test/helpers';
import municipios from './data/municipios.json' with { type: 'json' };

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});

describe('IBGE municipalities', () => {
  it('ships all 5,570 municipalities of the 27 federative units, each with a 7-digit IBGE code', async () => {
    const rows = municipios as Array<{ id: number; name: string; state: string }>;
    expect(rows).toHaveLength(5570);
    expect(MUNICIPALITY_COUNT).toBe(5570);
    expect(new Set(rows.map((r) => r.state)).size).toBe(27);
    expect(new Set(rows.map((r) => r.id)).size).toBe(5570);
    expect(rows.every((r) => r.id >= 1_100_000 && r.id <= 5_399_999 && r.name.length > 1)).toBe(true);
    const perState = Object.fromEntries(
      ['SP', 'MG', 'RR', 'DF'].map((uf) => [uf, rows.filter((r) => r.state === uf).length]),
    );
    expect(perState).toEqual({ SP: 645, MG: 853, RR: 15, DF: 1 });
    const [{ n } = { n: 0 }] = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(cities);
    expect(Number(n)).toBe(5570);
  });
});

describe('GET /api/cities/search/{text}', () => {
  const search = async (text: string) =>
    (await t.app.inject({ method: 'GET', url: `/api/cities/search/${encodeURIComponent(text)}` })).json()
      .cities as Array<{
      id: number;
      name: string;
      state: string;
      description: string;
    }>;

  it('finds cities ignoring accents and case, names first, with "Cidade - UF" descriptions', async () => {
    const found = await search('sao paulo');
    expect(found[0]).toEqual({ id: 3550308, name: 'São Paulo', state: 'SP', description: 'São Paulo - SP' });
    expect((await search('BRASÍLIA'))[0]).toMatchObject({ id: 5300108, state: 'DF' });
    expect((await search('campinas - sp'))[0]).toMatchObject({ name: 'Campinas', state: 'SP' });
    expect((await search('goiânia')).map((c) => c.state)).toContain('GO');
  });

  it('answers at most 20 and nothing for a single character', async () => {
    expect((await search('sa')).length).toBe(20);
    expect(await search('s')).toEqual([]);
    expect(await search('zzzzzz')).toEqual([]);
  });
});

describe('city ranking', () => {
  const search = async (text: string, uf?: string) =>
    (
      await t.app.inject({
        method: 'GET',
        url: `/api/cities/search/${encodeURIComponent(text)}${uf ? `?uf=${uf}` : ''}`,
      })
    ).json().cities as Array<{ name: string; state: string; description: string }>;

  it('offers São Paulo before São Patrício-GO for "São Pa": names starting with the text, capitals first', async () => {
    const found = (await search('São Pa')).map((c) => c.description);
    expect(found[0]).toBe('São Paulo - SP');
    expect(found.indexOf('São Patrício - GO')).toBeGreaterThan(0);
    expect((await search('belo'))[0]?.description).toBe('Belo Horizonte - MG');
    // the whole name first (Porto-PI), then the capitals that start with it
    expect((await search('porto')).slice(0, 3).map((c) => c.name)).toEqual(['Porto', 'Porto Alegre', 'Porto Velho']);
  });

  it('puts every name that starts with the text before names where a later word does, and those before the rest', async () => {
    const found = (await search('paulo')).map((c) => c.name);
    const lastPrefix = found.findLastIndex((n) => n.startsWith('Paulo'));
    const firstWord = found.findIndex((n) => !n.startsWith('Paulo'));
    expect(lastPrefix).toBeLessThan(firstWord);
    expect(found.slice(firstWord)).toContain('São Paulo');
    expect(found.every((n, i) => i < firstWord || /\bpaulo/i.test(n))).toBe(true);
  });

  it('the whole name comes first even when longer names start with it', async () => {
    expect((await search('bonito'))[0]?.name).toBe('Bonito');
    expect((await search('campinas'))[0]?.description).toBe('Campinas - SP');
  });

  it("ranks the cities of the CEP's state (uf) first", async () => {
    expect((await search('São Pa', 'GO'))[0]?.description).toBe('São Patrício - GO');
    expect((await search('São Pa', 'rs'))[0]?.description).toBe('São Paulo das Missões - RS');
    const bad = await t.app.inject({ method: 'GET', url: '/api/cities/search/sao?uf=Sao%20Paulo' });
    expect(bad.statusCode).toBeGreaterThanOrEqual(400);
    expect(bad.statusCode).toBeLessThan(500);
  });
});

describe('GET /api/cep/{cep}', () => {
  it('embedded (the default): the state from the CEP ranges, no city and no street', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/cep/01310-100' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ cep: '01310100', state: 'SP', city: null, street: null, neighborhood: null });
    expect((await t.app.inject({ method: 'GET', url: '/api/cep/74000000' })).json().state).toBe('GO');
  });

  it('an unknown CEP is 404 with a message; a malformed one is refused', async () => {
    const unknown = await t.app.inject({ method: 'GET', url: '/api/cep/00000000' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(MESSAGES.cepNotFound);
    for (const bad of ['0131010', '013101000', 'abcdefgh', '01310-10']) {
      const res = await t.app.inject({ method: 'GET', url: `/api/cep/${bad}` });
      expect(res.statusCode, bad).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, bad).toBeLessThan(500);
      expect(res.statusCode, bad).not.toBe(404);
    }
  });

  it('with a real service: the IBGE city, street and neighbourhood', async () => {
    const viacep = await buildTestApp({
      database: t.database,
      adapters: {
        cep: {
          name: 'fake',
          async lookup(cep) {
            return cep === '01310100'
              ? {
                  cep,
                  state: 'SP',
                  cityId: 3550308,
                  street: 'Avenida Paulista',
                  neighborhood: 'Bela Vista',
                  source: 'viacep',
                }
              : null;
          },
        },
      },
    });
    const res = await viacep.app.inject({ method: 'GET', url: '/api/cep/01310100' });
    expect(res.json()).toEqual({
      cep: '01310100',
      state: 'SP',
      city: { id: 3550308, name: 'São Paulo', state: 'SP', description: 'São Paulo - SP' },
      street: 'Avenida Paulista',
      neighborhood: 'Bela Vista',
    });
    expect((await viacep.app.inject({ method: 'GET', url: '/api/cep/99999999' })).statusCode).toBe(404);
    await viacep.app.close();
  });

  it(`is limited per address (${LIMITS.cepLookupAddress.env})`, async () => {
    const limited = await buildTestApp({
      database: t.database,
      config: { limits: { ...t.config.limits, cepLookupAddress: { max: 2, windowSeconds: 60 } } },
    });
    const ask = () => limited.app.inject({ method: 'GET', url: '/api/cep/01310100', remoteAddress: '203.0.113.77' });
    expect((await ask()).statusCode).toBe(200);
    expect((await ask()).statusCode).toBe(200);
    expect((await ask()).statusCode).toBe(429);
    await limited.app.close();
  });
});
