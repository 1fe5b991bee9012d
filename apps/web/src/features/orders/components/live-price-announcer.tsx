import { formatReais } from '@prata/domain';
import { PoliteAnnouncer } from '@/components/polite-announcer';
import { useOrders } from '../api/get-orders';
import { usePriceHistory } from '../api/get-price-history';
import type { OrdersResponse, PriceHistoryResponse } from '../api/types';

/**
 * The sentence a screen reader hears when the book moves: the last trade's price and the best offers on each side
 * ('Último preço: R$ 5,12 por grama. Para comprar, a partir de R$ 5,20; para vender, até R$ 5,00.'). Null until both
 * the price and the book have arrived, so their arriving one after the other is no change.
 */
export function livePriceSentence(
  history: Pick<PriceHistoryResponse, 'last_price'> | undefined,
  book: Pick<OrdersResponse, 'ordersToBuy' | 'ordersToSell'> | undefined,
): string | null {
  if (!history || !book) return null;
  const parts = [
    history.last_price === null
      ? 'Ainda não houve negócios.'
      : `Último preço: ${formatReais(history.last_price)} por grama.`,
  ];
  const ask = book.ordersToBuy[0]?.price_per_gram;
  const bid = book.ordersToSell[0]?.price_per_gram;
  if (ask !== undefined) parts.push(`Para comprar, a partir de ${formatReais(ask)}.`);
  if (bid !== undefined) parts.push(`Para vender, até ${formatReais(bid)}.`);
  return parts.join(' ');
}

/**
 * /ordens' polite announcement of the live price: the figures on screen tick with the book's stream, this
 * says their summary at most every 30 s, and only when it changed.
 */
export function LivePriceAnnouncer() {
  const history = usePriceHistory('day');
  const orders = useOrders();
  return <PoliteAnnouncer sentence={livePriceSentence(history.data, orders.data)} />;
}
