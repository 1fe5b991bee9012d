// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getNotice, notify } from '@/lib/notify';
import { aUser } from '@/testing/fixtures';
import { jsonResponse, renderRoute } from '@/testing/render';
import type { UserIndex } from '../api/types';
import { MeusDadosPage } from './meus-dados-page';

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  fetchMock.mockReset();
  notify.close();
});

const address = {
  id: 1,
  type: 'Comercial',
  cep: '13015904',
  city: { id: 3509502, name: 'Campinas', state: 'SP', description: 'Campinas - SP' },
  city_id: 3509502,
  neighborhood: 'Centro',
  street: 'Rua Barão de Jaguara',
  number: '1000',
  unit: 'Sala 12',
  other_info: null,
};

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

function index(accountType: 'individual' | 'company', approvedAt: string | null = null): UserIndex {
  return {
    user: aUser({
      id: 3,
      name: 'Carla Dias',
      email: 'carla@exemplo.com',
      account_type: accountType,
      cpf: accountType === 'individual' ? '11144477735' : null,
      nascimento: '1990-03-15',
      celular: '11987651234',
      sexo: 'F',
      estado_civil: 'S',
      conjuge_nome: null,
      conjuge_cpf: null,
      conjuge_nascimento: null,
      politicamente_exposto: false,
      americano: false,
      naturalizacao_americana: false,
      caracteristica_us_person: false,
      contribuinte_americano: false,
      addresses: [address],
      registration_steps: { personal: true, address: true, fatca: true, company: accountType === 'company' },
      registration_complete: true,
      approved_at: approvedAt,
      email_verified_at: '2026-01-01T00:00:00Z',
      trading_limit: 50000,
      balance_brl: 0,
      balance_ag: 0,
      company: accountType === 'company' ? company : null,
    }),
    company: accountType === 'company' ? company : null,
    addresses: [address],
    documents: [],
    bankingInformation: [],
    tradingLimitRequests: [],
  };
}

const tabs = () => screen.getByRole('tablist', { name: 'Seções de Meus dados' });
const selectedTab = () => within(tabs()).getByRole('tab', { selected: true }).textContent;

// The first render of the whole page (MUI, forms) is slow in jsdom when the other files run alongside.
describe('MeusDadosPage', { timeout: 20_000 }, () => {
  it('opens the tab the URL names and changes the URL when another tab is chosen', async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, index('individual')));
    const { router } = renderRoute(<MeusDadosPage />, { path: '/meus-dados/:tab?', url: '/meus-dados/fatca' });
    await screen.findByRole('heading', { name: 'Declaração FATCA' });
    expect(selectedTab()).toBe('FATCA');
    expect(
      within(tabs())
        .getAllByRole('tab')
        .map((tab) => tab.textContent),
    ).toEqual([
      'Dados pessoais',
      'Meus endereços',
      'FATCA',
      'Documentos',
      'Dados bancários',
      'Aumentar limite',
      'Alterar senha',
      'Privacidade e dados',
      'Acesso e dispositivos',
      'Encerrar conta',
    ]);

    await act(async () => {
      fireEvent.click(within(tabs()).getByRole('tab', { name: 'Dados bancários' }));
    });
    expect(router.state.location.pathname).toBe('/meus-dados/dados-bancarios');
    expect(selectedTab()).toBe('Dados bancários');

    await act(async () => {
      fireEvent.click(within(tabs()).getByRole('tab', { name: 'Dados pessoais' }));
    });
    expect(router.state.location.pathname).toBe('/meus-dados');
    expect(await screen.findByLabelText('CPF')).toHaveProperty('readOnly', true);
    expect(screen.getByLabelText('E-mail')).toHaveProperty('readOnly', true);
  });

  it('maps a company by value: its first tab is the company, FATCA does not exist, documentos is documentos', async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, index('company', '2026-02-01T00:00:00Z')));
    const { router } = renderRoute(<MeusDadosPage />, {
      path: '/meus-dados/:tab?',
      url: '/meus-dados/documentos',
    });
    await screen.findByRole('heading', { name: 'Documentos' });
    expect(selectedTab()).toBe('Documentos');
    expect(within(tabs()).queryByRole('tab', { name: 'FATCA' })).toBeNull();
    expect(within(tabs()).getAllByRole('tab')[0]?.textContent).toBe('Dados da empresa');
    // approved: no review banner
    expect(screen.queryByText('Cadastro em análise')).toBeNull();

    await act(async () => {
      await router.navigate('/meus-dados/fatca');
    });
    expect(router.state.location.pathname).toBe('/meus-dados');
    expect(await screen.findByRole('heading', { name: 'Dados da empresa' })).toBeTruthy();
  });

  it("shows 'Cadastro em análise' while the registration waits for approval", async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, index('individual', null)));
    renderRoute(<MeusDadosPage />, { path: '/meus-dados/:tab?', url: '/meus-dados' });
    expect(await screen.findByText('Cadastro em análise')).toBeTruthy();
  });

  it('sends an incomplete registration (403) to /register/finish with the server message', async () => {
    fetchMock.mockResolvedValue(
      jsonResponse(403, { code: 'REGISTRATION_INCOMPLETE', message: 'Conclua seu cadastro para continuar.' }),
    );
    const { router } = renderRoute(<MeusDadosPage />, { path: '/meus-dados/:tab?', url: '/meus-dados' });
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/register/finish'));
    expect(getNotice()?.message).toBe('Conclua seu cadastro para continuar.');
  });

  it('discards a file above 5 MB before sending it', async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, index('individual')));
    renderRoute(<MeusDadosPage />, { path: '/meus-dados/:tab?', url: '/meus-dados/documentos' });
    const input = (await screen.findByLabelText('Arquivo do documento')) as HTMLInputElement;
    const calls = fetchMock.mock.calls.length;
    const big = new File([new Uint8Array(5_242_881)], 'grande.pdf', { type: 'application/pdf' });
    await act(async () => {
      fireEvent.change(input, { target: { files: [big] } });
    });
    expect(getNotice()?.message).toBe(
      '"grande.pdf" não foi anexado. O arquivo é muito grande. O tamanho máximo permitido é 5.00 MB.',
    );
    expect(fetchMock.mock.calls.length).toBe(calls);

    fetchMock.mockResolvedValueOnce(
      jsonResponse(201, {
        document: { id: 5, original_name: 'ok.pdf', mime_type: 'application/pdf', size_bytes: 10, created_at: '' },
        message: 'Documento enviado com sucesso!',
      }),
    );
    const small = new File([new Uint8Array(5_242_880)], 'ok.pdf', { type: 'application/pdf' });
    await act(async () => {
      fireEvent.change(input, { target: { files: [small] } });
    });
    await vi.waitFor(() => expect(getNotice()?.message).toBe('Documento enviado com sucesso!'));
    const [url, init] = fetchMock.mock.calls[calls] ?? [];
    expect(url).toBe('/api/documents');
    expect(init?.body).toBeInstanceOf(FormData);
    expect((init?.body as FormData | undefined)?.get('document')).toBeInstanceOf(File);
  });
});
