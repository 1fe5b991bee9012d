import { describe, expect, it } from 'vitest';
import { loadConfig } from '@/config';
import { createAdapters } from '../index';
import { parseBrCode } from './br-code';
import { ASAAS_PRODUCTION_URL, ASAAS_SANDBOX_URL, DEMO_PIX_KEY } from './index';
import { PRODUCTION_ENV } from '../../../test/production-env';

const charge = {
  reference: 'deposit:1',
  amountCents: 5000,
  customer: { userId: 1, name: 'Maria', cpfCnpj: '52998224725', email: 'maria@example.com' },
  description: 'Depósito',
  dueDate: '2025-01-03',
};

describe('payments configuration', () => {
  it('defaults to the embedded provider with the demo key and a random webhook token per process', async () => {
    const one = loadConfig({ NODE_ENV: 'test' });
    const two = loadConfig({ NODE_ENV: 'test' });
    expect(one).toMatchObject({
      paymentsProvider: 'embedded',
      asaasApiKey: undefined,
      asaasBaseUrl: ASAAS_SANDBOX_URL,
      pixReceivingKey: DEMO_PIX_KEY,
      pixMerchantName: 'PRATA',
      pixMerchantCity: 'SAO PAULO',
    });
    expect(one.paymentsWebhookToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(two.paymentsWebhookToken).not.toBe(one.paymentsWebhookToken);

    const payments = createAdapters(one, {}).payments;
    expect(payments.name).toBe('embedded');
    const { paymentId, pixCopiaECola } = await payments.createPixCharge(charge);
    const code = parseBrCode(pixCopiaECola);
    expect(code.ok && code.code).toMatchObject({ key: DEMO_PIX_KEY, merchantName: 'PRATA', amountCents: 5000 });
    // the simulated delivery carries the per-process token and passes the same check a real one does
    const delivery = payments.simulatePayment!({ paymentId, reference: 'deposit:1', amountCents: 5000 });
    expect(payments.readWebhook(delivery.headers, delivery.body).ok).toBe(true);
  });

  it('takes the receiving key, name and city from the environment', async () => {
    const config = loadConfig({
      NODE_ENV: 'test',
      PIX_RECEIVING_KEY: 'pix@prata.com.br',
      PIX_MERCHANT_NAME: 'Prata Metais Preciosos',
      PIX_MERCHANT_CITY: 'Ribeirão Preto',
      ASAAS_WEBHOOK_TOKEN: 'k'.repeat(32),
    });
    expect(config.paymentsWebhookToken).toBe('k'.repeat(32));
    const code = parseBrCode((await createAdapters(config, {}).payments.createPixCharge(charge)).pixCopiaECola);
    expect(code.ok && code.code).toMatchObject({
      key: 'pix@prata.com.br',
      merchantName: 'Prata Metais Preciosos',
      merchantCity: 'Ribeirao Preto',
    });
    expect(() => loadConfig({ PIX_RECEIVING_KEY: 'chave com espaço' })).toThrow(/PIX_RECEIVING_KEY/);
    expect(() => loadConfig({ PIX_MERCHANT_NAME: '—' })).toThrow(/PIX_MERCHANT_NAME/);
    expect(() => loadConfig({ PIX_MERCHANT_CITY: ' ' })).toThrow(/PIX_MERCHANT_CITY/);
  });

  it('chooses the Asaas client, on the sandbox outside production unless ASAAS_BASE_URL says otherwise', () => {
    const asaas = { PAYMENTS_PROVIDER: 'asaas', ASAAS_API_KEY: '$aact_key', ASAAS_WEBHOOK_TOKEN: 'h'.repeat(32) };
    const config = loadConfig({ NODE_ENV: 'test', ...asaas });
    expect(config.asaasBaseUrl).toBe(ASAAS_SANDBOX_URL);
    const payments = createAdapters(config, {}).payments;
    expect(payments.name).toBe('asaas');
    expect(payments.simulatePayment).toBeUndefined();
    expect(loadConfig({ ...asaas, ASAAS_BASE_URL: 'https://asaas.internal/v3' }).asaasBaseUrl).toBe(
      'https://asaas.internal/v3',
    );
    const production = { ...PRODUCTION_ENV, ...asaas };
    expect(loadConfig(production).asaasBaseUrl).toBe(ASAAS_PRODUCTION_URL);
  });
});
