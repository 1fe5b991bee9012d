// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { type ErasureDoneResponse, MESSAGES } from '@prata/domain';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { clearToken, getToken, setToken } from '@/lib/auth-storage';
import { ErasureDonePage } from './erasure-done-page';

afterEach(() => {
  cleanup();
  clearToken();
});

const answer: ErasureDoneResponse = {
  request_id: 41,
  erased_at: '2026-12-02T12:00:00.000Z',
  erased: ['Endereços', 'Documentos enviados (arquivos e registros)'],
  kept: [
    {
      what: 'Suas operações: movimentos de saldo, ordens e negociações',
      why: 'Lei 9.613/1998, art. 10',
      until: '2031-12-02T12:00:00.000Z',
    },
  ],
  message: MESSAGES.erasureDone,
};

const open = (state: unknown) =>
  render(
    <QueryClientProvider client={new QueryClient()}>
      <RouterProvider
        router={createMemoryRouter([{ path: '/conta-eliminada', element: <ErasureDonePage /> }], {
          initialEntries: [{ pathname: '/conta-eliminada', state }],
        })}
      />
    </QueryClientProvider>,
  );

describe('ErasureDonePage', () => {
  it("shows the server's answer: the message, what went and what stays until when; signs out", () => {
    setToken('token-de-teste');
    open({ erasure: answer });
    expect(getToken()).toBeNull();
    expect(screen.getByRole('heading', { name: 'Dados eliminados' })).toBeTruthy();
    expect(screen.getByText(MESSAGES.erasureDone)).toBeTruthy();
    expect(screen.getByText(/Pedido nº 41/)).toBeTruthy();
    expect(screen.getByText('Documentos enviados (arquivos e registros)')).toBeTruthy();
    expect(screen.getByText(/negociações: até 02\/12\/2031/)).toBeTruthy();
  });

  it('opened on its own: says what the page is, without inventing an answer or signing out', () => {
    setToken('token-de-teste');
    open(null);
    expect(getToken()).toBe('token-de-teste');
    expect(screen.getByText(/confirma a eliminação/)).toBeTruthy();
    expect(screen.queryByText(MESSAGES.erasureDone)).toBeNull();
    expect(screen.getByRole('link', { name: 'Ir para a página inicial' }).getAttribute('href')).toBe('/');
  });
});
