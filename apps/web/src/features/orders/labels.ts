import type { OrderSide } from '@prata/domain';

/** The orders screen's texts that the server does not send (spec 2 §2: the empty messages to the letter). */
export const ORDER_TYPE_LABELS: Record<OrderSide, string> = { buy: 'Compra', sell: 'Venda' };
export const NO_PENDING_ORDERS = 'Nenhuma ordem pendente.';
export const NO_COMPLETED_ORDERS = 'Nenhuma ordem realizada.';
export const SEE_HISTORY = 'Ver histórico';
export const COMPLETED_HISTORY_PATH = '/meu-historico/ordens-realizadas';

export const SIDE_TEXT: Record<
  OrderSide,
  {
    tab: string;
    formTitle: string;
    action: string;
    total: string;
    vet: string;
    bookTitle: string;
    bookEmpty: string;
    takeTitle: string;
    confirmTitle: string;
  }
> = {
  buy: {
    tab: 'Quero comprar',
    formTitle: 'Nova ordem de compra',
    action: 'Comprar',
    total: 'Total a pagar',
    vet: 'VET (custo efetivo por grama)',
    bookTitle: 'Ofertas de venda',
    bookEmpty: 'Nenhuma oferta de venda no momento.',
    takeTitle: 'Comprar esta oferta?',
    confirmTitle: 'Confirmar a compra?',
  },
  sell: {
    tab: 'Quero vender',
    formTitle: 'Nova ordem de venda',
    action: 'Vender',
    total: 'Total a receber',
    vet: 'VET (valor efetivo por grama)',
    bookTitle: 'Ofertas de compra',
    bookEmpty: 'Nenhuma oferta de compra no momento.',
    takeTitle: 'Vender para esta oferta?',
    confirmTitle: 'Confirmar a venda?',
  },
};

export const MODE_LABELS = { limit: 'Limitada', market: 'A mercado' } as const;

/** The book cannot fill a market order of that many grams (the quote's available=false). */
export const NOT_ENOUGH_IN_BOOK = 'Não há ofertas suficientes no livro para executar essa quantidade a mercado agora.';
