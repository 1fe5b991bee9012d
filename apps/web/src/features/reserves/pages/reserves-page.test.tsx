// @vitest-environment jsdom
import { cleanup, fireEvent, screen } from '@testing-library/react';
import type { ReserveProofSummary, ReservesResponse } from '@prata/domain';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { answerFrom, jsonResponse, renderRoute } from '@/testing/render';
import { Component as ReservesPage } from './reserves-page';

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => vi.stubGlobal('fetch', fetchMock));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  fetchMock.mockReset();
});

/** The i-th day before 2026-12-07, newest first. */
const day = (i: number): ReserveProofSummary => {
  const date = new Date(Date.UTC(2026, 11, 6 - i)).toISOString().slice(0, 10);
  return {
    day: date,
    version: 2,
    endsAt: `${date}T03:00:00.000Z`,
    root: i.toString(16).padStart(64, 'a'),
    customerCount: 8,
    customersCg: 322_500,
    customersAvailableCg: 322_300,
    customersReservedCg: 200,
    unclaimedCg: 0,
    liabilitiesCg: 322_500,
    barsCg: 6_000_000,
    differenceCg: 5_677_500,
    builtAt: `${date}T03:05:00.000Z`,
  };
};

describe('/prova-de-reservas', () => {
  it("lists the last 30 previous days, and 30 more on each 'Mostrar mais', not a year at once", async () => {
    const reserves: ReservesResponse = {
      latest: null,
      bars: [],
      barsCg: 6_000_000,
      differenceCg: null,
      history: Array.from({ length: 65 }, (_, i) => day(i)),
    };
    answerFrom(fetchMock, { 'GET /api/reserves': () => jsonResponse(200, reserves) });
    renderRoute(<ReservesPage />, { path: '/prova-de-reservas' });
    expect(await screen.findByRole('heading', { name: 'Dias anteriores' }, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByText('06/12/2026')).toBeTruthy();
    expect(screen.getByText('07/11/2026')).toBeTruthy();
    expect(screen.queryByText('06/11/2026')).toBeNull();
    expect(screen.getByText('Mostrando 30 de 65 dias.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Mostrar mais 30 dias' }));
    expect(screen.getByText('06/11/2026')).toBeTruthy();
    // the focus goes on to the first day shown by the press, not to the page's top
    expect(document.activeElement?.textContent).toMatch(/^06\/11\/2026/);
    expect(screen.getByText('Mostrando 60 de 65 dias.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Mostrar mais 5 dias' }));
    expect(screen.getByText('03/10/2026')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Mostrar mais/ })).toBeNull();
    // the button went with the last press: the focus is on the first of its days
    expect(document.activeElement?.textContent).toMatch(/^07\/10\/2026/);
  });
});
