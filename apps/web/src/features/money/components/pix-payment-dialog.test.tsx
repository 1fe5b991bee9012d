// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react';
import { MESSAGES } from '@prata/domain';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { answerFrom, jsonResponse, renderRoute } from '@/testing/render';
import { countdownText } from '@/lib/countdown';
import { PixPaymentDialog } from './pix-payment-dialog';

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => vi.stubGlobal('fetch', fetchMock));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  fetchMock.mockReset();
});

describe('PixPaymentDialog', () => {
  it('counts down to the expiry, then takes the code away and says it expired', async () => {
    answerFrom(fetchMock, {
      'GET /api/deposit': () => jsonResponse(200, { pendingDeposits: [{ id: 8 }] }),
    });
    const deposit = { id: 8, amount: 25, expires_at: new Date(Date.now() + 2_000).toISOString() };
    const qr = { pixQrCode: 'iVBORw0KGgo=', pixCopiaECola: '00020126br.gov.bcb.pix' };
    renderRoute(<PixPaymentDialog deposit={deposit} qr={qr} onClose={() => {}} />);
    const dialog = await screen.findByRole('dialog', { name: 'Pague com Pix' });
    expect(within(dialog).getByText(/Expira em/).textContent).toMatch(/Expira em 00:0[12]/);
    expect(within(dialog).getByRole('img', { name: 'QR Code do Pix de R$ 25,00' })).toBeTruthy();
    expect(await within(dialog).findByText(MESSAGES.depositExpired, undefined, { timeout: 5000 })).toBeTruthy();
    expect(within(dialog).queryByRole('img')).toBeNull();
    expect(within(dialog).queryByText(/Expira em/)).toBeNull();
  });

  it('writes the time left as mm:ss, with hours when there are any', () => {
    expect(countdownText(1799)).toBe('29:59');
    expect(countdownText(0)).toBe('00:00');
    expect(countdownText(3723)).toBe('1:02:03');
  });
});
