// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { notify } from '@/lib/notify';
import { fakeJwt, nowSeconds } from '@/testing/jwt';
import { jsonResponse, renderRoute } from '@/testing/render';
import { routes } from '@/testing/silver-fixtures';
import { SavingPlansPage } from './saving-plans-page';

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  localStorage.setItem('authToken', fakeJwt({ sub: '1', exp: nowSeconds() + 600 }));
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  fetchMock.mockReset();
  localStorage.clear();
  notify.close();
});

const LONG = { timeout: 5000 };
const calls = (key: string) =>
  fetchMock.mock.calls.filter(([input, init]) => `${init?.method ?? 'GET'} ${String(input).split('?')[0]}` === key);

const run = (overrides: object = {}) => ({
  id: 7,
  period: '2026-11-30',
  paid_ahead_on: null,
  status: 'bought',
  amount: 50,
  quantity_grams: 8.9,
  value: 44.5,
  transaction_fee: 5,
  iof_fee: 0.19,
  total: 49.69,
  order_id: 3,
  deposit_id: 12,
  reason: null,
  created_at: '2026-11-30T12:00:00Z',
  ...overrides,
});

const plan = (overrides: object = {}) => ({
  id: 4,
  amount: 50,
  frequency: 'weekly',
  weekday: 1,
  month_day: null,
  start_date: '2026-11-28',
  end_date: null,
  payment_method: 'pix_automatico',
  status: 'active',
  next_run_date: '2026-12-07',
  pix_copia_e_cola: null,
  created_at: '2026-11-28T12:00:00Z',
  runs: [
    run({ paid_ahead_on: '2026-11-28' }),
    run({
      id: 8,
      period: '2026-12-07',
      status: 'nothing',
      quantity_grams: null,
      total: null,
      reason: 'Não havia prata à venda no livro de ofertas.',
    }),
  ],
  ...overrides,
});

const preview = {
  amount: 50,
  available: true,
  quantity_grams: 8.9,
  price_per_gram: 5,
  value: 44.5,
  transaction_fee: 5,
  iof_fee: 0.19,
  total: 49.69,
  fee_rate_percent: 0.5,
  fee_is_minimum: false,
  iof_rate_percent: 0.38,
  schedule: { first_run_date: '2026-12-05', next_run_date: '2027-01-05' },
};

