import type {
  InvoiceBorrower,
  InvoiceProvider,
  ProductInvoiceLine,
  ProductInvoiceTaxes,
  ServiceInvoiceLine,
} from '@/db/schema/invoices';

export type { InvoiceBorrower };

/** A service invoice (NFS-e) to issue: the services one customer paid in one month. */
type ServiceInvoiceDraft = {
  /** unique per invoice (the issuer is asked again with the same one after a failure) */
  reference: string;
  /** the next number of the embedded series (a real issuer numbers its own) */
  sequence: number;
  borrower: InvoiceBorrower;
  description: string;
  lines: ServiceInvoiceLine[];
  servicesCents: number;
};

/** A product invoice (NF-e) to issue: the bars of one paid order and their taxes. */
type ProductInvoiceDraft = {
  reference: string;
  sequence: number;
  borrower: InvoiceBorrower;
  description: string;
  items: ProductInvoiceLine[];
  taxes: ProductInvoiceTaxes;
  productsCents: number;
  taxesCents: number;
};

type IssuedInvoice = { externalId: string; number: string };

/** An invoice as stored, for its PDF. */
export type StoredServiceInvoice = ServiceInvoiceDraft & IssuedInvoice & { issuedAt: Date; testDocument: boolean };
export type StoredProductInvoice = ProductInvoiceDraft & IssuedInvoice & { issuedAt: Date; testDocument: boolean };

/**
 * Who issues the invoices (docs/fiscal.md). The embedded default issues test documents with no fiscal value (its PDFs
 * say so on every page) and is never used in production; the real client asks NFE.io to issue NFS-e and NF-e.
 */
export type InvoicingPort = {
  provider: InvoiceProvider;
  /** whether what it issues is a test document (no fiscal value) */
  testDocuments: boolean;
  /** false when it must not issue here (the embedded issuer in production): invoices then wait */
  canIssue: boolean;
  issueService(draft: ServiceInvoiceDraft): Promise<IssuedInvoice>;
  issueProduct(draft: ProductInvoiceDraft): Promise<IssuedInvoice>;
  servicePdf(invoice: StoredServiceInvoice): Promise<Buffer>;
  productPdf(invoice: StoredProductInvoice): Promise<Buffer>;
  /** a link to the product invoice's PDF at the issuer, or null when the PDF is served by the platform */
  productPdfLink(invoice: StoredProductInvoice): Promise<string | null>;
};

/** The issuer failed or answered something unexpected (the API answers 503 INVOICING_UNAVAILABLE). */
export class InvoicingError extends Error {}
