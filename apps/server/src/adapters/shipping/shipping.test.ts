import { afterEach, describe, expect, it, vi } from 'vitest';
import { embeddedShipping, frenetShipping, parseFrenetQuote, shippingPortFor } from './index';

const input = { originCep: '01310100', destinationCep: '20040020', silverCg: 10_000, declaredValueCents: 60_000 };

describe('embedded shipping', () => {
  it('quotes three services by region and weight, with delivery days', async () => {
    const options = await embeddedShipping().quote(input);
    expect(options.map((o) => [o.carrier, o.serviceDescription, o.priceCents, o.deliveryDays, o.error])).toEqual([
      ['Correios', 'SEDEX', 3590, 2, null],
      ['Correios', 'PAC', 2590, 6, null],
      ['Jadlog', '.Package', 2990, 3, null],
    ]);
    // inside the origin state it is cheaper and faster; 1 kg of bars (+ packaging) starts a second kilogram
    const local = await embeddedShipping().quote({ ...input, destinationCep: '13010000', silverCg: 100_000 });
    expect(local[0]).toMatchObject({ priceCents: 2490 + 450, deliveryDays: 1 });
  });

  it('answers an Error for a service that does not serve the region, and for a package too heavy', async () => {
    const north = await embeddedShipping().quote({ ...input, destinationCep: '69005000' });
    expect(north.find((o) => o.carrier === 'Jadlog')!.error).toMatch(/indisponível/);
    expect(north.filter((o) => o.error === null)).toHaveLength(2);
    const heavy = await embeddedShipping().quote({ ...input, silverCg: 3_000_000 });
    expect(heavy.every((o) => o.error !== null)).toBe(true);
  });

  it('answers nothing for a CEP in no range', async () => {
    expect(await embeddedShipping().quote({ ...input, destinationCep: '00000000' })).toEqual([]);
  });
});

describe('frenet client', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('posts the documented quote request with the token header and reads string or number fields', async () => {
    const calls: Array<{ url: string; init: RequestInit }> = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit) => {
        calls.push({ url, init });
        return new Response(
          JSON.stringify({
            ShippingSevicesArray: [
              {
                ServiceCode: '03220',
                ServiceDescription: 'SEDEX',
                Carrier: 'Correios',
                ShippingPrice: '32.50',
                DeliveryTime: '3',
                Error: false,
              },
              {
                ServiceCode: '03298',
                ServiceDescription: 'PAC',
                Carrier: 'Correios',
                ShippingPrice: 21.9,
                DeliveryTime: 7,
              },
              {
                ServiceCode: 'X',
                ServiceDescription: 'Expressa',
                Carrier: 'Jadlog',
                Error: 'true',
                Msg: 'CEP não atendido',
              },
            ],
          }),
          { status: 200, headers: { 'content-type': 'application/json' } },
        );
      }),
    );
    const port = frenetShipping({ token: 'tok-123', baseUrl: 'https://frenet.test/' });
    const options = await port.quote(input);
    expect(calls[0]!.url).toBe('https://frenet.test/shipping/quote');
    expect((calls[0]!.init.headers as Record<string, string>).token).toBe('tok-123');
    const body = JSON.parse(String(calls[0]!.init.body));
    expect(body).toMatchObject({
      SellerCEP: '01310100',
      RecipientCEP: '20040020',
      ShipmentInvoiceValue: 600,
      RecipientCountry: 'BR',
    });
    expect(body.ShippingItemArray[0]).toMatchObject({ Weight: 0.3, Quantity: 1 });
    expect(options).toEqual([
      {
        carrier: 'Correios',
        serviceCode: '03220',
        serviceDescription: 'SEDEX',
        priceCents: 3250,
        deliveryDays: 3,
        error: null,
      },
      {
        carrier: 'Correios',
        serviceCode: '03298',
        serviceDescription: 'PAC',
        priceCents: 2190,
        deliveryDays: 7,
        error: null,
      },
      {
        carrier: 'Jadlog',
        serviceCode: 'X',
        serviceDescription: 'Expressa',
        priceCents: 0,
        deliveryDays: 0,
        error: 'CEP não atendido',
      },
    ]);
  });

  it('fails on an HTTP error or a network failure without showing the token', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{}', { status: 401 })),
    );
    await expect(frenetShipping({ token: 'tok-123' }).quote(input)).rejects.toThrow(/HTTP 401/);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new Error('connect ECONNREFUSED tok-123');
      }),
    );
    const err = await frenetShipping({ token: 'tok-123' })
      .quote(input)
      .catch((e: Error) => e);
    expect(String(err)).not.toContain('tok-123');
    expect(() => parseFrenetQuote({})).toThrow();
  });

  it('is chosen by configuration, and refuses to start without a token', () => {
    expect(shippingPortFor({ provider: 'embedded' }).name).toBe('embedded');
    expect(shippingPortFor({ provider: 'frenet', frenetToken: 't' }).name).toBe('frenet');
    expect(() => shippingPortFor({ provider: 'frenet' })).toThrow(/FRENET_TOKEN/);
  });
});
