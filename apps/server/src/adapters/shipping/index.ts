import { ufForCep, minorToDecimal, toMinorUnits } from '@prata/domain';

/**
 * The shipping port: freight quotes for a package of silver bars from the company's CEP to the customer's. The
 * embedded default quotes from a rate table by destination region and weight, with no network; the real client speaks
 * Frenet's quote API (research/brazil-integrations.md §3), chosen by SHIPPING_PROVIDER=frenet with FRENET_TOKEN.
 * Amounts are centavos and weights centigrams on this side of the port.
 */

type ShippingQuoteInput = {
  /** 8 digits */
  originCep: string;
  /** 8 digits */
  destinationCep: string;
  /** centigrams of silver in the package (packaging is added by the port) */
  silverCg: number;
  /** centavos: the value of the goods (Frenet's ShipmentInvoiceValue) */
  declaredValueCents: number;
};

export type ShippingOption = {
  carrier: string;
  serviceCode: string;
  serviceDescription: string;
  /** centavos */
  priceCents: number;
  /** business days */
  deliveryDays: number;
  /** why this service cannot take the package (Portuguese), or null */
  error: string | null;
};

export type ShippingPort = {
  readonly name: 'embedded' | 'frenet';
  /** Throws when the service cannot answer (the caller answers 503). An unknown CEP answers []. */
  quote(input: ShippingQuoteInput): Promise<ShippingOption[]>;
};

export const SHIPPING_PROVIDERS = ['embedded', 'frenet'] as const;
export type ShippingProvider = (typeof SHIPPING_PROVIDERS)[number];

/** Box, foam and seal around the bars: added to the silver's weight. */
const PACKAGING_CG = 20_000;
/** Above this a package is refused by every service of the table (Correios' limit). */
const MAX_PACKAGE_CG = 3_000_000;
const FRENET_URL = 'https://api.frenet.com.br';
const FRENET_TIMEOUT_MS = 8000;

/** Destination zones from an origin in the Southeast (the company is in SP by default). */
type Zone = 'local' | 'southeast_south' | 'center_northeast' | 'north';
const ZONE_OF_STATE: Record<string, Zone> = {
  SP: 'southeast_south',
  RJ: 'southeast_south',
  MG: 'southeast_south',
  ES: 'southeast_south',
  PR: 'southeast_south',
  SC: 'southeast_south',
  RS: 'southeast_south',
  DF: 'center_northeast',
  GO: 'center_northeast',
  MT: 'center_northeast',
  MS: 'center_northeast',
  BA: 'center_northeast',
  SE: 'center_northeast',
  AL: 'center_northeast',
  PE: 'center_northeast',
  PB: 'center_northeast',
  RN: 'center_northeast',
  CE: 'center_northeast',
  PI: 'center_northeast',
  MA: 'center_northeast',
  TO: 'center_northeast',
  PA: 'north',
  AP: 'north',
  AM: 'north',
  RR: 'north',
  AC: 'north',
  RO: 'north',
};

type Rate = { base: number; perKg: number; days: number } | null;
type Service = { carrier: string; code: string; description: string; rates: Record<Zone, Rate> };

/**
 * The embedded rate table: centavos for the first kilogram and for each further (started) kilogram, and business
 * days, by zone. Figures in the range of the carriers' 2025 counter prices for 1–5 kg packages; Jadlog's .Package
 * does not serve the North in this table (its answer carries an Error, as Frenet's do).
 */
const EMBEDDED_SERVICES: readonly Service[] = [
  {
    carrier: 'Correios',
    code: '04014',
    description: 'SEDEX',
    rates: {
      local: { base: 2490, perKg: 450, days: 1 },
      southeast_south: { base: 3590, perKg: 790, days: 2 },
      center_northeast: { base: 5890, perKg: 1390, days: 4 },
      north: { base: 7990, perKg: 1990, days: 6 },
    },
  },
  {
    carrier: 'Correios',
    code: '04510',
    description: 'PAC',
    rates: {
      local: { base: 1890, perKg: 250, days: 4 },
      southeast_south: { base: 2590, perKg: 450, days: 6 },
      center_northeast: { base: 3790, perKg: 790, days: 9 },
      north: { base: 4990, perKg: 1190, days: 13 },
    },
  },
  {
    carrier: 'Jadlog',
    code: '3',
    description: '.Package',
    rates: {
      local: { base: 2190, perKg: 300, days: 2 },
      southeast_south: { base: 2990, perKg: 590, days: 3 },
      center_northeast: { base: 4590, perKg: 990, days: 6 },
      north: null,
    },
  },
];

const UNSERVED = 'Serviço indisponível para a região de destino.';
const TOO_HEAVY = 'Peso acima do limite aceito pelo serviço.';

