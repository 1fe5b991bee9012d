// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderRoute } from '@/testing/render';
import { EditAddressPage } from './address-form-page';

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => vi.stubGlobal('fetch', fetchMock));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  fetchMock.mockReset();
});

const PATH = '/meus-dados/meus-enderecos/editar/:id';

describe('EditAddressPage', () => {
  it.each(['abc', '0', '-3', '1.5'])('an id like %j is not found at once, with the way back', async (id) => {
    const { router } = renderRoute(<EditAddressPage />, { path: PATH, url: `/meus-dados/meus-enderecos/editar/${id}` });
    expect(screen.getByText(/Endereço não encontrado/)).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
    await act(async () => {
      fireEvent.click(screen.getByRole('link', { name: 'Voltar para Meus endereços' }));
    });
    expect(router.state.location.pathname).toBe('/meus-dados/meus-enderecos');
  });

  it('an address the server does not know (404) is not found, with the way back', async () => {
    fetchMock.mockResolvedValue(jsonResponse(404, { code: 'NOT_FOUND', message: 'Registro não encontrado.' }));
    renderRoute(<EditAddressPage />, { path: PATH, url: '/meus-dados/meus-enderecos/editar/999999' });
    expect(await screen.findByText(/Endereço não encontrado/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Voltar para Meus endereços' })).toBeTruthy();
    expect(String(fetchMock.mock.calls[0]?.[0])).toBe('/api/address/999999');
  });
});
