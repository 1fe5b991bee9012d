import { CreateSilverWithdrawalRequest, orderCost, type OrderSide } from '@prata/domain';
import type { AppDeps } from '@/deps';
import type { DemoCalendar, DemoEvent } from '@/lib/demo-calendar';
import { placeOrder } from '@/features/orders/index';
import { createForCustomer, markSent } from '@/features/silver-withdrawals/index';
import { issueDueInvoices } from './issue';
import {
  approvedDemoCustomers,
  dateServiceInvoicesAsIssued,
  demoMarketRates,
  demoUserById,
  firstAddressId,
  ordersOlderThan45Days,
  productTypeIdByName,
  serviceInvoiceCountOf,
} from './repository/index';

/** A seeded walk (the same demo on every machine). */
function walk(seed: number) {
  let s = seed;
  return () => {
    s = (s * 1_103_515_245 + 12_345) % 2 ** 31;
    return s / 2 ** 31;
  };
}

/** The months of trades between the demo customers: from this many months ago to two months ago. */
const MONTHS = 22;

type Cost = (side: OrderSide, pricePerGramCents: number, quantityCg: number) => number;

/** The buyer rests a buy at the month's price (below the house's asks, so it rests); the seller takes it from the table. */
async function tradeBetween(
  deps: AppDeps,
  cost: Cost,
  buyer: number,
  seller: number,
  pricePerGramCents: number,
  quantityCg: number,
) {
  const resting = await placeOrder(deps, buyer, 'buy', {
    mode: 'limit',
    pricePerGramCents,
    quantityCentigrams: quantityCg,
    expectedTotalCents: cost('buy', pricePerGramCents, quantityCg),
  });
  await placeOrder(deps, seller, 'sell', {
    targetOrderId: resting.orderId,
    pricePerGramCents,
    quantityCentigrams: quantityCg,
    expectedTotalCents: cost('sell', pricePerGramCents, quantityCg),
  });
}

/** The trades of the two years, a trade or two a month, from about R$ 5,80/g towards R$ 8,20/g with some noise. */
function twoYears(deps: AppDeps, cost: Cost, calendar: DemoCalendar, maria: number, empresa: number): DemoEvent[] {
  const random = walk(20_241_126);
  const events: DemoEvent[] = [];
  for (let back = MONTHS + 1; back >= 2; back--) {
    const pricePerGramCents = Math.round(580 + ((MONTHS + 1 - back) * 240) / MONTHS + (random() - 0.5) * 30);
    // [buyer, seller, centigrams]; the house, whose book rests around R$ 9,00, stays out
    const trades: Array<[number, number, number]> = [[maria, empresa, 500 + Math.round(random() * 10) * 100]];
    if (back % 4 === 0) trades.push([empresa, maria, 400 + Math.round(random() * 4) * 100]);
    if (back % 3 === 0) trades.push([empresa, maria, 300]);
    for (const [i, [buyer, seller, quantityCg]] of trades.entries()) {
      const day = 3 + ((back * 7 + i * 9) % 24);
      events.push({
        at: calendar.monthsAgo(back, day, 10 + i, i * 17),
        what: `a ordem ${i + 1} de ${back} meses atrás`,
        run: () => tradeBetween(deps, cost, buyer, seller, pricePerGramCents, quantityCg),
      });
    }
  }
  return events;
}

/**
 * The demo's fiscal history (`npm start`; docs/fiscal.md): the demo customers traded with each other over the two
 * years before the orders demo's last month (a trade or two a month), through the same matcher as every order, each
 * trade at its date in the demo's history (its orders, trades, ledger transfers and the trading limit of its year).
 * Now, each customer has an order of bars paid from the balance, and the invoices are issued: a service invoice per
 * closed month with fees, a product invoice per order of bars, dated when they would have been issued. Runs once.
 */
export async function fiscalDemoEvents(deps: AppDeps, calendar: DemoCalendar): Promise<DemoEvent[]> {
  const db = deps.database.db;
  const demo = await approvedDemoCustomers(db);
  const maria = demo.find((u) => u.email === 'cliente@prata.dev');
  const empresa = demo.find((u) => u.email === 'empresa@prata.dev');
  if (!maria || !empresa) return [];
  if ((await serviceInvoiceCountOf(db, maria.id, empresa.id)) > 0 || (await ordersOlderThan45Days(db)) > 0) return [];

  const rates = await demoMarketRates(db);
  const cost: Cost = (side, pricePerGramCents, quantityCg) =>
    orderCost({
      side,
      pricePerGramCents,
      quantityCentigrams: quantityCg,
      feeRateBps: rates?.feeRateBps ?? 50,
      iofRateBps: rates?.iofRateBps ?? 38,
      minimumFeeCents: rates?.minimumFeeCents ?? 500,
    }).totalCents;
  const ids = { maria: maria.id, empresa: empresa.id };
  return [
    ...twoYears(deps, cost, calendar, ids.maria, ids.empresa),
    {
      at: null,
      what: 'as barras dos clientes e as notas fiscais',
      run: async () => {
        await barsFromBalance(deps, ids.maria, 'Barra de prata 50 g', false);
        await barsFromBalance(deps, ids.empresa, 'Barra de prata 31,1 g (1 onça)', true);
        await issueDueInvoices(deps, { now: new Date() });
        // dated as they would have been issued: a month's service invoice on the 1st of the next, at 06:00 in Brasília
        await dateServiceInvoicesAsIssued(db, [ids.maria, ids.empresa]);
      },
    },
  ];
}

/** An order of one bar paid from the balance: from custody (grams) or bought from the house's asks. */
async function barsFromBalance(deps: AppDeps, userId: number, bar: string, purchase: boolean) {
  const db = deps.database.db;
  const productId = await productTypeIdByName(db, bar);
  const user = await demoUserById(db, userId);
  const addressId = await firstAddressId(db, userId);
  if (productId === undefined || !user || addressId === undefined) return;
  try {
    const input = CreateSilverWithdrawalRequest.parse({
      // the most the customer accepts to pay; the server charges its own figures (never more)
      items: [{ product_type_id: productId, quantity: 1, total: 5000 }],
      address: { id: addressId },
      shippingService: { Carrier: 'Correios', ServiceCode: '04014' },
      coupon_id: null,
      paymentMethod: 'balance',
      includeSilverValue: purchase,
      requiresOrder: false,
    });
    const made = await createForCustomer(deps, user, input, '127.0.0.1');
    // shipped by the operator: the money is captured and the NF-e goes with the bars
    await markSent(deps, null, made.silverWithdrawal.id, `BR${String(made.silverWithdrawal.id).padStart(9, '0')}BR`);
  } catch (err) {
    console.warn(`demo: the order of a bar for the demo customer ${userId} was not made:`, (err as Error).message);
  }
}
