import type { AppDeps } from '@/deps';
import {
  borrowerOf,
  dueProductInvoices,
  dueServiceInvoices,
  insertProductInvoice,
  insertServiceInvoice,
  ISSUE_BATCH_MAX,
  lockIssuing,
  nextInvoiceNumber,
  productDescription,
  productInvoiceExists,
  serviceDescription,
  serviceInvoiceExists,
} from './repository/index';

/** What a run issued; `serviceComplete`: every service invoice due was issued (none left by the budget or a failure). */
export type IssueResult = { service: number; product: number; serviceComplete: boolean };

/**
 * Issues what is due (docs/fiscal.md): a service invoice for each closed month with services paid, a product invoice
 * for each paid order of bars. Each invoice is one transaction under the customer's lock: check again, ask the issuer,
 * store. An issuer that must not issue here (the embedded one in production) issues nothing. A failure of one
 * invoice leaves it due for the next run and does not stop the others.
 */
// biome-ignore lint/complexity/noExcessiveLinesPerFunction: both kinds of invoice under one lock (steps above)
export async function issueDueInvoices(
  deps: AppDeps,
  opts: { userId?: number; now?: Date; since?: Date; limit?: number; only?: 'service' | 'product' } = {},
): Promise<IssueResult> {
  const port = deps.adapters.invoicing;
  const result: IssueResult = { service: 0, product: 0, serviceComplete: false };
  if (!port.canIssue) return result;
  // a run for every customer reads all of their fees: the background pool's limit, not a request's (db/client.ts)
  const db = opts.userId === undefined ? deps.database.background : deps.database.db;
  const now = opts.now ?? new Date();
  // each invoice may be a call to the issuer: a caller that waits (a list) asks for a few at most
  let budget = opts.limit ?? Number.POSITIVE_INFINITY;

  const dueService = opts.only === 'product' ? [] : await dueServiceInvoices(db, now, opts.userId, opts.since);
  let serviceFailed = dueService.length >= ISSUE_BATCH_MAX;
  for (const due of dueService) {
    if (budget-- <= 0) {
      serviceFailed = true;
      break;
    }
    try {
      const issued = await db.transaction(async (tx) => {
        await lockIssuing(tx, due.userId);
        if (await serviceInvoiceExists(tx, due.userId, due.period)) return false;
        const sequence = await nextInvoiceNumber(tx, 'service');
        const borrower = await borrowerOf(tx, due.userId);
        const draft = {
          reference: `service:${due.userId}:${due.period}`,
          sequence,
          borrower,
          description: serviceDescription(due),
          lines: due.lines,
          servicesCents: due.totalCents,
        };
        const made = await port.issueService(draft);
        await insertServiceInvoice(tx, {
          userId: due.userId,
          period: due.period,
          description: draft.description,
          servicesCents: draft.servicesCents,
          lines: draft.lines,
          borrower,
          provider: port.provider,
          testDocument: port.testDocuments,
          externalId: made.externalId,
          number: made.number,
        });
        return true;
      });
      if (issued) result.service += 1;
    } catch (err) {
      serviceFailed = true;
      logFailure(deps, 'service', err);
    }
  }
  result.serviceComplete = opts.only !== 'product' && !serviceFailed;

  for (const due of opts.only === 'service' ? [] : await dueProductInvoices(db, opts.userId)) {
    if (budget-- <= 0) break;
    try {
      const issued = await db.transaction(async (tx) => {
        await lockIssuing(tx, due.userId);
        if (await productInvoiceExists(tx, due.silverWithdrawalId)) return false;
        const sequence = await nextInvoiceNumber(tx, 'product');
        const borrower = await borrowerOf(tx, due.userId);
        const draft = {
          reference: `product:${due.silverWithdrawalId}`,
          sequence,
          borrower,
          description: productDescription(due),
          items: due.items,
          taxes: due.taxes,
          productsCents: due.productsCents,
          taxesCents: due.taxesCents,
        };
        const made = await port.issueProduct(draft);
        await insertProductInvoice(tx, {
          userId: due.userId,
          silverWithdrawalId: due.silverWithdrawalId,
          description: draft.description,
          productsCents: draft.productsCents,
          taxesCents: draft.taxesCents,
          lines: { items: draft.items, taxes: draft.taxes },
          borrower,
          provider: port.provider,
          testDocument: port.testDocuments,
          externalId: made.externalId,
          number: made.number,
        });
        return true;
      });
      if (issued) result.product += 1;
    } catch (err) {
      logFailure(deps, 'product', err);
    }
  }
  return result;
}

function logFailure(deps: AppDeps, kind: string, err: unknown) {
  if (deps.config.logLevel === 'silent') return;
  console.error(`invoices: a ${kind} invoice could not be issued (it stays due):`, (err as Error).message);
}

/** How many months back the hourly run looks for fees (a customer's own list looks at all of them). */
const ISSUER_MONTHS_BACK = 3;

/** Issues what is due for every customer now and then (hourly by default); the lists also issue a customer's own. */
export function startInvoiceIssuer(deps: AppDeps, everyMs = 60 * 60_000): () => void {
  const run = () => {
    const now = new Date();
    const since = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - ISSUER_MONTHS_BACK, 1));
    issueDueInvoices(deps, { since }).catch((err) => logFailure(deps, 'run of', err));
  };
  const first = setTimeout(run, 30_000);
  const timer = setInterval(run, everyMs);
  first.unref();
  timer.unref();
  return () => {
    clearTimeout(first);
    clearInterval(timer);
  };
}
