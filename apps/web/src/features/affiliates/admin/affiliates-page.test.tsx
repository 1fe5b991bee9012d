// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MESSAGES } from '@prata/domain';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderRoute } from '@/testing/render';
import { AdminAffiliatesPage } from './affiliates-page';

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => vi.stubGlobal('fetch', fetchMock));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  fetchMock.mockReset();
});

const person = (id: number, name: string) => ({ id, name, email: `${name.toLowerCase()}@exemplo.com.br` });

describe('/admin/afiliados', () => {
  it('shows the rule, the affiliates and the rewards; saving the rule sends percent and years, and shows field errors', {
    timeout: 30_000,
  }, async () => {
    const puts: unknown[] = [];
    fetchMock.mockImplementation(async (input, init) => {
      const url = String(input);
      if (url === '/api/admin/affiliates/settings' && init?.method === 'PUT') {
        puts.push(JSON.parse(String(init.body)));
        return puts.length === 1
          ? jsonResponse(422, {
              code: 'VALIDATION_FAILED',
              message: MESSAGES.affiliateYearsInvalid,
              errors: { validity_years: [MESSAGES.affiliateYearsInvalid] },
            })
          : jsonResponse(200, {
              settings: { reward_share: 25, validity_years: 2 },
              message: MESSAGES.affiliateSettingsSaved,
            });
      }
      if (url === '/api/admin/affiliates/settings') {
        return jsonResponse(200, { settings: { reward_share: 20, validity_years: 1 } });
      }
      if (url.startsWith('/api/admin/affiliates?')) {
        return jsonResponse(200, {
          affiliates: {
            data: [
              {
                user: person(1, 'Maria'),
                coupon_code: 'MARIA-7K3P',
                referred: 5,
                referred_approved: 3,
                rewards_total: 10.08,
                coupon_created_at: '2026-01-02T12:00:00Z',
              },
            ],
            total: 1,
            per_page: 20,
          },
        });
      }
      return jsonResponse(200, {
        rewards: {
          data: [
            {
              id: 7,
              affiliate: person(1, 'Maria'),
              referred: person(2, 'Rafael'),
              description: '20% da taxa operacional de uma compra de 10,00 g',
              total_amount: 1,
              currency: 'brl',
              trade_id: 99,
              created_at: '2026-02-02T12:00:00Z',
            },
          ],
          total: 1,
          per_page: 20,
        },
      });
    });
    renderRoute(<AdminAffiliatesPage />);
    const affiliates = await screen.findByRole('table', { name: 'Afiliados' });
    expect(await within(affiliates).findByText('MARIA-7K3P')).toBeTruthy();
    expect(within(affiliates).getByText('5 (3 aprovados)')).toBeTruthy();
    expect(within(affiliates).getByText('R$ 10,08')).toBeTruthy();
    const rewards = screen.getByRole('table', { name: 'Recompensas pagas' });
    expect(await within(rewards).findByText('20% da taxa operacional de uma compra de 10,00 g')).toBeTruthy();
    expect(within(rewards).getByText('rafael@exemplo.com.br')).toBeTruthy();

    const share = await screen.findByLabelText('Participação na taxa');
    await waitFor(() => expect((share as HTMLInputElement).value).toBe('20,00'));
    fireEvent.change(screen.getByLabelText('Validade (anos)'), { target: { value: '12' } });
    fireEvent.click(screen.getByRole('button', { name: 'Salvar regra' }));
    expect(await screen.findByText(MESSAGES.affiliateYearsInvalid)).toBeTruthy();
    expect(puts).toEqual([]);
    fireEvent.change(screen.getByLabelText('Validade (anos)'), { target: { value: '2' } });
    fireEvent.click(screen.getByRole('button', { name: 'Salvar regra' }));
    await waitFor(() => expect(puts).toEqual([{ reward_share: 20, validity_years: 2 }]));
  });
});
