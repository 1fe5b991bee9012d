// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { type AddressRequest, type CepLookupResponse, MESSAGES } from '@prata/domain';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AccountType } from '@/lib/auth';
import { jsonResponse, renderRoute } from '@/testing/render';
import { AddressForm } from './address-form';

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => vi.stubGlobal('fetch', fetchMock));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  fetchMock.mockReset();
});

const SAO_PAULO = { id: 3550308, name: 'São Paulo', state: 'SP', description: 'São Paulo - SP' };
const SAO_PATRICIO = { id: 5220280, name: 'São Patrício', state: 'GO', description: 'São Patrício - GO' };

function serve(cep: CepLookupResponse | null, cities = [SAO_PAULO, SAO_PATRICIO]) {
  fetchMock.mockImplementation(async (input) => {
    const url = String(input);
    if (url.startsWith('/api/cep/')) return cep ? jsonResponse(200, cep) : jsonResponse(404, { message: 'x' });
    if (url.startsWith('/api/cities/search/')) return jsonResponse(200, { cities });
    return jsonResponse(404, { message: 'Registro não encontrado.' });
  });
}

function renderForm(accountType: AccountType = 'individual') {
  const save = vi.fn(async (_request: AddressRequest) => ({ message: 'ok' }));
  renderRoute(
    <AddressForm accountType={accountType} submitLabel="Salvar" pending={false} save={save} onSaved={() => {}} />,
  );
  return { save };
}

const input = (label: RegExp) => screen.getByLabelText(label) as HTMLInputElement;

async function pasteCep(text: string) {
  const el = input(/^CEP/);
  el.focus();
  await act(async () => {
    fireEvent.paste(el, { clipboardData: { getData: () => text } });
  });
}

const calls = (prefix: string) => fetchMock.mock.calls.map(([url]) => String(url)).filter((u) => u.startsWith(prefix));

describe('AddressForm: CEP lookup', () => {
  it('fills city, street and neighbourhood from a complete CEP', async () => {
    serve({ cep: '01310100', state: 'SP', city: SAO_PAULO, street: 'Avenida Paulista', neighborhood: 'Bela Vista' });
    renderForm();
    await pasteCep('01310-100');
    await waitFor(() => expect(input(/^Rua\/avenida/).value).toBe('Avenida Paulista'));
    expect(input(/^Bairro/).value).toBe('Bela Vista');
    expect(input(/^Cidade/).value).toBe('São Paulo - SP');
    expect(screen.getByText('CEP de São Paulo - SP')).toBeTruthy();
    expect(calls('/api/cep/')).toEqual(['/api/cep/01310100']);
  });

  it('never overwrites what the customer typed', async () => {
    serve({ cep: '01310100', state: 'SP', city: SAO_PAULO, street: 'Avenida Paulista', neighborhood: 'Bela Vista' });
    renderForm();
    fireEvent.change(input(/^Rua\/avenida/), { target: { value: 'Alameda Santos' } });
    await pasteCep('01310100');
    await waitFor(() => expect(input(/^Bairro/).value).toBe('Bela Vista'));
    expect(input(/^Rua\/avenida/).value).toBe('Alameda Santos');
  });

  it('with only the state known: that state leads the city search, and a city of another state is refused', async () => {
    serve({ cep: '01310100', state: 'SP', city: null, street: null, neighborhood: null });
    const { save } = renderForm();
    await pasteCep('01310100');
    expect(await screen.findByText('CEP de SP')).toBeTruthy();

    const city = input(/^Cidade/);
    city.focus();
    fireEvent.mouseDown(city);
    fireEvent.change(city, { target: { value: 'São Pa' } });
    const option = await screen.findByRole('option', { name: 'São Patrício - GO' }, { timeout: 3000 });
    await act(async () => {
      fireEvent.click(option);
    });
    expect(calls('/api/cities/search/').at(-1)).toBe(`/api/cities/search/${encodeURIComponent('São Pa')}?uf=SP`);

    fireEvent.change(input(/^Bairro/), { target: { value: 'Centro' } });
    fireEvent.change(input(/^Rua\/avenida/), { target: { value: 'Rua Um' } });
    fireEvent.change(input(/^Número/), { target: { value: '10' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    });
    expect(screen.getByText(MESSAGES.cepStateMismatch('SP', 'GO'))).toBeTruthy();
    expect(save).not.toHaveBeenCalled();
  }, 15_000);

  it('an unknown CEP says so without blocking the form', async () => {
    serve(null);
    renderForm();
    await pasteCep('99999-999');
    expect(await screen.findByText(MESSAGES.cepNotFound)).toBeTruthy();
    expect(input(/^CEP/).getAttribute('aria-invalid')).toBe('false');
  });
});

describe('AddressForm: the type of a new address', () => {
  it('is Comercial for a company and Residencial for a person', () => {
    renderForm('company');
    expect(screen.getByRole('combobox', { name: /Tipo de endereço/ }).textContent).toBe('Comercial');
    cleanup();
    renderForm('individual');
    expect(screen.getByRole('combobox', { name: /Tipo de endereço/ }).textContent).toBe('Residencial');
  });
});
