/** Physical-silver fixtures for tests: product types, shipping services, charges, a saved address, a CPF check. */
import type { CalculateChargeResponse, ChargeTotals, ProductType, ShippingService } from '@prata/domain';
import { jsonResponse } from './render';

/** A product type as the catalogue answers it. */
export function aProduct(overrides: Partial<ProductType> = {}): ProductType {
  return {
    id: 1,
    name: 'Barra 100 g',
    description: 'Barra de prata 999 com certificado.',
    price: 812.34,
    images: [{ path: '/api/catalogue/images/bar-100g.png' }],
    grams_per_unit: 100,
    icon: null,
    availability: 'in_stock',
    stock: 10,
    ...overrides,
  };
}

export const catalogue = (data: ProductType[], total = data.length, perPage = 12) =>
  jsonResponse(200, { productTypes: { data, total, per_page: perPage } });

export function aService(overrides: Partial<ShippingService> = {}): ShippingService {
  return {
    Carrier: 'Correios',
    ServiceCode: 'SEDEX',
    ServiceDescription: 'SEDEX',
    ShippingPrice: 45.9,
    DeliveryTime: 3,
    Error: null,
    ...overrides,
  };
}

const zeroLines = {
  price_per_gram: 7.5,
  silver_value: 0,
  minting_fee: 0,
  shipping_fee: 0,
  insurance_fee: 0,
  icms: 0,
  difal: 0,
  pis: 0,
  cofins: 0,
  discount: 0,
  total: 0,
};

/** A charge with the given totals (items mirror them, one item of product 1). */
export function aCharge(totals: Partial<ChargeTotals>, coupon: CalculateChargeResponse['coupon'] = null) {
  const all: ChargeTotals = { quantity_grams: 100, ...zeroLines, ...totals };
  return {
    items: [{ product_type_id: 1, quantity: 1, ...all }],
    totals: all,
    coupon,
  } satisfies CalculateChargeResponse;
}

/** Routes the mocked fetch by "METHOD /path" (query string ignored when the full key is not listed). */
export function routes(
  fetchMock: { mockImplementation: (fn: typeof fetch) => unknown },
  table: Record<string, (init?: RequestInit) => Response | Promise<Response>>,
) {
  fetchMock.mockImplementation(async (input, init) => {
    const key = `${init?.method ?? 'GET'} ${String(input)}`;
    const route = table[key] ?? table[`${init?.method ?? 'GET'} ${String(input).split('?')[0]}`];
    return route ? route(init) : jsonResponse(404, { code: 'ROUTE_NOT_FOUND', message: `sem rota ${key}` });
  });
}

/** A saved address of the customer (São Paulo). */
export const anAddress = {
  id: 5,
  type: 'Residencial',
  cep: '01310100',
  city: { id: 3550308, name: 'São Paulo', state: 'SP', description: 'São Paulo - SP' },
  city_id: 3550308,
  neighborhood: 'Bela Vista',
  street: 'Avenida Paulista',
  number: '1000',
  unit: null,
  other_info: null,
};

export const cpfAnswer = {
  federalTaxNumber: '52998224725',
  birthOn: '1990-05-10',
  name: 'MARIA OLIVEIRA',
  status: 'Regular',
  statusOn: '2026-01-01',
  createdOn: '2026-01-01T00:00:00.000Z',
  source: 'embedded',
};
