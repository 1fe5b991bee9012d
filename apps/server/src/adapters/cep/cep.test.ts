import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CepPort, embeddedCep, resilientCep, viaCep } from './index';

// A local stand-in for ViaCEP: answers what each test sets, after an optional delay.
const seen: string[] = [];
let status = 200;
let reply = '{}';
let delayMs = 0;
let base = '';
const server = createServer((req, res) => {
  seen.push(req.url ?? '');
  setTimeout(() => res.writeHead(status, { 'content-type': 'application/json' }).end(reply), delayMs);
});
beforeAll(async () => {
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => {
  server.closeAllConnections();
  return new Promise<void>((r) => server.close(() => r()));
});

const PAULISTA = {
  cep: '01310-100',
  logradouro: 'Avenida Paulista',
  complemento: 'de 612 a 1510 - lado par',
  unidade: '',
  bairro: 'Bela Vista',
  localidade: 'São Paulo',
  uf: 'SP',
  estado: 'São Paulo',
  regiao: 'Sudeste',
  ibge: '3550308',
  gia: '1004',
  ddd: '11',
  siafi: '7107',
};

describe('embedded CEP lookup', () => {
  it('answers the state from the CEP ranges, never a street; a CEP in no range is unknown', async () => {
    expect(await embeddedCep.lookup('01310100')).toEqual({
      cep: '01310100',
      state: 'SP',
      cityId: null,
      street: null,
      neighborhood: null,
      source: 'embedded',
    });
    const states = await Promise.all(
      ['20040002', '70040010', '72800000', '73700000', '69300000', '69900000', '77000000', '78900000', '90010000'].map(
        async (cep) => (await embeddedCep.lookup(cep))?.state,
      ),
    );
    expect(states).toEqual(['RJ', 'DF', 'GO', 'GO', 'RR', 'AC', 'TO', 'RO', 'RS']);
    expect(await embeddedCep.lookup('00000000')).toBeNull();
    expect(await embeddedCep.lookup('0131010')).toBeNull();
  });
});

describe('ViaCEP client', () => {
  it('asks GET /ws/{cep}/json/ and maps state, IBGE city, street and neighbourhood', async () => {
    status = 200;
    reply = JSON.stringify(PAULISTA);
    delayMs = 0;
    const answer = await viaCep(base).lookup('01310100');
    expect(seen.at(-1)).toBe('/ws/01310100/json/');
    expect(answer).toEqual({
      cep: '01310100',
      state: 'SP',
      cityId: 3550308,
      street: 'Avenida Paulista',
      neighborhood: 'Bela Vista',
      source: 'viacep',
    });
  });

  it('a CEP of a whole town answers no street or neighbourhood', async () => {
    status = 200;
    reply = JSON.stringify({ ...PAULISTA, cep: '76300-000', logradouro: '', bairro: '', uf: 'GO', ibge: '5220058' });
    expect(await viaCep(base).lookup('76300000')).toMatchObject({ state: 'GO', cityId: 5220058, street: null });
  });

  it('`erro: true` (or "true") and HTTP 400 mean no such CEP; other failures throw', async () => {
    status = 200;
    reply = JSON.stringify({ erro: true });
    expect(await viaCep(base).lookup('99999999')).toBeNull();
    reply = JSON.stringify({ erro: 'true' });
    expect(await viaCep(base).lookup('99999999')).toBeNull();
    status = 400;
    reply = '<h1>Bad Request</h1>';
    expect(await viaCep(base).lookup('99999999')).toBeNull();
    status = 503;
    await expect(viaCep(base).lookup('01310100')).rejects.toThrow('ViaCEP answered 503');
    status = 200;
    reply = JSON.stringify({ ...PAULISTA, uf: '' });
    await expect(viaCep(base).lookup('01310100')).rejects.toThrow('without a state');
  });

  it('gives up after its timeout', async () => {
    status = 200;
    reply = JSON.stringify(PAULISTA);
    delayMs = 300;
    const started = Date.now();
    await expect(viaCep(base, 50).lookup('01310100')).rejects.toThrow();
    expect(Date.now() - started).toBeLessThan(250);
    delayMs = 0;
  });

  it('never asks for something that is not 8 digits', async () => {
    const before = seen.length;
    expect(await viaCep(base).lookup('../../x')).toBeNull();
    expect(await viaCep(base).lookup('0131010')).toBeNull();
    expect(seen.length).toBe(before);
  });
});

describe('resilient CEP lookup', () => {
  it('falls back to the CEP ranges when the service fails or times out', async () => {
    status = 200;
    reply = JSON.stringify(PAULISTA);
    delayMs = 300;
    const errors: unknown[] = [];
    const port = resilientCep(viaCep(base, 50), { onError: (e) => errors.push(e) });
    expect(await port.lookup('01310100')).toMatchObject({ state: 'SP', street: null, source: 'embedded' });
    expect(errors).toHaveLength(1);
    delayMs = 0;
  });

  it('keeps answers (known and unknown CEPs) for a while, within a bounded cache', async () => {
    let calls = 0;
    const counting: CepPort = {
      name: 'counting',
      async lookup(cep) {
        calls += 1;
        return cep === '99999999' ? null : { ...(await embeddedCep.lookup(cep))!, source: 'viacep' };
      },
    };
    const port = resilientCep(counting, { maxEntries: 2 });
    await port.lookup('01310100');
    await port.lookup('01310100');
    await port.lookup('99999999');
    await port.lookup('99999999');
    expect(calls).toBe(2);
    await port.lookup('20040002'); // the third entry pushes out the oldest
    await port.lookup('01310100');
    expect(calls).toBe(4);
  });
});

describe('CEP_PROVIDER', () => {
  it('embedded by default; viacep when set; anything else stops the start', async () => {
    const { loadConfig } = await import('@/config');
    const { createAdapters } = await import('../index');
    const base = { NODE_ENV: 'test' } as NodeJS.ProcessEnv;
    expect(loadConfig(base).cepProvider).toBe('embedded');
    expect(createAdapters(loadConfig(base), {}).cep.name).toBe('embedded');
    const viacep = loadConfig({ ...base, CEP_PROVIDER: 'viacep', VIACEP_URL: base_url() });
    expect(viacep.cepProvider).toBe('viacep');
    const port = createAdapters(viacep, {}).cep;
    expect(port.name).toBe('viacep');
    status = 200;
    reply = JSON.stringify(PAULISTA);
    expect(await port.lookup('01310100')).toMatchObject({ source: 'viacep', cityId: 3550308 });
    expect(() => loadConfig({ ...base, CEP_PROVIDER: 'correios' })).toThrow('CEP_PROVIDER');
  });
});

const base_url = () => base;
