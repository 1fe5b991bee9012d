import { describe, expect, it } from 'vitest';
import type { BookOrder } from '../api/types';
import { livePriceSentence } from './live-price-announcer';

const offer = (price_per_gram: number) => ({ price_per_gram }) as BookOrder;

describe('livePriceSentence', () => {
  it('says the last price per gram and the best offer on each side, as money', () => {
    expect(
      livePriceSentence({ last_price: 5.12 }, { ordersToBuy: [offer(5.2), offer(5.3)], ordersToSell: [offer(5)] }),
    ).toBe('Último preço: R$ 5,12 por grama. Para comprar, a partir de R$ 5,20. Para vender, até R$ 5,00.');
  });

  it('leaves out an empty side, says when nothing traded yet, and waits for both answers', () => {
    expect(livePriceSentence({ last_price: null }, { ordersToBuy: [], ordersToSell: [offer(1234.5)] })).toBe(
      'Ainda não houve negócios. Para vender, até R$ 1.234,50.',
    );
    expect(livePriceSentence(undefined, { ordersToBuy: [], ordersToSell: [] })).toBeNull();
    expect(livePriceSentence({ last_price: 5 }, undefined)).toBeNull();
  });
});
