import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { cities } from '../../db/schema/index';
import { MUNICIPALITY_COUNT } from '../../seed/reference';
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
