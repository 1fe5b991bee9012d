import { randomBytes } from 'node:crypto';
import { orderCost, type OrderSide } from '@prata/domain';
import type { AppDeps } from '@/deps';
import type { DemoCalendar, DemoEvent } from '@/lib/demo-calendar';
import { hashPassword } from '@/lib/passwords';
import { paidPixForDemo } from '@/features/money/index';
import { placeHouseOrder, placeOrder } from '@/features/orders/index';
import { demoAffiliate, insertReferredUser, marketRates, referredCount } from './demo-repository';
import { creditAffiliateRewards } from './rewards';
import { ensureAffiliateCoupon } from './service';

type Referred = { name: string; email: string; days: number; state: 'unverified' | 'unapproved' | 'approved' };

/** Maria's referred customers: one awaiting verification, one awaiting approval, three approved who trade. */
const REFERRED: Referred[] = [
  { name: 'Rafael Souza Lima', email: 'rafael.souza@exemplo.com.br', days: 40, state: 'approved' },
  { name: 'Juliana Ferreira', email: 'juliana.ferreira@exemplo.com.br', days: 33, state: 'approved' },
  { name: 'Tiago Nascimento', email: 'tiago.n@exemplo.com.br', days: 25, state: 'approved' },
  { name: 'Beatriz Costa', email: 'beatriz.costa@exemplo.com.br', days: 6, state: 'unapproved' },
  { name: 'Lucas Almeida', email: 'lucas.almeida@exemplo.com.br', days: 1, state: 'unverified' },
];

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;

type Cost = (side: OrderSide, pricePerGramCents: number, quantityCg: number) => number;

async function costOf(deps: AppDeps): Promise<Cost> {
  const rates = await marketRates(deps.database.db);
  return (side, pricePerGramCents, quantityCg) =>
    orderCost({
      side,
      pricePerGramCents,
      quantityCentigrams: quantityCg,
      feeRateBps: rates?.feeRateBps ?? 50,
      iofRateBps: rates?.iofRateBps ?? 38,
      minimumFeeCents: rates?.minimumFeeCents ?? 500,
    }).totalCents;
}

/** A referred customer's registration, dated by its own fields (the ledger's accounts follow through the clock). */
async function register(deps: AppDeps, r: Referred, couponId: number, at: Date, passwordHash: string) {
  return insertReferredUser(deps.database.db, {
    name: r.name,
    email: r.email,
    passwordHash,
    accountType: 'individual',
    referredByCouponId: couponId,
    emailVerifiedAt: r.state === 'unverified' ? null : new Date(at.getTime() + 10 * MINUTE_MS),
    approvedAt: r.state === 'approved' ? new Date(at.getTime() + DAY_MS) : null,
    createdAt: at,
    updatedAt: at,
  });
}

/**
 * A referred customer's trade with the house, inside the spread of the demo's book (house bids up to R$ 8,90, asks
 * from R$ 9,10), then the crediter that pays Maria her share of the fee, as it runs after every trade, so the reward
 * is dated with its trade.
 */
async function referredTrade(deps: AppDeps, cost: Cost, trader: number, n: number, k: number) {
  const pricePerGramCents = 896 + n * 3 + k;
  const quantityCg = 5_000 + n * 2_500 + k * 1_000;
  const side: OrderSide = k === 2 && n === 0 ? 'sell' : 'buy';
  const house = await placeHouseOrder(deps, null, {
    side: side === 'buy' ? 'sell' : 'buy',
    pricePerGramCents,
    quantityCentigrams: quantityCg,
  });
  await placeOrder(deps, trader, side, {
    targetOrderId: house.order.id,
    pricePerGramCents,
    quantityCentigrams: quantityCg,
    expectedTotalCents: cost(side, pricePerGramCents, quantityCg),
  });
  await creditAffiliateRewards(deps.database.db);
}

/**
 * The affiliate program of the demo (`npm start`), each step at its date in the demo's history: Maria
 * (cliente@prata.dev) joined 45 days ago; five customers registered with her coupon over the last weeks; the three
 * approved ones paid in R$ 10.000,00 by Pix and traded silver with the house through the matcher a few times each
 * (buys, and one sale), and the crediter paid Maria her share of their fees through the ledger, as it does for any
 * trade. Runs once: a demo affiliate who already has referred customers is left as she is.
 */
export async function affiliatesDemoEvents(deps: AppDeps, calendar: DemoCalendar): Promise<DemoEvent[]> {
  const db = deps.database.db;
  const maria = await demoAffiliate(db);
  if (!maria) return [];
  if ((await referredCount(db, maria.id)) > 0) return [];
  const passwordHash = await hashPassword(randomBytes(18).toString('base64url'));
  const cost = await costOf(deps);
  const coupon = { id: 0 };
  const events: DemoEvent[] = [
    {
      at: calendar.daysAgo(45, 19, 30),
      what: 'o cupom de afiliada da Maria',
      run: async () => {
        coupon.id = (await ensureAffiliateCoupon(db, { id: maria.id, name: maria.name })).id;
      },
    },
  ];
  let traders = 0;
  for (const [i, r] of REFERRED.entries()) {
    const registered = calendar.daysAgo(r.days, 9 + i * 2, 15);
    const trader = { id: 0 };
    events.push({
      at: registered,
      what: `o cadastro de ${r.email}`,
      run: async () => {
        trader.id = (await register(deps, r, coupon.id, registered, passwordHash)) ?? 0;
      },
    });
    if (r.state !== 'approved') continue;
    const n = traders++;
    events.push({
      at: new Date(registered.getTime() + DAY_MS + 2 * 60 * MINUTE_MS),
      what: `o Pix de ${r.email}`,
      run: () => paidPixForDemo(deps, trader.id, 1_000_000),
    });
    // each buys silver from the house a few times (R$ 5,00 minimum fee or more), the first one also sells some back
    for (let k = 0; k < 3; k++) {
      const at = registered.getTime() + (calendar.now.getTime() - registered.getTime()) * (0.2 + 0.25 * k);
      events.push({
        at: new Date(at),
        what: `a ordem ${k + 1} de ${r.email}`,
        run: () => referredTrade(deps, cost, trader.id, n, k),
      });
    }
  }
  return events;
}
