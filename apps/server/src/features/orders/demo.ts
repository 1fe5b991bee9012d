import { orderCost, type OrderSide } from '@prata/domain';
import type { AppDeps } from '@/deps';
import { type DemoCalendar, type DemoEvent, demoCalendar } from '@/lib/demo-calendar';
import { runDemoEvents } from '@/seed/clock';
import { fundHouse, placeHouseOrder } from './house';
import { anyOrder, approvedCustomerIds } from './repository/index';
import { cancelOrder, marketRates, placeOrder } from './service';

/**
 * The house's resting asks and bids around the demo's reference price of R$ 9,00 per gram, a spread of R$ 0,20 between
 * the best.
 */
const ASKS: Array<[pricePerGramCents: number, grams: number]> = [
  [910, 250],
  [920, 400],
  [935, 600],
  [950, 1000],
  [980, 2000],
];
const BIDS: Array<[pricePerGramCents: number, grams: number]> = [
  [890, 250],
  [880, 400],
  [865, 600],
  [850, 1000],
  [820, 2000],
];

/** A seeded walk (the same demo on every machine). */
function walk(seed: number) {
  let s = seed;
  return () => {
    s = (s * 1_103_515_245 + 12_345) % 2 ** 31;
    return s / 2 ** 31;
  };
}

/** What the demo customers held before their first trade with each other: bought from the house when they opened. */
const OPENING_PRICE_CENTS = 575;
const OPENING_GRAMS: ReadonlyArray<[email: string, centigrams: number, day: number]> = [
  ['cliente@prata.dev', 12_550, 4],
  ['empresa@prata.dev', 250_000, 5],
];
/** The demo customers' trades with the house over the last month, and the hours before now of the first. */
const MONTH_TRADES = 24;
const MONTH_HOURS = 700;

type Trade = { customer: number; side: OrderSide; pricePerGramCents: number; quantityCentigrams: number };

/** The house rests an order at the trade's price; the customer takes it from the table, as on the orders screen. */
async function tradeWithHouse(
  deps: AppDeps,
  cost: (side: OrderSide, pricePerGramCents: number, quantityCentigrams: number) => number,
  t: Trade,
) {
  const house = await placeHouseOrder(deps, null, {
    side: t.side === 'buy' ? 'sell' : 'buy',
    pricePerGramCents: t.pricePerGramCents,
    quantityCentigrams: t.quantityCentigrams,
  });
  await placeOrder(deps, t.customer, t.side, {
    targetOrderId: house.order.id,
    pricePerGramCents: t.pricePerGramCents,
    quantityCentigrams: t.quantityCentigrams,
    expectedTotalCents: cost(t.side, t.pricePerGramCents, t.quantityCentigrams),
  });
}

/** The month's trades: from R$ 8,20 towards the reference, with some noise; oldest first and denser lately. */
function monthTrades(maria: number, empresa: number): Trade[] {
  const random = walk(20_261_125);
  return Array.from({ length: MONTH_TRADES }, (_, day) => {
    const pricePerGramCents = 820 + Math.round((day * 70) / 23 + (random() - 0.5) * 16);
    const quantityCentigrams = 100 + Math.round(random() * 6) * 50; // 1 to 4 g
    const side: OrderSide = day % 4 === 3 ? 'sell' : 'buy';
    return { customer: day % 3 === 2 ? empresa : maria, side, pricePerGramCents, quantityCentigrams };
  });
}

/** The house's resting asks and bids: placed now, after every trade with the house (it never crosses its own). */
async function restTheBook(deps: AppDeps) {
  for (const [pricePerGramCents, grams] of ASKS) {
    await placeHouseOrder(deps, null, { side: 'sell', pricePerGramCents, quantityCentigrams: grams * 100 });
  }
  for (const [pricePerGramCents, grams] of BIDS) {
    await placeHouseOrder(deps, null, { side: 'buy', pricePerGramCents, quantityCentigrams: grams * 100 });
  }
}

