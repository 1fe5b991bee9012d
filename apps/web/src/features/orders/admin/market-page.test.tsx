// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { type AdminMarketResponse, MESSAGES } from '@prata/domain';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getNotice, notify } from '@/lib/notify';
import { answerFrom, callsTo, jsonResponse, renderRoute, type RouteTable } from '@/testing/render';
import { MarketPage } from './market-page';

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => vi.stubGlobal('fetch', fetchMock));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  fetchMock.mockReset();
  notify.close();
});

const market: AdminMarketResponse = {
  transaction_fee: 0.5,
  iof_fee: 0.38,
  minimum_fee: 5,
  house: { available_reais: 12345.67, held_reais: 537, available_grams: 1234.5, held_grams: 20 },
  house_orders: [
    {
      id: 42,
      type: 'sell',
      price_per_gram: 5.6,
      ordered_grams: 30,
      quantity_grams: 20,
      filled_grams: 10,
      status: 'open',
      created_at: '2026-03-01T12:00:00.000Z',
    },
    {
      id: 41,
      type: 'buy',
      price_per_gram: 5.37,
      ordered_grams: 100,
      quantity_grams: 0,
      filled_grams: 100,
      status: 'filled',
      created_at: '2026-03-01T11:00:00.000Z',
    },
  ],
  asks: [
    { price_per_gram: 5.6, quantity_grams: 20, orders: 1 },
    { price_per_gram: 5.75, quantity_grams: 12.34, orders: 3 },
  ],
  bids: [
    { price_per_gram: 5.4, quantity_grams: 8, orders: 2 },
    { price_per_gram: 5.1, quantity_grams: 100, orders: 1 },
  ],
  last_price: 5.5,
  trades_today: 7,
  volume_today_grams: 150.25,
};

/** Routes the calls by method and path; anything else is a 404. */
const api = (routes: RouteTable) => answerFrom(fetchMock, routes);
const calls = (key: string) => callsTo(fetchMock, key);
const LONG = { timeout: 5000 };
const waitLong = <T,>(check: () => T) => vi.waitFor(check, LONG);

/** Types into a masked field (react-imask reads the input's value on the input event). */
const typeInto = (label: RegExp, text: string) =>
  fireEvent.input(screen.getByLabelText(label), { target: { value: text } });

const GET = 'GET /api/admin/market';

