// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react';
import { MESSAGES } from '@prata/domain';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderRoute } from '@/testing/render';
import { AffiliatesPage } from './affiliates-page';

// jsdom and MUI on a busy 2-core machine: the default 5 s is too tight
vi.setConfig({ testTimeout: 30_000 });

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => vi.stubGlobal('fetch', fetchMock));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  fetchMock.mockReset();
});

const approved = {
  user: { name: 'Maria Oliveira', email_verified_at: '2026-01-02T10:00:00Z', approved_at: '2026-01-03T10:00:00Z' },
  coupon: { id: 9, code: 'MARIA-7K3P', link: 'http://127.0.0.1:3000/register?cupom=MARIA-7K3P' },
  years: 2,
  reward_share: 20,
  rewards_total: 1237,
};
const affiliates = {
  affiliates: {
    data: [
      {
        first_name: 'Lucas',
        anonymized_email: 'lu***@e***.com.br',
        created_at: '2026-02-10T12:00:00Z',
        email_verified_at: null,
        approved_at: null,
      },
      {
        first_name: 'Beatriz',
        anonymized_email: 'be***@e***.com.br',
        created_at: '2026-02-05T12:00:00Z',
        email_verified_at: '2026-02-05T12:10:00Z',
        approved_at: null,
      },
      {
        first_name: 'Rafael',
        anonymized_email: 'ra***@e***.com.br',
        created_at: '2026-01-05T12:00:00Z',
        email_verified_at: '2026-01-05T12:10:00Z',
        approved_at: '2026-01-06T12:00:00Z',
      },
    ],
    total: 3,
    per_page: 10,
  },
};
const rewards = {
  rewards: {
    data: [
      {
        id: 4,
        description: '20% da taxa operacional de uma compra de 50,00 g',
        total_amount: 1234.5,
        currency: 'brl',
        anonymized_email: 'ra***@e***.com.br',
        created_at: '2026-02-12T15:00:00Z',
      },
      {
        id: 3,
        description: 'Bônus em prata',
        total_amount: 2.5,
        currency: 'silver',
        anonymized_email: 'ra***@e***.com.br',
        created_at: '2026-02-11T15:00:00Z',
      },
    ],
    total: 2,
    per_page: 10,
  },
};

function serve(program: unknown, status = 200) {
  fetchMock.mockImplementation(async (input) => {
    const url = String(input);
    if (url.startsWith('/api/affiliates-program/affiliates')) return jsonResponse(200, affiliates);
    if (url.startsWith('/api/affiliates-program/rewards')) return jsonResponse(200, rewards);
    return jsonResponse(status, program);
  });
}

describe('/afiliados', () => {
  it('an approved customer sees the coupon, the link, the rule in whole years, the rewards and the referred', async () => {
    serve(approved);
    renderRoute(<AffiliatesPage />, { path: '/afiliados' });
    expect(await screen.findByText('MARIA-7K3P')).toBeTruthy();
    expect((screen.getByLabelText('Link de indicação') as HTMLInputElement).value).toBe(approved.coupon.link);
    expect(screen.getByText(/Por 2 anos a partir do cadastro dele, você recebe 20% da taxa operacional/)).toBeTruthy();

    const rewardsTable = await screen.findByRole('table', { name: 'Recompensas' });
    expect(await within(rewardsTable).findByText('R$ 1.234,50')).toBeTruthy();
    expect(within(rewardsTable).getByText('2,50 g')).toBeTruthy();
    expect(screen.getByTestId('rewards-total').textContent).toBe('Total recebido: R$ 1.237,00');
    expect(within(rewardsTable).getAllByText('ra***@e***.com.br')).toHaveLength(2);

    const referred = screen.getByRole('table', { name: 'Indicados' });
    expect(await within(referred).findByText('Aguardando verificação')).toBeTruthy();
    expect(within(referred).getByText('Aguardando aprovação')).toBeTruthy();
    expect(within(referred).getByText(/^Aprovado em 06\/01\/2026$/)).toBeTruthy();
    expect(within(referred).getByText('Lucas')).toBeTruthy();
  });

  it('a customer not approved yet sees the approval-pending notice and no tables', async () => {
    serve({ ...approved, user: { ...approved.user, approved_at: null }, coupon: null });
    renderRoute(<AffiliatesPage />, { path: '/afiliados' });
    expect(await screen.findByText(MESSAGES.affiliateApprovalPending)).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
    expect(fetchMock.mock.calls.map(([u]) => String(u))).toEqual(['/api/affiliates-program']);
  });

  it('403 (registration incomplete): the server message, then /register/finish', async () => {
    serve({ code: 'REGISTRATION_INCOMPLETE', message: 'Conclua seu cadastro para continuar.' }, 403);
    const { router } = renderRoute(<AffiliatesPage />, { path: '/afiliados' });
    expect(await screen.findByText('outra página')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/register/finish');
  });
});