/**
 * The order book of the demo (`npm start`), made through the same calls as operators' and customers' orders, each at
 * its date in the demo's history: the house is funded when the accounts open (silver put in the vault, capital paid
 * in) and sells the demo customers their first grams; they trade with it over the last month (their completed
 * orders, and the price chart's trades, oldest first and denser lately, so the day, week and month charts all show
 * some); one cancelled an order. Now, each has one order resting, and the house rests several sell and buy orders
 * around R$ 9,00/g with a spread between them, so a new customer can buy, sell, or rest an order inside the spread at
 * once. Runs once: a database with orders is left as it is.
 */
export async function ordersDemoEvents(deps: AppDeps, calendar: DemoCalendar): Promise<DemoEvent[]> {
  const db = deps.database.db;
  if (await anyOrder(db)) return [];
  const demo = await approvedCustomerIds(db, ['cliente@prata.dev', 'empresa@prata.dev']);
  const rates = await marketRates(db);
  const cost = (side: OrderSide, pricePerGramCents: number, quantityCentigrams: number) =>
    orderCost({ side, pricePerGramCents, quantityCentigrams, ...rates }).totalCents;

  const events: DemoEvent[] = [
    {
      at: new Date(calendar.opened.getTime() + 30 * 60_000),
      what: 'a casa recebe prata e capital',
      run: async () => {
        await fundHouse(deps, null, { currency: 'AG', amountMinorUnits: 5_000_000 }); // 50 kg in the vault
        await fundHouse(deps, null, { currency: 'BRL', amountMinorUnits: 50_000_000 }); // R$ 500.000,00 of capital
      },
    },
    { at: null, what: 'o livro da casa', run: () => restTheBook(deps) },
  ];
  const maria = demo.get('cliente@prata.dev');
  const empresa = demo.get('empresa@prata.dev');
  if (maria === undefined || empresa === undefined) return events;

  for (const [email, centigrams, day] of OPENING_GRAMS) {
    const customer = demo.get(email)!;
    events.push({
      at: calendar.monthsAgo(24, day, 15),
      what: `a primeira compra de ${email}`,
      run: () =>
        tradeWithHouse(deps, cost, {
          customer,
          side: 'buy',
          pricePerGramCents: OPENING_PRICE_CENTS,
          quantityCentigrams: centigrams,
        }),
    });
  }
  for (const [n, trade] of monthTrades(maria, empresa).entries()) {
    const hours = ((MONTH_TRADES - 1 - n) / (MONTH_TRADES - 1)) ** 2 * MONTH_HOURS + 0.5;
    events.push({
      at: calendar.hoursAgo(hours),
      what: `a ordem ${n + 1} do mês`,
      run: () => tradeWithHouse(deps, cost, trade),
    });
  }
  const cancelled = { id: 0 };
  events.push(
    {
      at: calendar.daysAgo(4, 10, 12),
      what: 'a ordem que a Maria cancelou',
      run: async () => {
        const placed = await placeOrder(deps, maria, 'buy', {
          mode: 'limit',
          pricePerGramCents: 800,
          quantityCentigrams: 500,
          expectedTotalCents: cost('buy', 800, 500),
        });
        cancelled.id = placed.orderId;
      },
    },
    {
      at: calendar.daysAgo(3, 17, 45),
      what: 'a ordem da Maria cancelada',
      run: async () => void (await cancelOrder(deps, { userId: maria }, cancelled.id)),
    },
    {
      at: null,
      what: 'as ordens em aberto dos clientes',
      run: async () => {
        await placeOrder(deps, maria, 'sell', {
          mode: 'limit',
          pricePerGramCents: 960,
          quantityCentigrams: 200,
          expectedTotalCents: cost('sell', 960, 200),
        });
        await placeOrder(deps, empresa, 'buy', {
          mode: 'limit',
          pricePerGramCents: 895,
          quantityCentigrams: 1000,
          expectedTotalCents: cost('buy', 895, 1000),
        });
      },
    },
  );
  return events;
}

/** The orders demo alone, through the demo's clock (tests of features that need the house's book). */
export async function seedOrdersDemo(deps: AppDeps): Promise<void> {
  await runDemoEvents(deps, await ordersDemoEvents(deps, demoCalendar(new Date())));
}