describe('/poupanca-automatica', { timeout: 30_000 }, () => {
  it('lists the plans with their runs: what each bought, or why it bought nothing', async () => {
    routes(fetchMock, { 'GET /api/saving-plans': () => jsonResponse(200, { plans: [plan()] }) });
    renderRoute(<SavingPlansPage />, { path: '/poupanca-automatica' });
    const card = await screen.findByRole('article', { name: 'R$ 50,00 toda segunda' }, LONG);
    const runs = within(card).getAllByTestId('saving-run');
    expect(runs[0]!.textContent).toContain('30/11/2026 · antecipada em 28/11/2026');
    expect(runs[0]!.textContent).toContain('8,90 g');
    expect(runs[0]!.textContent).toContain('R$ 49,69');
    expect(runs[1]!.textContent).toContain('Não havia prata à venda');
    expect(within(card).getByText(/próxima compra em 07\/12\/2026/)).toBeTruthy();
  });

  it('shows the fee and IOF before the plan starts, then the Pix that authorises it', async () => {
    const created = plan({ status: 'awaiting_authorization', pix_copia_e_cola: '00020101021226', runs: [] });
    routes(fetchMock, {
      'GET /api/saving-plans': () => jsonResponse(200, { plans: [] }),
      'GET /api/saving-plans/preview': () => jsonResponse(200, preview),
      'POST /api/saving-plans': () =>
        jsonResponse(201, { plan: created, pix_qr_code: 'iVBORw0KGgo=', message: 'Pague o Pix abaixo.' }),
    });
    renderRoute(<SavingPlansPage />, { path: '/poupanca-automatica' });
    await screen.findByText('Você ainda não tem uma poupança automática.', {}, LONG);
    fireEvent.change(screen.getByLabelText(/Valor de cada compra/), { target: { value: '50,00' } });
    const shown = await screen.findByTestId('saving-preview', {}, LONG);
    expect(shown.textContent).toContain('R$ 5,00');
    expect(shown.textContent).toContain('R$ 0,19');
    expect(shown.textContent).toContain('R$ 49,69');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Criar poupança automática' }));
    });
    await screen.findByRole('region', { name: 'Pix para autorizar' }, LONG);
    const body = JSON.parse(String(calls('POST /api/saving-plans')[0]?.[1]?.body));
    expect(body).toMatchObject({ amount: '50.00', frequency: 'weekly', weekday: 1, payment_method: 'pix_automatico' });
    expect((screen.getByLabelText('Pix copia e cola') as HTMLInputElement).value).toBe('00020101021226');
  });

  it('shows why the bank ended a plan, with nothing left to pause or cancel', async () => {
    const ended = plan({
      status: 'cancelled',
      next_run_date: null,
      end_reason: 'Você cancelou a autorização do Pix Automático no seu banco.',
    });
    routes(fetchMock, { 'GET /api/saving-plans': () => jsonResponse(200, { plans: [ended] }) });
    renderRoute(<SavingPlansPage />, { path: '/poupanca-automatica' });
    const card = await screen.findByRole('article', { name: 'R$ 50,00 toda segunda' }, LONG);
    expect(within(card).getByTestId('saving-end-reason').textContent).toContain(
      'Você cancelou a autorização do Pix Automático no seu banco.',
    );
    expect(within(card).queryByRole('button', { name: /Cancelar|Pausar/ })).toBeNull();
  });

  it('a double click on "Criar poupança automática" sends one request, under an Idempotency-Key', async () => {
    let answer: (r: Response) => void = () => {};
    const created = plan({ status: 'awaiting_authorization', pix_copia_e_cola: '00020101021226', runs: [] });
    routes(fetchMock, {
      'GET /api/saving-plans': () => jsonResponse(200, { plans: [] }),
      'GET /api/saving-plans/preview': () => jsonResponse(200, preview),
      'POST /api/saving-plans': () =>
        new Promise<Response>((resolve) => {
          answer = resolve;
        }),
    });
    renderRoute(<SavingPlansPage />, { path: '/poupanca-automatica' });
    await screen.findByText('Você ainda não tem uma poupança automática.', {}, LONG);
    fireEvent.change(screen.getByLabelText(/Valor de cada compra/), { target: { value: '50,00' } });
    const button = screen.getByRole('button', { name: 'Criar poupança automática' });
    await act(async () => {
      fireEvent.click(button);
      fireEvent.click(button);
    });
    await act(async () => fireEvent.click(button));
    expect(calls('POST /api/saving-plans')).toHaveLength(1);
    expect(new Headers(calls('POST /api/saving-plans')[0]?.[1]?.headers).get('Idempotency-Key')).toBeTruthy();
    await act(async () => answer(jsonResponse(201, { plan: created, pix_qr_code: 'iVBORw0KGgo=', message: 'Ok.' })));
    await screen.findByRole('region', { name: 'Pix para autorizar' }, LONG);
    expect(calls('POST /api/saving-plans')).toHaveLength(1);
  });

  it('the end date is typed the Brazilian way and sent as the API reads it', async () => {
    routes(fetchMock, {
      'GET /api/saving-plans': () => jsonResponse(200, { plans: [] }),
      'GET /api/saving-plans/preview': () => jsonResponse(200, preview),
      'POST /api/saving-plans': () => jsonResponse(201, { plan: plan({ payment_method: 'balance' }), message: 'Ok.' }),
    });
    renderRoute(<SavingPlansPage />, { path: '/poupanca-automatica' });
    await screen.findByText('Você ainda não tem uma poupança automática.', {}, LONG);
    fireEvent.change(screen.getByLabelText(/Valor de cada compra/), { target: { value: '50,00' } });
    const end = screen.getByLabelText(/Termina em/) as HTMLInputElement;
    expect(end.type).toBe('text');
    expect(end.placeholder).toBe('dd/mm/aaaa');
    fireEvent.input(end, { target: { value: '31/12/2027' } });
    fireEvent.change(end, { target: { value: '31/12/2027' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Criar poupança automática' })));
    const [, init] = calls('POST /api/saving-plans')[0] ?? [];
    expect(JSON.parse(String(init?.body))).toMatchObject({ end_date: '2027-12-31' });
  });

  it('says the minimum fee as such, and before paying when the first and the next charges happen', async () => {
    routes(fetchMock, {
      'GET /api/saving-plans': () => jsonResponse(200, { plans: [] }),
      'GET /api/saving-plans/preview': () => jsonResponse(200, { ...preview, fee_is_minimum: true }),
    });
    renderRoute(<SavingPlansPage />, { path: '/poupanca-automatica' });
    await screen.findByText('Você ainda não tem uma poupança automática.', {}, LONG);
    fireEvent.change(screen.getByLabelText(/Valor de cada compra/), { target: { value: '50,00' } });
    const shown = await screen.findByTestId('saving-preview', {}, LONG);
    expect(shown.textContent).toContain('Tarifa (mínima)R$ 5,00');
    expect(shown.textContent).not.toContain('0,5%');
    expect((await screen.findByTestId('saving-schedule', {}, LONG)).textContent).toBe(
      'Ao pagar o primeiro Pix agora, a compra de 05/12/2026 é feita na hora. A próxima cobrança pelo Pix Automático será em 05/01/2027.',
    );
    const asked = new URL(String(calls('GET /api/saving-plans/preview').at(-1)?.[0] ?? ''), 'http://x').searchParams;
    expect(Object.fromEntries(asked)).toMatchObject({
      frequency: 'weekly',
      weekday: '1',
      payment_method: 'pix_automatico',
    });
  });

  it('a refusal by the limits on money in is said under the amount, until the amount changes', async () => {
    const message =
      'Cada cobrança do Pix Automático entra como um depósito na sua conta. O valor máximo por depósito é R$ 10.000,00.';
    routes(fetchMock, {
      'GET /api/saving-plans': () => jsonResponse(200, { plans: [] }),
      'GET /api/saving-plans/preview': () => jsonResponse(200, preview),
      'POST /api/saving-plans': () =>
        jsonResponse(422, { code: 'DEPOSIT_LIMIT_EXCEEDED', message, errors: { amount: [message] } }),
    });
    renderRoute(<SavingPlansPage />, { path: '/poupanca-automatica' });
    await screen.findByText('Você ainda não tem uma poupança automática.', {}, LONG);
    const field = screen.getByLabelText(/Valor de cada compra/);
    fireEvent.change(field, { target: { value: '50.000,00' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Criar poupança automática' }));
    });
    await screen.findByText(message, {}, LONG);
    expect(field.getAttribute('aria-invalid')).toBe('true');
    // corrected, the amount is no longer said to be wrong
    fireEvent.change(field, { target: { value: '50,00' } });
    expect(screen.queryByText(message)).toBeNull();
    expect(field.getAttribute('aria-invalid')).toBe('false');
  });

  it('cancelling speaks of Pix Automático only for a plan paid by it', async () => {
    const balancePlan = plan({ id: 5, payment_method: 'balance', weekday: 2, runs: [] });
    routes(fetchMock, { 'GET /api/saving-plans': () => jsonResponse(200, { plans: [plan(), balancePlan] }) });
    renderRoute(<SavingPlansPage />, { path: '/poupanca-automatica' });
    const texts: string[] = [];
    for (const name of ['R$ 50,00 toda segunda', 'R$ 50,00 toda terça']) {
      const card = await screen.findByRole('article', { name }, LONG);
      await act(async () => fireEvent.click(within(card).getByRole('button', { name: 'Cancelar poupança' })));
      const dialog = await screen.findByRole('dialog', {}, LONG);
      texts.push(dialog.textContent ?? '');
      await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Voltar' })));
    }
    expect(texts[0]).toContain('a autorização do Pix Automático é revogada');
    expect(texts[1]).not.toContain('Pix Automático');
  });
});
