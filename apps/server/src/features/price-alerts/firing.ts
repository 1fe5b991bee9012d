import { formatBRL, MESSAGES } from '@prata/domain';
import { withTransaction } from '@/db/tx';
import { type CoalescedRunner, startCoalescedRunner } from '@/lib/coalesced-runner';
import { logFailure } from '@/lib/log-failure';
import type { AppDeps } from '@/deps';
import { enqueueEmail } from '@/messaging/outbox';
import { priceAlertMail } from '@/messaging/templates';
import { type Fired, fireCrossed, lockCursor, moveCursor, subscriptionsOf, tradeWindow } from './repository';
import { queuePush } from './push';

/**
 * Price alerts fire from the trades as they commit (docs/price-alerts.md): after each of the matcher's batches (its
 * onChange, through features/orders/index.ts) the checker runs soon, coalesced. One step, in one transaction: lock the
 * cursor (price_alert_cursor), take the trades after it (at most TRADES_PER_STEP), fire every active alert one of them
 * crossed with the atomic claim, queue each one's e-mail in the outbox, move the cursor. After the commit, the
 * notifications are queued for the customers' browsers (push.ts), so a slow push service never holds the checker.
 * A sweep every minute covers an instance that stopped between a batch and its check, and batches written by
 * another instance when this one placed none.
 */

/** Trades read per transaction, and transactions per run (the rest waits for the next run). */
const TRADES_PER_STEP = 1000;
const STEPS_PER_RUN = 20;
/** Where the notification and the e-mail take the customer. */
const PRICE_ALERTS_PATH = '/alertas-de-preco';

/** The words of a fired alert, the same in the e-mail and in the notification. */
function firedSentence(f: Pick<Fired, 'direction' | 'priceCents' | 'tradePriceCents'>): string {
  return MESSAGES.priceAlertBody(f.direction, formatBRL(f.priceCents), formatBRL(f.tradePriceCents));
}

async function checkStep(deps: AppDeps): Promise<{ more: boolean; fired: Fired[] }> {
  return withTransaction(deps.database.db, async (tx) => {
    const after = await lockCursor(tx);
    const window = await tradeWindow(tx, after, TRADES_PER_STEP);
    if (window === null) return { more: false, fired: [] };
    const { upto } = window;
    const fired = await fireCrossed(tx, after, upto);
    const url = `${deps.config.publicUrl}${PRICE_ALERTS_PATH}`;
    for (const f of fired) {
      const mail = priceAlertMail(f.name, MESSAGES.priceAlertTitle, firedSentence(f), url);
      await enqueueEmail(tx, { to: f.email, ...mail });
    }
    await moveCursor(tx, upto);
    return { more: window.count === TRADES_PER_STEP, fired };
  });
}

/**
 * Looks at every trade committed so far (bounded per run) and fires the alerts they crossed. Answers the alerts it
 * fired once their e-mails are queued and their notifications handed to the push deliveries (push.ts), which send
 * them side by side after it returns; one that does not go out goes to `onError` (logged by default: the e-mail is
 * the alert's record, but the failure is still written down).
 */
export async function checkPriceAlerts(
  deps: AppDeps,
  onError: (err: unknown) => void = (err) => logFailure('price alerts', err),
): Promise<Fired[]> {
  const all: Fired[] = [];
  for (let step = 0; step < STEPS_PER_RUN; step++) {
    const r = await checkStep(deps);
    all.push(...r.fired);
    if (!r.more) break;
  }
  if (all.length === 0) return all;
  deps.outbox.kick();
  const subs = await subscriptionsOf(deps.database.db, [...new Set(all.map((f) => f.userId))]);
  for (const f of all) {
    const message = { title: MESSAGES.priceAlertTitle, body: firedSentence(f), url: PRICE_ALERTS_PATH };
    queuePush(deps, subs.get(f.userId) ?? [], message, onError);
  }
  return all;
}

/** The checker: the coalesced runner of checkPriceAlerts. */
export type AlertChecker = CoalescedRunner;

const checkers = new WeakMap<AppDeps, AlertChecker>();
/** The checker of an app, once its routes are registered. */
export const alertCheckerOf = (deps: AppDeps) => checkers.get(deps);

/**
 * Runs the check `delayMs` after the matcher's batches (coalesced) and every `sweepMs`; a notification that did not go
 * out goes to `onError` too.
 */
export function startAlertChecker(
  deps: AppDeps,
  opts: { delayMs?: number; sweepMs?: number; onError?: (err: unknown) => void } = {},
): AlertChecker {
  const checker = startCoalescedRunner('price alerts', (onError) => checkPriceAlerts(deps, onError), {
    delayMs: opts.delayMs ?? 100,
    sweepMs: opts.sweepMs ?? 60_000,
    onError: opts.onError,
  });
  checkers.set(deps, checker);
  return checker;
}
