// @vitest-environment jsdom
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { MESSAGES, type PriceAlert } from '@prata/domain';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getNotice, notify } from '@/lib/notify';
import { jsonResponse, renderRoute } from '@/testing/render';
import { PriceAlertsPage } from './price-alerts-page';
import { ALERT_RESTORED } from './use-alert-removal';

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => vi.stubGlobal('fetch', fetchMock));
afterEach(() => {
  cleanup();
  notify.close();
  vi.unstubAllGlobals();
  fetchMock.mockReset();
});

const alert = (id: number, fired: boolean): PriceAlert => ({
  id,
  direction: fired ? 'below' : 'above',
  price_per_gram: fired ? 8 : 9.5,
  created_at: '2026-11-20T12:00:00.000Z',
  fired_at: fired ? '2026-11-21T15:30:00.000Z' : null,
  fired_price_per_gram: fired ? 7.95 : null,
});

describe('PriceAlertsPage', { timeout: 20_000 }, () => {
  it('lists active and fired alerts, checks the form in Portuguese, creates and deletes', async () => {
    let alerts = [alert(2, false), alert(1, true)];
    const posted: unknown[] = [];
    fetchMock.mockImplementation(async (input, init) => {
      const url = new URL(String(input), 'http://localhost');
      if (url.pathname === '/api/price-alerts' && init?.method === 'POST') {
        const body = JSON.parse(String(init.body));
        posted.push(body);
        const made = { ...alert(3, false), price_per_gram: Number(body.price_per_gram) };
        alerts = [made, ...alerts];
        return jsonResponse(201, made);
      }
      if (url.pathname === '/api/price-alerts/2' && init?.method === 'DELETE') {
        alerts = alerts.filter((a) => a.id !== 2);
        return jsonResponse(200, { message: MESSAGES.priceAlertDeleted });
      }
      if (url.pathname === '/api/price-alerts')
        return jsonResponse(200, { alerts, active_max: 20, last_price_per_gram: 8.75 });
      return jsonResponse(401, { code: 'UNAUTHENTICATED', message: 'x' });
    });
    renderRoute(<PriceAlertsPage />, { path: '/alertas-de-preco' });

    const list = await screen.findByRole('list', { name: 'Alertas de preço' });
    await vi.waitFor(() => expect(list.textContent).toContain('Preço igual ou acima de R$ 9,50 o grama'));
    expect(list.textContent).toContain('Disparado em 21/11/2026 12:30, negociado a R$ 7,95');
    expect(screen.getByText('1 de 20 alertas ativos')).toBeTruthy();
    expect(screen.getByText('Último negócio: R$ 8,75 o grama')).toBeTruthy();
    // jsdom has no Push API: the page says the e-mail still comes
    expect(screen.getByText('Este navegador não recebe notificações. Os alertas chegam por e-mail.')).toBeTruthy();

    // nothing chosen: the contract's messages, and nothing sent
    fireEvent.click(screen.getByRole('button', { name: 'Criar alerta' }));
    expect(await screen.findByText(MESSAGES.priceAlertDirectionRequired)).toBeTruthy();
    expect(screen.getByText(MESSAGES.orderPriceRequired)).toBeTruthy();
    expect(posted).toEqual([]);

    // a typed "0" is a price of zero, not an empty field; a price past the ceiling says the ceiling
    const price = screen.getByRole('textbox', { name: 'Preço por grama' });
    fireEvent.change(price, { target: { value: '0' } });
    fireEvent.click(screen.getByRole('button', { name: 'Criar alerta' }));
    expect(await screen.findByText(MESSAGES.priceAlertPriceZero)).toBeTruthy();
    expect(screen.queryByText(MESSAGES.orderPriceRequired)).toBeNull();
    fireEvent.change(price, { target: { value: '99.999,00' } });
    fireEvent.click(screen.getByRole('button', { name: 'Criar alerta' }));
    expect(await screen.findByText(MESSAGES.priceAlertPriceTooHigh('R$ 1.000,00'))).toBeTruthy();
    expect(posted).toEqual([]);

    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Quando' }));
    fireEvent.click(within(screen.getByRole('listbox')).getByRole('option', { name: 'Preço igual ou abaixo de' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Preço por grama' }), { target: { value: '8,20' } });
    fireEvent.click(screen.getByRole('button', { name: 'Criar alerta' }));
    await vi.waitFor(() => expect(posted).toEqual([{ direction: 'below', price_per_gram: '8.20' }]));
    await vi.waitFor(() => expect(screen.getByText('2 de 20 alertas ativos')).toBeTruthy());

    const del = screen.getByRole('button', { name: 'Apagar alerta: Preço igual ou acima de R$ 9,50 o grama' });
    del.focus();
    fireEvent.click(del);
    await vi.waitFor(() => expect(list.textContent).not.toContain('R$ 9,50'));
    // its button is gone with it: the focus is on the list's heading, not at the page's top
    await vi.waitFor(() => expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Seus alertas' })));

    // "Desfazer" makes it again as it was; a double click makes one, under an Idempotency-Key
    const notice = getNotice();
    expect([notice?.message, notice?.action?.label]).toEqual([MESSAGES.priceAlertDeleted, 'Desfazer']);
    notice?.action?.onClick();
    notice?.action?.onClick();
    await vi.waitFor(() => expect(getNotice()?.message).toBe(ALERT_RESTORED));
    expect(posted).toEqual([
      { direction: 'below', price_per_gram: '8.20' },
      { direction: 'above', price_per_gram: 9.5 },
    ]);
    const restoreCall = fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST').at(-1);
    expect(new Headers(restoreCall?.[1]?.headers).get('Idempotency-Key')).toBeTruthy();
  });

  it('a fired alert, deleted, has nothing to restore', async () => {
    let alerts = [alert(1, true)];
    fetchMock.mockImplementation(async (input, init) => {
      const url = new URL(String(input), 'http://localhost');
      if (url.pathname === '/api/price-alerts/1' && init?.method === 'DELETE') {
        alerts = [];
        return jsonResponse(200, { message: MESSAGES.priceAlertDeleted });
      }
      return jsonResponse(200, { alerts, active_max: 20, last_price_per_gram: 8.75 });
    });
    renderRoute(<PriceAlertsPage />, { path: '/alertas-de-preco' });
    fireEvent.click(await screen.findByRole('button', { name: /^Apagar alerta: / }));
    await vi.waitFor(() => expect(getNotice()?.message).toBe(MESSAGES.priceAlertDeleted));
    expect(getNotice()?.action).toBeUndefined();
  });
});
