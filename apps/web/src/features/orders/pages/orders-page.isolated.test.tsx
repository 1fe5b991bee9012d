// @vitest-environment jsdom
import { MESSAGES } from '@prata/domain';
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getNotice, notify } from '@/lib/notify';
import { aUser } from '@/testing/fixtures';
import { fakeJwt, nowSeconds } from '@/testing/jwt';
import { answerFrom, callsTo, jsonResponse, renderRoute, type RouteTable } from '@/testing/render';
import type { BookOrder, Order, OrderQuoteResponse, OrdersResponse, PriceHistoryResponse } from '../api/types';
import { OrdersPage } from './orders-page';

// The chart draws on a canvas, which jsdom has not: the tests read its data, not its pixels.
vi.mock('../components/price-chart-canvas', () => ({
  default: ({ candles }: { candles: unknown[] }) => <div data-testid="price-chart">{candles.length} pontos</div>,
}));

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => vi.stubGlobal('fetch', fetchMock));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  fetchMock.mockReset();
  localStorage.clear();
  notify.close();
});

/** Signed in, so the form knows the balances (GET /api/user). */
const signedIn = (balances: { balance_brl: number; balance_ag: number }) => {
  localStorage.setItem('authToken', fakeJwt({ sub: '1', exp: nowSeconds() + 600 }));
  return { 'GET /api/user': () => jsonResponse(200, { user: aUser(balances) }) };
};
const keyOf = (key: string, index = 0) => new Headers(calls(key)[index]?.[1]?.headers).get('Idempotency-Key');

const bookOrder = (overrides: Partial<BookOrder>): BookOrder => ({
  id: 1,
  type: 'sell',
  price_per_gram: 5.37,
  quantity_grams: 3,
  total_amount: 16.11,
  created_at: '2026-03-10T13:05:00Z',
  my_order: false,
  ...overrides,
});

const anOrder = (overrides: Partial<Order>): Order => ({
  id: 100,
  type: 'buy',
  mode: 'limit',
  status: 'filled',
  price_per_gram: 5,
  quantity_grams: 10,
  total_amount: 55.21,
  transaction_fee: 5,
  iof_fee: 0.21,
  ordered_grams: 10,
  filled_grams: 10,
  created_at: '2026-03-10T13:05:00Z',
  updated_at: '2026-03-10T13:05:00Z',
  deleted_at: null,
  my_order: true,
  ...overrides,
});

const book: OrdersResponse = {
  transaction_fee: 0.5,
  iof_fee: 0.38,
  minimum_fee: 5,
  trading_limit: 50_000,
  trading_limit_left: 48_000,
  ordersToBuy: [
    bookOrder({ id: 7, price_per_gram: 5.37, quantity_grams: 3, total_amount: 16.11 }),
    bookOrder({ id: 8, price_per_gram: 5.5, quantity_grams: 2, total_amount: 11, my_order: true }),
  ],
  ordersToSell: [bookOrder({ id: 9, type: 'buy', price_per_gram: 5.2, quantity_grams: 1, total_amount: 5.2 })],
  myPendingOrders: [],
  myCompletedOrders: [],
};

const history: PriceHistoryResponse = {
  range: 'day',
  bucket_minutes: 15,
  candles: [
    { at: '2026-03-10T12:00:00Z', open: 5.2, high: 5.4, low: 5.2, close: 5.3, volume_grams: 12 },
    { at: '2026-03-10T12:15:00Z', open: 5.3, high: 5.45, low: 5.3, close: 5.4, volume_grams: 3 },
  ],
  last_price: 5.4,
  change_reference_price: 5.25,
};

/** Routes the calls by method and path; anything else is a 404. */
const api = (routes: RouteTable) => answerFrom(fetchMock, routes);
const baseRoutes = (data: OrdersResponse = book) => ({
  'GET /api/orders': () => jsonResponse(200, data),
  'GET /api/orders/price-history': () => jsonResponse(200, history),
});

const LONG = { timeout: 5000 };
const waitLong = <T,>(check: () => T) => vi.waitFor(check, LONG);
const calls = (key: string) => callsTo(fetchMock, key);
const bodyOf = (key: string, index = 0) => JSON.parse(String(calls(key)[index]?.[1]?.body));

