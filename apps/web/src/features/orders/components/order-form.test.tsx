// @vitest-environment jsdom
import { MESSAGES } from '@prata/domain';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getNotice, notify } from '@/lib/notify';
import { aUser } from '@/testing/fixtures';
import { fakeJwt, nowSeconds } from '@/testing/jwt';
import { answerFrom, callsTo, jsonResponse, renderRoute } from '@/testing/render';
import type { Order, OrdersResponse } from '../api/types';
import { limitSummary, ratesOf } from '../summary';
import { OrderConfirmDialog } from './order-confirm-dialog';
import { OrderForm } from './order-form';

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => vi.stubGlobal('fetch', fetchMock));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  fetchMock.mockReset();
  localStorage.clear();
  sessionStorage.clear();
  notify.close();
});

const LONG = { timeout: 5000 };
const waitLong = <T,>(check: () => T) => vi.waitFor(check, LONG);
const calls = (key: string) => callsTo(fetchMock, key);

const data: OrdersResponse = {
  transaction_fee: 0.5,
  iof_fee: 0.38,
  minimum_fee: 5,
  trading_limit: 50_000,
  trading_limit_left: 48_000,
  ordersToBuy: [],
  ordersToSell: [],
  myPendingOrders: [],
  myCompletedOrders: [],
};
const rates = ratesOf(data);

const placed: Order = {
  id: 60,
  type: 'buy',
  mode: 'limit',
  status: 'open',
  price_per_gram: 5,
  quantity_grams: 2,
  total_amount: 10,
  transaction_fee: 0,
  iof_fee: 0,
  ordered_grams: 2,
  filled_grams: 0,
  created_at: '2026-03-10T13:05:00Z',
  updated_at: '2026-03-10T13:05:00Z',
  deleted_at: null,
  my_order: true,
};

/** Answers POST /api/order/buy when the test says so. */
let answerOrder: (response: Response) => void = () => undefined;

/** The buy form of a signed-in customer with R$ 5.112,28 (GET /api/user), R$ 48.000,00 of the annual limit left. */
async function openForm() {
  localStorage.setItem('authToken', fakeJwt({ sub: '1', exp: nowSeconds() + 600 }));
  answerFrom(fetchMock, {
    'GET /api/user': () => jsonResponse(200, { user: aUser({ balance_brl: 5112.28, balance_ag: 0 }) }),
    'GET /api/orders': () => jsonResponse(200, data),
    'POST /api/order/buy': () =>
      new Promise<Response>((resolve) => {
        answerOrder = resolve;
      }) as unknown as Response,
  });
  renderRoute(<OrderForm side="buy" data={data} rates={rates} />, { path: '/ordens' });
  await waitLong(() => expect(screen.getByText(/Saldo disponível/).textContent).toContain('R$ 5.112,28'));
}

function type(label: RegExp, text: string) {
  fireEvent.input(screen.getByLabelText(label), { target: { value: text } });
}
const submit = () => act(async () => fireEvent.click(screen.getByRole('button', { name: 'Comprar' })));

describe('OrderForm', { timeout: 20_000 }, () => {
  it('offers no confirmation for an order the balance and the limit cannot carry: the focus goes to why', async () => {
    await openForm();
    type(/Preço por grama/, '9,10');
    type(/Quantidade/, '100000');
    const warning = await screen.findByText(/^Saldo em reais insuficiente para esta ordem/, undefined, LONG);
    expect(screen.getByText(/ultrapassa o seu limite anual/)).toBeTruthy();
    const userCalls = calls('GET /api/user').length;

    await submit();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(calls('POST /api/order/buy')).toHaveLength(0);
    expect(document.activeElement).toBe(warning.closest('[role="status"]'));
    // the figures are asked again: a deposit just credited lifts the warning for the next try
    await waitLong(() => expect(calls('GET /api/user').length).toBeGreaterThan(userCalls));
  });

  it('says why an order worth R$ 0,00 is not sent', async () => {
    await openForm();
    type(/Preço por grama/, '0,01');
    type(/Quantidade/, '0,01');
    await submit();
    await waitLong(() => expect(screen.getByText(MESSAGES.orderValueTooSmall)).toBeTruthy());
    expect(screen.getByLabelText(/Quantidade/).getAttribute('aria-invalid')).toBe('true');
    expect(calls('POST /api/order/buy')).toHaveLength(0);
  });

  it('keeps the focus in the form once the order is placed: on the quantity, for the next one', async () => {
    await openForm();
    type(/Preço por grama/, '5,00');
    type(/Quantidade/, '2,00');
    const button = screen.getByRole('button', { name: 'Comprar' });
    button.focus();
    await submit();
    // a browser drops the focus of the button it disables while the order runs (jsdom does not)
    await waitLong(() => expect((button as HTMLButtonElement).disabled).toBe(true));
    button.blur();
    await act(async () => answerOrder(jsonResponse(201, { ...data, order: placed, message: 'Ordem registrada.' })));
    await waitLong(() => expect(getNotice()?.message).toMatch(/^Ordem registrada/));
    await waitLong(() => expect(document.activeElement).toBe(screen.getByLabelText(/Quantidade/)));
  });
});

describe('OrderConfirmDialog', () => {
  const summary = limitSummary('buy', 910, 10_000_000, rates);

  it('offers no action for an order with a warning: it says why and only closes', () => {
    const onConfirm = vi.fn();
    const onClose = vi.fn();
    const warning = 'Saldo em reais insuficiente para esta ordem.';
    render(
      <OrderConfirmDialog
        open
        title="Confirmar a compra?"
        summary={summary}
        rates={rates}
        warnings={[warning]}
        busy={false}
        onConfirm={onConfirm}
        onClose={onClose}
      />,
    );
    const dialog = screen.getByRole('dialog', { name: 'Confirmar a compra?' });
    expect(within(dialog).getByText(warning)).toBeTruthy();
    expect(dialog.textContent).not.toContain('saem do seu saldo');
    expect(within(dialog).queryByRole('button', { name: 'Comprar' })).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Fechar' }));
    expect(onConfirm).not.toHaveBeenCalled();
    expect(onClose).toHaveBeenCalled();
  });
});
