// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderRoute } from '@/testing/render';
import { requestLimitIncrease } from '../api/request-limit-increase';
import type { AccountUser } from '../api/types';
import { LimitTab } from './limit-tab';

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => vi.stubGlobal('fetch', fetchMock));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  fetchMock.mockReset();
});

const company = {
  id: 7,
  cnpj: '11222333000181',
  razao_social: 'Prata Teste Ltda',
  nome_fantasia: null,
  inscricao_estadual: null,
  inscricao_municipal: null,
  celular: '11987654321',
  email: 'contato@empresa.com',
  cnae_principal: '4783-1/01',
  cnaes_secundarios: null,
  regime_tributario: 'simples' as const,
  site: null,
};

const user = (accountType: 'individual' | 'company') =>
  ({
    id: 3,
    name: 'Carla Dias',
    email: 'carla@exemplo.com',
    account_type: accountType,
    trading_limit: 50000,
    company: accountType === 'company' ? company : null,
  }) as unknown as AccountUser;

describe('LimitTab', () => {
  it('asks a company for no profession: the request is in its own name', () => {
    renderRoute(<LimitTab user={user('company')} requests={[]} />);
    expect(screen.queryByLabelText(/Profissão/)).toBeNull();
    expect(screen.queryByLabelText(/Nome da empresa/)).toBeNull();
    expect(screen.queryByLabelText(/CNPJ da empresa/)).toBeNull();
    expect(screen.getByText(/O pedido é feito em nome de/).textContent).toBe(
      'O pedido é feito em nome de Prata Teste Ltda (CNPJ 11.222.333/0001-81).',
    );
  });

  it('asks a person for the profession and the company', () => {
    renderRoute(<LimitTab user={user('individual')} requests={[]} />);
    expect(screen.getByLabelText(/Profissão/)).toBeTruthy();
    expect(screen.getByLabelText(/Nome da empresa/)).toBeTruthy();
    expect(screen.getByLabelText(/CNPJ da empresa/)).toBeTruthy();
  });

  it("a company's request carries no profession or company fields", async () => {
    fetchMock.mockResolvedValue(jsonResponse(201, { message: 'ok', tradingLimitRequest: {} }));
    await requestLimitIncrease({
      new_limit: '500000.00',
      net_worth: '1.00',
      monthly_income: '1.00',
      other_info: '',
      documents: [new File(['%PDF-1.4'], 'balanco.pdf', { type: 'application/pdf' })],
      key: 'pedido-de-limite-1',
    });
    const body = fetchMock.mock.calls[0]?.[1]?.body as FormData;
    expect([...body.keys()]).toEqual(['new_limit', 'net_worth', 'monthly_income', 'other_info', 'documents[]']);
    expect(new Headers(fetchMock.mock.calls[0]?.[1]?.headers).get('Idempotency-Key')).toBe('pedido-de-limite-1');
  });
});
