import { z } from 'zod';
import { decimalParam, isoDateTime, pageOf } from './common';

/**
 * Invoices (spec 3 §2 Minhas notas, §3 Service invoice and Product invoice, §7 Invoices; docs/fiscal.md). Amounts travel
 * in reais as dot-decimal numbers (R$ 12,34 is 12.34). The server issues them from the ledger's and the orders' facts:
 * one service invoice (NFS-e) per customer per closed month for the services paid in it, one product invoice (NF-e)
 * per paid order of bars.
 */

/** How many invoices one page of either list holds. */
export const INVOICES_PAGE_SIZE = 15;
/** How long the link GET /api/product-invoice/{id}/pdf answers stays good (seconds). */
export const INVOICE_LINK_TTL_SECONDS = 300;
/** The mark on every document the embedded invoicing issues (never issued in production). */
export const TEST_DOCUMENT_MARK = 'SEM VALOR FISCAL - ambiente de testes';

/** One service invoice (NFS-e): the platform's services a customer paid in one month. */
export const ServiceInvoice = z.object({
  id: z.number().int(),
  /** what the invoice covers, e.g. "Serviços da Prata em outubro de 2026: taxa operacional (12 ordens), ..." */
  description: z.string(),
  /** reais */
  services_amount: z.number(),
  /** when it was issued */
  created_at: isoDateTime(),
  /** the invoice's number at the issuer */
  number: z.string(),
  /** a document of the embedded (test) issuer: no fiscal value */
  test_document: z.boolean(),
});
export type ServiceInvoice = z.infer<typeof ServiceInvoice>;

/** One product invoice (NF-e): the bars of one paid order, with their taxes. */
export const ProductInvoice = z.object({
  id: z.number().int(),
  description: z.string(),
  /** reais: the goods (the bars' silver at the order's price, and their minting) */
  products_amount: z.number(),
  /** reais: ICMS, DIFAL, PIS and COFINS of the order */
  taxes_amount: z.number(),
  created_at: isoDateTime(),
  number: z.string(),
  test_document: z.boolean(),
});
export type ProductInvoice = z.infer<typeof ProductInvoice>;

/** GET /api/service-invoices?page=N, newest first. */
export const ServiceInvoicesResponse = pageOf(ServiceInvoice);
export type ServiceInvoicesResponse = z.infer<typeof ServiceInvoicesResponse>;

/** GET /api/product-invoices?page=N, newest first. */
export const ProductInvoicesResponse = pageOf(ProductInvoice);
export type ProductInvoicesResponse = z.infer<typeof ProductInvoicesResponse>;

/** GET /api/product-invoice/{id}/pdf: a short-lived link the browser opens (no bearer token needed). */
export const InvoiceLinkResponse = z.object({ uri: z.string() });
export type InvoiceLinkResponse = z.infer<typeof InvoiceLinkResponse>;

/** GET /api/product-invoice/{id}/file?expires&signature: the signed link's parameters. */
export const InvoiceLinkQuery = z.object({
  expires: decimalParam(1, Number.MAX_SAFE_INTEGER),
  signature: z.string().regex(/^[A-Za-z0-9_-]{43}$/),
});

/** A PDF download (Content-Disposition: attachment). */
export const InvoicePdfFile = {
  description: 'O PDF da nota, como anexo (Content-Disposition: attachment).',
  content: { 'application/pdf': { schema: z.file() } },
};
