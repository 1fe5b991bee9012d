import { chargeFill } from '@prata/domain';
import type { Fill } from '../matching/index';
import type { BatchWork } from './work';
import { addOpenValue, availableRef, chargedOf, dropOpen, holdId } from './market';
import { closes, credit } from './work';
import type { AccountRef, LedgerCommand, OpenOrder, Owner } from './types';

type Charge = ReturnType<typeof chargeFill>;

/**
 * One trade: both orders' progress, the ledger's moves (the seller's silver to the buyer; the buyer's reais to the
 * seller, the fee and the IOF; the seller's fee and IOF from what the sale paid in), the usage, the trade's row.
 */
export function applyFill(work: BatchWork, fill: Fill, taker: OpenOrder) {
  const maker = work.state.openOrders.get(Number(fill.makerId));
  if (!maker) throw new Error(`orders: fill against unknown order ${fill.makerId}`);
  const buyer = taker.side === 'buy' ? taker : maker;
  const seller = taker.side === 'buy' ? maker : taker;
  const exact = fill.price * fill.quantity;
  // what each one's hold holds before this fill: the seller's grams left, the buyer's reais not yet charged
  const sellerHeld = seller.remainingCentigrams;
  const buyerHeld = buyer.holdMinorUnits - chargedOf(buyer.progress);
  const b = chargeFill(buyer.progress, 'buy', exact, buyer.rates, buyer.holdMinorUnits);
  const s = chargeFill(seller.progress, 'sell', exact, seller.rates);
  const tradeId = ++work.state.lastTradeId;

  addOpenValue(work.state, maker, -1);
  for (const o of [buyer, seller]) {
    o.remainingCentigrams -= fill.quantity;
    o.filledCentigrams += fill.quantity;
    if (o.remainingCentigrams === 0) o.status = 'filled';
    work.changed.set(o.id, o);
  }
  buyer.progress = b.next;
  seller.progress = s.next;

  moveSilver(work, fill.quantity, seller, buyer, sellerHeld, seller === taker ? tradeId : null);
  moveReais(work, buyer, seller, buyerHeld, b, s, tradeId, buyer === taker);
  countUsage(work, buyer.owner, b.valueCents);
  countUsage(work, seller.owner, s.valueCents);

  if (maker.remainingCentigrams === 0) dropOpen(work.state, maker);
  else addOpenValue(work.state, maker, 1);

  work.trades.push({
    id: tradeId,
    maker_order_id: maker.id,
    taker_order_id: taker.id,
    taker_side: taker.side,
    price_cents: fill.price,
    quantity_cg: fill.quantity,
    buyer_value_cents: b.valueCents,
    seller_value_cents: s.valueCents,
    buyer_fee_cents: b.feeCents,
    buyer_iof_cents: b.iofCents,
    seller_fee_cents: s.feeCents,
    seller_iof_cents: s.iofCents,
  });
}

/** An order with grams left keeps its hold (a resting order, or a market order or take in the middle of its walk). */
const continues = (o: OpenOrder) => o.remainingCentigrams > 0;

/** The silver: the seller's hold to the buyer (what is left stays held under the hold's next generation). */
function moveSilver(
  work: BatchWork,
  quantityCentigrams: number,
  seller: OpenOrder,
  buyer: OpenOrder,
  sellerHeld: number,
  takerTradeId: number | null,
) {
  const sellerHold = closes(work, seller, sellerHeld);
  if (continues(seller)) seller.holdSeq += 1;
  const silver: LedgerCommand = {
    kind: 'capture',
    holdId: sellerHold,
    currency: 'AG',
    parts: [{ to: availableRef(buyer.owner), amount: quantityCentigrams, code: 'trade.silver' }],
    ...(continues(seller) ? { remainderHoldId: holdId(seller) } : {}),
  };
  work.ledgerCommands.push(silver);
  if (takerTradeId !== null) work.takerCaptures.set(silver, takerTradeId);
  credit(work, buyer.owner, 'AG', quantityCentigrams);
}

