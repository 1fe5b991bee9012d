import { describe, expect, it } from 'vitest';
import { loadConfig } from '@/config';
import { buildTestApp } from './helpers';

/** what production needs for payments: the Asaas client and its two secrets */
const ASAAS = { PAYMENTS_PROVIDER: 'asaas', ASAAS_API_KEY: '$aact_prod_key', ASAAS_WEBHOOK_TOKEN: 'h'.repeat(32) };
/** The company's TED account: production has no demonstration default for it. */
const TED = {
  TED_ACCOUNT: '98765-4',
  TED_HOLDER_NAME: 'Prata Metais Preciosos Ltda',
  TED_HOLDER_CNPJ: '11222333000181',
};

/** Defaults that must be safe when nobody set anything. */
describe('fail-closed defaults', () => {
  it('request.ip is the TCP peer unless TRUST_PROXY names the proxy that reports it', async () => {
    const routes = (app: import('fastify').FastifyInstance) => {
      app.get('/api/test/ip', async (req) => ({ ip: req.ip }));
    };
    const forged = { 'x-forwarded-for': '203.0.113.99, 198.51.100.1' };
    const plain = await buildTestApp({ routes });
    const res = await plain.app.inject({
      method: 'GET',
      url: '/api/test/ip',
      headers: forged,
      remoteAddress: '192.0.2.5',
    });
    expect(res.json().ip).toBe('192.0.2.5');

    const behindOne = await buildTestApp({ routes, config: { trustProxy: 1 } });
    const one = await behindOne.app.inject({
      method: 'GET',
      url: '/api/test/ip',
      headers: forged,
      remoteAddress: '10.0.0.2',
    });
    // one proxy: the address it saw is the last in the list; what the client wrote before it is not trusted
    expect(one.json().ip).toBe('198.51.100.1');

    const named = await buildTestApp({ routes, config: { trustProxy: ['10.0.0.0/8'] } });
    const fromProxy = await named.app.inject({
      method: 'GET',
      url: '/api/test/ip',
      headers: forged,
      remoteAddress: '10.1.2.3',
    });
    expect(fromProxy.json().ip).toBe('198.51.100.1');
    const notProxy = await named.app.inject({
      method: 'GET',
      url: '/api/test/ip',
      headers: forged,
      remoteAddress: '192.0.2.7',
    });
    expect(notProxy.json().ip).toBe('192.0.2.7');
  });

  it('/api/docs is off in production unless API_DOCS=1', async () => {
    const production = {
      NODE_ENV: 'production',
      JWT_SECRET: 'x'.repeat(32),
      SMTP_URL: 'smtp://localhost:2525',
      DPO_EMAIL: 'encarregado@example.com',
      ...ASAAS,
      ...TED,
    };
    expect(loadConfig(production).apiDocs).toBe(false);
    expect(loadConfig({ ...production, API_DOCS: '1' }).apiDocs).toBe(true);
    expect(loadConfig({}).apiDocs).toBe(true);
    const off = await buildTestApp({ config: { apiDocs: false } });
    expect((await off.app.inject({ method: 'GET', url: '/api/docs/json' })).statusCode).toBe(404);
    const on = await buildTestApp({ config: { apiDocs: true } });
    expect((await on.app.inject({ method: 'GET', url: '/api/docs/json' })).statusCode).toBe(200);
  });

  it('production refuses to start without its secrets and transports, or with the demo switches', () => {
    const base = { NODE_ENV: 'production' };
    expect(() => loadConfig(base)).toThrow(/JWT_SECRET/);
    expect(() => loadConfig({ ...base, JWT_SECRET: 'x'.repeat(32) })).toThrow(/SMTP_URL/);
    const withSmtp = { ...base, JWT_SECRET: 'x'.repeat(32), SMTP_URL: 'smtp://localhost:2525' };
    expect(() => loadConfig(withSmtp)).toThrow(
      /PAYMENTS_PROVIDER=embedded não pode ser usado em produção.*PAYMENTS_PROVIDER=asaas/,
    );
    expect(() => loadConfig({ ...withSmtp, PAYMENTS_PROVIDER: 'embedded' })).toThrow(/PAYMENTS_PROVIDER=asaas/);
    expect(() => loadConfig({ ...withSmtp, ...ASAAS })).toThrow(/TED_ACCOUNT, TED_HOLDER_NAME, TED_HOLDER_CNPJ/);
    expect(() => loadConfig({ ...withSmtp, ...ASAAS, ...TED, TED_HOLDER_CNPJ: '' })).toThrow(/TED_HOLDER_CNPJ/);
    expect(() => loadConfig({ ...withSmtp, ...ASAAS, ...TED })).toThrow(/DPO_EMAIL/);
    const ok = { ...withSmtp, ...ASAAS, ...TED, DPO_EMAIL: 'encarregado@example.com' };
    expect(loadConfig(ok)).toMatchObject({ demo: false, devMailbox: false, apiDocs: false, trustProxy: false });
    expect(() => loadConfig({ ...ok, PRATA_DEMO: '1' })).toThrow(/PRATA_DEMO/);
    expect(() => loadConfig({ ...ok, PRATA_DEV_MAILBOX: '1' })).toThrow(/PRATA_DEV_MAILBOX/);
  });

  it('the Asaas provider refuses to start without its API key or a webhook token of 32 characters', () => {
    const { ASAAS_API_KEY, ASAAS_WEBHOOK_TOKEN, ...provider } = ASAAS;
    for (const env of [
      {},
      {
        NODE_ENV: 'production',
        JWT_SECRET: 'x'.repeat(32),
        SMTP_URL: 'smtp://h',
        DPO_EMAIL: 'dpo@example.com',
        ...TED,
      },
    ]) {
      expect(() => loadConfig({ ...env, ...provider, ASAAS_WEBHOOK_TOKEN })).toThrow(/ASAAS_API_KEY/);
      expect(() => loadConfig({ ...env, ...provider, ASAAS_API_KEY })).toThrow(/ASAAS_WEBHOOK_TOKEN/);
      expect(() => loadConfig({ ...env, ...provider, ASAAS_API_KEY, ASAAS_WEBHOOK_TOKEN: 'h'.repeat(31) })).toThrow(
        /ASAAS_WEBHOOK_TOKEN deve ter 32/,
      );
      expect(loadConfig({ ...env, ...ASAAS })).toMatchObject({
        paymentsProvider: 'asaas',
        asaasApiKey: ASAAS_API_KEY,
        paymentsWebhookToken: ASAAS_WEBHOOK_TOKEN,
      });
    }
    // a short token is refused with the embedded provider too
    expect(() => loadConfig({ ASAAS_WEBHOOK_TOKEN: 'short' })).toThrow(/ASAAS_WEBHOOK_TOKEN/);
    expect(() => loadConfig({ PAYMENTS_PROVIDER: 'stripe' })).toThrow(/PAYMENTS_PROVIDER/);
  });
});
