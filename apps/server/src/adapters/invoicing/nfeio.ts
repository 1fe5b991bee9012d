import { minorToDecimal } from '@prata/domain';
import { type OutboundClient, outboundClient } from '../outbound/index';
import { type InvoiceBorrower, InvoicingError, type InvoicingPort } from './port';

const NFEIO_SERVICE_URL = 'https://api.nfe.io';
const NFEIO_PRODUCT_URL = 'https://api.nfse.io';
const NFEIO_TIMEOUT_MS = 15_000;
/** The largest PDF read from a link NFE.io answers. */
const PDF_MAX_BYTES = 10 * 1024 * 1024;

export type NfeioOptions = {
  apiKey: string;
  /** the company registered at NFE.io that issues the invoices */
  companyId: string;
  /** the municipal service code of the platform's services (NFS-e) */
  cityServiceCode: string;
  serviceUrl?: string;
  productUrl?: string;
  fetch?: typeof fetch;
  /**
   * Reads the PDF links NFE.io answers, whatever host they name: the guarded client (no inside addresses after DNS, no
   * redirects, a bounded answer) and never the API key, which goes to NFE.io's own addresses only.
   */
  links?: OutboundClient;
};

/** NFE.io's borrower (tomador / destinatário). */
function borrowerOf(b: InvoiceBorrower) {
  return {
    type: b.document_type === 'cnpj' ? 'LegalEntity' : 'NaturalPerson',
    name: b.name,
    federalTaxNumber: b.document ? Number(b.document) : undefined,
    email: b.email,
    address: b.address
      ? {
          country: 'BRA',
          postalCode: b.address.cep,
          street: b.address.street,
          number: b.address.number,
          additionalInformation: b.address.unit ?? undefined,
          district: b.address.neighborhood,
          city: { code: b.address.city_code ? String(b.address.city_code) : undefined, name: b.address.city },
          state: b.address.state,
        }
      : undefined,
  };
}

/**
 * The real issuer: NFE.io (the provider the CPF status check already speaks to). NFS-e through API v1
 * (POST /v1/companies/{company}/serviceinvoices, PDF at …/serviceinvoices/{id}/pdf), NF-e through API v2 on
 * api.nfse.io (POST /v2/companies/{company}/productinvoices, …/productinvoices/{id}/pdf answers { uri }). Issuing is
 * asynchronous there: the answer carries the invoice's id and its number once the city or SEFAZ authorised it.
 */
export function nfeioInvoicing(options: NfeioOptions): InvoicingPort {
  const http = options.fetch ?? fetch;
  const links = options.links ?? outboundClient({ maxAnswerBytes: PDF_MAX_BYTES, timeoutMs: NFEIO_TIMEOUT_MS });
  const serviceBase = `${(options.serviceUrl ?? NFEIO_SERVICE_URL).replace(/\/$/, '')}/v1/companies/${options.companyId}`;
  const productBase = `${(options.productUrl ?? NFEIO_PRODUCT_URL).replace(/\/$/, '')}/v2/companies/${options.companyId}`;

  async function call(url: string, init: RequestInit = {}): Promise<Response> {
    let res: Response;
    try {
      res = await http(url, {
        ...init,
        headers: { Authorization: options.apiKey, Accept: 'application/json', 'Content-Type': 'application/json' },
        signal: AbortSignal.timeout(NFEIO_TIMEOUT_MS),
      });
    } catch (err) {
      throw new InvoicingError(`NFE.io: ${(err as Error).message}`);
    }
    if (!res.ok) throw new InvoicingError(`NFE.io answered ${res.status}`);
    return res;
  }
  /** An answer's body; a connection dropped while it is read is the issuer's failure too. */
  async function bodyOf<T>(read: () => Promise<T>): Promise<T> {
    try {
      return await read();
    } catch (err) {
      throw new InvoicingError(`NFE.io: the answer could not be read: ${(err as Error).message}`);
    }
  }
  const idOf = (body: { id?: unknown; number?: unknown }) => {
    if (typeof body.id !== 'string' || body.id.length === 0) throw new InvoicingError('NFE.io: answer without id');
    return {
      externalId: body.id,
      number: body.number === undefined || body.number === null ? body.id : String(body.number),
    };
  };

  return {
    provider: 'nfeio',
    testDocuments: false,
    canIssue: true,
    async issueService(draft) {
      const res = await call(`${serviceBase}/serviceinvoices`, {
        method: 'POST',
        body: JSON.stringify({
          borrower: borrowerOf(draft.borrower),
          cityServiceCode: options.cityServiceCode,
          description: draft.description,
          servicesAmount: Number(minorToDecimal(draft.servicesCents)),
          externalId: draft.reference,
        }),
      });
      return idOf(await bodyOf(() => res.json() as Promise<{ id?: unknown; number?: unknown }>));
    },
    async issueProduct(draft) {
      const res = await call(`${productBase}/productinvoices`, {
        method: 'POST',
        body: JSON.stringify({
          id: draft.reference,
          operationNature: 'Venda de mercadoria',
          buyer: borrowerOf(draft.borrower),
          items: draft.items.map((item, i) => ({
            code: String(i + 1),
            description: item.name,
            quantity: item.quantity,
            unitAmount: Number(minorToDecimal(Math.round(item.amount_cents / item.quantity))),
            totalAmount: Number(minorToDecimal(item.amount_cents)),
          })),
          totals: { icms: { icmsAmount: Number(minorToDecimal(draft.taxes.icms + draft.taxes.difal)) } },
        }),
      });
      return idOf(await bodyOf(() => res.json() as Promise<{ id?: unknown; number?: unknown }>));
    },
    async servicePdf(invoice) {
      const res = await call(`${serviceBase}/serviceinvoices/${encodeURIComponent(invoice.externalId)}/pdf`);
      return Buffer.from(await bodyOf(() => res.arrayBuffer()));
    },
    async productPdf(invoice) {
      const uri = await this.productPdfLink(invoice);
      if (!uri) throw new InvoicingError('NFE.io: no PDF link');
      const answer = await links.send(uri, { method: 'GET', headers: { Accept: 'application/pdf' } }).catch((err) => {
        throw new InvoicingError(`NFE.io: the PDF link failed: ${(err as Error).message}`);
      });
      if (answer.status !== 200) throw new InvoicingError(`NFE.io: the PDF link answered ${answer.status}`);
      return answer.body;
    },
    async productPdfLink(invoice) {
      const res = await call(`${productBase}/productinvoices/${encodeURIComponent(invoice.externalId)}/pdf`);
      const body = await bodyOf(() => res.json() as Promise<{ uri?: unknown }>);
      if (typeof body.uri !== 'string' || !/^https:\/\//.test(body.uri)) throw new InvoicingError('NFE.io: no PDF uri');
      return body.uri;
    },
  };
}
