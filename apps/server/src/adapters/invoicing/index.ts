import { embeddedInvoicing } from './embedded';
import { nfeioInvoicing } from './nfeio';
import type { InvoicingPort } from './port';

export * from './port';
export { embeddedInvoicing } from './embedded';
export { nfeioInvoicing } from './nfeio';

export const INVOICING_PROVIDERS = ['embedded', 'nfeio'] as const;
export type InvoicingProvider = (typeof INVOICING_PROVIDERS)[number];

export type InvoicingOptions = {
  provider: InvoicingProvider;
  production: boolean;
  nfeioApiKey?: string;
  nfeioCompanyId?: string;
  nfeioCityServiceCode?: string;
};

/** config.ts has refused NFE.io without its settings. The embedded issuer in production issues nothing. */
export function invoicingPortFor(o: InvoicingOptions): InvoicingPort {
  if (o.provider === 'nfeio') {
    return nfeioInvoicing({
      apiKey: o.nfeioApiKey ?? '',
      companyId: o.nfeioCompanyId ?? '',
      cityServiceCode: o.nfeioCityServiceCode ?? '',
    });
  }
  return embeddedInvoicing({ production: o.production });
}
