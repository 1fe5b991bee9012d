// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import type { AdminReservesResponse } from '@prata/domain';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { answerFrom, callsTo, jsonResponse, renderRoute } from '@/testing/render';
import { Component as ReservesAdminPage } from './reserves-admin-page';

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => vi.stubGlobal('fetch', fetchMock));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  fetchMock.mockReset();
});

const empty: AdminReservesResponse = {
  latest: null,
  bars: [],
  barsCg: 0,
  differenceCg: null,
  history: [],
  ledgerVaultCg: 0,
  shortfall: false,
};

/** Logistics lists a bar of `typed` grams; what the API received as centigrams. */
async function addBar(typed: string) {
  answerFrom(fetchMock, {
    'GET /api/admin/reserves': () => jsonResponse(200, empty),
    'POST /api/admin/reserves/bars': () => jsonResponse(201, { message: 'Barra incluída.' }),
  });
  renderRoute(<ReservesAdminPage />);
  fireEvent.change(await screen.findByLabelText(/Número de série/), { target: { value: 'AG-0001' } });
  fireEvent.change(screen.getByLabelText(/Refinadora/), { target: { value: 'Umicore' } });
  fireEvent.change(screen.getByLabelText(/^Peso/), { target: { value: typed } });
  const pdf = new File(['%PDF-1.4'], 'laudo.pdf', { type: 'application/pdf' });
  const file = document.querySelector('input[type=file]') as HTMLInputElement;
  fireEvent.change(file, { target: { files: [pdf] } });
  await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Incluir barra' })));
  const sent = callsTo(fetchMock, 'POST /api/admin/reserves/bars');
  const body = sent.at(-1)?.[1]?.body;
  return body instanceof FormData ? body.get('weightCg') : null;
}

describe('/admin/reservas: a bar’s weight', () => {
  it('is typed in grams the Brazilian way and sent as centigrams', async () => {
    expect(await addBar('5.000')).toBe('500000');
    expect(screen.getByLabelText(/^Peso/).closest('.MuiInputBase-root')?.textContent).toContain('g');
    cleanup();
    expect(await addBar('5.000,00')).toBe('500000');
    cleanup();
    expect(await addBar('1,5')).toBe('150');
  }, 20_000);

  it('says so when the weight is zero, and sends nothing', async () => {
    expect(await addBar('0')).toBeNull();
    await waitFor(() => expect(screen.getByText('Informe o peso da barra em gramas, maior que zero')).toBeTruthy());
  });

  it('a double click on "Incluir barra" lists the bar once, under one Idempotency-Key', async () => {
    answerFrom(fetchMock, {
      'GET /api/admin/reserves': () => jsonResponse(200, empty),
      'POST /api/admin/reserves/bars': () => jsonResponse(201, { message: 'Barra incluída.' }),
    });
    renderRoute(<ReservesAdminPage />);
    fireEvent.change(await screen.findByLabelText(/Número de série/), { target: { value: 'AG-0002' } });
    fireEvent.change(screen.getByLabelText(/Refinadora/), { target: { value: 'Umicore' } });
    fireEvent.change(screen.getByLabelText(/^Peso/), { target: { value: '1.000' } });
    const file = document.querySelector('input[type=file]') as HTMLInputElement;
    fireEvent.change(file, { target: { files: [new File(['%PDF-1.4'], 'laudo.pdf', { type: 'application/pdf' })] } });
    const button = screen.getByRole('button', { name: 'Incluir barra' });
    await act(async () => {
      fireEvent.click(button);
      fireEvent.click(button);
    });
    const sent = callsTo(fetchMock, 'POST /api/admin/reserves/bars');
    expect(sent).toHaveLength(1);
    expect(new Headers(sent[0]?.[1]?.headers).get('Idempotency-Key')).toBeTruthy();
  });
});