// generous: the suite runs files in parallel on busy machines
describe('Mercado', { timeout: 20_000 }, () => {
  it("shows the house's position, today's figures, the book's levels around the spread and the house's orders", async () => {
    api({ [GET]: () => jsonResponse(200, market) });
    renderRoute(<MarketPage />);
    const available = await screen.findByRole('region', { name: 'Reais disponíveis' }, LONG);
    expect(available.textContent).toContain('R$ 12.345,67');
    expect(screen.getByRole('region', { name: 'Reais reservados' }).textContent).toContain('R$ 537,00');
    expect(screen.getByRole('region', { name: 'Prata disponível' }).textContent).toContain('1.234,50 g');
    expect(screen.getByRole('region', { name: 'Prata reservada' }).textContent).toContain('20,00 g');
    expect(screen.getByRole('region', { name: 'Negócios hoje' }).textContent).toContain('7');
    expect(screen.getByRole('region', { name: 'Volume hoje' }).textContent).toContain('150,25 g');

    // asks dearest first, so the best ask sits just above the spread; bids best first below it
    const asks = within(screen.getByRole('table', { name: 'Ordens de venda por preço' })).getAllByRole('row');
    expect(asks.slice(1).map((row) => row.textContent)).toEqual(['R$ 5,7512,34 g3', 'R$ 5,6020,00 g1']);
    const bids = within(screen.getByRole('table', { name: 'Ordens de compra por preço' })).getAllByRole('row');
    expect(bids.slice(1).map((row) => row.textContent)).toEqual(['R$ 5,408,00 g2', 'R$ 5,10100,00 g1']);
    expect(screen.getByText('Spread R$ 0,20 (3,57%)')).toBeTruthy();
    expect(screen.getAllByText('R$ 5,50/g').length).toBeGreaterThan(0);

    const orders = screen.getByRole('table', { name: 'Ordens da casa' });
    const open = within(orders).getByText('Venda #42').closest('tr')!;
    expect(open.textContent).toContain('Aberta');
    expect(within(open).getByRole('button', { name: 'Cancelar ordem da casa #42' })).toBeTruthy();
    const filled = within(orders).getByText('Compra #41').closest('tr')!;
    expect(filled.textContent).toContain('Executada');
    expect(within(filled).queryByRole('button')).toBeNull();
  });

  it('lists every open house order first, then the latest closed ones, the rest behind "Mostrar mais"', async () => {
    const closed = Array.from({ length: 7 }, (_, i) => ({ ...market.house_orders[1]!, id: 30 + i }));
    api({ [GET]: () => jsonResponse(200, { ...market, house_orders: [...closed, market.house_orders[0]!] }) });
    renderRoute(<MarketPage />);
    const table = await screen.findByRole('table', { name: 'Ordens da casa' }, LONG);
    const ids = () =>
      within(table)
        .getAllByText(/^(Compra|Venda) #\d+$/)
        .map((cell) => cell.textContent);
    expect(ids()).toEqual(['Venda #42', 'Compra #36', 'Compra #35', 'Compra #34', 'Compra #33', 'Compra #32']);
    fireEvent.click(screen.getByRole('button', { name: 'Mostrar mais 2 ordens encerradas' }));
    expect(ids()).toHaveLength(8);
    expect(ids().at(-1)).toBe('Compra #30');
  });

  it('an empty book and no house orders say so', async () => {
    api({
      [GET]: () => jsonResponse(200, { ...market, asks: [], bids: [], house_orders: [], last_price: null }),
    });
    renderRoute(<MarketPage />);
    expect(await screen.findByText('Nenhuma ordem de venda no livro.', {}, LONG)).toBeTruthy();
    expect(screen.getByText('Nenhuma ordem de compra no livro.')).toBeTruthy();
    expect(screen.getByText('A casa não tem ordens abertas nem recentes.')).toBeTruthy();
    expect(screen.getByText('Sem spread: falta um dos lados do livro')).toBeTruthy();
  });

  it('posts a house order with its side, price and grams as numbers, and an Idempotency-Key', async () => {
    api({
      [GET]: () => jsonResponse(200, market),
      'POST /api/admin/market/house-orders': () =>
        jsonResponse(201, {
          message: MESSAGES.houseOrderPlaced,
          order: { ...market.house_orders[0], id: 43, type: 'buy', status: 'open' },
        }),
    });
    renderRoute(<MarketPage />);
    const form = await screen.findByRole('form', { name: 'Nova ordem da casa' }, LONG);
    fireEvent.click(within(form).getByRole('button', { name: 'Comprar' }));
    typeInto(/Preço por grama/, '5,37');
    typeInto(/Quantidade/, '10,5');
    await waitLong(() => expect(within(form).getByText('R$ 56,39')).toBeTruthy());
    // a double click places one order
    const send = within(form).getByRole('button', { name: 'Registrar compra' });
    await act(async () => {
      fireEvent.click(send);
      fireEvent.click(send);
    });

    await waitLong(() => expect(calls('POST /api/admin/market/house-orders')).toHaveLength(1));
    const [, init] = calls('POST /api/admin/market/house-orders')[0]!;
    expect(JSON.parse(String(init?.body))).toEqual({ type: 'buy', price_per_gram: 5.37, quantity_grams: 10.5 });
    expect(new Headers(init?.headers).get('Idempotency-Key')).toMatch(/^[0-9a-f-]{32,36}$/);
    await waitLong(() => expect(getNotice()?.message).toBe(MESSAGES.houseOrderPlaced));
    expect(calls('POST /api/admin/market/house-orders')).toHaveLength(1);
  });

  it("shows the server's refusal of a house order beside the form (by its code)", async () => {
    api({
      [GET]: () => jsonResponse(200, market),
      'POST /api/admin/market/house-orders': () =>
        jsonResponse(422, { code: 'INSUFFICIENT_BALANCE', message: 'A casa não tem prata disponível suficiente.' }),
    });
    renderRoute(<MarketPage />);
    const form = await screen.findByRole('form', { name: 'Nova ordem da casa' }, LONG);
    typeInto(/Preço por grama/, '6');
    typeInto(/Quantidade/, '5000');
    expect(within(form).getByText(/passa da prata disponível da casa/)).toBeTruthy();
    fireEvent.click(within(form).getByRole('button', { name: 'Registrar venda' }));
    expect(await within(form).findByText('A casa não tem prata disponível suficiente.', {}, LONG)).toBeTruthy();
    const [, init] = calls('POST /api/admin/market/house-orders')[0]!;
    expect(JSON.parse(String(init?.body))).toEqual({ type: 'sell', price_per_gram: 6, quantity_grams: 5000 });
  });

  it("warns when a house order would cross the house's own open order, and says when the book is crossed", async () => {
    api({
      [GET]: () =>
        jsonResponse(200, { ...market, bids: [{ price_per_gram: 5.8, quantity_grams: 5, orders: 1 }, ...market.bids] }),
    });
    renderRoute(<MarketPage />);
    expect(await screen.findByText('Livro cruzado: venda a R$ 5,60 abaixo da compra a R$ 5,80', {}, LONG)).toBeTruthy();
    const form = screen.getByRole('form', { name: 'Nova ordem da casa' });
    fireEvent.click(within(form).getByRole('button', { name: 'Comprar' }));
    typeInto(/Preço por grama/, '5,50');
    expect(within(form).queryByText(/A casa tem uma venda aberta/)).toBeNull();
    typeInto(/Preço por grama/, '5,60');
    expect(await within(form).findByText(/A casa tem uma venda aberta a R\$ 5,60\/g/)).toBeTruthy();
  });

  it('checks the fields before sending anything', async () => {
    api({ [GET]: () => jsonResponse(200, market) });
    renderRoute(<MarketPage />);
    const form = await screen.findByRole('form', { name: 'Nova ordem da casa' }, LONG);
    fireEvent.click(within(form).getByRole('button', { name: 'Registrar venda' }));
    expect(await within(form).findByText(MESSAGES.orderPriceRequired, {}, LONG)).toBeTruthy();
    expect(within(form).getByText(MESSAGES.orderQuantityRequired)).toBeTruthy();
    expect(calls('POST /api/admin/market/house-orders')).toHaveLength(0);
  });

  it('cancelling a house order asks first, then sends DELETE', async () => {
    api({
      [GET]: () => jsonResponse(200, market),
      'DELETE /api/admin/market/house-orders/42': () => jsonResponse(200, { message: MESSAGES.orderCancelled }),
    });
    renderRoute(<MarketPage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Cancelar ordem da casa #42' }, LONG));
    const dialog = await screen.findByRole('dialog', { name: 'Cancelar ordem da casa?' });
    expect(dialog.textContent).toContain('venda de 20,00 g a R$ 5,60/g');
    expect(calls('DELETE /api/admin/market/house-orders/42')).toHaveLength(0);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Voltar' }));
    await waitLong(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls('DELETE /api/admin/market/house-orders/42')).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: 'Cancelar ordem da casa #42' }));
    const again = await screen.findByRole('dialog', { name: 'Cancelar ordem da casa?' });
    fireEvent.click(within(again).getByRole('button', { name: 'Cancelar ordem' }));
    await waitLong(() => expect(calls('DELETE /api/admin/market/house-orders/42')).toHaveLength(1));
    await waitLong(() => expect(getNotice()?.message).toBe(MESSAGES.orderCancelled));
  });

  it('saves the rates as percents and reais', async () => {
    api({
      [GET]: () => jsonResponse(200, market),
      'PUT /api/admin/market/settings': () => jsonResponse(200, { message: MESSAGES.marketSettingsSaved }),
    });
    renderRoute(<MarketPage />);
    const form = await screen.findByRole('form', { name: 'Taxas do mercado' }, LONG);
    expect((within(form).getByLabelText(/Taxa de transação/) as HTMLInputElement).value).toBe('0,50');
    expect(within(form).getByText(/valem só para as ordens registradas depois de salvar/)).toBeTruthy();
    typeInto(/Taxa de transação/, '0,75');
    typeInto(/^IOF/, '0,38');
    typeInto(/Taxa mínima/, '7,5');
    fireEvent.click(within(form).getByRole('button', { name: 'Salvar taxas' }));
    await waitLong(() => expect(calls('PUT /api/admin/market/settings')).toHaveLength(1));
    const [, init] = calls('PUT /api/admin/market/settings')[0]!;
    expect(JSON.parse(String(init?.body))).toEqual({ transaction_fee: 0.75, iof_fee: 0.38, minimum_fee: 7.5 });
    await waitLong(() => expect(getNotice()?.message).toBe(MESSAGES.marketSettingsSaved));
  });

  it('records capital paid in (reais) from the funding dialog, with an Idempotency-Key', async () => {
    api({
      [GET]: () => jsonResponse(200, market),
      'POST /api/admin/market/house-funding': () => jsonResponse(200, { message: MESSAGES.houseFunded }),
    });
    renderRoute(<MarketPage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Aportar' }, LONG));
    const dialog = await screen.findByRole('dialog', { name: 'Aporte na casa' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reais (R$)' }));
    typeInto(/Valor em reais/, '250000,00');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Registrar aporte' }));
    await waitLong(() => expect(calls('POST /api/admin/market/house-funding')).toHaveLength(1));
    const [, init] = calls('POST /api/admin/market/house-funding')[0]!;
    expect(JSON.parse(String(init?.body))).toEqual({ currency: 'BRL', amount: 250000 });
    expect(new Headers(init?.headers).get('Idempotency-Key')).toBeTruthy();
    await waitLong(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it("a role the page is not for gets the server's reason, without 'Tentar de novo'", async () => {
    api({ [GET]: () => jsonResponse(403, { code: 'FORBIDDEN', message: MESSAGES.forbiddenRole }) });
    renderRoute(<MarketPage />);
    expect(await screen.findByText(MESSAGES.forbiddenRole, {}, LONG)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Tentar de novo' })).toBeNull();
  });
});
