import { beforeAll, describe, expect, it } from 'vitest';
import type { ShippingOption, ShippingPort } from '@/adapters/shipping/index';
import { buildTestApp, type TestApp } from '../../../test/helpers';

const option = (serviceCode: string, priceCents: number, deliveryDays: number, error: string | null = null) => ({
  carrier: 'Correios',
  serviceCode,
  serviceDescription: `Serviço ${serviceCode}`,
  priceCents,
  deliveryDays,
  error,
});

/** The carrier's answer, in the carrier's order: slowest first, a tie on time, and a service that cannot serve. */
const CARRIER_ORDER: ShippingOption[] = [
  option('PAC', 2490, 7),
  option('NAO', 0, 0, 'Não atendemos este CEP'),
  option('MINI', 1990, 3),
  option('SEDEX', 3590, 2),
  option('EXPRESSO', 2990, 3),
];

let t: TestApp;

beforeAll(async () => {
  const shipping: ShippingPort = {
    name: 'frenet',
    async quote() {
      return CARRIER_ORDER;
    },
  };
  t = await buildTestApp({ adapters: { shipping } });
});

describe('POST /api/silver-withdrawal/shipping-quote', () => {
  it('answers the services sorted by DeliveryTime ascending (spec), the cheaper first on a tie, failures last', async () => {
    const r = await t.app.inject({
      method: 'POST',
      url: '/api/silver-withdrawal/shipping-quote',
      payload: { quantity_grams: 100, address: { cep: '01310100' } },
    });
    expect(r.statusCode, r.body).toBe(200);
    const services = r.json().shippingServices as {
      ServiceCode: string;
      DeliveryTime: number;
      ShippingPrice: number;
    }[];
    expect(services.map((s) => [s.ServiceCode, s.DeliveryTime, s.ShippingPrice])).toEqual([
      ['SEDEX', 2, 35.9],
      ['MINI', 3, 19.9],
      ['EXPRESSO', 3, 29.9],
      ['PAC', 7, 24.9],
      ['NAO', 0, 0],
    ]);
  });
});
