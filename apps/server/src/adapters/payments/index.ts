import { asaasPayments } from './asaas';
import { embeddedPayments } from './embedded';
import type { PaymentsPort } from './port';

export * from './port';
export { ASAAS_PRODUCTION_URL, ASAAS_SANDBOX_URL } from './asaas';
export { parseBrCode } from './br-code';
export { DEMO_PIX_KEY, embeddedPayments } from './embedded';
export { brCodeQrPngBase64 } from './qr';

export const PAYMENTS_PROVIDERS = ['embedded', 'asaas'] as const;
export type PaymentsProvider = (typeof PAYMENTS_PROVIDERS)[number];

export type PaymentsOptions = {
  provider: PaymentsProvider;
  /** the `asaas-access-token` every webhook delivery must carry (both providers) */
  webhookToken: string;
  /** asaas only */
  asaasApiKey?: string;
  asaasBaseUrl?: string;
  /** embedded only: where its BR Codes point */
  pixReceivingKey: string;
  pixMerchantName: string;
  pixMerchantCity: string;
};

/** config.ts has already refused the combinations that must not run (embedded in production, asaas without keys). */
export function paymentsPortFor(options: PaymentsOptions): PaymentsPort {
  if (options.provider === 'asaas') {
    return asaasPayments({
      apiKey: options.asaasApiKey ?? '',
      baseUrl: options.asaasBaseUrl,
      webhookToken: options.webhookToken,
    });
  }
  return embeddedPayments({
    pixKey: options.pixReceivingKey,
    merchantName: options.pixMerchantName,
    merchantCity: options.pixMerchantCity,
    webhookToken: options.webhookToken,
  });
}