/** The reais: the buyer's hold pays the seller (its share of the value), the fee and the IOF; then the seller's. */
function moveReais(
  work: BatchWork,
  buyer: OpenOrder,
  seller: OpenOrder,
  buyerHeld: number,
  b: Charge,
  s: Charge,
  tradeId: number,
  buyerIsTaker: boolean,
) {
  const toSellerCents = Math.min(b.valueCents, s.valueCents);
  const parts: Array<{ to: AccountRef; amount: number; code: string }> = [];
  if (toSellerCents > 0) parts.push({ to: availableRef(seller.owner), amount: toSellerCents, code: 'trade.value' });
  if (b.valueCents > toSellerCents)
    parts.push({ to: { system: 'rounding' }, amount: b.valueCents - toSellerCents, code: 'trade.rounding' });
  if (b.feeCents > 0) parts.push({ to: { system: 'revenue:operating-fee' }, amount: b.feeCents, code: 'trade.fee' });
  if (b.iofCents > 0) parts.push({ to: { system: 'tax:iof' }, amount: b.iofCents, code: 'trade.iof' });
  const buyerHold = closes(work, buyer, buyerHeld);
  const buyerDone = !continues(buyer);
  if (parts.length > 0) {
    if (!buyerDone) buyer.holdSeq += 1;
    const reais: LedgerCommand = {
      kind: 'capture',
      holdId: buyerHold,
      currency: 'BRL',
      parts,
      ...(buyerDone ? {} : { remainderHoldId: holdId(buyer) }),
    };
    work.ledgerCommands.push(reais);
    if (buyerIsTaker) work.takerCaptures.set(reais, tradeId);
  } else if (buyerDone) {
    work.ledgerCommands.push({ kind: 'release', holdId: buyerHold });
  }
  if (buyerDone) credit(work, buyer.owner, 'BRL', buyer.holdMinorUnits - chargedOf(buyer.progress));
  if (s.valueCents > toSellerCents) {
    const rounding = s.valueCents - toSellerCents;
    sellerTransfer(work, seller.owner, tradeId, 'rounding', { system: 'rounding' }, rounding, 'trade.rounding', true);
  }
  // the seller's fee and IOF, from what the sale just paid in
  if (s.feeCents > 0) {
    sellerTransfer(
      work,
      seller.owner,
      tradeId,
      'seller-fee',
      { system: 'revenue:operating-fee' },
      s.feeCents,
      'trade.fee',
    );
  }
  if (s.iofCents > 0) {
    sellerTransfer(work, seller.owner, tradeId, 'seller-iof', { system: 'tax:iof' }, s.iofCents, 'trade.iof');
  }
  credit(work, seller.owner, 'BRL', s.valueCents - s.feeCents - s.iofCents);
}

/** A transfer between the seller's available reais and a system account (`toSeller`: the system pays the seller). */
function sellerTransfer(
  work: BatchWork,
  seller: Owner,
  tradeId: number,
  suffix: string,
  system: AccountRef,
  amountCents: number,
  code: string,
  toSeller = false,
) {
  const sellerRef = availableRef(seller);
  work.ledgerCommands.push({
    kind: 'transfer',
    id: `trade:${tradeId}:${suffix}`,
    debit: toSeller ? system : sellerRef,
    credit: toSeller ? sellerRef : system,
    currency: 'BRL',
    amount: amountCents,
    code,
  });
}

/** A customer's traded value this year: the batch's usage row, and the account the core knows. */
function countUsage(work: BatchWork, owner: Owner, valueCents: number) {
  if (owner === 'house' || valueCents === 0) return;
  work.usage.set(owner.userId, (work.usage.get(owner.userId) ?? 0) + valueCents);
  const account = work.state.accounts.get(`u${owner.userId}`);
  if (account) account.tradedCents += valueCents;
}
