import { createHmac, timingSafeEqual } from 'node:crypto';
import {
  brasiliaMonthStart,
  INVOICE_LINK_TTL_SECONDS,
  INVOICES_PAGE_SIZE,
  MESSAGES,
  minorToDecimal,
  type ProductInvoice,
  type ServiceInvoice,
} from '@prata/domain';
import { InvoicingError, type StoredProductInvoice, type StoredServiceInvoice } from '@/adapters/invoicing/index';
import type { AppDeps } from '@/deps';
import type { ProductInvoiceRow, ServiceInvoiceRow } from '@/db/rows';
import { AppError, notFound } from '@/lib/errors';
import { pageAnswer } from '@/lib/paging';
import { issueDueInvoices } from './issue';
import {
  findProductInvoice,
  findServiceInvoice,
  invoicesCompleteBefore,
  markInvoicesComplete,
  productInvoicePage,
  serviceInvoicePage,
} from './repository/index';

/** How many invoices a list asks a real issuer for before it answers. */
export const LIST_ISSUE_MAX = 3;

const presentService = (r: ServiceInvoiceRow): ServiceInvoice => ({
  id: r.id,
  description: r.description,
  services_amount: minorToDecimal(r.servicesCents),
  created_at: r.createdAt.toISOString(),
  number: r.number,
  test_document: r.testDocument,
});

const presentProduct = (r: ProductInvoiceRow): ProductInvoice => ({
  id: r.id,
  description: r.description,
  products_amount: minorToDecimal(r.productsCents),
  taxes_amount: minorToDecimal(r.taxesCents),
  created_at: r.createdAt.toISOString(),
  number: r.number,
  test_document: r.testDocument,
});

/**
 * Issues what of the list's kind is due for the reader first, so the list is complete however long ago the issuer
 * last ran; with the embedded issuer everything at once, with a real one (a network call each) a few per list, the
 * rest by the hourly run. Once every closed month is issued the service list remembers it (watermark.ts), and the next
 * one reads the fees from there.
 */
async function issueOwn(deps: AppDeps, userId: number, only: 'service' | 'product') {
  const limit = deps.adapters.invoicing.provider === 'embedded' ? undefined : LIST_ISSUE_MAX;
  const db = deps.database.db;
  const now = new Date();
  if (only === 'product') {
    await issueDueInvoices(deps, { userId, limit, now, only });
    return;
  }
  // the fees from the month the last complete list left off: a list costs the months since, not the whole history
  const since = await invoicesCompleteBefore(db, userId);
  const issued = await issueDueInvoices(deps, { userId, limit, since, now, only });
  // written when it moves (once a month): a list is a read, and many at once must not queue on one row and its commit
  const marked = since !== undefined && since.getTime() >= brasiliaMonthStart(now).getTime();
  if (issued.serviceComplete && !marked) await markInvoicesComplete(db, userId, now);
}

/** GET /api/service-invoices?page: newest month first. */
export async function listServiceInvoices(deps: AppDeps, userId: number, page: number) {
  await issueOwn(deps, userId, 'service');
  const at = { page, perPage: INVOICES_PAGE_SIZE };
  const { found, total } = await serviceInvoicePage(deps.database.db, userId, at);
  return pageAnswer(found.map(presentService), total, INVOICES_PAGE_SIZE);
}

/** GET /api/product-invoices?page: newest first. */
export async function listProductInvoices(deps: AppDeps, userId: number, page: number) {
  await issueOwn(deps, userId, 'product');
  const at = { page, perPage: INVOICES_PAGE_SIZE };
  const { found, total } = await productInvoicePage(deps.database.db, userId, at);
  return pageAnswer(found.map(presentProduct), total, INVOICES_PAGE_SIZE);
}

const storedService = (r: ServiceInvoiceRow): StoredServiceInvoice => ({
  reference: `service:${r.userId}:${r.period}`,
  sequence: 0,
  borrower: r.borrower,
  description: r.description,
  lines: r.lines,
  servicesCents: r.servicesCents,
  externalId: r.externalId,
  number: r.number,
  issuedAt: r.createdAt,
  testDocument: r.testDocument,
});

const storedProduct = (r: ProductInvoiceRow): StoredProductInvoice => ({
  reference: `product:${r.silverWithdrawalId}`,
  sequence: 0,
  borrower: r.borrower,
  description: r.description,
  items: r.lines.items,
  taxes: r.lines.taxes,
  productsCents: r.productsCents,
  taxesCents: r.taxesCents,
  externalId: r.externalId,
  number: r.number,
  issuedAt: r.createdAt,
  testDocument: r.testDocument,
});

/**
 * A test document is never served in production (it could not have been issued there; a database copied from a test
 * environment would still hold some).
 */
function servable(deps: AppDeps, testDocument: boolean) {
  return !(testDocument && deps.config.env === 'production');
}

async function fromIssuer<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (err instanceof InvoicingError) throw new AppError('INVOICING_UNAVAILABLE', MESSAGES.invoicingUnavailable);
    throw err;
  }
}

/** GET /api/service-invoice/{id}/pdf: the reader's own invoice only (another's is 404). */
export async function serviceInvoicePdf(deps: AppDeps, userId: number, id: number) {
  const row = await findServiceInvoice(deps.database.db, id, userId);
  if (!row || !servable(deps, row.testDocument)) throw notFound(MESSAGES.invoiceNotFound);
  const pdf = await fromIssuer(() => deps.adapters.invoicing.servicePdf(storedService(row)));
  return { pdf, fileName: `nota-servico-${row.number}.pdf` };
}

async function ownProduct(deps: AppDeps, id: number, userId?: number) {
  const row = await findProductInvoice(deps.database.db, id, userId);
  if (!row || !servable(deps, row.testDocument)) throw notFound(MESSAGES.invoiceNotFound);
  return row;
}

const signature = (secret: string, id: number, expires: number) =>
  createHmac('sha256', secret).update(`product-invoice:${id}:${expires}`).digest('base64url');

/**
 * GET /api/product-invoice/{id}/pdf → { uri }: the issuer's own link when it has one (NFE.io), otherwise a link of
 * ours signed for INVOICE_LINK_TTL_SECONDS, which the browser opens without the bearer token.
 */
export async function productInvoiceLink(deps: AppDeps, userId: number, id: number, now = Date.now()) {
  const row = await ownProduct(deps, id, userId);
  const external = await fromIssuer(() => deps.adapters.invoicing.productPdfLink(storedProduct(row)));
  if (external) return { uri: external };
  const expires = Math.floor(now / 1000) + INVOICE_LINK_TTL_SECONDS;
  const sig = signature(deps.config.jwtSecret, row.id, expires);
  return { uri: `${deps.config.publicUrl}/api/product-invoice/${row.id}/file?expires=${expires}&signature=${sig}` };
}

/** GET /api/product-invoice/{id}/file?expires&signature: the PDF behind a signed link that has not expired. */
export async function productInvoiceFile(
  deps: AppDeps,
  id: number,
  link: { expires: number; signature: string },
  now = Date.now(),
) {
  const expected = Buffer.from(signature(deps.config.jwtSecret, id, link.expires));
  const given = Buffer.from(link.signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) throw notFound(MESSAGES.invoiceNotFound);
  if (link.expires * 1000 < now) throw new AppError('LINK_INVALID', MESSAGES.invoiceLinkExpired);
  const row = await ownProduct(deps, id);
  const pdf = await fromIssuer(() => deps.adapters.invoicing.productPdf(storedProduct(row)));
  return { pdf, fileName: `nota-produto-${row.number}.pdf` };
}