/** Types into a masked field (react-imask reads the input's value on the input event). */
function type(label: RegExp, text: string) {
  fireEvent.input(screen.getByLabelText(label), { target: { value: text } });
}
const summaryText = () => screen.queryByRole('region', { name: 'Resumo da ordem' })?.textContent ?? null;

async function openPage(routes: Record<string, (init?: RequestInit) => Response>, url = '/ordens') {
  api(routes);
  const view = renderRoute(<OrdersPage />, { path: '/ordens', url });
  await screen.findByRole('tablist', { name: 'Ordens' }, LONG);
  return view;
}

describe('/ordens: the buy form', { timeout: 20_000 }, () => {
  it('sums up a limit buy 300 ms after typing: the R$ 5,00 minimum without a percentage, the IOF, the VET', async () => {
    await openPage(baseRoutes());
    type(/Preço por grama/, '5,00');
    type(/Quantidade/, '10,00');
    expect(summaryText()).toBeNull();
    await waitLong(() => expect(summaryText()).not.toBeNull());
    const summary = summaryText() ?? '';
    expect(summary).toContain('Valor (10,00 g × R$ 5,00)R$ 50,00');
    expect(summary).toContain('Taxa operacional (mínima)R$ 5,00');
    expect(summary).not.toContain('0,50%');
    expect(summary).toContain('IOF (0,38%)R$ 0,21');
    expect(summary).toContain('VET (custo efetivo por grama)R$ 5,52');
    expect(summary).toContain('Total a pagarR$ 55,21');
  });

  it('shows the percentage above the minimum, sends the limit order and takes the answer', async () => {
    const placed = anOrder({ id: 55, status: 'open', price_per_gram: 100, quantity_grams: 20, total_amount: 2000 });
    let current = book;
    await openPage({
      ...baseRoutes(),
      'GET /api/orders': () => jsonResponse(200, current),
      'POST /api/order/buy': () => {
        current = { ...book, myPendingOrders: [placed], trading_limit_left: 45_982.36 };
        return jsonResponse(201, {
          ordersToBuy: book.ordersToBuy,
          ordersToSell: book.ordersToSell,
          myPendingOrders: [placed],
          myCompletedOrders: [],
          order: placed,
          message: 'Ordem registrada. Ela fica no livro até encontrar uma contraparte ou ser cancelada.',
        });
      },
    });
    expect(screen.getByText(/Limite anual disponível/).textContent).toContain('R$ 48.000,00 de R$ 50.000,00');
    type(/Preço por grama/, '100,00');
    type(/Quantidade/, '20,00');
    await waitLong(() => expect(summaryText()).toContain('Taxa operacional (0,50%)R$ 10,00'));
    const summary = summaryText() ?? '';
    expect(summary).toContain('IOF (0,38%)R$ 7,64');
    expect(summary).toContain('VET (custo efetivo por grama)R$ 100,88');
    expect(summary).toContain('Total a pagarR$ 2.017,64');

    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Comprar' })));
    // above R$ 100,00: a confirmation with the all-in figure first; nothing is sent yet
    const dialog = await screen.findByRole('dialog', { name: 'Confirmar a compra?' }, LONG);
    expect(dialog.textContent).toContain('Confirme a compra: R$ 2.017,64 saem do seu saldo em reais');
    expect(calls('POST /api/order/buy')).toHaveLength(0);
    // a double click on the confirmation sends one request
    const confirm = within(dialog).getByRole('button', { name: 'Comprar' });
    await act(async () => {
      fireEvent.click(confirm);
      fireEvent.click(confirm);
    });
    await waitLong(() => expect(calls('POST /api/order/buy')).toHaveLength(1));
    expect(bodyOf('POST /api/order/buy')).toEqual({
      mode: 'limit',
      price_per_gram: '100.00',
      quantity_grams: '20.00',
      total_amount: '2017.64',
    });
    expect(new Headers(calls('POST /api/order/buy')[0]?.[1]?.headers).get('Idempotency-Key')).toMatch(/^[\w-]{32,36}$/);
    await waitLong(() => expect(getNotice()?.message).toMatch(/^Ordem registrada/));
    // the answer's lists are the screen's; the form is empty, in limit mode
    await waitLong(() =>
      expect(screen.getByRole('tab', { name: /^Minhas ordens/ }).textContent).toBe('Minhas ordens (1)'),
    );
    expect((screen.getByLabelText(/Preço por grama/) as HTMLInputElement).value).toBe('');
    expect((screen.getByLabelText(/Quantidade/) as HTMLInputElement).value).toBe('');
    expect(screen.getByRole('button', { name: 'Limitada' }).getAttribute('aria-pressed')).toBe('true');
    // the limit left is not in the answer: GET /api/orders is asked again
    await waitLong(() =>
      expect(screen.getByText(/Limite anual disponível/).textContent).toContain('R$ 45.982,36 de R$ 50.000,00'),
    );
  });

  it('in market mode disables the price, shows the quote, and sends no price_per_gram', async () => {
    const quote: OrderQuoteResponse = {
      type: 'buy',
      quantity_grams: 10,
      available: true,
      price_per_gram: 5.4,
      value: 54,
      transaction_fee: 5,
      iof_fee: 0.22,
      total: 59.22,
      vet_per_gram: 5.92,
      allowed: true,
    };
    await openPage({
      ...baseRoutes(),
      'GET /api/orders/quote/buy/10.00': () => jsonResponse(200, quote),
      'POST /api/order/buy': () =>
        jsonResponse(409, {
          code: 'ORDER_PRICE_CHANGED',
          message:
            'Os preços do livro ou as taxas mudaram desde o resumo que você viu. Confira o novo resumo e envie de novo.',
        }),
    });
    fireEvent.click(screen.getByRole('button', { name: 'A mercado' }));
    const price = screen.getByLabelText(/Preço médio por grama/) as HTMLInputElement;
    expect(price.disabled).toBe(true);
    expect(screen.queryByLabelText(/^Preço por grama/)).toBeNull();
    type(/Quantidade/, '10,00');
    await waitLong(() => expect(summaryText()).toContain('Total a pagarR$ 59,22'));
    expect(summaryText()).toContain('VET (custo efetivo por grama)R$ 5,92');
    expect(price.value).toBe('5,40');

    const ordersCallsBefore = calls('GET /api/orders').length;
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Comprar' })));
    await waitLong(() => expect(calls('POST /api/order/buy')).toHaveLength(1));
    expect(bodyOf('POST /api/order/buy')).toEqual({ mode: 'market', quantity_grams: '10.00', total_amount: '59.22' });
    // the book moved: the lists and the quote are asked again, and the customer is told to check the summary
    await waitLong(() => expect(getNotice()?.message).toMatch(/Confira o novo resumo/));
    await waitLong(() => expect(calls('GET /api/orders').length).toBeGreaterThan(ordersCallsBefore));
    await waitLong(() => expect(calls('GET /api/orders/quote/buy/10.00').length).toBeGreaterThan(1));
  });

  it('a double click on "Comprar" places one market order, with one Idempotency-Key, and locks the button', async () => {
    const quote: OrderQuoteResponse = {
      type: 'buy',
      quantity_grams: 1,
      available: true,
      price_per_gram: 9.1,
      value: 9.1,
      transaction_fee: 5,
      iof_fee: 0.05,
      total: 14.15,
      vet_per_gram: 14.15,
      allowed: true,
    };
    let answer: (response: Response) => void = () => undefined;
    await openPage({
      ...baseRoutes(),
      'GET /api/orders/quote/buy/1.00': () => jsonResponse(200, quote),
      'POST /api/order/buy': () =>
        new Promise<Response>((resolve) => {
          answer = resolve;
        }) as unknown as Response,
    });
    fireEvent.click(screen.getByRole('button', { name: 'A mercado' }));
    type(/Quantidade/, '1,00');
    await waitLong(() => expect(summaryText()).toContain('Total a pagarR$ 14,15'));
    const button = screen.getByRole('button', { name: 'Comprar' }) as HTMLButtonElement;
    await act(async () => {
      fireEvent.click(button);
      fireEvent.click(button);
    });
    await waitLong(() => expect(calls('POST /api/order/buy')).toHaveLength(1));
    // below R$ 100,00 it goes at once; the button is locked while the order is on its way
    expect(screen.queryByRole('dialog', { name: 'Confirmar a compra?' })).toBeNull();
    await waitLong(() => expect(button.disabled).toBe(true));
    await act(async () => fireEvent.click(button));
    expect(calls('POST /api/order/buy')).toHaveLength(1);
    expect(keyOf('POST /api/order/buy')).toMatch(/^[\w-]{32,36}$/);
    answer(
      jsonResponse(201, {
        ...book,
        order: anOrder({ id: 57, mode: 'market', quantity_grams: 1 }),
        message: 'Ordem executada.',
      }),
    );
    await waitLong(() => expect(getNotice()?.message).toBe('Ordem executada.'));
    expect(calls('POST /api/order/buy')).toHaveLength(1);
  });

  it('warns while typing when the total passes the balance or the annual limit left, as the server would refuse', async () => {
    await openPage({ ...baseRoutes(), ...signedIn({ balance_brl: 5112.28, balance_ag: 2 }) });
    await waitLong(() => expect(screen.getByText(/Saldo disponível/).textContent).toContain('R$ 5.112,28'));
    type(/Preço por grama/, '9,10');
    type(/Quantidade/, '1000,00');
    await waitLong(() =>
      expect(screen.getByText(/^Saldo em reais insuficiente para esta ordem/).textContent).toContain(
        'o total é R$ 9.180,25 e o seu saldo disponível é R$ 5.112,28',
      ),
    );
    expect(screen.queryByText(/ultrapassa o seu limite anual/)).toBeNull();
    type(/Quantidade/, '6000,00');
    expect(
      await screen.findByText(
        'Esta ordem ultrapassa o seu limite anual de negociação de R$ 50.000,00. Neste ano você ainda pode negociar R$ 48.000,00. Peça um aumento em Meus dados > Aumentar limite.',
        undefined,
        LONG,
      ),
    ).toBeTruthy();
    // the button stays: the server decides (a deposit may have just arrived)
    expect((screen.getByRole('button', { name: 'Comprar' }) as HTMLButtonElement).disabled).toBe(false);
    type(/Quantidade/, '1,00');
    await waitLong(() => expect(screen.queryByText(/insuficiente|limite anual de negociação/)).toBeNull());
  });

  it('says when the book cannot fill a market order, and offers no button to send it', async () => {
    await openPage({
      ...baseRoutes(),
      'GET /api/orders/quote/buy/500.00': () =>
        jsonResponse(200, {
          type: 'buy',
          quantity_grams: 500,
          available: false,
          price_per_gram: 0,
          value: 0,
          transaction_fee: 0,
          iof_fee: 0,
          total: 0,
          vet_per_gram: 0,
          allowed: true,
        }),
    });
    fireEvent.click(screen.getByRole('button', { name: 'A mercado' }));
    type(/Quantidade/, '500,00');
    expect(await screen.findByText(/Não há ofertas suficientes no livro/, undefined, LONG)).toBeTruthy();
    expect(summaryText()).toBeNull();
    expect((screen.getByRole('button', { name: 'Comprar' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('explains limit versus market orders', async () => {
    await openPage(baseRoutes());
    fireEvent.click(screen.getByRole('button', { name: /Limitada ou a mercado/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Ordem limitada ou a mercado?' }, LONG);
    expect(dialog.textContent).toContain('É tudo ou nada');
    expect(dialog.textContent).toContain('nunca paga mais');
  });
});

describe('/ordens: the sell form', { timeout: 20_000 }, () => {
  it('shows no summary and no button when the net would not be above zero', async () => {
    await openPage(baseRoutes(), '/ordens?aba=vender');
    expect(screen.getByRole('tab', { name: 'Quero vender', selected: true })).toBeTruthy();
    type(/Preço por grama/, '0,50');
    type(/Quantidade/, '10,00');
    expect(await screen.findByText(/O valor líquido desta venda seria zero ou negativo/, undefined, LONG)).toBeTruthy();
    expect(summaryText()).toBeNull();
    expect(screen.queryByRole('button', { name: 'Vender' })).toBeNull();

    type(/Preço por grama/, '5,00');
    await waitLong(() => expect(summaryText()).toContain('Total a receberR$ 44,79'));
    expect(summaryText()).toContain('Taxa operacional (mínima)-R$ 5,00');
    expect(screen.getByRole('button', { name: 'Vender' })).toBeTruthy();
  });
});

describe('/ordens: the sell form warns', { timeout: 20_000 }, () => {
  it('when the grams pass the available silver, in the words of the refusal', async () => {
    await openPage({ ...baseRoutes(), ...signedIn({ balance_brl: 100, balance_ag: 2 }) }, '/ordens?aba=vender');
    await waitLong(() => expect(screen.getByText(/Prata disponível/).textContent).toContain('2,00 g'));
    type(/Preço por grama/, '9,00');
    type(/Quantidade/, '5,00');
    expect(
      await screen.findByText(
        'Você não tem prata disponível suficiente para esta ordem: ela vende 5,00 g e você tem 2,00 g disponível.',
        undefined,
        LONG,
      ),
    ).toBeTruthy();
    type(/Quantidade/, '2,00');
    await waitLong(() => expect(screen.queryByText(/prata disponível suficiente/)).toBeNull());
  });
});

describe('/ordens: the book', { timeout: 20_000 }, () => {
  it("takes a row after a confirmation with its summary: order_id, the row's price and quantity, no mode", async () => {
    await openPage({
      ...baseRoutes(),
      'POST /api/order/buy': () =>
        jsonResponse(201, {
          ...book,
          ordersToBuy: book.ordersToBuy.slice(1),
          order: anOrder({ id: 56 }),
          message: 'Ordem executada.',
        }),
    });
    const table = screen.getByRole('table', { name: 'Ofertas de venda' });
    // the customer's own row: greyed, with "Cancelar" instead of "Comprar"
    const own = within(table).getByText('Sua ordem').closest('tr') as HTMLElement;
    expect(within(own).getByRole('button', { name: /^Cancelar sua ordem/ })).toBeTruthy();
    expect(within(own).queryByRole('button', { name: /^Comprar/ })).toBeNull();

    fireEvent.click(within(table).getByRole('button', { name: 'Comprar 3,00 g a R$ 5,37 por grama' }));
    const dialog = await screen.findByRole('dialog', { name: 'Comprar esta oferta?' }, LONG);
    const summary = within(dialog).getByRole('region', { name: 'Resumo da oferta' }).textContent ?? '';
    // 3 g × R$ 5,37 = R$ 16,11; the R$ 5,00 minimum; IOF (16,11 + 5,00) × 0,38% = R$ 0,08
    expect(summary).toContain('Valor (3,00 g × R$ 5,37)R$ 16,11');
    expect(summary).toContain('Taxa operacional (mínima)R$ 5,00');
    expect(summary).toContain('IOF (0,38%)R$ 0,08');
    expect(summary).toContain('Total a pagarR$ 21,19');
    expect(dialog.textContent).toContain('Confirme a compra: R$ 21,19 saem do seu saldo em reais');
    const take = within(dialog).getByRole('button', { name: 'Comprar' });
    await act(async () => {
      fireEvent.click(take);
      fireEvent.click(take);
    });
    await waitLong(() => expect(calls('POST /api/order/buy')).toHaveLength(1));
    expect(keyOf('POST /api/order/buy')).toMatch(/^[\w-]{32,36}$/);
    expect(bodyOf('POST /api/order/buy')).toEqual({
      order_id: 7,
      price_per_gram: '5.37',
      quantity_grams: '3.00',
      total_amount: '21.19',
    });
    await waitLong(() => expect(getNotice()?.message).toBe('Ordem executada.'));
  });

  it('a row the balance cannot take says why and offers no action; the balance is asked again', async () => {
    await openPage({ ...baseRoutes(), ...signedIn({ balance_brl: 10, balance_ag: 0 }) });
    const asked = calls('GET /api/user').length;
    const table = screen.getByRole('table', { name: 'Ofertas de venda' });
    fireEvent.click(within(table).getByRole('button', { name: 'Comprar 3,00 g a R$ 5,37 por grama' }));
    const dialog = await screen.findByRole('dialog', { name: 'Comprar esta oferta?' }, LONG);
    expect(dialog.textContent).toContain(MESSAGES.orderWarningReais('R$ 21,19', 'R$ 10,00'));
    expect(dialog.textContent).not.toContain('saem do seu saldo');
    expect(within(dialog).queryByRole('button', { name: 'Comprar' })).toBeNull();
    await waitLong(() => expect(calls('GET /api/user').length).toBeGreaterThan(asked));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Fechar' }));
    await waitLong(() => expect(screen.queryByRole('dialog', { name: 'Comprar esta oferta?' })).toBeNull());
    expect(calls('POST /api/order/buy')).toHaveLength(0);
  });

  it('cancels an own order after a confirmation', async () => {
    await openPage({
      ...baseRoutes(),
      'DELETE /api/order/8': () => jsonResponse(200, { order: { id: 8 }, message: 'Ordem cancelada.' }),
    });
    fireEvent.click(screen.getByRole('button', { name: /^Cancelar sua ordem de 2,00 g/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancelar ordem?' }, LONG);
    const confirm = within(dialog).getByRole('button', { name: 'Cancelar ordem' });
    await act(async () => {
      fireEvent.click(confirm);
      fireEvent.click(confirm);
    });
    await waitLong(() => expect(getNotice()?.message).toBe('Ordem cancelada.'));
    expect(calls('DELETE /api/order/8')).toHaveLength(1);
    expect(keyOf('DELETE /api/order/8')).toMatch(/^[\w-]{32,36}$/);
  });

  it('refreshes when the book changes (Server-Sent Events), and closes the stream on leaving', async () => {
    const sources: FakeEventSource[] = [];
    class FakeEventSource extends EventTarget {
      closed = false;
      constructor(readonly url: string) {
        super();
        sources.push(this);
      }
      close() {
        this.closed = true;
      }
    }
    vi.stubGlobal('EventSource', FakeEventSource);
    const view = await openPage(baseRoutes());
    expect(sources.map((s) => s.url)).toEqual(['/api/orders/stream']);
    const before = calls('GET /api/orders').length;
    const beforeHistory = calls('GET /api/orders/price-history?range=day').length;
    sources[0]?.dispatchEvent(new MessageEvent('book', { data: '{"version":2}' }));
    await waitLong(() => expect(calls('GET /api/orders').length).toBe(before + 1));
    await waitLong(() => expect(calls('GET /api/orders/price-history?range=day').length).toBe(beforeHistory + 1));
    view.unmount();
    expect(sources[0]?.closed).toBe(true);
  });

  it('draws the price of the last trades, and says so when there were none', async () => {
    await openPage({
      ...baseRoutes(),
      'GET /api/orders/price-history?range=week': () =>
        jsonResponse(200, { ...history, range: 'week', candles: [], last_price: null, change_reference_price: null }),
    });
    expect(await screen.findByTestId('price-chart', undefined, LONG)).toBeTruthy();
    const chart = screen.getByRole('region', { name: 'Preço da prata' });
    expect(within(chart).getAllByText('R$ 5,40')[0]?.tagName).toBe('SPAN');
    // the text alternative: the figure's summary and the last prices, newest first
    expect(within(chart).getByRole('figure').textContent).toContain('mínimo de R$ 5,30 e máximo de R$ 5,40');
    const prices = within(chart).getByRole('table', { name: 'Últimos preços' });
    expect(
      within(prices)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Data e hora', 'Preço por grama']);
    expect(
      within(prices)
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual(['Data e horaPreço por grama', '10/03/2026 09:15R$ 5,40', '10/03/2026 09:00R$ 5,30']);
    // the last trade against the price 24 hours ago (5,25), not the first candle's open (5,20)
    expect(screen.getByText('+2,86%')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Semana' }));
    expect(await screen.findByText('Ainda não houve negócios no livro.', undefined, LONG)).toBeTruthy();
  });
});

describe('/ordens: Minhas ordens', { timeout: 20_000 }, () => {
  it('says when there is nothing pending or completed', async () => {
    await openPage(baseRoutes());
    fireEvent.click(screen.getByRole('tab', { name: 'Minhas ordens' }));
    expect(await screen.findByText('Nenhuma ordem pendente.', undefined, LONG)).toBeTruthy();
    expect(screen.getByText('Nenhuma ordem realizada.')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Ver histórico' })).toBeNull();
  });

  it('links "Ver histórico" only when exactly 10 completed orders are shown', async () => {
    const completed = (n: number) => Array.from({ length: n }, (_, i) => anOrder({ id: 200 + i }));
    await openPage(baseRoutes({ ...book, myCompletedOrders: completed(9) }), '/ordens?aba=minhas');
    const table = await screen.findByRole('table', { name: 'Ordens realizadas' }, LONG);
    expect(within(table).getAllByRole('row')).toHaveLength(10);
    expect(screen.queryByRole('link', { name: 'Ver histórico' })).toBeNull();
    cleanup();

    await openPage(baseRoutes({ ...book, myCompletedOrders: completed(10) }), '/ordens?aba=minhas');
    const link = await screen.findByRole('link', { name: 'Ver histórico' }, LONG);
    expect(link.getAttribute('href')).toBe('/meu-historico/ordens-realizadas');
  });

  it('lists the pending orders with what was executed, and cancels one', async () => {
    const pending = anOrder({
      id: 5,
      type: 'sell',
      status: 'open',
      price_per_gram: 6,
      quantity_grams: 7,
      total_amount: 42,
      ordered_grams: 10,
      filled_grams: 3,
    });
    let current: OrdersResponse = { ...book, myPendingOrders: [pending] };
    await openPage(
      {
        ...baseRoutes(),
        'GET /api/orders': () => jsonResponse(200, current),
        'DELETE /api/order/5': () => {
          current = book;
          return jsonResponse(200, { order: { id: 5 }, message: 'Ordem cancelada.' });
        },
      },
      '/ordens?aba=minhas',
    );
    const table = await screen.findByRole('table', { name: 'Ordens pendentes' }, LONG);
    const row = within(table).getByText('Venda').closest('tr') as HTMLElement;
    for (const text of ['R$ 6,00', '7,00 g', '3,00 g de 10,00 g executados', 'R$ 42,00'])
      expect(within(row).getByText(text)).toBeTruthy();
    fireEvent.click(within(row).getByRole('button', { name: /^Cancelar a ordem de venda de 7,00 g/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancelar ordem?' }, LONG);
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Cancelar ordem' })));
    await waitLong(() => expect(calls('DELETE /api/order/5')).toHaveLength(1));
    expect(await screen.findByText('Nenhuma ordem pendente.', undefined, LONG)).toBeTruthy();
  });
});

describe('/ordens: who may', { timeout: 20_000 }, () => {
  it("a 403 REGISTRATION_INCOMPLETE shows the server's message and goes to /register/finish", async () => {
    api({
      'GET /api/orders': () =>
        jsonResponse(403, { code: 'REGISTRATION_INCOMPLETE', message: 'Conclua seu cadastro para continuar.' }),
      'GET /api/orders/price-history': () => jsonResponse(200, history),
    });
    const { router } = renderRoute(<OrdersPage />, { path: '/ordens' });
    await waitLong(() => expect(router.state.location.pathname).toBe('/register/finish'));
    expect(getNotice()?.message).toBe('Conclua seu cadastro para continuar.');
  });

  it("under review, the server's message stays on the page", async () => {
    api({
      'GET /api/orders': () =>
        jsonResponse(403, { code: 'REGISTRATION_UNDER_REVIEW', message: 'Seu cadastro está em análise.' }),
      'GET /api/orders/price-history': () => jsonResponse(200, history),
    });
    renderRoute(<OrdersPage />, { path: '/ordens' });
    expect(await screen.findByText('Seu cadastro está em análise.', undefined, LONG)).toBeTruthy();
    expect(screen.getByText('Cadastro em análise')).toBeTruthy();
  });
});