/** The embedded quote: no network, the same answer every time. */
export function embeddedShipping(): ShippingPort {
  return {
    name: 'embedded',
    async quote(input) {
      const origin = ufForCep(input.originCep);
      const destination = ufForCep(input.destinationCep);
      if (!destination) return [];
      const zone: Zone = origin === destination ? 'local' : (ZONE_OF_STATE[destination] ?? 'north');
      const weight = input.silverCg + PACKAGING_CG;
      const kilos = Math.max(1, Math.ceil(weight / 100_000));
      return EMBEDDED_SERVICES.map((s) => {
        const rate = s.rates[zone];
        const error = weight > MAX_PACKAGE_CG ? TOO_HEAVY : rate ? null : UNSERVED;
        return {
          carrier: s.carrier,
          serviceCode: s.code,
          serviceDescription: s.description,
          priceCents: rate && !error ? rate.base + rate.perKg * (kilos - 1) : 0,
          deliveryDays: rate?.days ?? 0,
          error,
        };
      });
    },
  };
}

/** A Frenet number: a JSON number or its text ("32.50", "7"); null when unreadable. */
function frenetNumber(value: unknown): number | null {
  if (typeof value === 'number' && Number.isFinite(value) && value >= 0) return value;
  if (typeof value === 'string' && value.trim() !== '') {
    const n = Number(value.trim().replace(',', '.'));
    return Number.isFinite(n) && n >= 0 ? n : null;
  }
  return null;
}

const frenetText = (value: unknown, max = 200): string =>
  typeof value === 'string' ? value.trim().slice(0, max) : typeof value === 'number' ? String(value) : '';

/** Frenet's answer to our options; entries that say nothing usable are dropped. */
export function parseFrenetQuote(body: unknown): ShippingOption[] {
  const list = (body as { ShippingSevicesArray?: unknown } | null)?.ShippingSevicesArray;
  if (!Array.isArray(list)) throw new Error('Frenet respondeu sem ShippingSevicesArray.');
  const out: ShippingOption[] = [];
  for (const raw of list.slice(0, 50)) {
    const e = (raw ?? {}) as Record<string, unknown>;
    const code = frenetText(e.ServiceCode, 60);
    const carrier = frenetText(e.Carrier, 60);
    if (!code || !carrier) continue;
    const failed = e.Error === true || e.Error === 'true';
    const price = frenetNumber(e.ShippingPrice);
    const days = frenetNumber(e.DeliveryTime);
    const cents = price === null ? null : toMinorUnits(price);
    const usable = !failed && cents !== null && days !== null;
    out.push({
      carrier,
      serviceCode: code,
      serviceDescription: frenetText(e.ServiceDescription) || code,
      priceCents: usable ? cents : 0,
      deliveryDays: days === null ? 0 : Math.ceil(days),
      error: usable ? null : frenetText(e.Msg, 300) || UNSERVED,
    });
  }
  return out;
}

/** Frenet (POST {base}/shipping/quote, header `token`). The token never appears in an error message. */
export function frenetShipping(options: { token: string; baseUrl?: string; timeoutMs?: number }): ShippingPort {
  if (!options.token) throw new Error('FRENET_TOKEN é obrigatório para SHIPPING_PROVIDER=frenet.');
  const base = (options.baseUrl ?? FRENET_URL).replace(/\/+$/, '');
  const timeoutMs = options.timeoutMs ?? FRENET_TIMEOUT_MS;
  return {
    name: 'frenet',
    async quote(input) {
      const weightKg = (input.silverCg + PACKAGING_CG) / 100_000;
      let res: Response;
      try {
        res = await fetch(`${base}/shipping/quote`, {
          method: 'POST',
          headers: { token: options.token, 'Content-Type': 'application/json', Accept: 'application/json' },
          body: JSON.stringify({
            SellerCEP: input.originCep,
            RecipientCEP: input.destinationCep,
            ShipmentInvoiceValue: minorToDecimal(input.declaredValueCents),
            RecipientCountry: 'BR',
            ShippingItemArray: [
              {
                SKU: 'barras-prata',
                Weight: weightKg,
                Length: 20,
                Height: 6,
                Width: 15,
                Quantity: 1,
                Category: 'Prata',
              },
            ],
          }),
          signal: AbortSignal.timeout(timeoutMs),
        });
      } catch (error) {
        const message = String((error as Error)?.message ?? error)
          .split(options.token)
          .join('***');
        throw new Error(`Não foi possível falar com a Frenet: ${message}`);
      }
      if (!res.ok) throw new Error(`A Frenet recusou a cotação (HTTP ${res.status}).`);
      return parseFrenetQuote(await res.json().catch(() => null));
    },
  };
}

export function shippingPortFor(options: {
  provider: ShippingProvider;
  frenetToken?: string;
  frenetUrl?: string;
}): ShippingPort {
  return options.provider === 'frenet'
    ? frenetShipping({ token: options.frenetToken ?? '', baseUrl: options.frenetUrl })
    : embeddedShipping();
}
