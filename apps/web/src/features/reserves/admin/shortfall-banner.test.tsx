// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import type { AdminReservesResponse } from '@prata/domain';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { answerFrom, callsTo, jsonResponse, renderRoute } from '@/testing/render';
import { ReservesShortfallBanner } from './shortfall-banner';

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => vi.stubGlobal('fetch', fetchMock));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  fetchMock.mockReset();
});

const latest = {
  day: '2026-11-27',
  version: 2 as const,
  endsAt: '2026-11-28T03:00:00.000Z',
  root: 'a'.repeat(64),
  customerCount: 3,
  customersCg: 60_000,
  customersAvailableCg: 59_000,
  customersReservedCg: 1_000,
  unclaimedCg: 2_345,
  liabilitiesCg: 62_345,
  barsCg: 50_000,
  differenceCg: -12_345,
  builtAt: '2026-11-28T03:05:00.000Z',
};
const answer = (barsCg: number): AdminReservesResponse => ({
  latest,
  bars: [],
  barsCg,
  differenceCg: barsCg - latest.liabilitiesCg,
  history: [],
  ledgerVaultCg: 62_345,
  shortfall: barsCg < latest.liabilitiesCg,
});

describe('the back office’s reserves alert', () => {
  it('shows what is missing when the bars weigh less than what is owed', async () => {
    answerFrom(fetchMock, { 'GET /api/admin/reserves': () => jsonResponse(200, answer(50_000)) });
    renderRoute(<ReservesShortfallBanner />);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('O cofre tem menos prata do que a devida');
    expect(alert.textContent).toContain('Faltam 123,45 g');
  });

  it('stays silent when the bars cover it, and asks nothing for an operator who cannot read the reserves', async () => {
    answerFrom(fetchMock, { 'GET /api/admin/reserves': () => jsonResponse(200, answer(70_000)) });
    renderRoute(<ReservesShortfallBanner />);
    await vi.waitFor(() => expect(callsTo(fetchMock, 'GET /api/admin/reserves')).toHaveLength(1));
    expect(screen.queryByRole('alert')).toBeNull();
    cleanup();
    fetchMock.mockClear();
    renderRoute(<ReservesShortfallBanner enabled={false} />);
    expect(callsTo(fetchMock, 'GET /api/admin/reserves')).toHaveLength(0);
  });
});
