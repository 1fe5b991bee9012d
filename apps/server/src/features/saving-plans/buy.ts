import { feeAndIof, MAX_ORDER_CENTIGRAMS, MESSAGES, mulDivHalfUp, type OrderRates } from '@prata/domain';
import type { AppDeps } from '@/deps';
import type { Executor } from '@/db/client';
import { AppError } from '@/lib/errors';
import { marketRates, placeOrder, walkBook } from '@/features/orders/index';

/** What an amount buys now: the most grams whose value, fee and IOF together fit in it (buys less, never more). */
export type Sizing = {
  quantityCg: number;
  valueCents: number;
  feeCents: number;
  iofCents: number;
  totalCents: number;
  rates: OrderRates;
};

const allIn = (valueCents: number, rates: OrderRates) => {
  const { feeCents, iofCents } = feeAndIof(valueCents, rates);
  return { feeCents, iofCents, totalCents: valueCents + feeCents + iofCents };
};

/**
 * The largest market buy of `userId` that the book fills and whose all-in cost (the orders feature's own walk and
 * fee/IOF rules, as /ordens quotes them) is at most `amountCents`. Cost grows with quantity, so a binary search over
 * centigrams finds it in about 27 walks. quantityCg 0: nothing fits (an empty book, or an amount below the minimum
 * fee plus the smallest buy).
 */
export async function sizeBuy(db: Executor, userId: number | null, amountCents: number): Promise<Sizing> {
  const rates = await marketRates(db);
  const ceiling = await walkBook(db, 'buy', MAX_ORDER_CENTIGRAMS, userId);
  let lo = 0;
  let hi = ceiling.filledCg;
  let best = { quantityCg: 0, valueCents: 0, feeCents: 0, iofCents: 0, totalCents: 0 };
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    const walk = await walkBook(db, 'buy', mid, userId);
    const cost = allIn(walk.valueCents, rates);
    if (walk.filledCg >= mid && walk.valueCents > 0 && cost.totalCents <= amountCents) {
      lo = mid;
      best = { quantityCg: mid, valueCents: walk.valueCents, ...cost };
    } else {
      hi = mid - 1;
    }
  }
  return { ...best, rates };
}

export type BuyResult =
  | { status: 'bought'; orderId: number; quantityCg: number; valueCents: number; feeCents: number; iofCents: number }
  | { status: 'nothing'; reason: string };

/** Codes that mean "the book moved between the sizing and the placement": sized again, a few times at most. */
const MOVED = new Set(['ORDER_PRICE_CHANGED', 'ORDER_NOT_ENOUGH_IN_BOOK', 'ORDER_BOOK_BUSY']);
const ATTEMPTS_MAX = 3;

/**
 * One run's buy: a market order through the orders feature, with the amount as the total the customer agreed to,
 * so the matcher itself refuses anything dearer (ORDER_PRICE_CHANGED); sized again when the book moved. A refusal
 * (balance, trading limit) is the run's reason, in the orders feature's own words.
 */
export async function buyFor(deps: AppDeps, userId: number, amountCents: number): Promise<BuyResult> {
  const db = deps.database.db;
  for (let attempt = 1; ; attempt++) {
    const size = await sizeBuy(db, userId, amountCents);
    if (size.quantityCg === 0) {
      const anything = await walkBook(db, 'buy', 1, userId);
      return {
        status: 'nothing',
        reason: anything.filledCg === 0 ? MESSAGES.savingRunNoOffers : MESSAGES.savingRunTooSmall,
      };
    }
    try {
      const answer = await placeOrder(deps, userId, 'buy', {
        mode: 'market',
        quantityCentigrams: size.quantityCg,
        expectedTotalCents: amountCents,
      });
      const { orderId, feeCents, iofCents, totalCents, valueCents } = answer;
      if (totalCents > amountCents)
        throw new Error(`saving-plans: order ${orderId} cost ${totalCents} > ${amountCents}`);
      return { status: 'bought', orderId, quantityCg: answer.filledCentigrams, valueCents, feeCents, iofCents };
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      if (MOVED.has(err.code) && attempt < ATTEMPTS_MAX) continue;
      return { status: 'nothing', reason: err.message };
    }
  }
}

/** The preview's average price per gram (centavos), 0 when nothing fits. */
export const averagePriceCents = (s: Sizing) =>
  s.quantityCg === 0 ? 0 : mulDivHalfUp(s.valueCents, 100, s.quantityCg);
